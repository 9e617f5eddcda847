import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crawlSite, type CrawledPage } from '../../src/crawler/crawl-site.js';
import { extractPage } from '../../src/crawler/page-text.js';
import { composeDraft } from '../../src/drafting/compose-draft.js';
import type { DraftContent } from '../../src/drafting/draft-content.js';
import { normalizeWhitespace, sourcesOf, verifyQuote, type Evidence } from '../../src/drafting/evidence.js';
import { startFixtureSite, type FixtureRoutes } from './fixture-site.js';
import { FIXTURE_CATEGORIES } from './fixture-websites.js';

/**
 * The drafting-quality corpus: real landing sites of open-source products, copied into
 * test/fixtures/sites/<slug>/ with a hand-written facts.json of what each states. Each is served
 * on loopback at the root of its own origin, crawled and drafted as a submission would be (no LLM),
 * and the draft is scored per field: recall of the stated facts, values invented for fields the
 * site does not state, and quotes that are not on any page read.
 */

export const CORPUS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/sites');
/** Sites in the languages the corpus above lacks, split into development and holdout parts (see its SPLIT.md). */
export const MULTILINGUAL_CORPUS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../fixtures/sites-multilingual',
);

/** Fields a facts.json may state, and how each is scored. */
export const EXACT_FIELDS = [
  'name',
  'contact_email',
  'country',
  'city',
  'pricing_model',
  'founded_year',
  'logo_url',
] as const;
export const QUOTED_FIELDS = ['tagline', 'pricing_summary'] as const;
export const LIST_PARTS = ['features', 'faqs', 'founders'] as const;
export const FACT_FIELDS = [...EXACT_FIELDS, ...QUOTED_FIELDS, ...LIST_PARTS, 'company_socials'] as const;
export type FactField = (typeof FACT_FIELDS)[number];
/** The values src/drafting/extract/pricing.ts produces. */
export const PRICING_MODELS = ['free', 'freemium', 'paid', 'subscription', 'one-time', 'open source'];

export interface StatedFacts {
  name?: { value: string; quote: string };
  tagline?: { value?: string; quote: string };
  contact_email?: { value: string; quote: string };
  country?: { value: string; quote: string };
  city?: { value: string; quote: string };
  pricing_model?: { value: string; quote: string };
  pricing_summary?: { value?: string; quote: string };
  founded_year?: { value: string; quote: string };
  logo_url?: { value: string };
  features?: { quote: string }[];
  faqs?: { question: string }[];
  founders?: { name: string; quote: string }[];
  company_socials?: Record<string, string>;
}
export interface SiteFactsFile {
  url_path: string;
  /** The site's language as a BCP 47 tag (the multilingual corpus gives it; English when absent). */
  language?: string;
  shape: string;
  stated: StatedFacts;
  not_stated: FactField[];
}
export interface CorpusSite {
  slug: string;
  dir: string;
  facts: SiteFactsFile;
}

/** Every site folder holding a facts.json, by slug. */
export function loadCorpus(dir = CORPUS_DIR): CorpusSite[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && fs.existsSync(path.join(dir, e.name, 'facts.json')))
    .map((e) => e.name)
    .sort()
    .map((slug) => ({
      slug,
      dir: path.join(dir, slug),
      facts: JSON.parse(fs.readFileSync(path.join(dir, slug, 'facts.json'), 'utf8')) as SiteFactsFile,
    }));
}

/** Language groups the drafting figures are reported by. */
export type LanguageGroup = 'English' | 'other Latin-script' | 'CJK' | 'other scripts';
export function languageGroup(tag = 'en'): LanguageGroup {
  const lang = tag.toLowerCase().split('-')[0];
  if (lang === 'en') return 'English';
  if (['ja', 'zh', 'ko'].includes(lang)) return 'CJK';
  if (['ru', 'uk', 'bg', 'el', 'ar', 'he', 'fa', 'hi', 'th'].includes(lang)) return 'other scripts';
  return 'other Latin-script';
}

/**
 * The part of the multilingual corpus a site belongs to, by the rule its SPLIT.md wrote down before
 * anything was measured: holdout when the first byte of the SHA-256 of the slug is divisible by 3.
 */
export function splitOf(slug: string): 'development' | 'holdout' {
  return createHash('sha256').update(slug, 'utf8').digest()[0] % 3 === 0 ? 'holdout' : 'development';
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'application/javascript',
  '.mjs': 'application/javascript',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};
/** Files of a site folder that are ours, not the site's (`_redirects` is read as a static host would). */
const NOT_SITE_FILES = new Set(['facts.json', 'SOURCE.md', '_redirects']);

function filesUnder(dir: string, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) return filesUnder(path.join(dir, e.name), rel);
    return prefix === '' && NOT_SITE_FILES.has(e.name) ? [] : [rel];
  });
}

/** The site's HTML files by the path a visitor asks for. */
export function htmlFiles(site: CorpusSite): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of filesUnder(site.dir)) {
    if (!/\.html?$/.test(rel)) continue;
    const html = fs.readFileSync(path.join(site.dir, rel), 'utf8');
    out[`/${rel}`] = html;
  }
  return out;
}

/**
 * Routes serving a site folder the way static hosts (GitHub Pages, Netlify) do: every file at its
 * path, `dir/index.html` at `/dir/` (and `/dir` redirected there), `page.html` also at `/page`, and
 * the redirects of a Netlify-style `_redirects` file ("/from /to 301", one a line) where the site's
 * server redirects.
 */
export function siteRoutes(dir: string): FixtureRoutes {
  const routes: FixtureRoutes = {};
  const redirects = path.join(dir, '_redirects');
  if (fs.existsSync(redirects)) {
    for (const line of fs.readFileSync(redirects, 'utf8').split('\n')) {
      const [from, to, status] = line.trim().split(/\s+/);
      if (from?.startsWith('/') && to) routes[from] = { status: Number(status) || 301, headers: { location: to } };
    }
  }
  for (const rel of filesUnder(dir)) {
    const ext = path.extname(rel).toLowerCase();
    const body = fs.readFileSync(path.join(dir, rel));
    const response = { body, type: TYPES[ext] ?? 'application/octet-stream' };
    routes[`/${rel}`] = response;
    if (rel === 'index.html') routes['/'] = response;
    else if (rel.endsWith('/index.html')) {
      const folder = `/${rel.slice(0, -'index.html'.length)}`;
      routes[folder] = response;
      routes[folder.slice(0, -1)] ??= { status: 301, headers: { location: folder } };
    } else if (ext === '.html') routes[`/${rel.slice(0, -5)}`] ??= response;
  }
  return routes;
}

// ───────────────────────────── checking a facts.json ─────────────────────────────

/** Every quote a facts.json gives, with where it stands in the file. */
export function factQuotes(stated: StatedFacts): { at: string; quote: string }[] {
  const out: { at: string; quote: string }[] = [];
  for (const [field, fact] of Object.entries(stated)) {
    if (Array.isArray(fact))
      fact.forEach((item: Record<string, string>, i) => {
        for (const k of ['quote', 'question'] as const)
          if (typeof item[k] === 'string') out.push({ at: `${field}[${i}].${k}`, quote: item[k] });
      });
    else if (fact && typeof fact === 'object' && typeof (fact as { quote?: unknown }).quote === 'string')
      out.push({ at: field, quote: (fact as { quote: string }).quote });
  }
  return out;
}

/** What is wrong with a site's facts.json: its shape, its values' normal form, quotes not in the visible text of any page. */
export function factsProblems(site: CorpusSite): string[] {
  const problems: string[] = [];
  const { facts } = site;
  if (typeof facts.url_path !== 'string' || !facts.url_path.startsWith('/'))
    problems.push('url_path must start with /');
  if (typeof facts.shape !== 'string' || !facts.shape) problems.push('shape is missing');
  if (!fs.existsSync(path.join(site.dir, 'SOURCE.md'))) problems.push('SOURCE.md is missing');
  const stated = facts.stated ?? {};
  for (const key of Object.keys(stated))
    if (!(FACT_FIELDS as readonly string[]).includes(key)) problems.push(`stated.${key} is not a scored field`);
  for (const key of facts.not_stated ?? []) {
    if (!(FACT_FIELDS as readonly string[]).includes(key)) problems.push(`not_stated lists ${key}, not a scored field`);
    if (key in stated) problems.push(`${key} is both stated and not stated`);
  }
  for (const field of EXACT_FIELDS) {
    const fact = stated[field] as { value?: unknown } | undefined;
    if (fact && (typeof fact.value !== 'string' || !fact.value)) problems.push(`${field} has no value`);
  }
  if (stated.country && !/^[A-Z]{2}$/.test(stated.country.value))
    problems.push(`country ${stated.country.value} is not ISO 3166-1 alpha-2`);
  if (stated.pricing_model && !PRICING_MODELS.includes(stated.pricing_model.value))
    problems.push(`pricing_model ${stated.pricing_model.value} is not one of ${PRICING_MODELS.join(', ')}`);
  if (stated.logo_url && !stated.logo_url.value.startsWith('/'))
    problems.push('logo_url must be relative to the site root');
  else if (
    stated.logo_url &&
    !fs.existsSync(path.join(site.dir, decodeURIComponent(new URL(stated.logo_url.value, 'http://x').pathname)))
  )
    problems.push(`logo ${stated.logo_url.value} is not in the folder`);
  for (const [key, url] of Object.entries(stated.company_socials ?? {})) {
    if (!/^[a-z]+$/.test(key)) problems.push(`social key ${key} is not a lowercase platform name`);
    if (!/^https?:\/\//.test(url)) problems.push(`social ${key} is not an absolute URL`);
  }
  const pages = Object.values(htmlFiles(site)).map((html) =>
    normalizeWhitespace(extractPage(html, 'http://127.0.0.1/').text),
  );
  for (const { at, quote } of factQuotes(stated)) {
    const wanted = normalizeWhitespace(quote);
    if (!wanted) problems.push(`${at} is empty`);
    else if (!pages.some((text) => text.includes(wanted)))
      problems.push(`${at} is not in the visible text of any page: ${JSON.stringify(quote)}`);
  }
  return problems;
}

// ───────────────────────────── drafting and scoring ─────────────────────────────

export interface DraftedSite {
  site: CorpusSite;
  origin: string;
  pages: CrawledPage[];
  draft: DraftContent;
  blocked: string | null;
  ms: number;
}

/**
 * Serves the site on its own loopback origin, crawls it and drafts it without an LLM, then stops
 * serving it. `render` draws JavaScript shells in Chromium, as CRAWL_RENDER=chromium does.
 */
export async function draftSite(site: CorpusSite, opts: { render?: boolean } = {}): Promise<DraftedSite> {
  const server = await startFixtureSite(siteRoutes(site.dir));
  try {
    const t0 = performance.now();
    const render = opts.render ? { chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' } : null;
    const crawl = await crawlSite(`${server.origin}${site.facts.url_path}`, {
      publicUrl: 'http://launchdeck.test',
      allowHosts: ['127.0.0.1'],
      render,
    });
    const { content } = await composeDraft(crawl.pages, {
      categories: FIXTURE_CATEGORIES,
      llm: { provider: 'openai', baseUrl: null, apiKey: null, model: null, maxTokens: 8192 },
    });
    return {
      site,
      origin: server.origin,
      pages: crawl.pages,
      draft: content,
      blocked: crawl.blocked,
      ms: performance.now() - t0,
    };
  } finally {
    await server.close();
  }
}

/** Lower-case words (letters and digits, accents kept) of a text. */
const words = (s: string): string[] => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * Whether a drafted text says the fact's quote: at least 60 % of the quote's words are in it (and it
 * is not so much longer that it would say anything: a whole page overlaps every quote), or it is
 * itself a part of the quote of at least two words (a card's heading for the card).
 */
export function overlaps(factQuote: string, drafted: string): boolean {
  const want = words(factQuote);
  const have = words(drafted);
  if (!want.length || !have.length) return false;
  const pool = new Map<string, number>();
  for (const w of have) pool.set(w, (pool.get(w) ?? 0) + 1);
  let shared = 0;
  for (const w of want) {
    const n = pool.get(w) ?? 0;
    if (n > 0) {
      shared++;
      pool.set(w, n - 1);
    }
  }
  const saysIt = shared / want.length >= 0.6 && have.length <= Math.max(3 * want.length, want.length + 30);
  const partOfIt = have.length >= 2 && shared / have.length >= 0.8;
  return saysIt || partOfIt;
}

/** A URL as compared: any scheme, host without www (twitter.com is x.com), no trailing slash, lower-case except the path. */
export function normalizeUrl(raw: string): string {
  try {
    const u = new URL(raw);
    return `${u.hostname
      .toLowerCase()
      .replace(/^(?:www|mobile)\./, '')
      .replace(/^twitter\.com$/, 'x.com')}${u.pathname.replace(/\/+$/, '')}${u.search}${u.hash}`;
  } catch {
    return raw.trim().replace(/\/+$/, '');
  }
}

/** A logo as compared: its path (and query) on whichever host, since a site names its logo by its public address. */
const logoPath = (raw: string, origin: string) => {
  try {
    const u = new URL(raw, origin);
    return decodeURIComponent(u.pathname + u.search);
  } catch {
    return raw;
  }
};

const contains = (outer: string, inner: string) =>
  normalizeWhitespace(outer).toLowerCase().includes(normalizeWhitespace(inner).toLowerCase());
const sameText = (a: string, b: string) =>
  normalizeWhitespace(a).toLowerCase() === normalizeWhitespace(b).toLowerCase();

/** Texts of a drafted item to compare a fact with: the value, then each quote backing it. */
const textsOf = (value: unknown, evidence: Evidence[]) => [
  ...(typeof value === 'string' ? [value] : []),
  ...evidence.map((e) => e.quote),
];

/** Pairs each fact with a different drafted item (greedily, in order), so one long item cannot stand for many facts. */
/**
 * The most a draft may hold of each list (SPEC §2.2, §7: 20 features, 10 FAQs, 6 founders): a site stating more
 * counts as stating that many, so a full list of matches is full recall.
 */
const LIST_CAPS = { features: 20, faqs: 10, founders: 6 } as const;

/** Scores a list part: each stated item with whether the draft holds it, counted up to the list's cap. */
function scoreList(s: FieldScore, cap: number, items: [label: string, found: boolean][]): void {
  const found = Math.min(cap, items.filter(([, hit]) => hit).length);
  const stated = Math.min(cap, items.length);
  s.stated += stated;
  s.found += found;
  s.missed.push(
    ...items
      .filter(([, hit]) => !hit)
      .slice(0, stated - found)
      .map(([label]) => label),
  );
}

function matchOneToOne<F, D>(facts: F[], drafted: D[], same: (f: F, d: D) => boolean): boolean[] {
  const used = new Set<number>();
  return facts.map((f) => {
    const i = drafted.findIndex((d, j) => !used.has(j) && same(f, d));
    if (i < 0) return false;
    used.add(i);
    return true;
  });
}

export interface FieldScore {
  stated: number;
  found: number;
  invented: number;
  wrong: string[];
  missed: string[];
  inventedValues: string[];
}
export interface SiteScore {
  slug: string;
  shape: string;
  fields: Partial<Record<FactField, FieldScore>>;
  unverifiable: string[];
  pagesRead: number;
  ms: number;
  blocked: string | null;
}

const newScore = (): FieldScore => ({ stated: 0, found: 0, invented: 0, wrong: [], missed: [], inventedValues: [] });

/** Whether the draft holds anything for a field (a value, an item, an account). */
function draftedValue(draft: DraftContent, field: FactField): unknown {
  if (field === 'faqs' || field === 'founders')
    return draft[field].length ? draft[field].map((x) => ('question' in x ? x.question : x.name)) : undefined;
  if (field === 'company_socials') {
    const entries = Object.entries(draft.company_socials).filter(([, p]) => p);
    return entries.length ? Object.fromEntries(entries.map(([k, p]) => [k, p!.value])) : undefined;
  }
  return draft.fields[field]?.value;
}

/** Scores one drafted site against its facts. */
export function scoreSite(d: DraftedSite): SiteScore {
  const { facts } = d.site;
  const { draft } = d;
  const stated = facts.stated;
  const fields: Partial<Record<FactField, FieldScore>> = {};
  const score = (field: FactField) => (fields[field] ??= newScore());

  for (const field of EXACT_FIELDS) {
    const fact = stated[field];
    if (!fact) continue;
    const s = score(field);
    s.stated++;
    const got = draft.fields[field]?.value;
    const ok =
      typeof got === 'string' &&
      (field === 'logo_url' ? logoPath(got, d.origin) === logoPath(fact.value, d.origin) : sameText(got, fact.value));
    if (ok) s.found++;
    else if (got === undefined) s.missed.push(fact.value);
    else s.wrong.push(`${JSON.stringify(got)} (expected ${JSON.stringify(fact.value)})`);
  }

  for (const field of QUOTED_FIELDS) {
    const fact = stated[field];
    if (!fact) continue;
    const s = score(field);
    s.stated++;
    const p = draft.fields[field];
    if (p && textsOf(p.value, p.evidence).some((t) => overlaps(fact.quote, t))) s.found++;
    else if (!p) s.missed.push(fact.quote);
    else s.wrong.push(`${JSON.stringify(p.value)} (expected ${JSON.stringify(fact.quote)})`);
  }

  if (stated.features?.length) {
    const s = score('features');
    const p = draft.fields.features;
    // An item is its text and the quotes that hold it (a short feature name is backed by its whole line).
    const quotes = p?.evidence.map((e) => e.quote) ?? [];
    const items = Array.isArray(p?.value)
      ? (p!.value as string[]).map((v) => [v, ...quotes.filter((q) => contains(q, v))])
      : [];
    const hits = matchOneToOne(stated.features, items, (f, texts) => texts.some((t) => overlaps(f.quote, t)));
    scoreList(
      s,
      LIST_CAPS.features,
      stated.features.map((f, i) => [f.quote, hits[i]]),
    );
  }
  if (stated.faqs?.length) {
    const s = score('faqs');
    const hits = matchOneToOne(stated.faqs, draft.faqs, (f, q) => overlaps(f.question, q.question));
    scoreList(
      s,
      LIST_CAPS.faqs,
      stated.faqs.map((f, i) => [f.question, hits[i]]),
    );
  }
  if (stated.founders?.length) {
    const s = score('founders');
    const hits = matchOneToOne(
      stated.founders,
      draft.founders,
      (f, x) => sameText(f.name, x.name) || words(f.name).every((w) => words(x.name).includes(w)),
    );
    scoreList(
      s,
      LIST_CAPS.founders,
      stated.founders.map((f, i) => [f.name, hits[i]]),
    );
  }
  for (const [key, url] of Object.entries(stated.company_socials ?? {})) {
    const s = score('company_socials');
    s.stated++;
    const got = (draft.company_socials as Record<string, { value: string } | undefined>)[key]?.value;
    if (got !== undefined && normalizeUrl(got) === normalizeUrl(url)) s.found++;
    else if (got === undefined) s.missed.push(`${key} ${url}`);
    else s.wrong.push(`${key} ${got} (expected ${url})`);
  }

  for (const field of facts.not_stated) {
    const value = draftedValue(draft, field);
    if (value === undefined) continue;
    const s = score(field);
    s.invented++;
    s.inventedValues.push(JSON.stringify(value).slice(0, 200));
  }

  return {
    slug: d.site.slug,
    shape: facts.shape,
    fields,
    unverifiable: unverifiableQuotes(d),
    pagesRead: d.pages.filter((p) => p.text || p.headText).length,
    ms: d.ms,
    blocked: d.blocked,
  };
}

/** Every quote anywhere in a draft, with where it sits. */
export function draftQuotes(draft: DraftContent): { at: string; e: Evidence }[] {
  const out: { at: string; e: Evidence }[] = [];
  const walk = (v: unknown, at: string) => {
    if (Array.isArray(v)) for (const [i, x] of v.entries()) walk(x, `${at}[${i}]`);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (Array.isArray(o.evidence)) for (const e of o.evidence as Evidence[]) out.push({ at, e });
      for (const [k, x] of Object.entries(o)) if (k !== 'evidence') walk(x, `${at}.${k}`);
    }
  };
  walk(draft, 'draft');
  return out;
}

/** Quotes of the draft that are not in the text of the page (and part) they claim, nor of any page read. */
export function unverifiableQuotes(d: DraftedSite): string[] {
  const sources = d.pages.flatMap(sourcesOf);
  return draftQuotes(d.draft)
    .filter(
      ({ e }) =>
        !verifyQuote(
          e.quote,
          sources.filter((s) => s.url === e.url && s.source === (e.source ?? 'text')),
        ) && !verifyQuote(e.quote, sources),
    )
    .map(({ at, e }) => `${at}: ${JSON.stringify(e.quote.slice(0, 120))} (${e.url})`);
}

// ───────────────────────────── totals and tables ─────────────────────────────

export interface Totals {
  stated: number;
  found: number;
  invented: number;
  wrong: number;
  unverifiable: number;
}

export function totalsByField(scores: SiteScore[]): Map<FactField, Totals> {
  const out = new Map<FactField, Totals>();
  for (const field of FACT_FIELDS) {
    const t: Totals = { stated: 0, found: 0, invented: 0, wrong: 0, unverifiable: 0 };
    for (const s of scores) {
      const f = s.fields[field];
      if (!f) continue;
      t.stated += f.stated;
      t.found += f.found;
      t.invented += f.invented;
      t.wrong += f.wrong.length;
    }
    if (t.stated || t.invented) out.set(field, t);
  }
  return out;
}

export function siteTotals(s: SiteScore): Totals {
  const t: Totals = { stated: 0, found: 0, invented: 0, wrong: 0, unverifiable: s.unverifiable.length };
  for (const f of Object.values(s.fields)) {
    t.stated += f.stated;
    t.found += f.found;
    t.invented += f.invented;
    t.wrong += f.wrong.length;
  }
  return t;
}

export function overallTotals(scores: SiteScore[]): Totals {
  const t: Totals = { stated: 0, found: 0, invented: 0, wrong: 0, unverifiable: 0 };
  for (const s of scores) {
    const x = siteTotals(s);
    t.stated += x.stated;
    t.found += x.found;
    t.invented += x.invented;
    t.wrong += x.wrong;
    t.unverifiable += x.unverifiable;
  }
  return t;
}

export const recall = (t: { stated: number; found: number }) => (t.stated ? t.found / t.stated : 1);
const pct = (t: Totals) => (t.stated ? `${(100 * recall(t)).toFixed(0)} %` : '—');
const row = (cells: (string | number)[], widths: number[]) =>
  cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');

/** The per-field and per-site tables, and what was missed, as printed by the test and the bench. */
export function qualityReport(scores: SiteScore[], { details = true } = {}): string {
  const head = ['found', 'stated', 'recall', 'invented', 'wrong', 'unverifiable'];
  const widths = [22, 6, 6, 7, 8, 6, 12];
  const lines: string[] = [];
  lines.push(row(['field', ...head], widths));
  for (const [field, t] of totalsByField(scores))
    lines.push(row([field, t.found, t.stated, pct(t), t.invented, t.wrong, ''], widths));
  const all = overallTotals(scores);
  lines.push(row(['all fields', all.found, all.stated, pct(all), all.invented, all.wrong, all.unverifiable], widths));
  lines.push('');
  lines.push(row(['site', ...head, 'pages'], [...widths, 6]));
  for (const s of scores) {
    const t = siteTotals(s);
    lines.push(
      row([s.slug, t.found, t.stated, pct(t), t.invented, t.wrong, t.unverifiable, s.pagesRead], [...widths, 6]),
    );
  }
  if (details) {
    lines.push('');
    for (const s of scores) {
      const notes: string[] = [];
      if (s.blocked) notes.push(`  blocked: ${s.blocked}`);
      for (const [field, f] of Object.entries(s.fields) as [FactField, FieldScore][]) {
        for (const m of f.missed) notes.push(`  missed ${field}: ${m.slice(0, 140)}`);
        for (const w of f.wrong) notes.push(`  wrong ${field}: ${w.slice(0, 200)}`);
        for (const v of f.inventedValues) notes.push(`  INVENTED ${field}: ${v}`);
      }
      for (const u of s.unverifiable) notes.push(`  UNVERIFIABLE ${u}`);
      if (notes.length) lines.push(`${s.slug} (${s.shape}):`, ...notes);
    }
  }
  return lines.join('\n');
}

/** Drafts and scores every site of the corpus, a few at a time. */
export async function measureCorpus(
  sites = loadCorpus(),
  parallel = 4,
  opts: { render?: boolean } = {},
): Promise<SiteScore[]> {
  const scores: SiteScore[] = new Array(sites.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, sites.length) }, async () => {
      while (next < sites.length) {
        const i = next++;
        scores[i] = scoreSite(await draftSite(sites[i], opts));
      }
    }),
  );
  return scores;
}
