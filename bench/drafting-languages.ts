// Drafting across languages: every site of test/fixtures/sites-multilingual served on loopback, crawled and
// drafted without an LLM, scored against its facts.json like bench/drafting-quality.ts. Prints recall per
// site, per language group (English, other Latin-script, CJK) and per part of the split that SPLIT.md
// wrote down (development / holdout), with invented values, wrong exact fields and quotes not on any page
// read, then the totals as one JSON line. Only the development part's details (what was missed) are
// printed: the holdout part is never used to tune the extractor, so of it only figures are shown.
// `--summary` leaves the details out.
import {
  languageGroup,
  loadCorpus,
  MULTILINGUAL_CORPUS_DIR,
  measureCorpus,
  overallTotals,
  qualityReport,
  recall,
  siteTotals,
  splitOf,
  totalsByField,
  type SiteScore,
  type Totals,
} from '../test/support/drafting-quality.js';

const sites = loadCorpus(MULTILINGUAL_CORPUS_DIR);
const languageOf = new Map(sites.map((s) => [s.slug, s.facts.language ?? 'en']));
const t0 = performance.now();
// CRAWL_RENDER=chromium: pages drawn by JavaScript are rendered in Chromium first, as the service does when so set.
const render = process.env.CRAWL_RENDER === 'chromium';
const scores = await measureCorpus(sites, 4, { render });
const ms = performance.now() - t0;

const pct = (t: Totals) => (t.stated ? `${(100 * recall(t)).toFixed(1)} %` : '—');
const line = (label: string, t: Totals, extra = '') =>
  `${label.padEnd(30)} ${`${t.found}/${t.stated}`.padStart(7)}  ${pct(t).padStart(7)}  invented ${t.invented}  wrong ${t.wrong}  unverifiable ${t.unverifiable}${extra}`;
const groupBy = (key: (s: SiteScore) => string, of: SiteScore[] = scores) => {
  const out = new Map<string, SiteScore[]>();
  for (const s of of) out.set(key(s), [...(out.get(key(s)) ?? []), s]);
  return [...out].sort(([a], [b]) => a.localeCompare(b));
};

console.log(`Drafting across languages: ${sites.length} sites of test/fixtures/sites-multilingual (no LLM)\n`);
console.log('per site (language, part)');
for (const s of scores)
  console.log(line(`${s.slug}`, siteTotals(s), `  [${languageOf.get(s.slug)}, ${splitOf(s.slug)}]`));
console.log('\nper language group');
for (const [group, part] of groupBy((s) => languageGroup(languageOf.get(s.slug))))
  console.log(line(group, overallTotals(part), `  (${part.length} sites)`));
console.log('\nper part of the split');
for (const [split, part] of groupBy((s) => splitOf(s.slug)))
  console.log(line(split, overallTotals(part), `  (${part.length} sites)`));
console.log('\nper part and language group');
for (const [key, part] of groupBy((s) => `${splitOf(s.slug)} / ${languageGroup(languageOf.get(s.slug))}`))
  console.log(line(key, overallTotals(part), `  (${part.length} sites)`));
const all = overallTotals(scores);
console.log(`\n${line('all sites', all)}`);

const development = scores.filter((s) => splitOf(s.slug) === 'development');
console.log(`\ndevelopment part, per field and what was missed:\n`);
console.log(qualityReport(development, { details: !process.argv.includes('--summary') }));
console.log(`\n${sites.length} sites drafted in ${Math.round(ms)} ms`);

const summary = (part: SiteScore[]) => {
  const t = overallTotals(part);
  return {
    sites: part.length,
    recall: Number(recall(t).toFixed(3)),
    found: t.found,
    stated: t.stated,
    invented: t.invented,
    wrong: t.wrong,
    unverifiable: t.unverifiable,
  };
};
console.log(
  JSON.stringify({
    bench: 'drafting_languages',
    render: render ? 'chromium' : 'off',
    sites: sites.length,
    ms: Math.round(ms),
    all: summary(scores),
    splits: Object.fromEntries(groupBy((s) => splitOf(s.slug)).map(([k, p]) => [k, summary(p)])),
    groups: Object.fromEntries(groupBy((s) => languageGroup(languageOf.get(s.slug))).map(([k, p]) => [k, summary(p)])),
    // The issue's target is per language group on the holdout part: both parts, group by group.
    groups_by_part: Object.fromEntries(
      groupBy((s) => splitOf(s.slug)).map(([part, ofPart]) => [
        part,
        Object.fromEntries(
          groupBy((s) => languageGroup(languageOf.get(s.slug)), ofPart).map(([k, p]) => [k, summary(p)]),
        ),
      ]),
    ),
    development_fields: Object.fromEntries(
      [...totalsByField(development)].map(([f, t]) => [
        f,
        { found: t.found, stated: t.stated, invented: t.invented, wrong: t.wrong },
      ]),
    ),
  }),
);
