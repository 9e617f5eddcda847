import { hasUnspacedScript } from './text-units.js';

/**
 * Shortens text to a limit without inventing anything: the result is always a prefix of the
 * original (whole sentences if possible, else whole words), so a quote of it still verifies.
 */
export function fitText(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max + 1);
  // A full-width 。！？ ends a Chinese or Japanese sentence with no space after it.
  const fullWidthEnd = Math.max(head.lastIndexOf('。'), head.lastIndexOf('！'), head.lastIndexOf('？'));
  const sentenceEnd = Math.max(
    head.lastIndexOf('. '),
    head.lastIndexOf('! '),
    head.lastIndexOf('? '),
    fullWidthEnd < max ? fullWidthEnd : -1,
  );
  if (sentenceEnd >= max * 0.4) return text.slice(0, sentenceEnd + 1);
  const space = head.lastIndexOf(' ');
  // Without a space near the end (Chinese, Japanese), after the last comma or word the segmenter finds.
  if (space < max * 0.4 && hasUnspacedScript(head)) return cutBetweenWords(text, max);
  return (space > 0 ? text.slice(0, space) : text.slice(0, max)).replace(/[\s,;:–—-]+$/, '');
}

const words = new Intl.Segmenter(undefined, { granularity: 'word' });
/** The longest prefix of `text` within `max` characters that ends between two words, without trailing punctuation. */
function cutBetweenWords(text: string, max: number): string {
  let end = 0;
  for (const { index, segment } of words.segment(text.slice(0, max + 1))) {
    if (index + segment.length > max) break;
    end = index + segment.length;
  }
  return text.slice(0, end || max).replace(/[\s,;:、，：–—-]+$/u, '');
}

/** Upper-cases the first letter: "public beta" → "Public beta". */
export const capitalize = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** Compares phrases ignoring case, punctuation and spacing. */
export const sameWords = (a: string, b: string) => looseKey(a) === looseKey(b);
export const looseKey = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** A window of at most `max` characters around [at, at+len) of a long line, on word boundaries. */
export function windowAround(line: string, at: number, len: number, max = 240): string {
  if (line.length <= max) return line;
  let start = Math.max(0, at - Math.floor((max - len) / 2));
  let end = Math.min(line.length, start + max);
  start = Math.max(0, end - max);
  if (start > 0) {
    const sp = line.indexOf(' ', start);
    if (sp >= 0 && sp < at) start = sp + 1;
  }
  if (end < line.length) {
    const sp = line.lastIndexOf(' ', end);
    if (sp > at + len) end = sp;
  }
  return line.slice(start, end);
}
