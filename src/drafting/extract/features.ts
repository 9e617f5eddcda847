import type { TextBlock } from '../../crawler/page-text.js';
import type { Evidence } from '../evidence.js';
import { FIELD_LIMITS, type Proposal } from '../draft-content.js';
import { headingLevel, sectionsNamed, sectionsOf, type Section } from './outline.js';
import { isOwnStatement, pagesOfKind, propose, quoteLine, type SiteView, type ViewPage } from './site-view.js';
import { looseKey } from './text-fit.js';

const FEATURES_SECTION = /\b(features?|what you get|everything you need|capabilities|how it works|what \S+ does|toolkit|built for)\b/i;
const USPS_SECTION = /\b(why|benefits?|advantages?|what makes|different|unlike|reasons?)\b/i;
/** Headings that organise a page rather than name a feature: calls to action, other sections. */
const NOT_AN_ITEM = /^(features?|all features|pricing|plans|faqs?|frequently asked questions|get started|start (?:free|now|today)|try\b|sign up|ready\b|join\b|contact|testimonials?|what (?:our )?(?:customers|users|people) (?:say|think)|loved by|trusted by|and (?:much )?more|learn more|see all|integrations?$|our (?:team|story|customers)|blog|about)/i;

interface Item { text: string; page: ViewPage }

const itemLike = (b: TextBlock) => isOwnStatement(b) && b.text.length <= 120 && !b.text.endsWith('?') && !NOT_AN_ITEM.test(b.text) && !/\b(testimonial|faq|pricing|plan|tier)\b/.test(b.within);

/** The items of a section: its sub-headings, or else its list items. */
function itemsOfSection(page: ViewPage, s: Section): Item[] {
  const subHeadings: Item[] = [];
  const listItems: Item[] = [];
  for (let i = s.start; i < s.end; i++) {
    const b = page.blocks[i];
    if (!itemLike(b)) continue;
    if (headingLevel(b) > s.level) subHeadings.push({ text: b.text, page });
    else if (b.tag === 'li' && !headingLevel(b)) listItems.push({ text: b.text, page });
  }
  return subHeadings.length ? subHeadings : listItems;
}

function toProposal(items: Item[]): Proposal<string[]> | undefined {
  const seen = new Set<string>();
  const values: string[] = [];
  const evidence: (Evidence | null)[] = [];
  for (const item of items) {
    const key = looseKey(item.text);
    if (!key || seen.has(key) || item.text.length > FIELD_LIMITS.features.max) continue;
    const e = quoteLine(item.page, item.text);
    if (!e) continue;
    seen.add(key);
    values.push(item.text);
    evidence.push(e);
    if (values.length >= (FIELD_LIMITS.features.items ?? 20)) break;
  }
  return values.length ? propose(values, evidence) : undefined;
}

/** Features: the headings of the features page, and the items of the homepage's features section. */
export function extractFeatures(site: SiteView): Proposal<string[]> | undefined {
  const items: Item[] = [];
  for (const page of pagesOfKind(site, 'features')) {
    // Section headings of a features page name features, except those of its call-to-action and FAQ parts.
    for (const s of sectionsOf(page.blocks)) {
      const b = page.blocks[s.heading];
      if (s.level >= 2 && s.level <= 3 && itemLike(b) && !/^why\b/i.test(b.text)) items.push({ text: b.text, page });
    }
  }
  for (const page of pagesOfKind(site, 'homepage')) {
    for (const s of sectionsNamed(page.blocks, FEATURES_SECTION)) if (!USPS_SECTION.test(page.blocks[s.heading].text)) items.push(...itemsOfSection(page, s));
  }
  return toProposal(items);
}

/** Selling points: the items of a "Why …" / "Benefits" section of the homepage or features page. */
export function extractUsps(site: SiteView): Proposal<string[]> | undefined {
  const items: Item[] = [];
  for (const page of pagesOfKind(site, 'homepage', 'features')) {
    for (const s of sectionsNamed(page.blocks, USPS_SECTION)) if (s.level >= 2) items.push(...itemsOfSection(page, s));
  }
  return toProposal(items);
}
