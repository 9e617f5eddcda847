import type { Proposal } from '../draft-content.js';
import { isOwnStatement, pagesOfKind, propose, quoteLine, quoteOn, type SiteView } from './site-view.js';
import { startsWithDate } from './milestone-dates.js';
import { capitalize } from './text-fit.js';

/**
 * Phrases that state a product's stage, most specific first. A bare "beta" counts only as a
 * badge ("Beta", "Now in beta") or in "is in beta": "beta testers" or "Beta features" say nothing.
 */
const STAGES: { pattern: RegExp; value: string }[] = [
  { pattern: /\bpublic beta\b/i, value: 'Public beta' },
  { pattern: /\bprivate beta\b/i, value: 'Private beta' },
  { pattern: /\bopen beta\b/i, value: 'Open beta' },
  { pattern: /\bclosed beta\b/i, value: 'Closed beta' },
  { pattern: /\bearly access\b/i, value: 'Early access' },
  { pattern: /\bgenerally available\b|\bgeneral availability\b/i, value: 'Generally available' },
  {
    pattern: /\b(?:now|currently|still) in beta\b|\b(?:is|are) (?:currently )?in beta\b|\bbeta version\b/i,
    value: 'Beta',
  },
  { pattern: /\b(?:now|currently|still) in alpha\b|\b(?:is|are) (?:currently )?in alpha\b/i, value: 'Alpha' },
];
const BADGE = /^(?:now in |currently in |in )?(beta|alpha)[.!]?$/i;

/** The stage, only where the company states it now: homepage, features and pricing, never its history or blog. */
export function extractStage(site: SiteView): Proposal<string> | undefined {
  const pages = pagesOfKind(site, 'homepage', 'features', 'pricing');
  for (const page of pages) {
    for (const b of page.blocks) {
      // Timeline lines ("June 2021 — Private beta…") are history, not the current stage.
      if (!isOwnStatement(b) || b.text.length > 2000 || startsWithDate(b.text)) continue;
      const badge = BADGE.exec(b.text);
      if (badge) return propose(capitalize(badge[1].toLowerCase()), [quoteLine(page, b.text)]);
      for (const s of STAGES) {
        const m = s.pattern.exec(b.text);
        if (m) return propose(s.value, [quoteLine(page, b.text, m.index, m[0].length)]);
      }
    }
  }
  const home = site.home;
  for (const value of home ? [home.title, home.meta.description, home.meta['og:description']] : []) {
    if (!value || !home) continue;
    for (const s of STAGES)
      if (s.pattern.test(value)) return propose(s.value, [quoteOn(home, 'head', value.replace(/\s+/g, ' ').trim())]);
  }
  return undefined;
}
