/*
 * What a product list's column holds, by its header in the languages our merchants write
 * (English, Japanese, Thai, Chinese, Korean, Indonesian, Vietnamese). Headers are compared after
 * `headerKey`: NFKC (full-width letters and digits become plain ones), lower case, and without a
 * unit in brackets, so "価格（円）", "ราคา (บาท)" and "Weight (kg)" are "価格", "ราคา" and "weight".
 */

import { foldWidth } from './product-values';

/** Names separated by "|" (a name may hold spaces). */
const names = (list: string): readonly string[] => list.split('|');

/** Column roles the parsers read into the record's own fields, names in order of preference. */
export const COLUMN_ROLES = {
  title: names(
    'title|name|product name|product title|product|item|item name|product_name|商品名|品名|商品|製品名|アイテム名|商品タイトル|商品名稱|商品名称|產品名稱|产品名称|名稱|名称|產品|产品|ชื่อสินค้า|สินค้า|ชื่อ|상품명|제품명|상품|이름|nama produk|nama barang|produk|nama|tên sản phẩm|tên hàng|sản phẩm|tên',
  ),
  handle: names('handle|slug'),
  description: names(
    'body (html)|body html|body_html|body|description|product description|short description|説明|商品説明|詳細|商品詳細|説明文|商品紹介|描述|商品描述|說明|说明|商品說明|商品说明|詳情|详情|介紹|介绍|รายละเอียด|รายละเอียดสินค้า|คำอธิบาย|설명|상품 설명|상품설명|상세|상세 설명|deskripsi|deskripsi produk|keterangan|mô tả|mô tả sản phẩm|chi tiết',
  ),
  price: names(
    'variant price|price|sale price|regular price|価格|税込価格|販売価格|売価|値段|金額|税込|價格|价格|售價|售价|單價|单价|價錢|价钱|特價|特价|ราคา|ราคาขาย|ราคาพิเศษ|가격|판매가|판매 가격|harga|harga jual|giá|giá bán',
  ),
  compareAtPrice: names(
    'variant compare at price|compare at price|compare_at_price|定価|通常価格|参考価格|希望小売価格|原價|原价|定價|定价|建議售價|建议售价|ราคาปกติ|ราคาเต็ม|정가|정상가|harga normal|harga asli|harga coret|giá gốc|giá niêm yết',
  ),
  currency: names('currency|variant currency|price currency|通貨|貨幣|货币|幣別|币种|สกุลเงิน|통화|mata uang|tiền tệ'),
  url: names(
    'url|product url|link|permalink|online store url|リンク|商品url|商品ページ|連結|链接|網址|网址|ลิงก์|ลิงค์|링크|tautan|liên kết|đường dẫn',
  ),
  sku: names(
    'variant sku|sku|型番|品番|商品コード|商品番号|貨號|货号|商品編號|商品编号|編號|编号|รหัสสินค้า|รหัส|상품코드|품번|kode produk|kode|mã sản phẩm|mã hàng|mã',
  ),
  vendor: names('vendor|brand|ブランド|メーカー|品牌|廠商|厂商|แบรนด์|ยี่ห้อ|브랜드|merek|merk|thương hiệu|hãng'),
  type: names(
    'type|product type|product category|category|categories|カテゴリ|カテゴリー|分類|分类|類別|类别|種類|种类|類型|类型|หมวดหมู่|ประเภท|카테고리|분류|kategori|jenis|danh mục|loại',
  ),
  tags: names('tags|タグ|標籤|标签|แท็ก|태그|tag|thẻ'),
  grams: names('variant grams|grams'),
  weight: names(
    'variant weight|weight|weight_kg|weight_g|重さ|重量|本体重量|質量|商品重量|น้ำหนัก|무게|중량|berat|cân nặng|trọng lượng|khối lượng',
  ),
  weightUnit: names('variant weight unit|weight unit'),
  inventory: names(
    'variant inventory qty|inventory|inventory quantity|stock|stock quantity|quantity|qty|在庫|在庫数|庫存|库存|庫存數量|库存数量|數量|数量|สต็อก|สต๊อก|คงเหลือ|จำนวน|จำนวนคงเหลือ|재고|재고 수량|수량|stok|jumlah stok|jumlah|tồn kho|số lượng',
  ),
  available: names(
    'available|in stock|availability|stock status|在庫状況|販売状況|在庫有無|狀態|状态|供貨狀態|สถานะ|สถานะสินค้า|재고 상태|판매 상태|ketersediaan|tình trạng',
  ),
  image: names('image src|image|image url|images|画像|商品画像|圖片|图片|图像|รูปภาพ|รูป|이미지|gambar|foto|hình ảnh|ảnh'),
  variantTitle: names('variant title|variant|バリエーション|規格|规格|ตัวเลือก|옵션|varian|biến thể'),
};

export type ColumnRole = keyof typeof COLUMN_ROLES;

/**
 * Columns kept as attributes under the store's own header, whose meaning the answering side and
 * the facts reader still need to know ("カラー" lists colours, "内容量" is a volume).
 */
const ATTRIBUTE_KINDS = {
  color: names('color|colors|colour|colours|カラー|色|カラー展開|顏色|颜色|色彩|สี|색상|색|컬러|warna|màu|màu sắc'),
  size: names('size|sizes|サイズ|尺寸|尺碼|尺码|ขนาด|사이즈|크기|ukuran|kích thước|kích cỡ|cỡ'),
  material: names('material|materials|fabric|素材|材質|材质|材料|วัสดุ|소재|재질|bahan|chất liệu'),
  volume: names('volume|capacity|内容量|容量|容積|體積|体积|ปริมาณ|ความจุ|ปริมาตร|용량|isi|kapasitas|volume|dung tích|thể tích'),
};

export type AttributeKind = keyof typeof ATTRIBUTE_KINDS;

/** A header as compared: NFKC, lower case, single spaces, without a bracketed unit. */
export function headerKey(header: string): string {
  return foldWidth(header)
    .toLowerCase()
    .replace(/[([【<][^)\]】>]*[)\]】>]/g, ' ')
    .replace(/[\s_]+/g, ' ')
    .replace(/[:：*]+$/, '')
    .trim();
}

const matches = (names: readonly string[], key: string) => names.includes(key) || names.includes(key.replace(/ /g, '_'));

/** The role a header names, or undefined. */
export function columnRoleOf(header: string): ColumnRole | undefined {
  const key = headerKey(header);
  return (Object.keys(COLUMN_ROLES) as ColumnRole[]).find((role) => matches(COLUMN_ROLES[role], key));
}

/** Whether a header names a role (in any of its spellings). */
export const isRoleHeader = (header: string, role: ColumnRole): boolean => matches(COLUMN_ROLES[role], headerKey(header));

/** What an attribute column holds by its header ("カラー" → color), or undefined. */
export function attributeKindOf(name: string): AttributeKind | undefined {
  const key = headerKey(name.replace(/([a-z0-9])([A-Z])/g, '$1 $2'));
  return (Object.keys(ATTRIBUTE_KINDS) as AttributeKind[]).find((kind) => (ATTRIBUTE_KINDS[kind] as readonly string[]).includes(key));
}
