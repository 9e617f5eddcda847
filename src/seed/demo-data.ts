// Demo content for Launchdeck: a category tree, founders, ~340 listings with launches,
// reviews and stories, blog posts and interview questions. Pure data, built procedurally
// from hand-written archetypes so every listing reads differently; another module inserts it.
// Deterministic: everything is drawn from a seeded Rng, never from Math.random or the clock,
// and dates are either offsets from "now" or fixed calendar dates before MILESTONE_CUTOFF.
import type {
  DemoBlogPost,
  DemoCategory,
  DemoData,
  DemoFaq,
  DemoFounder,
  DemoListing,
  DemoMilestone,
  DemoReview,
  DemoStory,
} from './demo-types.js';
import { Rng } from './random.js';

// ───────────────────────────── limits and shared helpers ─────────────────────────────

/** Field limits from demo-types.ts, exported so tests and importers check the same numbers. */
export const DEMO_LIMITS = {
  faqQuestion: 300,
  faqAnswer: 1500,
  tagline: 200,
  shortDescription: 300,
  description: 20000,
  headline: 200,
  seoTitle: 70,
  seoDescription: 170,
  listItems: 20,
  listItemLength: 200,
  listingFaqs: 6,
  extraCategories: 3,
} as const;

export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,219}$/;

/** Keys allowed in listing socials. */
export const SOCIAL_KEYS = [
  'linkedin', 'x', 'facebook', 'instagram', 'tiktok', 'youtube', 'threads', 'pinterest',
  'github', 'reddit', 'producthunt', 'medium', 'website', 'custom',
] as const;

/** Nullable profile fields, keyed by the snake_case name used in notFoundOnWebsite
 *  (the column names of `companies`). A field is null exactly when it is listed there. */
export const NOT_FOUND_FIELDS = {
  logo_url: 'logoUrl',
  pricing_summary: 'pricingSummary',
  country: 'country',
  city: 'city',
  founded_year: 'foundedYear',
  contact_email: 'contactEmail',
  demo_video_url: 'demoVideoUrl',
} as const satisfies Record<string, keyof DemoListing>;

/** Milestones carry real calendar dates; keeping them before this day keeps them in the
 *  past whenever the seed is run, without reading the clock. */
export const MILESTONE_CUTOFF = '2026-09-30';

const SPECIAL_LETTERS: Record<string, string> = {
  ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i',
};

/** ASCII slug: accents folded (NFD strips most; a few letters have no decomposition). */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[øæœßłđðþı]/g, (c) => SPECIAL_LETTERS[c] ?? c)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 220);
}

/** Accent- and case-insensitive key, for uniqueness checks on names. */
export function foldName(text: string): string {
  return slugify(text).replace(/-/g, '');
}

function cap(s: string): string {
  return s.length === 0 ? s : s.charAt(0).toUpperCase() + s.slice(1);
}

// Letters whose spoken name starts with a vowel sound ("an SEO tool", "a UI kit").
const VOWEL_SOUND_LETTERS = new Set(['A', 'E', 'F', 'H', 'I', 'L', 'M', 'N', 'O', 'R', 'S', 'X']);

/** English indefinite article for a phrase. */
function a(phrase: string): string {
  const first = phrase.split(/[\s/-]/)[0] ?? '';
  let an: boolean;
  if (first.length > 1 && first === first.toUpperCase() && /^[A-Z]/.test(first)) {
    an = VOWEL_SOUND_LETTERS.has(first.charAt(0)); // acronym: read letter by letter
  } else {
    const w = first.toLowerCase();
    an = /^[aeio]/.test(w) || (/^u/.test(w) && !/^(uni|use|usu|ure|uti)/.test(w)) || /^hour/.test(w);
  }
  return `${an ? 'an' : 'a'} ${phrase}`;
}

/** "a", "a and b", "a, b and c". */
function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Cuts at a word boundary so a limit is never exceeded; the last resort when no template fits. */
function clamp(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:–-]+$/, '')}…`;
}

/** The first candidate within the limit, trying the preferred one first. */
function fit(candidates: readonly string[], max: number): string {
  for (const c of candidates) if (c.length <= max) return c;
  return clamp(candidates[candidates.length - 1] ?? '', max);
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

// ───────────────────────────── comparison attributes ─────────────────────────────

interface AttrDef { label: string; values: readonly string[] }

// Each category lists some of these keys; listings fill them with one of the values.
const ATTRS: Record<string, AttrDef> = {
  open_source: { label: 'Open source', values: ['yes', 'no'] },
  self_hosted: { label: 'Self-hosting', values: ['yes', 'no', 'enterprise plan only'] },
  api: { label: 'Public API', values: ['REST', 'GraphQL', 'REST and GraphQL', 'REST and webhooks', 'none'] },
  integrations: { label: 'Integrations', values: ['a handful', '10+', '30+', '100+', 'via automation tools'] },
  free_plan: { label: 'Free plan', values: ['yes', 'no', 'free trial only'] },
  platforms: { label: 'Platforms', values: ['Web', 'Web, macOS, Windows', 'Web, iOS, Android', 'macOS, iOS', 'Windows, macOS, Linux', 'Web, desktop and mobile'] },
  offline_mode: { label: 'Works offline', values: ['yes', 'no', 'read-only'] },
  collaboration: { label: 'Real-time collaboration', values: ['yes', 'no', 'comments only'] },
  export_formats: { label: 'Export formats', values: ['PNG, SVG, PDF', 'SVG, PDF', 'PNG, JPG', 'SVG and code', 'HTML and CSS'] },
  team_seats: { label: 'Seats included', values: ['1', '3', '5', '10', 'unlimited'] },
  models: { label: 'Models', values: ['own model', 'several hosted providers', 'open-weight models', 'bring your own key'] },
  data_retention: { label: 'Data retention', values: ['none', '30 days', '90 days', 'configurable'] },
  currencies: { label: 'Currencies', values: ['USD only', 'USD, EUR, GBP', '30+', '100+'] },
  bank_sync: { label: 'Bank sync', values: ['yes', 'no', 'EU and UK banks', 'US banks only'] },
  compliance: { label: 'Compliance', values: ['SOC 2', 'GDPR', 'SOC 2 and GDPR', 'PCI DSS', 'in progress'] },
  crm_sync: { label: 'CRM sync', values: ['two-way', 'one-way', 'none'] },
  gdpr: { label: 'Consent needed', values: ['no, cookie-free', 'yes, uses cookies', 'configurable'] },
  certificates: { label: 'Certificates', values: ['yes', 'no', 'paid add-on'] },
  languages: { label: 'Languages', values: ['English', 'English and Spanish', '10+', '30+'] },
  wearables: { label: 'Wearable sync', values: ['phone health apps', 'most smartwatches', 'chest straps and watches', 'none'] },
  hipaa: { label: 'HIPAA', values: ['compliant', 'BAA on request', 'not applicable'] },
  custom_domain: { label: 'Custom domain', values: ['yes', 'paid plans', 'no'] },
  templates: { label: 'Templates', values: ['10+', '50+', '200+', 'none'] },
  sdk_languages: { label: 'SDKs', values: ['JavaScript and Python', 'JavaScript, Python, Go', '10+ languages', 'JavaScript only'] },
  runners: { label: 'Hosted runners', values: ['Linux', 'Linux and macOS', 'Linux, macOS, Windows', 'self-hosted only'] },
  alert_channels: { label: 'Alert channels', values: ['email and team chat', 'email, SMS, chat, webhooks', 'phone calls and SMS', 'webhooks only'] },
  backups: { label: 'Point-in-time recovery', values: ['yes', 'no', 'paid plans'] },
  hosting_region: { label: 'Hosting regions', values: ['US', 'EU', 'US and EU', 'any region'] },
  code_languages: { label: 'Languages analysed', values: ['JavaScript and TypeScript', '10+ languages', '30+ languages', 'any (language-agnostic)'] },
  browsers: { label: 'Browsers', values: ['Chromium', 'Chromium, Firefox, WebKit', 'all major browsers and mobile'] },
  sync: { label: 'Sync', values: ['end-to-end encrypted', 'cloud', 'local-first', 'none'] },
  mobile_app: { label: 'Mobile app', values: ['iOS and Android', 'iOS only', 'Android only', 'no'] },
  calendar_providers: { label: 'Calendar providers', values: ['major cloud calendars', 'cloud calendars and CalDAV', 'one provider'] },
  plugins: { label: 'Plugin ecosystem', values: ['none', 'growing', 'large'] },
  user_testing: { label: 'Built-in user testing', values: ['yes', 'no', 'paid add-on'] },
  licence: { label: 'Licence', values: ['commercial use included', 'personal use only', 'attribution required'] },
  frameworks: { label: 'Frameworks', values: ['React', 'React and Vue', 'framework-agnostic', 'web components'] },
  ab_testing: { label: 'A/B testing', values: ['yes', 'no'] },
  keyword_db: { label: 'Keyword database', values: ['US only', '50+ countries', 'worldwide'] },
  channels: { label: 'Social networks', values: ['3', '6', '10+'] },
  human_approval: { label: 'Human approval step', values: ['yes', 'no', 'optional'] },
  resolution: { label: 'Max resolution', values: ['1024 px', '2048 px', '4K'] },
  voices: { label: 'Voices', values: ['20+', '100+', 'custom voice cloning'] },
  tracing: { label: 'Tracing', values: ['yes', 'no'] },
  tax: { label: 'Sales tax and VAT', values: ['yes', 'no', 'EU VAT only'] },
  multi_entity: { label: 'Multiple entities', values: ['yes', 'no'] },
  payouts: { label: 'Payout speed', values: ['daily', 'two days', 'weekly'] },
  warmup: { label: 'Inbox warm-up', values: ['built-in', 'no', 'paid add-on'] },
  e_signature: { label: 'E-signature', values: ['built-in', 'via integration', 'no'] },
  script_size: { label: 'Script size', values: ['under 1 KB', 'under 2 KB', 'under 5 KB', 'no script (server logs)'] },
  session_replay: { label: 'Session replay', values: ['yes', 'no'] },
  connectors: { label: 'Data connectors', values: ['10+', '50+', '100+', 'SQL databases only'] },
  logic_jumps: { label: 'Logic jumps', values: ['yes', 'no', 'paid plans'] },
  live_classes: { label: 'Live classes', values: ['yes', 'no'] },
  payments_builtin: { label: 'Built-in payments', values: ['yes', 'no', 'via integration'] },
  coach_chat: { label: 'Human coaching', values: ['yes', 'no', 'paid add-on'] },
  barcode_scan: { label: 'Barcode scanner', values: ['yes', 'no'] },
  smart_alarm: { label: 'Smart alarm', values: ['yes', 'no'] },
  ecommerce: { label: 'E-commerce', values: ['yes', 'no', 'paid plans'] },
};
