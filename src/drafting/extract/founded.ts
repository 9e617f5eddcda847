import type { Evidence } from '../evidence.js';
import type { Proposal } from '../draft-content.js';
import { ldNodes, ldString, organizations } from './json-ld.js';
import { datedLine } from './milestone-dates.js';
import { isOwnStatement, pagesOfKind, propose, quoteLine, quoteOn, type SiteView } from './site-view.js';

/** "Founded in 2021", "established 2019", "Est. 1998", "founded by two designers in Lisbon in 2021". */
const FOUNDED =
  /\b(?:founded|established|incorporated|est\.|(?:was|were) (?:first )?(?:started|created|begun|born))\b[^.\n]{0,60}?\b((?:18|19|20)\d{2})\b/i;
/** "operating since 2013", "around since 2009": the company's own running time, not "lower than since 2016" or "a
 *  maintainer since 2007". */
const SINCE =
  /\b(?:operating|operated|around|in business|online|running|existed|active|serving [\w ]{1,30}?|helping [\w ]{1,30}?) since ((?:18|19|20)\d{2})\b/i;

const plausible = (year: number) => year >= 1800 && year <= new Date().getUTCFullYear();

/**
 * The year the company was founded, as the site states it: JSON-LD foundingDate, "founded in …",
 * a timeline entry about the founding, or "since …". A copyright year says nothing about it.
 */
export function extractFoundedYear(site: SiteView): Proposal<string> | undefined {
  const found: { year: string; evidence: Evidence | null; rank: number }[] = [];
  for (const org of organizations(ldNodes(site.pages))) {
    const raw = ldString(org.data, 'foundingDate');
    const year = raw ? /^\s*((?:18|19|20)\d{2})\b/.exec(raw)?.[1] : undefined;
    if (raw && year && plausible(+year)) found.push({ year, evidence: quoteOn(org.page, 'head', raw), rank: 0 });
  }
  for (const page of pagesOfKind(site, 'about', 'homepage', 'contact', 'team', 'pricing', 'page')) {
    for (const b of page.blocks) {
      if (!isOwnStatement(b) || b.text.length > 5000) continue;
      const m = FOUNDED.exec(b.text);
      if (m && plausible(+m[1])) {
        found.push({ year: m[1], evidence: quoteLine(page, b.text, m.index, m[0].length), rank: 1 });
        continue;
      }
      const entry = /\bfounded\b/i.test(b.text) ? datedLine(b.text) : null;
      if (entry && plausible(+entry.date.slice(0, 4))) {
        found.push({ year: entry.date.slice(0, 4), evidence: quoteLine(page, b.text), rank: 2 });
        continue;
      }
      const s = SINCE.exec(b.text);
      if (s && plausible(+s[1]))
        found.push({ year: s[1], evidence: quoteLine(page, b.text, s.index, s[0].length), rank: 3 });
    }
  }
  const best = found.filter((f) => f.evidence).sort((a, b) => a.rank - b.rank)[0];
  return best
    ? propose(
        best.year,
        found.filter((f) => f.year === best.year).map((f) => f.evidence),
      )
    : undefined;
}
