import type { TextBlock } from '../../crawler/page-text.js';
import { isOwnStatement } from './site-view.js';
import { wordCount } from './text-units.js';

/** h1…h6 → 1…6; any other line → 0. */
export const headingLevel = (b: TextBlock) => (/^h[1-6]$/.test(b.tag) ? Number(b.tag[1]) : 0);

/** A heading and the lines it governs: from the line after it up to the next heading of the same or a higher rank. */
export interface Section {
  heading: number;
  level: number;
  start: number;
  end: number;
}

/** Every heading of a page with its extent, in one pass. */
export function sectionsOf(blocks: TextBlock[]): Section[] {
  const sections: Section[] = [];
  const open: Section[] = [];
  blocks.forEach((b, i) => {
    const level = headingLevel(b);
    if (!level) return;
    while (open.length && open[open.length - 1].level >= level) open.pop()!.end = i;
    const s = { heading: i, level, start: i + 1, end: blocks.length };
    sections.push(s);
    open.push(s);
  });
  return sections;
}

/** Sections whose heading text matches `pattern`. */
export const sectionsNamed = (blocks: TextBlock[], pattern: RegExp) =>
  sectionsOf(blocks).filter((s) => pattern.test(blocks[s.heading].text));

/**
 * What a section is called: its heading, and the short line set above it as an eyebrow ("Opinie" over "What the people
 * we worked with say", "Case studies" over "Selected projects"), which often names the kind of section when the heading
 * does not.
 */
export function sectionName(blocks: TextBlock[], heading: number): string {
  const eyebrow = blocks[heading - 1];
  const named =
    eyebrow &&
    !headingLevel(eyebrow) &&
    isOwnStatement(eyebrow) &&
    wordCount(eyebrow.text) <= 4 &&
    !/[.!?。！？]$/u.test(eyebrow.text);
  return named ? `${eyebrow.text}\n${blocks[heading].text}` : blocks[heading].text;
}

/** Sections whose heading, or the eyebrow above it, matches `pattern` ("FAQ" over "Still unsure? We explain"). */
export const sectionsCalled = (blocks: TextBlock[], pattern: RegExp) =>
  sectionsOf(blocks).filter((s) => pattern.test(sectionName(blocks, s.heading)));

/** The nearest heading above line `index`, if any. */
export function headingAbove(blocks: TextBlock[], index: number, maxDistance = 6): number | null {
  for (let i = index - 1; i >= 0 && index - i <= maxDistance; i--) if (headingLevel(blocks[i])) return i;
  return null;
}
