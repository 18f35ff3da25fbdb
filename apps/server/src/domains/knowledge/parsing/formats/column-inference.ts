import { attributeKindOf, type ColumnRole } from './column-names';
import { parseMoney, parseWeight } from './product-values';

/*
 * Column roles read from the values, for a list whose headers name no title in a language we know
 * ("Artikel, Preis, Farbe", or headers left as "A, B, C"). A wrong guess turns a table into
 * products that answers then quote as the shop's range, so it is made only when confident: one
 * column of distinct short texts, and either columns the headers already named (a price, a SKU…)
 * or a column of prices plus one more sign of a product list (a column of lists such as colours,
 * weights, long descriptions, or a header naming colours or sizes). A column of whole numbers is
 * no sign: days of delivery look like stock counts. Tables about delivery (a shipping
 * rate per region looks just like a price per product) stay tables.
 */

/** Headers of a delivery, fee or area table, in our merchants' languages. */
const DELIVERY_HEADER =
  /ship|deliver|postage|postal|freight|courier|zone|region|送料|配送|配達|運費|运费|物流|地域|地區|地区|ค่าส่ง|จัดส่ง|ขนส่ง|พื้นที่|배송|택배|지역|ongkir|pengiriman|kirim|wilayah|vận chuyển|giao hàng|khu vực/i;
/** Header roles that only a product list has. */
const PRODUCT_ROLES: ColumnRole[] = [
  'price',
  'compareAtPrice',
  'sku',
  'inventory',
  'available',
  'weight',
  'grams',
  'vendor',
  'description',
];
/** A price with a sign, a currency word or cents: "$12.50", "1,200円", "฿590", "Rp 150.000", "12.50". */
const MARKED_MONEY = /[$€£¥₩₫฿₹₱]|円|บาท|元|원|\brp\b|đ$|\b[A-Z]{3}\b|^\d+[.,]\d{2}$/i;

interface ColumnStats {
  filled: number;
  distinct: boolean;
  text: number;
  money: number;
  listLike: number;
  weight: number;
  averageLength: number;
}

function statsOf(values: string[], rowCount: number): ColumnStats {
  const filled = values.filter(Boolean);
  const share = (test: (value: string) => boolean) => (filled.length ? filled.filter(test).length / filled.length : 0);
  return {
    filled: filled.length / rowCount,
    distinct: new Set(filled).size === filled.length,
    text: share((value) => /\p{L}/u.test(value) && !/^[\d\s.,]+\s*\p{L}{0,3}$/u.test(value)),
    money: share((value) => MARKED_MONEY.test(value) && parseMoney(value) !== null && !/\d\s*[-–]\s*\d/.test(value)),
    listLike: share((value) => /\S\s*[,、/|]\s*\S/.test(value) && value.length < 80),
    weight: share((value) => parseWeight(value) !== null),
    averageLength: filled.reduce((sum, value) => sum + value.length, 0) / Math.max(filled.length, 1),
  };
}

/** The title (and price) column of a list by its values; nothing when not confident. */
export function inferRoles(
  header: string[],
  rows: string[][],
  known: Partial<Record<ColumnRole, number>>,
): Partial<Record<ColumnRole, number>> {
  if (rows.length < 2 || header.some((name) => DELIVERY_HEADER.test(name))) return {};
  const taken = new Set(Object.values(known));
  const columns = header.map((_, index) =>
    statsOf(
      rows.map((row) => (row[index] ?? '').trim()),
      rows.length,
    ),
  );
  const free = (index: number) => !taken.has(index);
  const title = columns.findIndex(
    (stats, index) =>
      free(index) &&
      stats.filled >= 0.9 &&
      stats.distinct &&
      stats.text >= 0.9 &&
      stats.money < 0.5 &&
      stats.averageLength >= 2 &&
      stats.averageLength <= 80,
  );
  if (title < 0) return {};
  const namedByHeader =
    PRODUCT_ROLES.filter((role) => known[role] !== undefined).length + header.filter((name) => attributeKindOf(name)).length;
  if (namedByHeader >= 2 || (namedByHeader >= 1 && known.price !== undefined)) return { title };
  const price =
    known.price ?? columns.findIndex((stats, index) => free(index) && index !== title && stats.filled >= 0.8 && stats.money >= 0.9);
  if (price < 0) return {};
  const more = columns.some(
    (stats, index) =>
      index !== title &&
      index !== price &&
      (stats.listLike >= 0.5 || stats.weight >= 0.9 || stats.averageLength >= 30 || attributeKindOf(header[index] ?? '')),
  );
  return more ? { title, price } : {};
}
