import type { TextBlock } from '../../crawler/page-text.js';
import type { Evidence } from '../evidence.js';
import { FIELD_LIMITS, type Proposal } from '../draft-content.js';
import { headingAbove, headingLevel, sectionsNamed } from './outline.js';
import { asks, cuePattern, wordCount } from './text-units.js';
import {
  isBoilerplate,
  isOtherPeoplesWords,
  isOwnStatement,
  pagesOfKind,
  propose,
  quoteLine,
  readText,
  type SiteView,
  type ViewPage,
} from './site-view.js';

const AMOUNT = '\\d{1,3}(?:[,.]\\d{3})*(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d{1,2})?';
const PERIOD =
  '(?:\\s*(?:\\/\\s*|per\\s+|a\\s+|each\\s+)(?:(?:user|seat|member|editor|agent|person)\\s*(?:\\/\\s*|per\\s+)?)?(?:mo|month|yr|year|annum|week|wk|day)\\b\\.?|\\s*(?:monthly|yearly|annually)\\b|\\s*(?:one[- ]time|once|lifetime)\\b)?';
/** "$12", "US$ 9.99 per month", "€19/mo", "29 € / month", "GBP 5 a month", "$99 one-time". */
const PRICE = new RegExp(
  `(?:(?:US|CA|AU|NZ)?\\$|€|£|¥|₹|\\b(?:USD|EUR|GBP|CHF|CAD|AUD)\\s?)\\s?(?:${AMOUNT})${PERIOD}|\\b(?:${AMOUNT})\\s?(?:€|£|\\b(?:EUR|USD|GBP|CHF)\\b)${PERIOD}`,
  'gi',
);
const RECURRING =
  /(?:\/|per|a|each)\s*(?:\w+\s*(?:\/|per)?\s*)?(?:mo|month|yr|year|annum|week|wk|day)\b|monthly|yearly|annually/i;

export interface Tier {
  name: string;
  price: string;
  amount: number;
  recurring: boolean;
  evidence: (Evidence | null)[];
}

const amountOf = (price: string) =>
  Number((/\d[\d,.\s]*/.exec(price)?.[0] ?? '').replace(/[,\s]/g, '').replace(/\.(?=\d{3}\b)/g, '')) || 0;
/** Words before a price that introduce it rather than name a plan: "From $9", "Only $5", "Save $20". */
const NOT_A_PLAN_NAME =
  /^(from|only|just|starting|starts|save|was|now|get|pay|for|at|then|plus|and|or|up to|over|under|about|less|more)\b/i;
const tierNameLike = (s: string) =>
  !NOT_A_PLAN_NAME.test(s) &&
  s.length >= 2 &&
  s.length <= 40 &&
  s.split(/\s+/).length <= 4 &&
  !/[?!.]$/.test(s) &&
  /^\p{L}/u.test(s);

/** Words for prices and plans in the languages founders write in (see cuePattern for why not `\b`). */
const PRICE_WORDS = 'tarifs|prix|forfaits|precios|planes|preços|planos|prezzi|piani|preise';
const PRICE_JOINED = '料金|価格|プラン|价格|價格|定价|套餐|가격|요금|플랜';
const PRICING_SECTION = cuePattern(`pricing|plans?|prices|${PRICE_WORDS}`, PRICE_JOINED);
const OFFER_PAGE = cuePattern(
  `pricing|prices|plans|hosting|hosted|premium|pro|buy|purchase|subscribe|subscription|cloud|${PRICE_WORDS}`,
  PRICE_JOINED,
);
const decodedPath = (url: string) => {
  const path = new URL(url).pathname;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/** Lines that may name plans: the pricing page, and pricing sections of the homepage. */
function pricingLines(site: SiteView): { page: ViewPage; blocks: TextBlock[]; indexes: number[] }[] {
  const out: { page: ViewPage; blocks: TextBlock[]; indexes: number[] }[] = [];
  // Pages named for a paid offer ("Hosting", "Plans", "Pro") are pricing pages whatever their address.
  const offerPage = (p: ViewPage) =>
    p.kind === 'page' && OFFER_PAGE.test(`${p.title} ${decodedPath(p.url).replace(/[-_/.]/g, ' ')}`);
  for (const page of [...pagesOfKind(site, 'pricing'), ...site.pages.filter(offerPage)])
    out.push({ page, blocks: page.blocks, indexes: page.blocks.map((_, i) => i) });
  for (const page of pagesOfKind(site, 'homepage', 'features', 'page').filter((p) => !offerPage(p))) {
    const indexes = new Set<number>();
    for (const s of sectionsNamed(page.blocks, PRICING_SECTION)) for (let i = s.start; i < s.end; i++) indexes.add(i);
    page.blocks.forEach((b, i) => {
      if (/\b(pricing|plan|tier|price)\b/.test(b.within)) indexes.add(i);
    });
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
      // "Starter: $9/month" or "Team $29/month"; a longer lead without a separator is a sentence ("Extra seats cost
      // $5").
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
      tiers.push({
        name,
        price,
        amount: amountOf(price),
        recurring: RECURRING.test(price),
        evidence: [quoteLine(page, b.text, m.index, m[0].length), nameEvidence],
      });
      if (tiers.length >= 8) return tiers;
    }
  }
  return tiers;
}

/** A sentence about what it costs: a price, or free/paid/licence words. */
const COST_WORDS = new RegExp(
  `${PRICE.source}|\\b(?:free|paid|pay|costs?|price[ds]?|pricing|subscription|licen[cs]e[ds]?|open[- ]source|donations?|sponsor\\w*|trial|billed|plans?)\\b`,
  'i',
);

/** Without plans, the pricing page's or pricing section's own sentence saying what it costs. */
function pricingSentence(site: SiteView): Proposal<string> | undefined {
  for (const { page, blocks, indexes } of pricingLines(site)) {
    for (const i of indexes) {
      const b = blocks[i];
      const words = wordCount(b.text);
      if (
        headingLevel(b) ||
        !isOwnStatement(b) ||
        words < 5 ||
        words > 60 ||
        b.text.length > FIELD_LIMITS.pricing_summary.max ||
        !COST_WORDS.test(b.text)
      )
        continue;
      if (/\b(faq|question)\b/.test(b.within) || asks(b.text)) continue;
      return propose(b.text, [quoteLine(page, b.text)]);
    }
  }
  return undefined;
}

/** "Free $0, Starter $12 per month, Team $39 per month": every price as quoted; without plans, the pricing section's
 *  sentence. */
export function extractPricingSummary(tiers: Tier[], site?: SiteView): Proposal<string> | undefined {
  if (!tiers.some((t) => t.evidence[0])) return site ? pricingSentence(site) : undefined;
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

const LICENSE_NAME =
  '(?:MIT|Apache|GPL|AGPL|LGPL|MPL|EUPL|ISC|BSD(?:[- ][23]-Clause)?|(?:GNU )?(?:Affero |Lesser )?General Public|Mozilla Public)';
const LICENSE_VERSION = '(?:[- ]?v?\\d(?:\\.\\d)?(?:-only|-or-later|\\+)?)?';
/** "is free and open source", "open-source and self-hostable", "MIT License", "licensed under the Apache License",
 *  "GPLv3-licensed". */
const OPEN_SOURCE = new RegExp(
  [
    `\\b(?:is|are|fully|100%|completely|entirely|proudly)\\s+(?:an?\\s+|the\\s+)?(?:(?:fully|100%|completely|entirely|proudly|free(?: and|,)?)\\s+)?open[- ]source\\b`,
    `\\bfree(?:,| and| &)?\\s+(?:and\\s+)?open[- ]source\\b`,
    `\\b(?:is|are)\\s+(?:an?\\s+)?(?:free|libre) software\\b`,
    `\\b(?:all |the |our |its )?source code is (?:freely |publicly )?(?:available|published|open)\\b`,
    // The same in other languages: German, French, Spanish, Portuguese, Italian.
    `\\bquelloffen\\w*|\\blogiciel libre\\b|\\bc[óo]digo (?:abierto|aberto)\\b|\\bsoftware libre\\b|\\bcodice aperto\\b`,
    `\\bopen[- ]source (?:and|&) (?:free|self-host\\w*)\\b`,
    `\\b${LICENSE_NAME}${LICENSE_VERSION}[- ]licen[cs](?:e[ds]?)?\\b`,
    `\\blicen[cs]ed under (?:the )?(?:terms of the )?${LICENSE_NAME}`,
  ].join('|'),
  'i',
);
const FREEMIUM = /\bfreemium\b/i;
const FREE_PLAN =
  /\bfree (?:plan|tier|version|edition)\b|\bfree,? forever\b|\bforever free\b|\bfree for (?:ever|individuals|personal use|small teams|solo)\b/i;
const ONE_TIME =
  /\bone[- ]time (?:payment|purchase|fee|price)\b|\bpay once\b|\blifetime (?:licen[cs]e|deal|access)\b|\bno subscription\b/i;
const SUBSCRIPTION = /\bsubscriptions?\b|\bbilled (?:monthly|annually|yearly)\b/i;
const ALL_FREE =
  /\b(?:completely|totally|100%|entirely|always) free\b|\bfree to use\b|\bfree,? forever\b|\b(?:is|are) free\b(?! (?:trial|for \d|to (?!use\b)))/i;
/** The product costs nothing itself: the user pays the model provider with their own key. */
const OWN_KEYS = /\bbring your own (?:\w+ )?(?:API )?keys?\b|\b(?:use|with) your own (?:\w+ )?API keys?\b/i;

/**
 * The first line on the own pages that matches, with its evidence. A licence is stated in the footer
 * or on a licence page as often as in the main text, so `inFooter` lets footers count.
 */
function statement(site: SiteView, pattern: RegExp, inFooter = false, name?: string): Evidence | null {
  for (const page of pagesOfKind(site, 'pricing', 'homepage', 'features', 'faq', 'about', 'page')) {
    // One scan of the page first: most pages never say it, and then no line needs testing.
    if (!pattern.test(readText(page))) continue;
    // Other pages (posts, docs) speak of other software too: there the line must name the product, or the page be its
    // licence.
    const anyLine = page.kind !== 'page' || /licen[cs]e|copying|legal|about/i.test(`${page.url} ${page.title}`);
    const named = (text: string) => !!name && text.toLowerCase().includes(name.toLowerCase());
    for (const b of page.blocks) {
      if (
        b.text.length > 2000 ||
        isOtherPeoplesWords(b) ||
        (isBoilerplate(b) && !(inFooter && /\bfooter\b/.test(b.within) && !/\bnav\b/.test(b.within)))
      )
        continue;
      if (!anyLine && !named(b.text) && !/\b(?:we|our|this (?:project|software|site|app))\b/i.test(b.text)) continue;
      const m = pattern.exec(b.text);
      if (m) return quoteLine(page, b.text, m.index, m[0].length);
    }
  }
  return null;
}

/** free / freemium / paid / subscription / one-time / open source, only as the site states it. */
export function extractPricingModel(site: SiteView, tiers: Tier[], name?: string): Proposal<string> | undefined {
  const quoted = tiers.filter((t) => t.evidence[0]);
  const paid = quoted.filter((t) => t.amount > 0);
  const freeTier = quoted.find((t) => t.amount === 0);
  const openSource = statement(site, OPEN_SOURCE, true, name);
  if (openSource) return propose('open source', [openSource]);
  const freemium = statement(site, FREEMIUM);
  if (freemium) return propose('freemium', [freemium]);
  const freePlan = freeTier?.evidence[0] ?? statement(site, FREE_PLAN);
  if (freePlan && paid.length) return propose('freemium', [freePlan, paid[0].evidence[0]]);
  const oneTime =
    paid.find((t) => /one[- ]time|once|lifetime/i.test(t.price))?.evidence[0] ?? statement(site, ONE_TIME);
  if (oneTime) return propose('one-time', [oneTime]);
  const recurring = paid.find((t) => t.recurring);
  if (recurring) return propose('subscription', [recurring.evidence[0]]);
  const subscription = statement(site, SUBSCRIPTION);
  if (subscription) return propose('subscription', [subscription]);
  if (!paid.length) {
    const free = statement(site, ALL_FREE) ?? freePlan ?? statement(site, OWN_KEYS);
    if (free) return propose('free', [free]);
  }
  if (paid.length) return propose('paid', [paid[0].evidence[0]]);
  return undefined;
}
