import { kindOf, type PageKind } from '../../crawler/page-picker.js';
import type { SourcePage } from '../evidence.js';

export const DEFAULT_PAGE_BUDGET = 60_000;

// Pages that say what a product is come first, so a tight budget loses the blog, not the homepage.
const ORDER: (PageKind | 'page')[] = [
  'homepage',
  'about',
  'pricing',
  'features',
  'faq',
  'team',
  'contact',
  'page',
  'press',
  'blog',
];

function rank(url: string): number {
  let kind: PageKind | null = null;
  try {
    kind = kindOf(new URL(url));
  } catch {
    /* not a URL: an ordinary page */
  }
  return ORDER.indexOf(kind ?? 'page');
}

/**
 * The pages as the model gets to read them: most useful first, their texts cut so that together
 * they fit `budget` characters. Every page gets a fair share; what a short page leaves unused
 * goes to the longer ones in order of usefulness. Cuts fall at a line end when one is near,
 * so the model does not quote half a sentence. Quotes are still checked against the full pages.
 */
export function pagesWithinBudget<P extends SourcePage>(pages: P[], budget = DEFAULT_PAGE_BUDGET): P[] {
  const ordered = pages
    .map((p, i) => ({ p, i, r: rank(p.url) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map((x) => x.p);
  const withText = ordered.filter((p) => p.text.trim().length > 0);
  const share = new Map<P, number>();
  let left = budget;
  // Water-filling: short pages take all they need, the rest split what remains evenly.
  const byLength = [...withText].sort((a, b) => a.text.length - b.text.length);
  byLength.forEach((p, k) => {
    const fair = Math.floor(left / (byLength.length - k));
    const take = Math.min(p.text.length, fair);
    share.set(p, take);
    left -= take;
  });
  // Rounding leaves a few characters; give them to the first page still cut.
  for (const p of withText) {
    if (left <= 0) break;
    const extra = Math.min(left, p.text.length - share.get(p)!);
    share.set(p, share.get(p)! + extra);
    left -= extra;
  }
  return withText.map((p) => ({ ...p, text: cut(p.text, share.get(p)!) })).filter((p) => p.text.length > 0);
}

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const hard = text.slice(0, max);
  const lineEnd = hard.lastIndexOf('\n');
  return lineEnd >= max * 0.8 ? hard.slice(0, lineEnd) : hard;
}
