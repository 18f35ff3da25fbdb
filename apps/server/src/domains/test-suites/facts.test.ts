import { describe, expect, it } from 'vitest';
import { factKindOf, numbersOf, numericPhrase } from './facts';

describe('facts in a sentence', () => {
  it('reads the figure a right answer must hold, with its unit, range or time', () => {
    expect(numericPhrase('Our showroom is open from 10:00 to 19:00 every day.')).toBe('10:00 to 19:00');
    expect(numericPhrase('Delivery costs $6 per order, and orders over $80 ship free.')).toBe('$6');
    expect(numericPhrase('Orders arrive within 3-5 business days.')).toBe('3-5 business days');
    expect(numericPhrase('You can send items back within 30 days of delivery.')).toBe('30 days');
    expect(numericPhrase('送料は全国一律800円です。')).toBe('800円');
    expect(numericPhrase('店舗は毎日11時から20時まで営業しています。')).toBe('11時から20時');
    expect(numericPhrase('ค่าส่งทั่วประเทศ 50 บาท และส่งฟรีเมื่อซื้อครบ 1000 บาท')).toBe('50 บาท');
    expect(numericPhrase('Students save 15 percent with a valid card.')).toBe('15 percent');
  });

  it('compares numbers by value, whatever the digits, separators or clock', () => {
    expect(numbersOf('¥4,800')).toEqual(new Set(['4800']));
    expect(numbersOf('４８００円')).toEqual(new Set(['4800']));
    expect(numbersOf('ราคา ๕๙๐ บาท')).toEqual(new Set(['590']));
    expect(numbersOf('$449.00')).toEqual(new Set(['449']));
    expect(numbersOf('open 10am to 7pm')).toEqual(numbersOf('from 10:00 to 19:00'));
    expect(numbersOf('10:30 am')).toEqual(new Set(['10', '30']));
  });

  it('tells what a sentence asks for', () => {
    expect(factKindOf('Delivery costs $6 per order.')).toBe('money');
    expect(factKindOf('Parcels arrive in 3 business days.')).toBe('duration');
    expect(factKindOf('We open at 10:00.')).toBe('time');
    expect(factKindOf('商品到着後30日以内であれば返品を承ります。')).toBe('duration');
    expect(factKindOf('We wrap any order in recycled paper.')).toBe('about');
  });
});
