import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { factsProblems, loadCorpus, MULTILINGUAL_CORPUS_DIR } from '../support/drafting-quality.js';

// Only that the multilingual corpus is well formed: its recall is measured by bench/drafting-languages.ts,
// not asserted, until the extractor reads these languages.
const sites = loadCorpus(MULTILINGUAL_CORPUS_DIR);

test('the multilingual corpus holds sites and writes down its development/holdout split', () => {
  assert.ok(sites.length >= 1, 'no site under test/fixtures/sites-multilingual');
  assert.ok(fs.existsSync(path.join(MULTILINGUAL_CORPUS_DIR, 'SPLIT.md')), 'SPLIT.md is missing');
});

for (const site of sites) {
  test(`${site.slug}: its facts.json is well formed and every quote in it is on the site`, () => {
    assert.deepEqual(factsProblems(site), []);
  });

  test(`${site.slug}: its facts.json names the site's language`, () => {
    assert.match(site.facts.language ?? '', /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/);
  });
}
