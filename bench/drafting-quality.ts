// Drafting quality: every real landing site under test/fixtures/sites served on loopback, crawled and
// drafted without an LLM, scored against its facts.json. Prints per field and per site the facts
// found of those stated (recall; target ≥ 90 %), values invented for fields the site does not state
// (target 0), wrong values of exact fields (target 0) and quotes not on any page read (target 0), then what was
// missed, and last the totals as one JSON line. `--summary` leaves out what was missed; with
// CRAWL_RENDER=chromium pages drawn by JavaScript are rendered in Chromium first, as the service does.
import {
  loadCorpus,
  measureCorpus,
  overallTotals,
  qualityReport,
  recall,
  totalsByField,
} from '../test/support/drafting-quality.js';

const sites = loadCorpus();
const t0 = performance.now();
const render = process.env.CRAWL_RENDER === 'chromium';
const scores = await measureCorpus(sites, 4, { render });
const ms = performance.now() - t0;
console.log(qualityReport(scores, { details: !process.argv.includes('--summary') }));
const all = overallTotals(scores);
console.log(
  `\n${sites.length} sites drafted in ${Math.round(ms)} ms; recall ${(100 * recall(all)).toFixed(1)} % (target 90 %), ${all.invented} invented, ${all.wrong} wrong, ${all.unverifiable} unverifiable (target 0 each)`,
);
console.log(
  JSON.stringify({
    bench: 'drafting_quality',
    render: render ? 'chromium' : 'off',
    sites: sites.length,
    ms: Math.round(ms),
    recall: Number(recall(all).toFixed(3)),
    found: all.found,
    stated: all.stated,
    invented: all.invented,
    wrong: all.wrong,
    unverifiable: all.unverifiable,
    fields: Object.fromEntries(
      [...totalsByField(scores)].map(([f, t]) => [
        f,
        { found: t.found, stated: t.stated, invented: t.invented, wrong: t.wrong },
      ]),
    ),
    pass: recall(all) >= 0.9 && all.invented === 0 && all.wrong === 0 && all.unverifiable === 0,
  }),
);
