import { createRequire } from 'node:module';
import type { CrawledPage } from '../../crawler/crawl-site.js';
import { languageOfPath } from '../../crawler/page-picker.js';

/**
 * The language of a site as a BCP 47 tag, from what the site says and what its text shows: the home page's
 * language path (/ja/), its `<html lang>`, its `Content-Language` header, else its text — by its script when that
 * names one language (Japanese, Korean…), by tinyld's reading of its main text when that is long enough. A declared
 * language the text's script contradicts (`lang="en"` over Japanese) is passed over: templates keep their
 * `lang`, the words are what the founder wrote. Only what is reliable is said; otherwise undefined.
 */

type Script =
  | 'latin'
  | 'cyrillic'
  | 'greek'
  | 'arabic'
  | 'hebrew'
  | 'devanagari'
  | 'thai'
  | 'georgian'
  | 'armenian'
  | 'han'
  | 'kana'
  | 'hangul';

const SCRIPT_OF: [Script, RegExp][] = [
  ['latin', /\p{Script=Latin}/u],
  ['kana', /[\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ['han', /\p{Script=Han}/u],
  ['hangul', /\p{Script=Hangul}/u],
  ['cyrillic', /\p{Script=Cyrillic}/u],
  ['greek', /\p{Script=Greek}/u],
  ['arabic', /\p{Script=Arabic}/u],
  ['hebrew', /\p{Script=Hebrew}/u],
  ['devanagari', /\p{Script=Devanagari}/u],
  ['thai', /\p{Script=Thai}/u],
  ['georgian', /\p{Script=Georgian}/u],
  ['armenian', /\p{Script=Armenian}/u],
];

/** What the text is written in: `cjk` splits into Japanese, Chinese and Korean by kana and Hangul. */
type TextScript = Exclude<Script, 'han' | 'kana' | 'hangul'> | 'ja' | 'zh' | 'ko';

/** The script each language is written in, for the languages whose script is certain (Serbian is not). */
const LATIN =
  'af az ca cs cy da de en eo es et eu fi fil fr ga gl hr hu id is it lt lv ms mt nb nl nn no pl pt ro sk sl sq sv sw tl tr vi';
const SCRIPT_OF_LANGUAGE: Record<string, TextScript> = {
  ...Object.fromEntries(LATIN.split(' ').map((l) => [l, 'latin' as const])),
  ...Object.fromEntries('ru uk be bg mk kk ky mn tg'.split(' ').map((l) => [l, 'cyrillic' as const])),
  ...Object.fromEntries('ar fa ur ps'.split(' ').map((l) => [l, 'arabic' as const])),
  ...Object.fromEntries('hi mr ne'.split(' ').map((l) => [l, 'devanagari' as const])),
  el: 'greek',
  he: 'hebrew',
  th: 'thai',
  ka: 'georgian',
  hy: 'armenian',
  ja: 'ja',
  zh: 'zh',
  ko: 'ko',
};
/** Scripts that name one language on their own. */
const LANGUAGE_OF_SCRIPT: Partial<Record<TextScript, string>> = {
  ja: 'ja',
  zh: 'zh',
  ko: 'ko',
  greek: 'el',
  thai: 'th',
  georgian: 'ka',
  armenian: 'hy',
};

/** Fewer letters than this say nothing about the script. */
const MIN_LETTERS = 20;
/** A CJK character says about as much as a word of a few Latin letters. */
const CJK_WEIGHT = 3;

/** How many letters of each script a text has (and of all scripts). */
function letterCounts(text: string): { counts: Map<Script, number>; letters: number } {
  const counts = new Map<Script, number>();
  let letters = 0;
  for (const ch of text) {
    if (!/\p{L}/u.test(ch)) continue;
    letters++;
    const script = SCRIPT_OF.find(([, re]) => re.test(ch))?.[0];
    if (script) counts.set(script, (counts.get(script) ?? 0) + 1);
  }
  return { counts, letters };
}

/** Which of Japanese, Chinese and Korean CJK characters write: Japanese puts kana between its kanji, Korean writes Hangul, Han alone is Chinese. */
function cjkLanguageOf(counts: Map<Script, number>): 'ja' | 'zh' | 'ko' | undefined {
  const han = counts.get('han') ?? 0;
  const kana = counts.get('kana') ?? 0;
  const hangul = counts.get('hangul') ?? 0;
  const cjk = han + kana + hangul;
  if (hangul >= cjk * 0.3) return 'ko';
  if (kana >= cjk * 0.1) return 'ja';
  return hangul + kana === 0 || han >= cjk * 0.9 ? 'zh' : undefined;
}

const cjkCount = (counts: Map<Script, number>) =>
  (counts.get('han') ?? 0) + (counts.get('kana') ?? 0) + (counts.get('hangul') ?? 0);

/** The script most of a text is written in, or undefined when the text is too short to tell. */
export function scriptOfText(text: string): TextScript | undefined {
  const { counts, letters } = letterCounts(text);
  if (letters < MIN_LETTERS) return undefined;
  let best: TextScript | undefined;
  let bestCount = 0;
  for (const [script, n] of counts) {
    if (script === 'han' || script === 'kana' || script === 'hangul') continue;
    if (n > bestCount) [best, bestCount] = [script as TextScript, n];
  }
  if (cjkCount(counts) * CJK_WEIGHT > bestCount) return cjkLanguageOf(counts);
  return best;
}

/** Of a page's other letters, the share CJK prose must weigh for a declared CJK language to stand (see declaredFits). */
const CJK_DECLARED_SHARE = 0.25;

/**
 * Whether a declared language may be the page's: its script is the text's main one, or the page declares
 * Chinese, Japanese or Korean and a real part of its text is written so. Their pages mix in Latin product
 * names, commands and English release notes, which can outnumber the prose without making it English;
 * a declared `en` over Japanese prose is still passed over (templates keep their `lang`).
 */
function declaredFits(tag: string, script: TextScript | undefined, text: string): boolean {
  if (fits(tag, script)) return true;
  const expected = SCRIPT_OF_LANGUAGE[tag.split('-')[0]];
  if (expected !== 'ja' && expected !== 'zh' && expected !== 'ko') return false;
  const { counts, letters } = letterCounts(text);
  const cjk = cjkCount(counts);
  return (
    cjk >= MIN_LETTERS && cjk * CJK_WEIGHT >= (letters - cjk) * CJK_DECLARED_SHARE && cjkLanguageOf(counts) === expected
  );
}

/** Characters written one way in Simplified Chinese and another in Traditional: [simplified, traditional]. */
const SIMPLIFIED =
  '这们来说时为个国学会发对过样么还开关与东经实现间门问题产业务应网页费书写买卖边见车长专简体数据设计户让认识请读语电话动头点进无爱种气农员';
const TRADITIONAL =
  '這們來說時為個國學會發對過樣麼還開關與東經實現間門問題產業務應網頁費書寫買賣邊見車長專簡體數據設計戶讓認識請讀語電話動頭點進無愛種氣農員';

/** `Hans` or `Hant` when a Chinese text's characters say which clearly, else undefined. */
export function chineseScriptOfText(text: string): 'Hans' | 'Hant' | undefined {
  let simplified = 0;
  let traditional = 0;
  for (const ch of text) {
    if (SIMPLIFIED.includes(ch)) simplified++;
    else if (TRADITIONAL.includes(ch)) traditional++;
  }
  if (simplified + traditional < 5) return undefined;
  if (simplified >= 4 * traditional) return 'Hans';
  if (traditional >= 4 * simplified) return 'Hant';
  return undefined;
}

/** A declared tag (`pt-br`, `zh_hans`, `en-US`) in BCP 47 casing, or undefined when it is not one. */
export function normaliseTag(raw: string): string | undefined {
  const parts = raw.trim().split(/[-_]/);
  if (!/^[a-z]{2,3}$/i.test(parts[0])) return undefined;
  const out = [parts[0].toLowerCase()];
  for (const p of parts.slice(1)) {
    if (/^[a-z]{4}$/i.test(p) && out.length === 1) out.push(p[0].toUpperCase() + p.slice(1).toLowerCase());
    else if (/^([a-z]{2}|\d{3})$/i.test(p)) out.push(p.toUpperCase());
    else break;
  }
  return out.join('-');
}

/** Chinese is recorded with its script (zh-Hans, zh-Hant), as the characters or else the declared tag says. */
function chineseTag(declared: string | undefined, text: string): string {
  const byText = chineseScriptOfText(text);
  if (byText) return `zh-${byText}`;
  const sub = (declared ?? '').split('-').slice(1);
  if (sub.some((s) => ['Hans', 'CN', 'SG'].includes(s))) return 'zh-Hans';
  if (sub.some((s) => ['Hant', 'TW', 'HK', 'MO'].includes(s))) return 'zh-Hant';
  return 'zh';
}

/** Whether a language may be written in what the text is written in (a text too short to tell allows any). */
function fits(tag: string, script: TextScript | undefined): boolean {
  const expected = SCRIPT_OF_LANGUAGE[tag.split('-')[0]];
  return !script || !expected || expected === script;
}

type Tinyld = typeof import('tinyld');
let tinyld: Tinyld | undefined;
// Loaded on first use: its language profiles cost 0.2 s and 20 MB, which a process that never detects need not pay.
const detector = () => {
  tinyld ??= createRequire(import.meta.url)('tinyld') as Tinyld;
  return tinyld;
};

/** Fewer letters than this and tinyld guesses (a 30-letter English sentence reads as Dutch): nothing is said. */
export const MIN_DETECTED_LETTERS = 80;

/**
 * The language a text is written in (a primary subtag), when reliable: its script's, when the script names one
 * language (Japanese, Chinese, Korean, Greek…); else tinyld's reading of a text of at least MIN_DETECTED_LETTERS
 * letters, when it prefers one language clearly and that language is written in that script. Otherwise undefined.
 */
export function textLanguage(text: string): string | undefined {
  const script = scriptOfText(text);
  if (!script) return undefined;
  const byScript = LANGUAGE_OF_SCRIPT[script];
  if (byScript) return byScript;
  if ((text.match(/\p{L}/gu)?.length ?? 0) < MIN_DETECTED_LETTERS) return undefined;
  // Acronyms say nothing of the language, and tinyld takes some for words of one (DSL reads as Czech).
  const [first, second] = detector().detectAll(text.replace(/\b\p{Lu}{2,}s?\b/gu, ' '));
  // A close second is a guess between two (code and names read as Czech or Klingon): nothing is said.
  if (!first || (second && second.accuracy * 2 > first.accuracy)) return undefined;
  return fits(first.lang, script) ? first.lang : undefined;
}

/** Landmarks around text that is not the page's own prose. */
const NOT_MAIN = /\b(nav|header|footer|aside|form)\b/;

/** A page's title and prose: not its navigation, header, footer, forms or code (all its text when not in blocks). */
function mainText(page: Pick<CrawledPage, 'title' | 'text' | 'blocks'>): string {
  const body = page.blocks
    ? page.blocks
        .filter((b) => b.tag !== 'pre' && b.tag !== 'code' && !NOT_MAIN.test(b.within))
        .map((b) => b.text)
        .join('\n')
    : (page.text ?? '');
  return `${page.title ?? ''}\n${body}`;
}

/** The language path of a home page, as written (`/pt-br/` → `pt-BR`). */
function pathTag(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (!languageOfPath(parsed)) return undefined;
  return normaliseTag(parsed.pathname.split('/').filter(Boolean)[0]);
}

type LanguagePage = Pick<CrawledPage, 'url' | 'kind' | 'text' | 'title' | 'lang' | 'contentLanguage' | 'blocks'>;

export function siteLanguage(pages: LanguagePage[]): string | undefined {
  const home = pages.find((p) => p.kind === 'homepage') ?? pages[0];
  if (!home) return undefined;
  let text = `${home.title ?? ''}\n${home.text ?? ''}`;
  // An application shell says little on its home page: the other pages say what it is written in.
  if (!scriptOfText(text)) text = pages.map((p) => `${p.title ?? ''}\n${p.text ?? ''}`).join('\n');
  const script = scriptOfText(text);
  const declared = [pathTag(home.url), home.lang, home.contentLanguage?.split(',')[0]]
    .map((t) => (t ? normaliseTag(t) : undefined))
    .find((t): t is string => !!t && declaredFits(t, script, text));
  const tag = declared ?? textLanguage(mainText(home)) ?? textLanguage(pages.map(mainText).join('\n'));
  if (!tag) return undefined;
  return tag.split('-')[0] === 'zh' ? chineseTag(declared, text) : tag;
}
