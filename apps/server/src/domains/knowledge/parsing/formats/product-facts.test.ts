import type { ProductFactKind } from '@aisle/contracts/products';
import { describe, expect, it } from 'vitest';
import { factsOfAttribute, factsOfText } from './product-facts';

const factOf = (text: string, kind: ProductFactKind) => factsOfText(text).find((fact) => fact.kind === kind);
const factValue = (text: string, kind: ProductFactKind) => factOf(text, kind)?.value;

describe('facts read from product descriptions', () => {
  it('reads how many people a tent is for, in every shopper language', () => {
    expect(factValue('A roomy 2-person dome with two doors.', 'capacity')).toBe(2);
    expect(factValue('Sleeps 3 with space for packs.', 'capacity')).toBe(3);
    expect(factValue('Trail 2P ultralight shelter', 'capacity')).toBe(2);
    expect(factValue('ソロキャンプ向けの1人用テント', 'capacity')).toBe(1);
    expect(factValue('เต็นท์นอนได้ 4 คน', 'capacity')).toBe(4);
    expect(factValue('適合2人使用的帳篷', 'capacity')).toBe(2);
    expect(factValue('Tenda untuk 3 orang', 'capacity')).toBe(3);
    expect(factValue('Lều cho 2 người', 'capacity')).toBe(2);
  });

  it('says a product is not waterproof when the text denies it, in every language', () => {
    expect(factValue('Fully waterproof with taped seams.', 'waterproof')).toBe(true);
    expect(factValue('This shell is not waterproof, only wind resistant.', 'waterproof')).toBe(false);
    expect(factValue("It isn't waterproof.", 'waterproof')).toBe(false);
    expect(factValue('Water-resistant, but not waterproof.', 'waterproof')).toBe(false);
    expect(factValue('本体は防水です。', 'waterproof')).toBe(true);
    expect(factValue('この時計は防水ではありません。', 'waterproof')).toBe(false);
    expect(factValue('防水機能はありません', 'waterproof')).toBe(false);
    expect(factValue('กระเป๋ากันน้ำ 100%', 'waterproof')).toBe(true);
    expect(factValue('เต็นท์นอนได้ 2 คน ไม่กันน้ำ', 'waterproof')).toBe(false);
    expect(factValue('此款手錶不防水', 'waterproof')).toBe(false);
    expect(factValue('Tas ini tidak tahan air', 'waterproof')).toBe(false);
    expect(factValue('Đồng hồ không chống nước', 'waterproof')).toBe(false);
    expect(factValue('Soft cotton tee.', 'waterproof')).toBeUndefined();
  });

  it('reads volumes, weights, battery hours, power, brightness and sun protection with their units', () => {
    expect(factOf('内容量 50ミリリットル', 'volume')).toMatchObject({ value: 50, unit: 'ml' });
    expect(factOf('ขนาด 50 มล.', 'volume')).toMatchObject({ value: 50, unit: 'ml' });
    expect(factOf('A 1.5 L bottle', 'volume')).toMatchObject({ value: 1.5, unit: 'L' });
    expect(factOf('350cc', 'volume')).toMatchObject({ value: 350, unit: 'ml' });
    expect(factOf('サイズ 2L', 'volume')).toBeUndefined();
    expect(factOf('重量500克', 'weight')).toMatchObject({ value: 500, unit: 'g' });
    expect(factOf('Weighs just 1.2 kg.', 'weight')).toMatchObject({ value: 1.2, unit: 'kg' });
    expect(factOf('A 5G router that weighs 300 g.', 'weight')).toMatchObject({ value: 300, unit: 'g' });
    expect(factOf('Orders before 2 p.m. ship today.', 'capacity')).toBeUndefined();
    expect(factOf('The battery lasts up to 20 hours and recharges in 2 h.', 'battery')).toMatchObject({ value: 20, unit: 'h' });
    expect(factOf('バッテリーは最大12時間持続します。', 'battery')).toMatchObject({ value: 12 });
    expect(factOf('A 10 hour hike', 'battery')).toBeUndefined();
    expect(factOf('1,000 lumens on high, 10W.', 'brightness')).toMatchObject({ value: 1000, unit: 'lm' });
    expect(factOf('1,000 lumens on high, 10W.', 'power')).toMatchObject({ value: 10, unit: 'W' });
    const sun = factsOfText('SPF50+ PA++++ のUVミルク').filter((fact) => fact.kind === 'spf');
    expect(sun.map((fact) => fact.value)).toEqual([50, 'PA++++']);
  });

  it('reads shelf life, age range, dimensions and material', () => {
    expect(factOf('賞味期限 30日', 'shelfLife')).toMatchObject({ value: 30, unit: 'days' });
    expect(factOf('อายุ 12 เดือน นับจากวันผลิต', 'shelfLife')).toMatchObject({ value: 12, unit: 'months' });
    expect(factOf('保质期 18个月', 'shelfLife')).toMatchObject({ value: 18, unit: 'months' });
    expect(factOf('For ages 3+ only.', 'age')).toMatchObject({ value: 3 });
    expect(factOf('対象年齢 6歳以上', 'age')).toMatchObject({ value: 6 });
    expect(factOf('สำหรับเด็ก 3 ปีขึ้นไป', 'shelfLife')).toBeUndefined();
    expect(factOf('Packed size 30 x 20 x 10 cm.', 'dimensions')).toMatchObject({ value: '30 × 20 × 10', unit: 'cm' });
    expect(factValue('Made of recycled nylon, with a PU coating.', 'material')).toBe('recycled nylon');
    expect(factValue('素材：オーガニックコットン', 'material')).toBe('オーガニックコットン');
  });

  it('reads a column of facts, taking a bare number’s unit from the header', () => {
    expect(factsOfAttribute({ name: '容量(ml)', value: '500' })).toContainEqual(expect.objectContaining({ kind: 'volume', value: 500 }));
    expect(factsOfAttribute({ name: 'Lumens', value: '300' })).toContainEqual(expect.objectContaining({ kind: 'brightness', value: 300 }));
    expect(factsOfAttribute({ name: 'Waterproof', value: 'no' })).toEqual([expect.objectContaining({ kind: 'waterproof', value: false })]);
    expect(factsOfAttribute({ name: '防水', value: 'あり' })).toEqual([expect.objectContaining({ kind: 'waterproof', value: true })]);
    expect(factsOfAttribute({ name: 'Fill power', value: '800' })).toEqual([]);
  });
});
