import { describe, expect, it } from 'vitest';
import { parseDocument } from '../knowledge';
import { answerFromProducts, type StoredProduct } from './local-product-answer';
import type { ShopperLanguage } from './shopper-language';

/**
 * Product questions in the shoppers' languages, answered from product lists written in those
 * languages (small catalogues made up for these tests), through the same parsing as an upload.
 */
async function shop(csv: string, currency: string): Promise<StoredProduct[]> {
  const { blocks } = await parseDocument({ fileName: 'products.csv', contentType: 'text/csv', bytes: Buffer.from(csv), currency });
  return blocks.flatMap((block, index) =>
    block.product ? [{ passageId: `p${index}`, fileName: 'products.csv', record: block.product }] : [],
  );
}

const ask = (products: StoredProduct[], question: string, lang: ShopperLanguage, earlier?: string[], mentioned?: string[]) =>
  answerFromProducts(question, products, { lang, earlier, mentioned })?.text ?? null;

const JAPANESE = [
  '商品名,価格（円）,カラー,重さ,在庫数,商品説明',
  'そよかぜテント 1,"12,800円",緑、灰,1.1kg,3,1人用の軽量テント。防水。',
  'やまびこテント 4,"29,800円",ベージュ,4.2kg,0,4人用の大型テント。防水ではありません。',
  '山歩きボトル,"1,200円",白、黒,180グラム,12,内容量500ml。',
].join('\n');

const THAI = [
  'ชื่อสินค้า,ราคา (บาท),สี,น้ำหนัก,สต็อก,รายละเอียด',
  'เต็นท์ดอยหลวง,1590,เขียว,1.5 กิโลกรัม,3,นอนได้ 2 คน ไม่กันน้ำ',
  'เต็นท์ผาแดง,2490,ส้ม,2.1 กิโลกรัม,5,นอนได้ 3 คน กันน้ำ 100%',
  'ไฟฉายคาดหัว,490,ดำ,200 กรัม,0,แบตเตอรี่ใช้งานได้ 12 ชั่วโมง กันน้ำ',
].join('\n');

const CHINESE = [
  '商品名稱,售價,顏色,重量,庫存,說明',
  '輕羽登山杖,NT$890,黑,240克,8,碳纖維材質',
  '雨林背包,NT$1500,藍、灰,800克,2,容量30公升，防水',
  '星光露營燈,NT$650,白,300克,0,續航10小時，300流明',
].join('\n');

const ENGLISH = [
  'name,price,colors,description',
  'Pine Ridge Tent,$329.00,"Green, Sand",A 2-person tent that weighs 1.6 kg. Fully waterproof fly.',
  'Lakeside Tent,$449.00,"Blue, Grey",Sleeps 4. Weighs 3.4 kg. Water-resistant but not waterproof.',
  'Trail Lantern,$39.00,Black,Battery lasts up to 40 hours. 250 lumens. Waterproof to IPX7.',
  'Camp Light,$29.00,White,Battery lasts 15 hours. 400 lumens. Not waterproof.',
  'Storm Shell,$45.00,"Red, Navy",Waterproof shell jacket made of recycled nylon.',
].join('\n');

describe('product questions in the shopper’s language', () => {
  it('answers Japanese superlatives, yen bounds, colours and stock in Japanese', async () => {
    const products = await shop(JAPANESE, 'JPY');
    expect(ask(products, '一番軽いテントはどれですか？', 'ja')).toBe('一番軽いテントはそよかぜテント 1です（1.1 kg）。');
    expect(ask(products, '15000円以下のテントはありますか？', 'ja')).toBe('¥15,000以下のテントはそよかぜテント 1 (¥12,800)です。');
    expect(ask(products, 'そよかぜテント 1の色は？', 'ja')).toBe('そよかぜテント 1のカラーは緑、灰です。');
    expect(ask(products, 'やまびこテント 4は在庫ありますか？', 'ja')).toBe('やまびこテント 4は現在売り切れです。');
    expect(ask(products, '山歩きボトルの容量は？', 'ja')).toBe('山歩きボトルの容量は500mlです。');
  });

  it('lists the products without an ingredient from their allergen column, in the question’s language', async () => {
    const bakery = await shop(
      [
        'name,type,price,allergens,description',
        'Butter Croissant,bread,$3.50,"wheat, egg, milk",Flaky and golden.',
        'Rye Sourdough,bread,$7.00,wheat,Naturally leavened; no eggs and no dairy.',
        'Almond Cake,cake,$24.00,"egg, almonds",Made with ground almonds instead of flour.',
        'Cheesecake,cake,$28.00,"wheat, egg, milk",Baked on a biscuit base.',
      ].join('\n'),
      'USD',
    );
    expect(ask(bakery, 'Do you have a cake without wheat?', 'en')).toBe('These cakes contain no wheat: the Almond Cake.');
    expect(ask(bakery, 'Which bread is egg-free?', 'en')).toBe('These breads contain no egg: the Rye Sourdough.');
    const zh = await shop(
      ['品名,分類,價格,過敏原', '可頌,麵包,65,含小麥、蛋、奶', '貝果,麵包,45,含小麥', '乳酪蛋糕,蛋糕,680,含蛋、奶'].join('\n'),
      'TWD',
    );
    expect(ask(zh, '有沒有不含蛋的麵包？', 'zh-Hant')).toBe('不含蛋的麵包有：貝果。');
    // A list that never names the ingredient says nothing about it: no answer from it.
    expect(ask(zh, '有不含花生的麵包嗎？', 'zh-Hant')).toBeNull();
  });

  it('lists the products whose own field has the value a question names whole', async () => {
    const skincare = await shop(
      [
        'ชื่อสินค้า,ราคา,ประเภทผิว,รายละเอียด',
        'โทนเนอร์ใบบัวบก,350,ผิวแพ้ง่าย,ช่วยปลอบประโลมผิว',
        'เซรั่มวิตามินซี,590,ทุกสภาพผิว,ผิวดูกระจ่างใส',
        'เจลล้างหน้าชาเขียว,220,ผิวมัน,ลดความมันส่วนเกิน',
      ].join('\n'),
      'THB',
    );
    expect(ask(skincare, 'มีสินค้าสำหรับผิวแพ้ง่ายไหม', 'th')).toBe('สินค้าที่ประเภทผิวเป็นผิวแพ้ง่าย: โทนเนอร์ใบบัวบก');
    expect(ask(skincare, 'มีอะไรสำหรับผิวมันบ้าง', 'th')).toContain('เจลล้างหน้าชาเขียว');
    // Naming a value without asking what the shop has is not a request for a list.
    expect(ask(skincare, 'ผิวแพ้ง่ายควรระวังอะไร', 'th')).toBeNull();
  });

  it('tells what a set holds from its contents column, and names a product by what it is in another language', async () => {
    const tea = await shop(
      [
        '商品名,カテゴリ,価格（税込）,内容量,説明',
        '京ほうじ茶,ほうじ茶,900,150g,強火で焙じたほうじ茶です。',
        '宇治抹茶「千代の白」,抹茶,2800,30g,濃茶にも使える抹茶です。',
        'はじめての抹茶道具セット,茶器,5500,抹茶碗・茶筅・茶杓,桐箱に入っています。',
      ].join('\n'),
      'JPY',
    );
    const contents = ask(tea, 'はじめての抹茶道具セットには何が入っていますか？', 'ja');
    expect(contents).toContain('茶筅');
    expect(contents).toContain('茶杓');
    // Named without the 京 before it, and in English by what it is.
    expect(ask(tea, 'ほうじ茶の値段はいくらですか', 'ja')).toContain('¥900');
    expect(ask(tea, 'How much is the hojicha?', 'en')).toContain('¥900');
  });

  it('takes "it" for the product the assistant named last, when the shopper named none', async () => {
    const products = await shop(ENGLISH, 'USD');
    const earlier = ['Which tent is the lightest?'];
    const mentioned = [...earlier, 'The lightest tent is the Pine Ridge Tent (1.6 kg).'];
    expect(ask(products, 'How much does it cost?', 'en', earlier, mentioned)).toContain('$329.00');
  });

  it('keeps a product its description calls not waterproof out of a waterproof filter', async () => {
    const japanese = await shop(JAPANESE, 'JPY');
    expect(ask(japanese, '防水のテントはどれ？', 'ja')).toBe('防水のテントはそよかぜテント 1です。');
    const thai = await shop(THAI, 'THB');
    const waterproof = ask(thai, 'เต็นท์อันไหนกันน้ำ', 'th');
    expect(waterproof).toBe('เต็นท์ที่กันน้ำ: เต็นท์ผาแดง');
    expect(waterproof).not.toContain('ดอยหลวง');
  });

  it('answers Thai questions with baht prices in Thai', async () => {
    const products = await shop(THAI, 'THB');
    expect(ask(products, 'เต็นท์ไหนเบาที่สุด', 'th')).toBe('เต็นท์ที่เบาที่สุดคือ เต็นท์ดอยหลวง (1.5 kg)');
    expect(ask(products, 'มีเต็นท์ราคาไม่เกิน 2000 บาทไหม', 'th')).toBe('เต็นท์ที่ราคาไม่เกิน ฿2,000: เต็นท์ดอยหลวง (฿1,590)');
    expect(ask(products, 'ไฟฉายคาดหัว มีของไหม', 'th')).toBe('ขณะนี้ ไฟฉายคาดหัว สินค้าหมด');
    expect(ask(products, 'ไฟฉายคาดหัวเท่าไหร่', 'th')).toBe('ไฟฉายคาดหัว ราคา ฿490');
    // "How much" about something the list does not hold (the lamp's lens) is no price question.
    expect(ask(products, 'ไฟฉายคาดหัวเลนส์กว้างเท่าไหร่', 'th')).toBeNull();
    expect(ask(products, 'อันนี้ราคาเท่าไร', 'th', ['เต็นท์ผาแดง มีสีอะไรบ้าง'])).toBe('เต็นท์ผาแดง ราคา ฿2,490');
  });

  it('answers Chinese questions with NT$ prices and facts from the description', async () => {
    const products = await shop(CHINESE, 'TWD');
    expect(ask(products, '最便宜的是哪個？', 'zh-Hant')).toBe('最便宜的商品是星光露營燈（NT$650）。');
    expect(ask(products, '1000元以下有什麼？', 'zh-Hant')).toBe('NT$1,000以下的商品有：星光露營燈 (NT$650)、輕羽登山杖 (NT$890)。');
    expect(ask(products, '雨林背包多少錢？', 'zh-Hant')).toBe('雨林背包的價格是NT$1,500。');
    expect(ask(products, '星光露營燈的電池可以用多久？', 'zh-Hant')).toBe('星光露營燈的電池續航是10小時。');
    expect(ask(products, '它有什麼顏色？', 'zh-Hant', ['雨林背包還有貨嗎'])).toBe('雨林背包的顏色有：藍、灰。');
  });

  it('answers English questions about facts written only in descriptions', async () => {
    const products = await shop(ENGLISH, 'USD');
    expect(ask(products, 'Which tent is the lightest?', 'en')).toBe('The lightest tent is the Pine Ridge Tent, at 1.6 kg.');
    expect(ask(products, 'Which tents sleep 2?', 'en')).toBe('These tents sleep 2: the Pine Ridge Tent.');
    expect(ask(products, 'What has the longest battery?', 'en')).toContain('Trail Lantern');
    expect(ask(products, 'What is your brightest product?', 'en')).toBe('The brightest product is the Camp Light, at 400 lumens.');
    const cheapWaterproof = ask(products, 'Do you have anything under $50 that is waterproof?', 'en');
    expect(cheapWaterproof).toBe(
      'These products cost under $50.00 and are waterproof: the Storm Shell ($45.00) and the Trail Lantern ($39.00).'.replace(
        'the Storm Shell ($45.00) and the Trail Lantern ($39.00)',
        'the Trail Lantern ($39.00) and the Storm Shell ($45.00)',
      ),
    );
    expect(cheapWaterproof).not.toContain('Camp Light');
    expect(ask(products, 'Is the Lakeside Tent waterproof?', 'en')).toBe('No, the Lakeside Tent is not waterproof.');
  });

  it('answers a follow-up about the product named earlier in the thread', async () => {
    const products = await shop(ENGLISH, 'USD');
    expect(ask(products, 'How heavy is it?', 'en', ['Tell me about the Lakeside Tent'])).toBe('The Lakeside Tent weighs 3.4 kg.');
    expect(ask(products, 'How heavy is it?', 'en', ['Do you have the Pine Ridge Tent?', 'What about the Lakeside Tent?'])).toContain(
      'Lakeside Tent',
    );
    const both = ['Which colours do the Pine Ridge Tent and the Lakeside Tent come in?'];
    expect(ask(products, 'How much is the blue one?', 'en', both)).toBe('The Lakeside Tent costs $449.00.');
    expect(ask(products, 'How much is the cheaper one?', 'en', both)).toBe('The Pine Ridge Tent costs $329.00.');
    expect(ask(products, 'And the Lakeside Tent?', 'en', ['How much is the Pine Ridge Tent?'])).toBe('The Lakeside Tent costs $449.00.');
    const japanese = await shop(JAPANESE, 'JPY');
    expect(ask(japanese, 'それの重さは？', 'ja', ['そよかぜテント 1について教えて'])).toBe('そよかぜテント 1の重さは1.1 kgです。');
  });

  it('leaves a follow-up with nothing named before to the text answer', async () => {
    const products = await shop(ENGLISH, 'USD');
    expect(ask(products, 'How heavy is it?', 'en')).toBeNull();
    expect(ask(products, 'What is your return policy?', 'en', ['Tell me about the Lakeside Tent'])).toBeNull();
    expect(ask(products, 'Do you ship the Lakeside Tent to Japan?', 'en', ['How much is the Pine Ridge Tent?'])).toBeNull();
    expect(ask(products, 'Do you ship to Japan?', 'en', ['How much is the Pine Ridge Tent?'])).toBeNull();
    expect(ask(products, 'How much is shipping?', 'en', ['How much is the Pine Ridge Tent?'])).toBeNull();
    expect(ask(products, 'How much?', 'en', ['Tell me about the Pine Ridge Tent'])).toBe('The Pine Ridge Tent costs $329.00.');
  });

  it('answers Indonesian, Vietnamese and Korean shoppers with their own currencies', async () => {
    const rupiah = await shop(
      'nama produk,harga,warna,berat\nTas Gunung,Rp 450.000,Hijau,900 gram\nTas Kota,Rp 250.000,Hitam,600 gram\n',
      'IDR',
    );
    expect(ask(rupiah, 'Tas mana yang paling ringan?', 'id')).toBe('Tas yang paling ringan adalah Tas Kota (600 g).');
    expect(ask(rupiah, 'Ada tas di bawah Rp 300.000?', 'id')).toBe('Tas dengan harga di bawah Rp 300.000: Tas Kota (Rp 250.000).');
    const dong = await shop('tên sản phẩm,giá,màu sắc\nÁo mưa gió,350.000đ,Xanh\nÁo khoác nhẹ,520.000đ,Đen\n', 'VND');
    expect(ask(dong, 'Áo nào rẻ nhất?', 'vi')).toBe('Áo rẻ nhất là Áo mưa gió (350.000 ₫).');
    const won = await shop('상품명,가격,색상\n캠핑 의자,"35,000원",카키\n캠핑 테이블,"59,000원",블랙\n', 'KRW');
    expect(ask(won, '가장 저렴한 캠핑 상품은?', 'ko')).toBe('가장 저렴한 캠핑: 캠핑 의자 (₩35,000).');
    expect(ask(won, '4만원 이하 있어요?', 'ko')).toBe('₩40,000 이하 상품: 캠핑 의자 (₩35,000).');
  });

  it('reads a weight bound as a weight, a person count as a filter, and battery life as written', async () => {
    const products = await shop(ENGLISH, 'USD');
    const light = [
      'name,price,description',
      'Pocket Torch,$19.00,Weighs 60 g. The rechargeable battery lasts 4 hours on high and 30 hours on low; it charges in 2 hours.',
      'Camp Stool,$25.00,Weighs 900 g and folds flat.',
    ].join('\n');
    const gear = await shop(light, 'USD');
    expect(ask(gear, 'Is there anything that weighs less than 100 g?', 'en')).toBe(
      'These products weigh under 100 g: the Pocket Torch (60 g).',
    );
    expect(ask(gear, 'How long does the battery of the Pocket Torch last?', 'en')).toBe(
      'The battery life of the Pocket Torch is 4 hours on high and 30 hours on low.',
    );
    expect(ask(products, 'Do you have a 4-person tent?', 'en')).toBe('These tents sleep 4: the Lakeside Tent.');
  });

  it('compares within the category a Japanese question names, and knows a product by its quoted name', async () => {
    const tea = [
      '商品名,カテゴリ,価格,産地',
      '宇治抹茶「月白」,抹茶,3200,京都府宇治市',
      '製菓用抹茶,抹茶,1600,京都府',
      '抹茶茶碗セット,茶器,5800,愛知県',
    ].join('\n');
    const products = await shop(tea, 'JPY');
    expect(ask(products, '抹茶で一番高いのはどれですか？', 'ja')).toBe('一番高い抹茶は宇治抹茶「月白」です（¥3,200）。');
    expect(ask(products, '月白の産地はどこですか？', 'ja')).toBe('宇治抹茶「月白」の産地は京都府宇治市です。');
  });

  it('compares two products, one of them named earlier, and answers about one product named by a word of its title', async () => {
    const products = await shop(ENGLISH, 'USD');
    expect(ask(products, 'Which is lighter, the Pine Ridge Tent or the Lakeside Tent?', 'en')).toBe(
      'The lightest one is the Pine Ridge Tent, at 1.6 kg.',
    );
    expect(ask(products, 'Is the Camp lamp waterproof?', 'en')).toBe('No, the Camp Light is not waterproof.');
    const japanese = await shop(JAPANESE, 'JPY');
    expect(ask(japanese, 'それとやまびこテント 4ではどちらが安いですか？', 'ja', ['そよかぜテント 1の重さは？'])).toBe(
      '一番安い商品はそよかぜテント 1です（¥12,800）。',
    );
  });

  it('answers whether a product comes in a colour by the choices it has, named only by the colour', async () => {
    const english = await shop(ENGLISH, 'USD');
    expect(ask(english, 'Does the Storm Shell come in navy?', 'en')).toBe('The Storm Shell comes in Red and Navy.');
    expect(ask(english, 'Is the Pine Ridge Tent available in sand?', 'en')).toBe('The Pine Ridge Tent comes in Green and Sand.');
    const japanese = await shop(['商品名,価格（円）,カラー,商品説明', 'そよかぜシャツ,"4,800円",白、紺,麻のシャツ。'].join('\n'), 'JPY');
    expect(ask(japanese, 'そよかぜシャツの白はありますか？', 'ja')).toBe('そよかぜシャツのカラーは白、紺です。');
  });
});
