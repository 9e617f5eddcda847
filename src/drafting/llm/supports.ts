import type { Evidence } from '../evidence.js';
import { containsPhrase, numbersAllIn, overlapShare } from './text-overlap.js';

/**
 * Whether a quote that really is on the page also backs the value it is offered for. A verified
 * quote proves only that the sentence exists; "Founded in 2021" quoted for 2019 must still fail.
 *
 * year, date, country, phrase and link are checked quote by quote (one quote must carry the fact);
 * text and label are checked against all quotes together, since a paraphrase may draw on several.
 */
export type SupportCheck =
  | 'year' // founded_year: the four digits occur as a number in the quote
  | 'date' // milestone date: its year occurs in the quote (pages often give only month and year)
  | 'country' // ISO-2 code: the country's English name, an everyday alias, or the code as a word
  | 'phrase' // name, city, a founder's name: occurs as whole words
  | 'link' // e-mail, video, logo, socials: occurs verbatim (case aside)
  | 'category' // chosen from the site's list; any verified quote explains the choice
  | 'pricing_model' // a word of the quote, or a pricing vocabulary term the quote signals
  | 'label' // tags, keywords, stage, roles: half their content words, and every number, in the quotes
  | 'text'; // sentences: 60% of their content words, and every number, in the quotes

export const TEXT_OVERLAP = 0.6;
export const LABEL_OVERLAP = 0.5;

/** The quotes that back the value; empty when none does. */
export function supportingEvidence(check: SupportCheck, value: string, evidence: Evidence[]): Evidence[] {
  if (check === 'category') return evidence;
  if (check === 'text' || check === 'label' || check === 'pricing_model') {
    return supports(check, value, evidence.map((e) => e.quote).join('\n')) ? evidence : [];
  }
  return evidence.filter((e) => supports(check, value, e.quote));
}

/** Whether this one quote (or, for text and labels, these quotes joined) backs the value. */
export function supports(check: SupportCheck, value: string, quote: string): boolean {
  switch (check) {
    case 'year':
      return /^\d{4}$/.test(value) && new RegExp(`(?<![\\d])${value}(?![\\d])`).test(quote);
    case 'date':
      return /^\d{4}/.test(value) && new RegExp(`(?<![\\d])${value.slice(0, 4)}(?![\\d])`).test(quote);
    case 'country':
      return namesCountry(quote, value);
    case 'phrase':
      return containsPhrase(quote, value);
    case 'link':
      return containsLink(quote, value);
    case 'category':
      return true;
    case 'pricing_model':
      return supportsPricingModel(value, quote);
    case 'label':
      return overlapShare(value, quote) >= LABEL_OVERLAP && numbersAllIn(value, quote);
    case 'text':
      return overlapShare(value, quote) >= TEXT_OVERLAP && numbersAllIn(value, quote);
  }
}

/** A link or address occurs in the quote; a page showing "linkedin.com/company/x" backs
 *  https://www.linkedin.com/company/x. */
function containsLink(quote: string, link: string): boolean {
  const q = quote.toLowerCase();
  const l = link.trim().toLowerCase();
  if (!l) return false;
  if (q.includes(l)) return true;
  const bare = l.replace(/^https?:\/\//, '').replace(/^www\./, '');
  return bare !== l && bare.includes('/') && q.includes(bare);
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
// Names a page commonly uses that Intl's English names are not.
const COUNTRY_ALIASES: Record<string, string[]> = {
  US: ['USA', 'U.S.', 'U.S.A.', 'America', 'United States of America'],
  GB: ['UK', 'U.K.', 'Britain', 'Great Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland'],
  NL: ['Holland', 'The Netherlands'],
  AE: ['UAE', 'U.A.E.'],
  KR: ['Korea', 'South Korea'],
  CZ: ['Czech Republic'],
  TR: ['Turkey'],
  CI: ["Cote d'Ivoire", 'Ivory Coast'],
};

// Codes Intl names that are not countries (EU, UN, eurozone, pseudo-locales, unknown region).
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);

/** English name of an ISO 3166-1 alpha-2 code, or null when the code is not a country. */
export function countryName(code: string): string | null {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return null;
  try {
    const name = regionNames.of(code);
    return name && name !== code ? name : null;
  } catch {
    return null;
  }
}

let byName: Map<string, string> | null = null;
/** The ISO code for a country written as a name ("Portugal" → "PT"), or as a code in any case. */
export function countryCode(value: string): string | null {
  const v = value.trim();
  if (/^[A-Za-z]{2}$/.test(v) && countryName(v.toUpperCase())) return v.toUpperCase();
  if (!byName) {
    byName = new Map();
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        const name = countryName(code);
        if (name) byName.set(name.toLowerCase(), code);
      }
    }
    for (const [code, aliases] of Object.entries(COUNTRY_ALIASES))
      for (const a of aliases) byName.set(a.toLowerCase(), code);
  }
  return byName.get(v.toLowerCase()) ?? null;
}

function namesCountry(quote: string, code: string): boolean {
  const name = countryName(code);
  if (!name) return false;
  if ([name, ...(COUNTRY_ALIASES[code] ?? [])].some((n) => containsPhrase(quote, n))) return true;
  // The bare code counts only in capitals ("Lisbon, PT"): in lower case "in", "it", "me" are everywhere.
  return new RegExp(`(?<![\\p{L}\\p{N}])${code}(?![\\p{L}\\p{N}])`, 'u').test(quote);
}

// Pricing models are classifications the page rarely names as such; these are the signs of each.
const PRICING_SIGNS: [RegExp, RegExp][] = [
  [/^freemium$/i, /\bfree\b[\s\S]*\d|\d[\s\S]*\bfree\b/i],
  [/^free$/i, /\bfree\b/i],
  [
    /^(subscription|recurring)$/i,
    /(\/|per |a )\s?(mo|month|yr|year|user|seat)\b|\bmonthly\b|\bannual(ly)?\b|\bsubscription\b/i,
  ],
  [/^paid$/i, /[$€£¥]\s?\d|\d\s?(usd|eur|gbp)\b|(\/|per )\s?(mo|month|yr|year|user|seat)\b/i],
  [
    /^(one[- ]time|lifetime|one[- ]off)( purchase| payment| license)?$/i,
    /\bone[- ]time\b|\blifetime\b|\bpay once\b|\bone[- ]off\b/i,
  ],
  [/^free trial$/i, /\btrial\b/i],
  [/^open[- ]source$/i, /\bopen[- ]source\b|\bMIT\b|\bApache\b|\bGPL\b/i],
  [
    /^(contact( sales| us)?|custom|enterprise|quote[- ]based)$/i,
    /\bcontact (sales|us)\b|\bcustom (pricing|quote)\b|\bget a quote\b|\benterprise\b/i,
  ],
  [
    /^(usage[- ]based|pay[- ]as[- ]you[- ]go)$/i,
    /\bper (request|call|message|gb|minute|hour|unit|credit)\b|\bpay[- ]as[- ]you[- ]go\b|\busage\b/i,
  ],
];

function supportsPricingModel(value: string, quote: string): boolean {
  if (overlapShare(value, quote) >= LABEL_OVERLAP && numbersAllIn(value, quote)) return true;
  const v = value.trim();
  return PRICING_SIGNS.some(([model, sign]) => model.test(v) && sign.test(quote));
}
