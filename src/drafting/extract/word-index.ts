import type { TextBlock } from '../../crawler/page-text.js';

/**
 * The words of some lines, lower-cased, with where each occurs: phrases (category names,
 * keywords) are then found as whole words in time proportional to their matches, not to the
 * text's length times the number of phrases.
 */
export class WordIndex {
  private readonly words: string[] = [];
  private readonly lineOf: number[] = [];
  private readonly offsetOf: number[] = [];
  private readonly positions = new Map<string, number[]>();

  constructor(readonly lines: readonly string[]) {
    lines.forEach((line, li) => {
      for (const m of line.matchAll(WORD)) {
        const w = m[0].toLowerCase();
        let at = this.positions.get(w);
        if (!at) {
          at = [];
          this.positions.set(w, at);
        }
        at.push(this.words.length);
        this.words.push(w);
        this.lineOf.push(li);
        this.offsetOf.push(m.index ?? 0);
      }
    });
  }

  /** Every whole-word occurrence of the phrase: the line it is on and the character range in that line. */
  find(phrase: string): { line: number; at: number; length: number }[] {
    const wanted = wordsOf(phrase);
    if (!wanted.length) return [];
    const out: { line: number; at: number; length: number }[] = [];
    for (const p of this.positions.get(wanted[0]) ?? []) {
      let ok = p + wanted.length <= this.words.length;
      for (let k = 1; ok && k < wanted.length; k++)
        ok = this.words[p + k] === wanted[k] && this.lineOf[p + k] === this.lineOf[p];
      if (!ok) continue;
      const last = p + wanted.length - 1;
      const at = this.offsetOf[p];
      out.push({ line: this.lineOf[p], at, length: this.offsetOf[last] + this.words[last].length - at });
    }
    return out;
  }
}

const WORD = /[\p{L}\p{N}]+/gu;
export const wordsOf = (s: string) => (s.match(WORD) ?? []).map((w) => w.toLowerCase());

/** The first lines of a page, enough to tell what it is about without reading megabytes of it. */
export function leadingLines(blocks: TextBlock[], maxChars = 100_000): TextBlock[] {
  let total = 0;
  let i = 0;
  for (; i < blocks.length && total < maxChars; i++) total += blocks[i].text.length + 1;
  return blocks.slice(0, i);
}
