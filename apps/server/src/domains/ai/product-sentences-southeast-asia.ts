import {
  type Condition,
  type ConditionWords,
  capital,
  conditionText,
  joinWith,
  type Labels,
  type ProductSentences,
  type Words,
} from './product-sentence-kit';

/* Product sentences in Thai, Indonesian and Vietnamese. */

const TH_CONDITIONS: ConditionWords = {
  price: (bound, price) => `ราคา${bound === 'under' ? 'ไม่เกิน' : 'ตั้งแต่'} ${price}`,
  weight: (bound, text) => `น้ำหนัก${bound === 'under' ? 'ไม่เกิน' : 'ตั้งแต่'} ${text}`,
  waterproof: 'กันน้ำ',
  people: (count) => `สำหรับ ${count} คน`,
  without: (text) => `ที่ไม่มี${text}`,
  value: (label, value) => `${label}เป็น${value}`,
};
const thCondition = (c: Condition) => conditionText(TH_CONDITIONS, c);
const TH_WORDS: Words = {
  'weight:-1': 'เบาที่สุด',
  'weight:1': 'หนักที่สุด',
  'price:-1': 'ถูกที่สุด',
  'price:1': 'แพงที่สุด',
  'capacity:1': 'ใหญ่ที่สุด',
  'capacity:-1': 'เล็กที่สุด',
  'battery:1': 'แบตเตอรี่ใช้งานได้นานที่สุด',
  'battery:-1': 'แบตเตอรี่ใช้งานได้สั้นที่สุด',
  'brightness:1': 'สว่างที่สุด',
  'brightness:-1': 'สว่างน้อยที่สุด',
  'power:1': 'กำลังไฟสูงที่สุด',
  'power:-1': 'กำลังไฟต่ำที่สุด',
  'shelfLife:1': 'เก็บได้นานที่สุด',
  'shelfLife:-1': 'เก็บได้สั้นที่สุด',
};
const TH_LABELS: Labels = {
  weight: 'น้ำหนัก',
  volume: 'ปริมาณ',
  capacity: 'จำนวนผู้ใช้',
  battery: 'ระยะเวลาใช้งานแบตเตอรี่',
  power: 'กำลังไฟ',
  brightness: 'ความสว่าง',
  spf: 'ค่าการป้องกันแสงแดด',
  shelfLife: 'อายุการเก็บรักษา',
  age: 'อายุผู้ใช้',
  dimensions: 'ขนาด',
  material: 'วัสดุ',
};
const thList = (items: string[]) => joinWith(items, ', ', ' และ ');

export const th: ProductSentences = {
  the: (title) => title,
  list: thList,
  products: 'สินค้า',
  colours: (title, values) => `${title} มีสี ${thList(values)}`,
  sizes: (title, values) => `${title} มีขนาด ${thList(values)}`,
  category: (title, category) => `${title} อยู่ในหมวดหมู่ ${category}`,
  field: (label, title, values) => `${label}ของ ${title} คือ ${thList(values)}`,
  weight: (title, weights) => `${title} มีน้ำหนัก ${thList(weights)}`,
  price: (title, price) => `${title} ราคา ${price}`,
  priceRange: (title, low, high) => `${title} ราคา ${low} ถึง ${high} ขึ้นอยู่กับตัวเลือก`,
  inStock: (title) => `${title} มีสินค้าพร้อมส่ง`,
  soldOut: (title) => `ขณะนี้ ${title} สินค้าหมด`,
  partlyInStock: (title, inStock, soldOut) => `${title} มีสินค้าแบบ ${thList(inStock)} ส่วน ${thList(soldOut)} สินค้าหมด`,
  inStockList: (titles) => `สินค้าที่มีพร้อมส่งตอนนี้: ${thList(titles)}`,
  kindList: (kind, items) => `${kind}ที่ร้านมี: ${thList(items)}`,
  superlative: (measure, direction, kind, winners, detail) =>
    `${kind}ที่${TH_WORDS[`${measure}:${direction}`]}คือ ${thList(winners)}${detail ? ` (${detail})` : ''}`,
  filtered: (kind, conditions, items) => `${kind}ที่${conditions.map(thCondition).join(' และ')}: ${thList(items)}`,
  noneMatch: (kind, conditions) => `ไม่มี${kind}ที่${conditions.map(thCondition).join(' และ')}`,
  waterproof: (title, yes) => (yes ? `${title} กันน้ำได้` : `${title} ไม่กันน้ำ`),
  fact: (title, kind, value) => `${TH_LABELS[kind]}ของ ${title} คือ ${value}`,
  people: (count) => `${count} คน`,
};

const ID_CONDITIONS: ConditionWords = {
  price: (bound, price) => `dengan harga ${bound === 'under' ? 'di bawah' : 'di atas'} ${price}`,
  weight: (bound, text) => `dengan berat ${bound === 'under' ? 'di bawah' : 'di atas'} ${text}`,
  waterproof: 'yang tahan air',
  people: (count) => `untuk ${count} orang`,
  without: (text) => `tanpa ${text}`,
  value: (label, value) => `dengan ${label.toLowerCase()} ${value}`,
};
const idCondition = (c: Condition) => conditionText(ID_CONDITIONS, c);
const ID_WORDS: Words = {
  'weight:-1': 'paling ringan',
  'weight:1': 'paling berat',
  'price:-1': 'paling murah',
  'price:1': 'paling mahal',
  'capacity:1': 'paling besar',
  'capacity:-1': 'paling kecil',
  'battery:1': 'baterainya paling awet',
  'battery:-1': 'baterainya paling singkat',
  'brightness:1': 'paling terang',
  'brightness:-1': 'paling redup',
  'power:1': 'dayanya paling besar',
  'power:-1': 'dayanya paling kecil',
  'shelfLife:1': 'paling tahan lama',
  'shelfLife:-1': 'paling cepat kedaluwarsa',
};
const ID_LABELS: Labels = {
  weight: 'Berat',
  volume: 'Isi',
  capacity: 'Kapasitas',
  battery: 'Daya tahan baterai',
  power: 'Daya',
  brightness: 'Kecerahan',
  spf: 'Perlindungan UV',
  shelfLife: 'Masa simpan',
  age: 'Usia pengguna',
  dimensions: 'Dimensi',
  material: 'Bahan',
};
const idList = (items: string[]) => joinWith(items, ', ', ' dan ');

export const id: ProductSentences = {
  the: (title) => title,
  list: idList,
  products: 'produk',
  colours: (title, values) => `${title} tersedia dalam warna ${idList(values)}.`,
  sizes: (title, values) => `${title} tersedia dalam ukuran ${idList(values)}.`,
  category: (title, category) => `${title} termasuk kategori ${category}.`,
  field: (label, title, values) => `${capital(label)} ${title}: ${idList(values)}.`,
  weight: (title, weights) => `Berat ${title} adalah ${idList(weights)}.`,
  price: (title, price) => `Harga ${title} adalah ${price}.`,
  priceRange: (title, low, high) => `Harga ${title} mulai dari ${low} hingga ${high}, tergantung pilihan.`,
  inStock: (title) => `Ya, ${title} tersedia.`,
  soldOut: (title) => `${title} sedang habis.`,
  partlyInStock: (title, inStock, soldOut) => `${title} tersedia dalam ${idList(inStock)}; ${idList(soldOut)} sedang habis.`,
  inStockList: (titles) => `Tersedia sekarang: ${idList(titles)}.`,
  kindList: (kind, items) => `Pilihan ${kind} kami: ${idList(items)}.`,
  superlative: (measure, direction, kind, winners, detail) =>
    `${capital(kind)} yang ${ID_WORDS[`${measure}:${direction}`]} adalah ${idList(winners)}${detail ? ` (${detail})` : ''}.`,
  filtered: (kind, conditions, items) => `${capital(kind)} ${conditions.map(idCondition).join(' dan ')}: ${idList(items)}.`,
  noneMatch: (kind, conditions) => `Tidak ada ${kind} ${conditions.map(idCondition).join(' dan ')}.`,
  waterproof: (title, yes) => (yes ? `Ya, ${title} tahan air.` : `Tidak, ${title} tidak tahan air.`),
  fact: (title, kind, value) => `${ID_LABELS[kind]} ${title} adalah ${value}.`,
  people: (count) => `${count} orang`,
};

const VI_CONDITIONS: ConditionWords = {
  price: (bound, price) => `có giá ${bound === 'under' ? 'dưới' : 'trên'} ${price}`,
  weight: (bound, text) => `nặng ${bound === 'under' ? 'dưới' : 'trên'} ${text}`,
  waterproof: 'chống nước',
  people: (count) => `cho ${count} người`,
  without: (text) => `không có ${text}`,
  value: (label, value) => `có ${label.toLowerCase()} ${value}`,
};
const viCondition = (c: Condition) => conditionText(VI_CONDITIONS, c);
const VI_WORDS: Words = {
  'weight:-1': 'nhẹ nhất',
  'weight:1': 'nặng nhất',
  'price:-1': 'rẻ nhất',
  'price:1': 'đắt nhất',
  'capacity:1': 'lớn nhất',
  'capacity:-1': 'nhỏ nhất',
  'battery:1': 'có pin lâu nhất',
  'battery:-1': 'có pin ngắn nhất',
  'brightness:1': 'sáng nhất',
  'brightness:-1': 'tối nhất',
  'power:1': 'mạnh nhất',
  'power:-1': 'yếu nhất',
  'shelfLife:1': 'để được lâu nhất',
  'shelfLife:-1': 'hạn sử dụng ngắn nhất',
};
const VI_LABELS: Labels = {
  weight: 'Trọng lượng',
  volume: 'Dung tích',
  capacity: 'Sức chứa',
  battery: 'Thời lượng pin',
  power: 'Công suất',
  brightness: 'Độ sáng',
  spf: 'Chỉ số chống nắng',
  shelfLife: 'Hạn sử dụng',
  age: 'Độ tuổi',
  dimensions: 'Kích thước',
  material: 'Chất liệu',
};
const viList = (items: string[]) => joinWith(items, ', ', ' và ');

export const vi: ProductSentences = {
  the: (title) => title,
  list: viList,
  products: 'sản phẩm',
  colours: (title, values) => `${title} có các màu ${viList(values)}.`,
  sizes: (title, values) => `${title} có các cỡ ${viList(values)}.`,
  category: (title, category) => `${title} thuộc danh mục ${category}.`,
  field: (label, title, values) => `${capital(label)} của ${title}: ${viList(values)}.`,
  weight: (title, weights) => `${title} nặng ${viList(weights)}.`,
  price: (title, price) => `${title} có giá ${price}.`,
  priceRange: (title, low, high) => `${title} có giá từ ${low} đến ${high}, tùy lựa chọn.`,
  inStock: (title) => `Có, ${title} đang còn hàng.`,
  soldOut: (title) => `${title} hiện đã hết hàng.`,
  partlyInStock: (title, inStock, soldOut) => `${title} còn hàng loại ${viList(inStock)}; ${viList(soldOut)} đã hết hàng.`,
  inStockList: (titles) => `Hiện còn hàng: ${viList(titles)}.`,
  kindList: (kind, items) => `Các ${kind} của cửa hàng: ${viList(items)}.`,
  superlative: (measure, direction, kind, winners, detail) =>
    `${capital(kind)} ${VI_WORDS[`${measure}:${direction}`]} là ${viList(winners)}${detail ? ` (${detail})` : ''}.`,
  filtered: (kind, conditions, items) => `${capital(kind)} ${conditions.map(viCondition).join(' và ')}: ${viList(items)}.`,
  noneMatch: (kind, conditions) => `Không có ${kind} nào ${conditions.map(viCondition).join(' và ')}.`,
  waterproof: (title, yes) => (yes ? `Có, ${title} chống nước.` : `Không, ${title} không chống nước.`),
  fact: (title, kind, value) => `${VI_LABELS[kind]} của ${title} là ${value}.`,
  people: (count) => `${count} người`,
};
