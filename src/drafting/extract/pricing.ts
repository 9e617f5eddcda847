import type { TextBlock } from '../../crawler/page-text.js';
import type { Evidence } from '../evidence.js';
import { FIELD_LIMITS, type Proposal } from '../draft-content.js';
import { headingAbove, headingLevel, sectionsNamed } from './outline.js';
import { isOwnStatement, pagesOfKind, propose, quoteLine, type SiteView, type ViewPage } from './site-view.js';

const AMOUNT = '\\d{1,3}(?:[,.]\\d{3})*(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d{1,2})?';
const PERIOD = '(?:\\s*(?:\\/\\s*|per\\s+|a\\s+|each\\s+)(?:(?:user|seat|member|editor|agent|person)\\s*(?:\\/\\s*|per\\s+)?)?(?:mo|month|yr|year|annum|week|wk|day)\\b\\.?|\\s*(?:monthly|yearly|annually)\\b|\\s*(?:one[- ]time|once|lifetime)\\b)?';
/** "$12", "US$ 9.99 per month", "€19/mo", "29 € / month", "GBP 5 a month", "$99 one-time". */
const PRICE = new RegExp(`(?:(?:US|CA|AU|NZ)?\\$|€|£|¥|₹|\\b(?:USD|EUR|GBP|CHF|CAD|AUD)\\s?)\\s?(?:${AMOUNT})${PERIOD}|\\b(?:${AMOUNT})\\s?(?:€|£|\\b(?:EUR|USD|GBP|CHF)\\b)${PERIOD}`, 'gi');
const RECURRING = /(?:\/|per|a|each)\s*(?:\w+\s*(?:\/|per)?\s*)?(?:mo|month|yr|year|annum|week|wk|day)\b|monthly|yearly|annually/i;

export interface Tier { name: string; price: string; amount: number; recurring: boolean; evidence: (Evidence | null)[] }

const amountOf = (price: string) => Number((/\d[\d,.\s]*/.exec(price)?.[0] ?? '').replace(/[,\s]/g, '').replace(/\.(?=\d{3}\b)/g, '')) || 0;
/** Words before a price that introduce it rather than name a plan: "From $9", "Only $5", "Save $20". */
const NOT_A_PLAN_NAME = /^(from|only|just|starting|starts|save|was|now|get|pay|for|at|then|plus|and|or|up to|over|under|about|less|more)\b/i;
const tierNameLike = (s: string) => !NOT_A_PLAN_NAME.test(s) && s.length >= 2 && s.length <= 40 && s.split(/\s+/).length <= 4 && !/[?!.]$/.test(s) && /^\p{L}/u.test(s);

/** Lines that may name plans: the pricing page, and pricing sections of the homepage. */
function pricingLines(site: SiteView): { page: ViewPage; blocks: TextBlock[]; indexes: number[] }[] {
  const out: { page: ViewPage; blocks: TextBlock[]; indexes: number[] }[] = [];
  for (const page of pagesOfKind(site, 'pricing')) out.push({ page, blocks: page.blocks, indexes: page.blocks.map((_, i) => i) });
  for (const page of pagesOfKind(site, 'homepage')) {
    const indexes = new Set<number>();
    for (const s of sectionsNamed(page.blocks, /\b(pricing|plans?|prices)\b/i)) for (let i = s.start; i < s.end; i++) indexes.add(i);
    page.blocks.forEach((b, i) => { if (/\b(pricing|plan|tier|price)\b/.test(b.within)) indexes.add(i); });
    if (indexes.size) out.push({ page, blocks: page.blocks, indexes: [...indexes].sort((a, b) => a - b) });
  }
  return out;
}

/** Plans with a stated price: "Starter: $9/month", or a plan heading followed by its price line. */
export function extractTiers(site: SiteView): Tier[] {
  const tiers: Tier[] = [];
  for (const { page, blocks, indexes } of pricingLines(site)) {
    for (const i of indexes) {
      const b = blocks[i];
      if (!isOwnStatement(b) || b.text.length > 300 || headingLevel(b) === 1) continue;
      PRICE.lastIndex = 0;
      const m = PRICE.exec(b.text);
      if (!m) continue;
      const price = m[0].trim();
      const lead = b.text.slice(0, m.index);
      const before = lead.replace(/[\s:–—|·-]+$/, '').trim();
      // "Starter: $9/month" or "Team $29/month"; a longer lead without a separator is a sentence ("Extra seats cost $5").
      const namedInline = before !== '' && (/[:–—|·-]\s*$/.test(lead) || before.split(/\s+/).length <= 2);
      const after = b.text.slice(m.index + m[0].length).trim();
      let name: string | null = null;
      let nameEvidence: Evidence | null = null;
      if (/\b(faq|question)\b/.test(b.within)) continue;
      if (namedInline && tierNameLike(before)) name = before;
      else if (!before && after.length <= 30) {
        // A price alone on its line ("$12 per month", "$12 /mo billed yearly") belongs to the plan heading above it.
        const h = headingAbove(blocks, i, 4);
        if (h !== null && headingLevel(blocks[h]) > 1 && tierNameLike(blocks[h].text)) {
          name = blocks[h].text;
          nameEvidence = quoteLine(page, blocks[h].text);
        }
      }
      if (!name || tiers.some((t) => t.name.toLowerCase() === name!.toLowerCase())) continue;
      tiers.push({ name, price, amount: amountOf(price), recurring: RECURRING.test(price), evidence: [quoteLine(page, b.text, m.index, m[0].length), nameEvidence] });
      if (tiers.length >= 8) return tiers;
    }
  }
  return tiers;
}

/** "Free $0, Starter $12 per month, Team $39 per month": every price as quoted. */
export function extractPricingSummary(tiers: Tier[]): Proposal<string> | undefined {
  const parts: string[] = [];
  const evidence: (Evidence | null)[] = [];
  for (const t of tiers) {
    const part = `${t.name} ${t.price}`;
    if ([...parts, part].join(', ').length > FIELD_LIMITS.pricing_summary.max) break;
    // A tier whose price did not verify is left out: the summary states only quoted prices.
    if (!t.evidence[0]) continue;
    parts.push(part);
    evidence.push(...t.evidence);
  }
  return parts.length ? propose(parts.join(', '), evidence) : undefined;
}

const OPEN_SOURCE = /\b(?:is|are|fully|100%|completely|entirely|proudly)\s+open[- ]source\b|\bopen[- ]source (?:and|&) (?:free|self-host\w*)\b|\b(?:MIT|Apache|GPL|AGPL)[- ]licen[cs]ed\b/i;
const FREEMIUM = /\bfreemium\b/i;
const FREE_PLAN = /\bfree (?:plan|tier|forever|version|edition)\b|\bforever free\b|\bfree for (?:ever|individuals|personal use|small teams|solo)\b/i;
const ONE_TIME = /\bone[- ]time (?:payment|purchase|fee|price)\b|\bpay once\b|\blifetime (?:licen[cs]e|deal|access)\b|\bno subscription\b/i;
const SUBSCRIPTION = /\bsubscriptions?\b|\bbilled (?:monthly|annually|yearly)\b/i;
const ALL_FREE = /\b(?:completely|totally|100%|entirely|always) free\b|\bfree to use\b|\b(?:is|are) free\b(?! (?:trial|for \d))/i;

/** The first own line on the self-describing pages that matches, with its evidence. */
function statement(site: SiteView, pattern: RegExp): Evidence | null {
  for (const page of pagesOfKind(site, 'pricing', 'homepage', 'features', 'faq', 'about')) {
    for (const b of page.blocks) {
      if (b.text.length > 2000 || !isOwnStatement(b)) continue;
      const m = pattern.exec(b.text);
      if (m) return quoteLine(page, b.text, m.index, m[0].length);
    }
  }
  return null;
}

/** free / freemium / paid / subscription / one-time / open source, only as the site states it. */
export function extractPricingModel(site: SiteView, tiers: Tier[]): Proposal<string> | undefined {
  const quoted = tiers.filter((t) => t.evidence[0]);
  const paid = quoted.filter((t) => t.amount > 0);
  const freeTier = quoted.find((t) => t.amount === 0);
  const openSource = statement(site, OPEN_SOURCE);
  if (openSource) return propose('open source', [openSource]);
  const freemium = statement(site, FREEMIUM);
  if (freemium) return propose('freemium', [freemium]);
  const freePlan = freeTier?.evidence[0] ?? statement(site, FREE_PLAN);
  if (freePlan && paid.length) return propose('freemium', [freePlan, paid[0].evidence[0]]);
  const oneTime = paid.find((t) => /one[- ]time|once|lifetime/i.test(t.price))?.evidence[0] ?? statement(site, ONE_TIME);
  if (oneTime) return propose('one-time', [oneTime]);
  const recurring = paid.find((t) => t.recurring);
  if (recurring) return propose('subscription', [recurring.evidence[0]]);
  const subscription = statement(site, SUBSCRIPTION);
  if (subscription) return propose('subscription', [subscription]);
  if (!paid.length) {
    const free = statement(site, ALL_FREE) ?? freePlan;
    if (free) return propose('free', [free]);
  }
  if (paid.length) return propose('paid', [paid[0].evidence[0]]);
  return undefined;
}
