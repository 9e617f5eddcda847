/**
 * Words and sentences in any language. Chinese and Japanese put no spaces between words and end sentences with
 * 。！？, so counting whitespace-separated tokens and splitting on ". " read a whole Japanese paragraph as one
 * word and one sentence. `Intl.Segmenter` (ICU, in every Node build since 16) knows where their words and
 * sentences end; Latin-script text keeps the rules the extractors' thresholds were written for.
 */

const wordSegmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
const sentenceSegmenter = new Intl.Segmenter(undefined, { granularity: 'sentence' });

/** Scripts written without spaces between words. (Korean Hangul is written with spaces.) */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** Whether the text holds any character of a script written without spaces between words. */
export const hasUnspacedScript = (text: string) => UNSPACED.test(text);

/**
 * Words of a text: whitespace-separated tokens, each token in an unspaced script counted by its words
 * ("画面を共有する" is 画面 / を / 共有 / する, four). Latin tokens count as one each, as before, rather than as the
 * segmenter's words: it counts "open-source" as two and skips "—", and the thresholds that read this count
 * ("a title has at most 10 words") were set on whitespace tokens.
 */
export function wordCount(text: string): number {
  let n = 0;
  for (const token of text.split(/\s+/)) {
    if (!token) continue;
    if (!UNSPACED.test(token)) n++;
    else for (const s of wordSegmenter.segment(token)) if (s.isWordLike) n++;
  }
  return n;
}

/**
 * A sentence boundary of text written with spaces: ., ! or ? then a space and a capital, a digit, an opening quote
 * (French «, German „) or Spanish ¿ ¡; or a letter of a script without case (Korean "빠릅니다. 안전합니다.", Arabic,
 * Hindi), where no capital marks it.
 */
const LATIN_BREAK = /(?<=[.!?])\s+(?=[\p{Lu}\p{Lo}\d"“«„¿¡])/u;
/**
 * The full-width sentence ends of Chinese and Japanese (and the half-width ｡). Not before a closing 」 or ”: a
 * quotation ending in 。 is mostly part of a longer sentence (「使いやすい。」と言われます。), where ICU would split.
 */
const FULL_WIDTH_END = /[。！？｡]\s*$/u;
const FULL_WIDTH_STOP = /[。！？｡]/u;

/**
 * The sentences of a text, each a substring of it (so a quote of one still verifies). Latin text splits as it
 * always did, on ". " before a capital: the segmenter would also split after "Mr. " and would not after
 * "2014. 2015 was", which the regex handles as before. Within the pieces, the segmenter's boundaries are taken
 * only after a full-width 。！？, where the regex never splits: "ます。ケーブル…".
 */
export function sentences(text: string): string[] {
  const out: string[] = [];
  for (const piece of text.split(LATIN_BREAK)) {
    if (!FULL_WIDTH_STOP.test(piece)) {
      out.push(piece);
      continue;
    }
    let current = '';
    for (const { segment } of sentenceSegmenter.segment(piece)) {
      current += segment;
      if (FULL_WIDTH_END.test(current)) {
        if (current.trim()) out.push(current.trim());
        current = '';
      }
    }
    if (current.trim()) out.push(current.trim());
  }
  return out.length ? out : [text];
}

/** The first sentence of a text (the whole text when it has one sentence). */
export const firstSentence = (text: string) => sentences(text)[0] ?? text;

/**
 * A pattern of cue words in any language: `words` (an alternation written for spaced scripts: English, French,
 * Spanish…) matched as whole words, `joined` (Chinese, Japanese, Korean) matched anywhere. `\b` cannot be used for
 * either: it knows only ASCII letters, so it fails next to "é" and never holds between "の" and "機能"; and Korean
 * attaches particles to the word itself ("기능을"), so a Korean cue has no boundary after it either.
 */
export function cuePattern(words: string, joined = '', flags = 'i'): RegExp {
  const spaced = words ? `(?<![\\p{L}\\p{N}_])(?:${turkishCase(words)})(?![\\p{L}\\p{N}_])` : '';
  return new RegExp([spaced, joined && `(?:${joined})`].filter(Boolean).join('|'), `${flags}u`);
}

/**
 * Turkish pairs its i's differently (i/İ, ı/I), and a case-insensitive pattern knows only i/I: a cue's "i" also
 * matches "İ" ("İletişim") and its "ı" matches "I" ("SIKÇA SORULAN SORULAR"). Written into the alternation, inside
 * character classes and out.
 */
function turkishCase(alternation: string): string {
  let out = '';
  let inClass = false;
  for (let k = 0; k < alternation.length; k++) {
    const c = alternation[k];
    if (c === '\\') {
      out += c + (alternation[k + 1] ?? '');
      k++;
    } else if (c === '[' && !inClass) {
      inClass = true;
      out += c;
    } else if (c === ']' && inClass) {
      inClass = false;
      out += c;
    } else if (c === 'i' || c === 'ı') {
      const pair = c === 'i' ? 'iİ' : 'ıI';
      out += inClass ? pair : `[${pair}]`;
    } else out += c;
  }
  return out;
}

/** A line that asks: it ends with a question mark, Latin or full-width, before any closing quote or bracket. */
export const asks = (text: string) => /[?？][\s"”’)\]」』）]*$/u.test(text);

/** A literal string as a regular expression matching it (a product or person's name inside a pattern). */
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
