import { crawlSite } from '../../crawler/crawl-site.js';
import { compareWithCompetitor } from '../../drafting/compare-competitor.js';
import { emptyDraftContent, PROFILE_FIELDS, type DraftContent } from '../../drafting/draft-content.js';
import { extractDraft } from '../../drafting/extract/extract-draft.js';
import { categoryChoices, type DraftDeps } from './process-draft.js';
import { loadDraft, setCompetitor, type DraftRecord } from './draft-repository.js';

/** The draft's current values as drafting content (typed values carry no quotes, which is fine for comparing). */
function contentOf(d: DraftRecord): DraftContent {
  const c = emptyDraftContent();
  for (const f of PROFILE_FIELDS)
    if (d.fields[f].value != null) c.fields[f] = { value: d.fields[f].value, evidence: d.fields[f].evidence };
  return c;
}

/**
 * The competitor job: reads a few pages of the competitor's site (same robots and SSRF rules as a
 * submission) and compares it with the draft. Skipped when the founder changed the URL meanwhile.
 */
export async function readCompetitor(deps: DraftDeps, draftId: string, url: string): Promise<void> {
  const draft = await loadDraft(deps.db, draftId);
  if (!draft || draft.competitor_url !== url) return;
  const crawl = await crawlSite(url, {
    publicUrl: deps.config.publicUrl,
    allowHosts: deps.config.crawlAllowHosts,
    maxPages: 6,
    totalTimeoutMs: 30_000,
    render: deps.config.crawlRender,
  });
  const again = await loadDraft(deps.db, draftId);
  if (!again || again.competitor_url !== url) return;
  if (crawl.blocked) {
    await setCompetitor(deps.db, draftId, url, { status: 'unreadable', url, reason: crawl.blocked }, deps.now());
    return;
  }
  const theirs = extractDraft(crawl.pages, { categories: await categoryChoices(deps.db, draft.site_id) });
  const comparison = compareWithCompetitor(contentOf(again), theirs, url);
  await setCompetitor(deps.db, draftId, url, { status: 'ready', ...comparison }, deps.now());
}
