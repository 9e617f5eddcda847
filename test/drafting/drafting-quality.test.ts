import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import {
  factsProblems,
  loadCorpus,
  measureCorpus,
  overallTotals,
  qualityReport,
  recall,
  siteTotals,
  type SiteScore,
} from '../support/drafting-quality.js';

// Drafting touches no database (a crawl on loopback and the extractor, no LLM), so unlike most files
// this one does not repeat its tests for each of DATABASE_KINDS.
const sites = loadCorpus();
let scores: SiteScore[] = [];
const scoreOf = (slug: string) => scores.find((s) => s.slug === slug)!;

before(async () => {
  // How long it takes is for bench/drafting-quality.ts to say: no timing assertions in tests.
  scores = await measureCorpus(sites);
  console.log(`\nDrafting quality over ${sites.length} real landing sites (no LLM):\n${qualityReport(scores)}\n`);
});

test('the corpus holds real landing sites to measure', () => {
  assert.ok(sites.length >= 8, `only ${sites.length} sites under test/fixtures/sites`);
});

for (const site of sites) {
  test(`${site.slug}: its facts.json is well formed and every quote in it is on the site`, () => {
    assert.deepEqual(factsProblems(site), []);
  });

  test(`${site.slug}: the site is read and drafted`, () => {
    const s = scoreOf(site.slug);
    assert.equal(s.blocked, null);
    assert.ok(s.pagesRead >= 1);
  });

  test(`${site.slug}: nothing is drafted for a field the site does not state`, () => {
    const invented = Object.entries(scoreOf(site.slug).fields).flatMap(([field, f]) =>
      f.inventedValues.map((v) => `${field} = ${v}`),
    );
    assert.deepEqual(invented, []);
  });

  test(`${site.slug}: every quote in the draft is on a page that was read`, () => {
    assert.deepEqual(scoreOf(site.slug).unverifiable, []);
  });
}

const total = () => overallTotals(scores);
test('drafts find at least 90 % of the facts the sites state', () => {
  const t = total();
  assert.ok(
    recall(t) >= 0.9,
    `recall ${(100 * recall(t)).toFixed(1)} % (${t.found} of ${t.stated}); per site: ${scores.map((s) => `${s.slug} ${siteTotals(s).found}/${siteTotals(s).stated}`).join(', ')}`,
  );
});

test('names, emails, places, pricing models, years, logos and accounts are never drafted differently from what the sites state', () => {
  const wrong = scores.flatMap((s) =>
    Object.entries(s.fields).flatMap(([field, f]) => f.wrong.map((w) => `${s.slug} ${field}: ${w}`)),
  );
  assert.deepEqual(wrong, []);
});
