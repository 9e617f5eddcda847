import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { crawlSite, type CrawledPage, type CrawlResult } from '../../src/crawler/crawl-site.js';
import { extractPage } from '../../src/crawler/page-text.js';
import { extractDraft } from '../../src/drafting/extract/extract-draft.js';
import { sourcesOf, verifyQuote, type Evidence } from '../../src/drafting/evidence.js';
import { FIELD_LIMITS, PROFILE_FIELDS, type DraftContent } from '../../src/drafting/draft-content.js';
import { startFixtureSite } from '../support/fixture-site.js';
import { draftQuotes } from '../support/drafting-quality.js';
import { FIXTURE_CATEGORIES, FIXTURE_WEBSITES, isMatcher, type SiteFacts } from '../support/fixture-websites.js';

const crawlOpts = { publicUrl: 'http://launchdeck.test', allowHosts: ['127.0.0.1'] };
type SiteName = keyof typeof FIXTURE_WEBSITES;
const crawled = new Map<SiteName, { result: CrawlResult; draft: DraftContent; facts: SiteFacts }>();
const servers: { close(): Promise<void> }[] = [];

before(async () => {
  for (const [name, build] of Object.entries(FIXTURE_WEBSITES) as [
    SiteName,
    () => ReturnType<(typeof FIXTURE_WEBSITES)[SiteName]>,
  ][]) {
    const site = build();
    const server = await startFixtureSite(site.routes);
    servers.push(server);
    const result = await crawlSite(`${server.origin}${site.start ?? '/'}`, crawlOpts);
    crawled.set(name, {
      result,
      draft: extractDraft(result.pages, { categories: FIXTURE_CATEGORIES }),
      facts: site.facts,
    });
  }
});
after(async () => {
  for (const s of servers) await s.close();
});

/** What a draft holds at a fact's path: a field's value, a draft part, or one entry of socials/story/seo. */
function valueAt(draft: DraftContent, path: string): { value: unknown; evidence: Evidence[][] } | undefined {
  if ((PROFILE_FIELDS as readonly string[]).includes(path)) {
    const p = draft.fields[path as keyof DraftContent['fields']];
    return p ? { value: p.value, evidence: [p.evidence] } : undefined;
  }
  const [part, key] = path.split('.') as [keyof DraftContent, string | undefined];
  const whole = draft[part] as unknown;
  if (Array.isArray(whole))
    return whole.length
      ? { value: whole, evidence: whole.map((x: { evidence: Evidence[] }) => x.evidence) }
      : undefined;
  const record = whole as Record<string, { value: unknown; evidence: Evidence[] } | undefined>;
  if (key === undefined) {
    const entries = Object.values(record).filter(Boolean) as { value: unknown; evidence: Evidence[] }[];
    return entries.length ? { value: record, evidence: entries.map((e) => e.evidence) } : undefined;
  }
  const p = record[key];
  return p ? { value: p.value, evidence: [p.evidence] } : undefined;
}

/** The quote stands at its positions in the named source of the page it claims, and verifies there again. */
function assertQuoted(e: Evidence, pages: CrawledPage[], what: string) {
  const page = pages.find((p) => p.url === e.url);
  assert.ok(page, `${what}: evidence from a page that was not crawled: ${e.url}`);
  const source = sourcesOf(page).find((s) => s.source === (e.source ?? 'text'));
  assert.ok(source, `${what}: page ${e.url} has no ${e.source} text`);
  assert.equal(source.text.slice(e.start, e.end), e.quote, `${what}: quote not at its positions`);
  assert.ok(verifyQuote(e.quote, [source]), `${what}: quote does not verify`);
}

function checkStated(name: SiteName) {
  const { result, draft, facts } = crawled.get(name)!;
  const problems: string[] = [];
  for (const [path, expected] of Object.entries(facts.stated)) {
    const found = valueAt(draft, path);
    if (!found) {
      problems.push(
        `${path}: not found (expected ${isMatcher(expected) ? expected.describe : JSON.stringify(expected)})`,
      );
      continue;
    }
    const ok = isMatcher(expected)
      ? expected.test(found.value)
      : JSON.stringify(found.value) === JSON.stringify(expected);
    if (!ok)
      problems.push(
        `${path}: got ${JSON.stringify(found.value)}, expected ${isMatcher(expected) ? expected.describe : JSON.stringify(expected)}`,
      );
    for (const evidence of found.evidence) {
      if (!evidence.length) problems.push(`${path}: a value without evidence`);
      for (const e of evidence) assertQuoted(e, result.pages, path);
    }
  }
  assert.deepEqual(problems, []);
}

function checkNotStated(name: SiteName) {
  const { draft, facts } = crawled.get(name)!;
  const filled = facts.notStated
    .filter((path) => valueAt(draft, path) !== undefined)
    .map((path) => `${path} = ${JSON.stringify(valueAt(draft, path)!.value)}`);
  assert.deepEqual(filled, []);
}

for (const name of Object.keys(FIXTURE_WEBSITES) as SiteName[]) {
  test(`${name} site: every fact it states is drafted, with quotes found in the page they name`, () =>
    checkStated(name));
  test(`${name} site: nothing it does not state is filled in`, () => checkNotStated(name));
}

test('sites the crawler must refuse are refused with the reason, and draft nothing', () => {
  for (const [name, { result, facts }] of crawled) {
    if (!facts.blocked) {
      assert.equal(result.blocked, null, `${name} was blocked: ${result.blocked}`);
      continue;
    }
    assert.match(result.blocked ?? '', facts.blocked, name);
  }
});

test('the redirected site is read at the end of its three-hop chain', () => {
  const { result } = crawled.get('redirects')!;
  assert.match(result.finalUrl ?? '', /\/en\/$/);
});

test('the saas site is read as eight pages of the expected kinds', () => {
  const { result } = crawled.get('saas')!;
  // The links to pages the fixture does not serve are tried too (the site is read whole) and skipped.
  assert.deepEqual(
    result.pages
      .filter((p) => !p.skipped)
      .map((p) => p.kind)
      .sort(),
    ['about', 'blog', 'contact', 'faq', 'features', 'homepage', 'pricing', 'team'],
  );
});

test('every quote in the saas draft verifies again against the crawled sources', () => {
  const { result, draft } = crawled.get('saas')!;
  const sources = result.pages.flatMap(sourcesOf);
  const all = draftQuotes(draft);
  assert.ok(all.length > 50, `only ${all.length} quotes`);
  for (const { at, e } of all) {
    const again = verifyQuote(
      e.quote,
      sources.filter((s) => s.url === e.url && s.source === (e.source ?? 'text')),
    );
    assert.ok(again, `${at}: ${JSON.stringify(e.quote)} does not verify`);
    assert.equal(again.start <= e.start, true, `${at}: verified elsewhere than claimed`);
  }
});

test('every drafted value and part carries at least one quote', () => {
  for (const [name, { draft }] of crawled) {
    for (const [field, p] of Object.entries(draft.fields)) assert.ok(p!.evidence.length > 0, `${name}.${field}`);
    for (const part of [draft.faqs, draft.founders, draft.milestones])
      for (const x of part) assert.ok(x.evidence.length > 0, name);
    for (const rec of [draft.company_socials, draft.founder_socials, draft.story, draft.seo])
      for (const p of Object.values(rec)) assert.ok(p!.evidence.length > 0, name);
  }
});

test('drafted values stay within the field, FAQ, founder, milestone and SEO limits', () => {
  for (const [, { draft }] of crawled) {
    for (const [field, p] of Object.entries(draft.fields) as [keyof typeof FIELD_LIMITS, { value: unknown }][]) {
      const limit = FIELD_LIMITS[field];
      if (Array.isArray(p.value)) {
        assert.ok(p.value.length <= (limit.items ?? 20), field);
        for (const item of p.value) assert.ok(typeof item === 'string' && item.length <= limit.max, field);
      } else assert.ok(typeof p.value === 'string' && p.value.length <= limit.max, field);
    }
    assert.ok(draft.faqs.length <= 10 && draft.faqs.every((f) => f.question.length <= 300 && f.answer.length <= 1500));
    assert.ok(
      draft.founders.length <= 6 &&
        draft.founders.every(
          (f) => f.name.length <= 160 && (f.title ?? '').length <= 160 && (f.bio ?? '').length <= 3000,
        ),
    );
    assert.ok(draft.milestones.every((m) => /^\d{4}-\d{2}-\d{2}$/.test(m.date) && m.title.length <= 200));
    assert.ok((draft.seo.title?.value.length ?? 0) <= 70 && (draft.seo.meta?.value.length ?? 0) <= 170);
  }
});

// A guard against super-linear scanning (a backtracking pattern would take minutes on these pages), not a
// speed target: bench/submit.ts measures drafting time. The bound is generous so a busy machine never trips it.
test('fifteen pages of two megabytes each are drafted without super-linear scanning', () => {
  const filler = (i: number) =>
    `<p>Paragraph ${i} about invoices, reminders and getting paid on time, written at length to fill the page.</p>`;
  const bigBody = Array.from({ length: 16_000 }, (_, i) => filler(i)).join('\n');
  const oneLine = `<p>${'aaaa@bbbb '.repeat(50_000)}${'x'.repeat(1_000_000)} $${'9'.repeat(1000)} founded ${'1'.repeat(1000)}</p>`;
  const kinds = [
    'homepage',
    'about',
    'pricing',
    'features',
    'faq',
    'team',
    'contact',
    'blog',
    'press',
    'page',
    'page',
    'page',
    'page',
    'page',
    'page',
  ] as const;
  const pages: CrawledPage[] = kinds.map((kind, i) => {
    const html = `<html><head><title>Big ${i}</title></head><body><h1>Big page ${i}</h1>${i % 2 ? oneLine : bigBody}</body></html>`;
    return {
      url: `https://big.example/${i}`,
      kind,
      status: 200,
      contentType: 'text/html',
      ...extractPage(html, `https://big.example/${i}`),
    };
  });
  assert.ok(
    pages.every((p) => p.text!.length > 1_500_000),
    'pages are really large',
  );
  const started = performance.now();
  extractDraft(pages, { categories: FIXTURE_CATEGORIES });
  const ms = performance.now() - started;
  assert.ok(ms < 15_000, `took ${Math.round(ms)} ms`);
});
