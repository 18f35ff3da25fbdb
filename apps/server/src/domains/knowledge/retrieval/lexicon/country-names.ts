/*
 * Countries and territories by their names in the shoppers' languages, from the runtime's own
 * CLDR data (Intl.DisplayNames), so "Do you ship to Canada?" finds a Japanese store's カナダ and
 * an Indonesian "Kanada" finds "Canada": a shipping question names a destination more often than
 * anything else a dictionary would not bridge. Official long forms ("中華人民共和国香港特別行政区")
 * are left out: nobody types them, and the short form is there.
 */

const LANGUAGES = ['en', 'ja', 'th', 'zh-Hant', 'zh-Hans', 'ko', 'id', 'vi'];
/** Names longer than this many words (or Han/Thai characters over twice as many) are official long forms. */
const MAX_WORDS = 3;
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Hangul}]/u;

/** Everyday names the data spells otherwise. */
const EVERYDAY: Record<string, string[]> = {
  US: ['USA', 'America', 'アメリカ', 'อเมริกา', '美國', '美国', 'Amerika'],
  GB: ['UK', 'Britain', 'England', 'イギリス', 'อังกฤษ', '英國', '英国', 'Inggris', 'Anh'],
  HK: ['Hong Kong', '香港', 'ฮ่องกง', '홍콩', 'Hồng Kông'],
  MO: ['Macau', 'Macao', 'マカオ', 'มาเก๊า', '澳門', '澳门'],
  KR: ['Korea', '韓国', 'เกาหลี', '韓國', '韩国', 'Korea Selatan', 'Hàn Quốc'],
};

const everyday = (name: string) =>
  UNSPACED.test(name) ? [...name.replace(/\s/g, '')].length <= MAX_WORDS * 2 + 2 : name.split(/\s+/).length <= MAX_WORDS;

function countryGroups(): string[][] {
  const namers = LANGUAGES.flatMap((language) =>
    (['long', 'short'] as const).map((style) => new Intl.DisplayNames([language], { type: 'region', style, fallback: 'none' })),
  );
  const groups: string[][] = [];
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      const names = namers.map((namer) => namer.of(code)).filter((name): name is string => name !== undefined && name !== code);
      const usable = [...new Set([...names.filter(everyday), ...(EVERYDAY[code] ?? [])])];
      if (usable.length > 1) groups.push(usable);
    }
  }
  return groups;
}

/** One group per country or territory: its names in English, Japanese, Thai, Chinese, Korean, Indonesian and Vietnamese. */
export const COUNTRY_NAME_GROUPS: string[][] = countryGroups();
