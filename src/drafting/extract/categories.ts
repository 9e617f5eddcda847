import type { Evidence } from '../evidence.js';
import type { CategoryChoice, Proposal } from '../draft-content.js';
import { headingLevel } from './outline.js';
import { isOwnStatement, pagesOfKind, propose, quoteOn, type SiteView, type ViewPage } from './site-view.js';
import { windowAround } from './text-fit.js';
import { leadingLines, WordIndex, wordsOf } from './word-index.js';

/** At most this many categories: a primary and the three more a paid listing may have. */
export const MAX_CATEGORIES = 4;
/**
 * How much a mention counts: the homepage's h1, title and descriptions define the product (5);
 * other headings and the keywords name its parts (3); a mention in prose counts 1.
 */
const DEFINING = 5;
const STRONG = 3;
const NEEDED = 3;
/** Names that say nothing about what a product is. */
const GENERIC_WORDS = new Set([
  'other',
  'others',
  'misc',
  'miscellaneous',
  'general',
  'tools',
  'tool',
  'apps',
  'app',
  'software',
  'services',
  'products',
  'platform',
  'and',
  'the',
]);

/** A name's phrases and their singular/plural forms: "Sales & Marketing" → sales, marketing; "Developer Tools" →
 *  developer tools, developer tool. */
function phrasesOf(name: string): string[] {
  const out = new Set<string>();
  for (const part of name.split(/\s*(?:&|\/|,|\band\b|\+)\s*/i)) {
    const words = wordsOf(part);
    if (!words.length || words.every((w) => GENERIC_WORDS.has(w))) continue;
    const phrase = words.join(' ');
    out.add(phrase);
    const last = words[words.length - 1];
    if (last.length > 3) out.add(last.endsWith('s') ? phrase.slice(0, -1) : `${phrase}s`);
  }
  return [...out];
}

interface Area {
  page: ViewPage;
  source: 'text' | 'head';
  lines: string[];
  weights: number[];
  index: WordIndex;
}

/** Where a site says what it is: homepage head (title, descriptions, keywords), headings, and the prose of its main
 *  pages. */
function areasOf(site: SiteView): Area[] {
  const areas: Area[] = [];
  const home = site.home;
  if (home) {
    const head = [
      [home.title, DEFINING],
      [home.meta.description, DEFINING],
      [home.meta['og:description'], DEFINING],
      [home.meta.keywords, STRONG],
    ]
      .filter((x): x is [string, number] => !!x[0])
      .map(([x, w]) => [x.replace(/\s+/g, ' ').trim(), w] as const);
    const lines = head.map(([x]) => x);
    areas.push({ page: home, source: 'head', lines, weights: head.map(([, w]) => w), index: new WordIndex(lines) });
  }
  for (const page of pagesOfKind(site, 'homepage', 'features', 'about')) {
    const own = leadingLines(page.blocks).filter(isOwnStatement);
    // Very long lines are cut: what a product is shows early, and the index stays small.
    const lines = own.map((b) => b.text.slice(0, 20_000));
    const weights = own.map((b) =>
      page.kind === 'homepage' && b.tag === 'h1' ? DEFINING : headingLevel(b) >= 1 && headingLevel(b) <= 3 ? STRONG : 1,
    );
    areas.push({ page, source: 'text', lines, weights, index: new WordIndex(lines) });
  }
  return areas;
}

/**
 * Categories from the given list whose names the site's own words clearly use: in a heading or
 * its summary, or repeatedly in its prose. The best supported comes first (the primary).
 */
export function extractCategories(site: SiteView, categories: CategoryChoice[]): Proposal<string[]> | undefined {
  const areas = areasOf(site);
  const scored: { name: string; score: number; first: number; evidence: Evidence | null }[] = [];
  for (const c of categories) {
    let score = 0;
    let prose = 0;
    let first = Number.MAX_SAFE_INTEGER;
    let best: { area: Area; line: number; at: number; length: number; weight: number } | null = null;
    areas.forEach((area, ai) => {
      for (const phrase of phrasesOf(c.name)) {
        for (const hit of area.index.find(phrase)) {
          const weight = area.weights[hit.line];
          // Prose mentions add up to a strong one at most: repetition alone is not clarity.
          if (weight === 1) {
            if (prose >= STRONG) continue;
            prose++;
          }
          score += weight;
          first = Math.min(first, ai * 1e7 + hit.line);
          if (!best || weight > best.weight) best = { area, ...hit, weight };
        }
      }
    });
    if (score < NEEDED || !best) continue;
    const b: { area: Area; line: number; at: number; length: number } = best;
    const evidence = quoteOn(b.area.page, b.area.source, windowAround(b.area.lines[b.line], b.at, b.length));
    if (evidence) scored.push({ name: c.name, score, first, evidence });
  }
  scored.sort((a, b) => b.score - a.score || a.first - b.first);
  const chosen = scored.slice(0, MAX_CATEGORIES);
  return chosen.length
    ? propose(
        chosen.map((c) => c.name),
        chosen.map((c) => c.evidence),
      )
    : undefined;
}
