import type { AppContext } from '../../app-context.js';
import type { Queryable } from '../../db/client.js';
import { crawlSite, type CrawledPage } from '../../crawler/crawl-site.js';
import { observeCrawl } from '../../metrics/crawl-metrics.js';
import type { PageKind } from '../../crawler/page-picker.js';
import { composeDraft } from '../../drafting/compose-draft.js';
import type { CategoryChoice, ProfileField } from '../../drafting/draft-content.js';
import {
  loadDraft,
  loadPages,
  savePages,
  setProgress,
  setStatus,
  type DraftProgress,
  type StoredPage,
} from './draft-repository.js';
import { writeDraftContent } from './draft-writing.js';
import { crawlReport, reportOf } from './crawl-report.js';
import { publishEvent } from '../events/publish-event.js';

export type DraftDeps = Pick<AppContext, 'db' | 'config' | 'now'>;

export const DRAFT_JOB = 'draft.process';

/** Tells the author's webhooks that the draft is ready to review (draft.ready). */
export async function announceDraftReady(deps: DraftDeps, d: { id: string; user_id: number; url: string }) {
  const draft = { id: d.id, website: d.url, url: `${deps.config.publicUrl}/drafts/${d.id}` };
  await publishEvent(deps, { type: 'draft.ready', accountIds: [d.user_id], data: { draft } });
}

export async function categoryChoices(db: Queryable, siteId: number): Promise<CategoryChoice[]> {
  return db.query<CategoryChoice>(
    `SELECT c.slug, c.name, p.slug AS parent_slug FROM categories c LEFT JOIN categories p ON p.id = c.parent_id
      WHERE c.site_id = $1 ORDER BY c.position, c.name`,
    [siteId],
  );
}

export const toStoredPage = (p: CrawledPage): StoredPage => ({
  url: p.url,
  kind: p.kind,
  status: p.status,
  contentType: p.contentType,
  title: p.title ?? '',
  text: p.text ?? '',
  headText: p.headText ?? '',
  linkText: p.linkText ?? '',
  skipped: p.skipped ?? null,
  links: p.links ?? [],
  meta: p.meta ?? {},
  jsonLd: p.jsonLd ?? [],
  headings: p.headings ?? [],
  ...(p.lang ? { lang: p.lang } : {}),
  ...(p.contentLanguage ? { contentLanguage: p.contentLanguage } : {}),
});

export const toCrawledPage = (p: StoredPage): CrawledPage => ({
  ...p,
  kind: p.kind as PageKind,
  skipped: p.skipped ?? undefined,
});

/** Drafts a profile (or just `only` some fields) from the pages already read; writes nothing. */
export async function composeFromStoredPages(
  deps: DraftDeps,
  draft: { id: string; site_id: number },
  opts: { only?: ProfileField[]; signal?: AbortSignal } = {},
) {
  const pages = (await loadPages(deps.db, draft.id)).map(toCrawledPage).filter((p) => p.text || p.headText);
  const composed = await composeDraft(pages, {
    categories: await categoryChoices(deps.db, draft.site_id),
    llm: deps.config.llm,
    only: opts.only,
    signal: opts.signal,
  });
  return { ...composed, pagesRead: pages.length };
}

/** Drafts the whole profile from the pages already read and stores it, merged with the founder's edits. */
async function draftFromStoredPages(deps: DraftDeps, draftId: string, signal?: AbortSignal) {
  const draft = await loadDraft(deps.db, draftId);
  if (!draft) return null;
  const composed = await composeFromStoredPages(deps, draft, { signal });
  await deps.db.transaction((tx) => writeDraftContent(tx, draftId, composed.content, { now: deps.now() }));
  return composed;
}

/** At most one crawl progress write per this many ms: it is read by people polling every few seconds and
 *  by calls waiting for the draft (wait-for-draft.ts), which look about as often. */
const PROGRESS_WRITE_MS = 250;

/**
 * Writes crawl progress at most every PROGRESS_WRITE_MS, and the latest report once that time is up,
 * so a crawl waiting on a slow page still shows how far it got. Writes go one after another; `settle`
 * drops a report not yet written and waits for the write under way, so none lands after the next phase's.
 */
function crawlProgressWriter(deps: DraftDeps, draftId: string) {
  let lastWrite = 0;
  let latest: DraftProgress | null = null;
  let timer: NodeJS.Timeout | undefined;
  let writing = Promise.resolve();
  const write = () => {
    timer = undefined;
    const progress = latest;
    if (!progress) return;
    latest = null;
    lastWrite = Date.now();
    writing = writing.then(() => setProgress(deps.db, draftId, progress, deps.now())).catch(() => {});
  };
  return {
    report(progress: DraftProgress) {
      latest = progress;
      if (timer) return;
      const wait = lastWrite + PROGRESS_WRITE_MS - Date.now();
      if (wait <= 0) write();
      else timer = setTimeout(write, wait);
    },
    async settle() {
      clearTimeout(timer);
      timer = undefined;
      latest = null;
      await writing;
    },
  };
}

/**
 * The submission job: crawl the website, then draft the profile. Each step records its result
 * before the next starts, so a job re-run after a crash resumes where it stopped: a draft already
 * in `drafting` is not crawled again, a ready draft is left alone.
 */
export async function processDraft(
  deps: DraftDeps,
  draftId: string,
  signal?: AbortSignal,
  opts: { canRetry?: boolean } = {},
): Promise<void> {
  const draft = await loadDraft(deps.db, draftId);
  if (!draft || draft.status === 'ready') return;
  // What the crawl read and skipped stays in the progress through every phase.
  let report = reportOf(draft.progress);
  if (draft.status === 'crawling') {
    await setProgress(
      deps.db,
      draftId,
      { phase: 'crawling', pages_read: 0, message: `Reading ${draft.url}` },
      deps.now(),
    );
    const progress = crawlProgressWriter(deps, draftId);
    const crawlStarted = performance.now();
    let crawl: Awaited<ReturnType<typeof crawlSite>>;
    try {
      crawl = await crawlSite(draft.url, {
        publicUrl: deps.config.publicUrl,
        allowHosts: deps.config.crawlAllowHosts,
        render: deps.config.crawlRender,
        onProgress: ({ fetched, planned, url }) =>
          progress.report({
            phase: 'crawling',
            pages_read: fetched,
            pages_planned: planned,
            current_url: url,
            message: `Read ${fetched} of ${planned} pages`,
          }),
      });
    } finally {
      await progress.settle();
    }
    observeCrawl(deps, crawlStarted, crawl);
    signal?.throwIfAborted();
    // A network error or a 5xx may pass: the job is retried (with backoff) before the draft gives up.
    if (crawl.blocked && crawl.retryable && opts.canRetry) {
      await setProgress(
        deps.db,
        draftId,
        { phase: 'crawling', pages_read: 0, message: `${crawl.blocked} Trying again shortly.` },
        deps.now(),
      );
      throw new Error(crawl.blocked);
    }
    await savePages(deps.db, draftId, crawl.pages.map(toStoredPage));
    const read = crawl.pages.filter((p) => p.text || p.headText).length;
    report = crawlReport(crawl);
    if (crawl.blocked) {
      // Nothing could be read: the draft is ready with every field not_found, and says why.
      await draftFromStoredPages(deps, draftId, signal);
      await setStatus(
        deps.db,
        draftId,
        'ready',
        { phase: 'done', pages_read: 0, message: crawl.blocked, ...report },
        deps.now(),
        crawl.blocked,
      );
      await announceDraftReady(deps, draft);
      return;
    }
    const skippedWords = crawl.skipped.length ? `, skipped ${crawl.skipped.length} (each with the reason)` : '';
    // The notice says what could not be read of a site that was read (pages rendered by JavaScript), or nothing.
    await setStatus(
      deps.db,
      draftId,
      'drafting',
      {
        phase: 'drafting',
        pages_read: read,
        pages_planned: crawl.pages.length,
        message: `Read ${read} pages${skippedWords}; drafting the profile`,
        ...report,
      },
      deps.now(),
      crawl.notice,
    );
  }
  const composed = await draftFromStoredPages(deps, draftId, signal);
  const pages = composed?.pagesRead ?? 0;
  const message = composed?.llmError
    ? `Drafted from ${pages} pages without the AI model (${composed.llmError}); every value is quoted from the website`
    : `Drafted from ${pages} pages; every value is quoted from the website`;
  await setStatus(deps.db, draftId, 'ready', { phase: 'done', pages_read: pages, message, ...report }, deps.now());
  await announceDraftReady(deps, draft);
}

/**
 * Drafts whose job used up its attempts in a crash (so no handler could mark them) are finished
 * here with the reason, instead of showing "crawling" forever. Run by the scheduler.
 */
export async function finishAbandonedDrafts(db: Queryable, now: Date, lockTimeoutMs: number): Promise<number> {
  const notice =
    'The website could not be read: the work was interrupted too many times. Fill the draft by hand or submit ' +
    'the URL again.';
  const rows = await db.query<{ id: string }>(
    `WITH dead AS (
       UPDATE jobs SET done_at = $1, last_error = coalesce(last_error, 'abandoned')
        WHERE kind = $2 AND done_at IS NULL AND attempts >= max_attempts
          AND (locked_at IS NULL OR locked_at < $1::timestamptz - make_interval(secs => $3))
        RETURNING payload->>'draftId' AS draft_id)
     UPDATE drafts d SET status = 'ready', notice = $4, progress = $5, updated_at = $1
       FROM dead WHERE d.id::text = dead.draft_id AND d.status <> 'ready' RETURNING d.id`,
    [now.toISOString(), DRAFT_JOB, lockTimeoutMs / 1000, notice, JSON.stringify({ phase: 'done', message: notice })],
  );
  return rows.length;
}
