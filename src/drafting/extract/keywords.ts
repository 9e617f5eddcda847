import type { Evidence } from '../evidence.js';
import { FIELD_LIMITS, type Proposal } from '../draft-content.js';
import { ldNodes, ldStrings, products, organizations } from './json-ld.js';
import { isOwnStatement, pagesOfKind, propose, quoteOn, type SiteView, type ViewPage } from './site-view.js';
import { looseKey, windowAround } from './text-fit.js';
import { leadingLines, WordIndex } from './word-index.js';

/** At most this many tags: the keywords the visible pages also use. */
export const MAX_TAGS = 10;

interface Keyword {
  text: string;
  evidence: Evidence | null;
}

/** Comma- (or semicolon-) separated terms, each within the item limit. */
const splitTerms = (s: string) =>
  s
    .split(/[,;]/)
    .map((t) => t.replace(/\s+/g, ' ').trim())
    .filter((t) => t.length >= 2 && t.length <= FIELD_LIMITS.keywords.max);

/** The site's declared keywords: meta keywords of the homepage, then JSON-LD keywords. */
function declaredKeywords(site: SiteView): Keyword[] {
  const out: Keyword[] = [];
  const home = site.home;
  const meta = home?.meta.keywords;
  if (home && meta) for (const t of splitTerms(meta)) out.push({ text: t, evidence: quoteOn(home, 'head', t) });
  const pages = home ? [home, ...site.pages.filter((p) => p !== home)] : site.pages;
  for (const n of [...products(ldNodes(pages)), ...organizations(ldNodes(pages))]) {
    const list = ldStrings(n.data, 'keywords');
    const terms = list.length === 1 ? splitTerms(list[0]) : list.filter((t) => t.length <= FIELD_LIMITS.keywords.max);
    for (const t of terms) out.push({ text: t, evidence: quoteOn(n.page, 'head', t) });
  }
  const seen = new Set<string>();
  return out.filter((k) => {
    const key = looseKey(k.text);
    if (!k.evidence || !key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function extractKeywords(site: SiteView): Proposal<string[]> | undefined {
  const terms = declaredKeywords(site).slice(0, FIELD_LIMITS.keywords.items);
  return terms.length
    ? propose(
        terms.map((t) => t.text),
        terms.map((t) => t.evidence),
      )
    : undefined;
}

/** Tags: declared keywords that the visible homepage or features page also uses, each quoted in both places. */
export function extractTags(site: SiteView): Proposal<string[]> | undefined {
  const visible: { page: ViewPage; lines: string[]; index: WordIndex }[] = pagesOfKind(
    site,
    'homepage',
    'features',
  ).map((page) => {
    const lines = leadingLines(page.blocks)
      .filter(isOwnStatement)
      .map((b) => b.text.slice(0, 20_000));
    return { page, lines, index: new WordIndex(lines) };
  });
  const values: string[] = [];
  const evidence: (Evidence | null)[] = [];
  for (const k of declaredKeywords(site)) {
    for (const v of visible) {
      const hit = v.index.find(k.text)[0];
      if (!hit) continue;
      const seen = quoteOn(v.page, 'text', windowAround(v.lines[hit.line], hit.at, hit.length));
      if (!seen) continue;
      values.push(k.text);
      evidence.push(k.evidence, seen);
      break;
    }
    if (values.length >= MAX_TAGS) break;
  }
  return values.length ? propose(values, evidence) : undefined;
}
