import type { AppContext } from '../../app-context.js';
import type { Queryable } from '../../db/client.js';
import { crawlSite, type CrawledPage } from '../../crawler/crawl-site.js';
import type { PageKind } from '../../crawler/page-picker.js';
import { composeDraft } from '../../drafting/compose-draft.js';
import type { CategoryChoice, ProfileField } from '../../drafting/draft-content.js';
import { loadDraft, loadPages, savePages, setProgress, setStatus, type StoredPage } from './draft-repository.js';
import { writeDraftContent } from './draft-writing.js';

export type DraftDeps = Pick<AppContext, 'db' | 'config' | 'now'>;

export const DRAFT_JOB = 'draft.process';

export async function categoryChoices(db: Queryable, siteId: number): Promise<CategoryChoice[]> {
  return db.query<CategoryChoice>(
    `SELECT c.slug, c.name, p.slug AS parent_slug FROM categories c LEFT JOIN categories p ON p.id = c.parent_id
      WHERE c.site_id = $1 ORDER BY c.position, c.name`, [siteId]);
}

export const toStoredPage = (p: CrawledPage): StoredPage => ({
  url: p.url, kind: p.kind, status: p.status, contentType: p.contentType, title: p.title ?? '', text: p.text ?? '',
  headText: p.headText ?? '', linkText: p.linkText ?? '', skipped: p.skipped ?? null,
  links: p.links ?? [], meta: p.meta ?? {}, jsonLd: p.jsonLd ?? [], headings: p.headings ?? [],
});

export const toCrawledPage = (p: StoredPage): CrawledPage => ({ ...p, kind: p.kind as PageKind, skipped: p.skipped ?? undefined });

/** Drafts (or redrafts `only` some fields of) a draft from the pages already read. */
export async function draftFromStoredPages(deps: DraftDeps, draftId: string, opts: { only?: ProfileField[]; signal?: AbortSignal } = {}) {
  const draft = await loadDraft(deps.db, draftId);
  if (!draft) return null;
  const pages = (await loadPages(deps.db, draftId)).map(toCrawledPage);
  const composed = await composeDraft(pages.filter((p) => p.text || p.headText), {
    categories: await categoryChoices(deps.db, draft.site_id), llm: deps.config.llm, only: opts.only, signal: opts.signal,
  });
  await writeDraftContent(deps.db, draft, composed.content, { only: opts.only, now: deps.now() });
  return composed;
}

/**
 * The submission job: crawl the website, then draft the profile. Each step records its result
 * before the next starts, so a job re-run after a crash resumes where it stopped: a draft already
 * in `drafting` is not crawled again, a ready draft is left alone.
 */
export async function processDraft(deps: DraftDeps, draftId: string, signal?: AbortSignal): Promise<void> {
  const draft = await loadDraft(deps.db, draftId);
  if (!draft || draft.status === 'ready') return;
  if (draft.status === 'crawling') {
    await setProgress(deps.db, draftId, { phase: 'crawling', pages_read: 0, message: `Reading ${draft.url}` }, deps.now());
    let lastWrite = 0;
    const crawl = await crawlSite(draft.url, {
      publicUrl: deps.config.publicUrl,
      allowHosts: deps.config.crawlAllowHosts,
      onProgress: ({ fetched, planned, url }) => {
        // Progress is for people polling every few seconds; a write per page at most every 250 ms is plenty.
        if (Date.now() - lastWrite < 250 && fetched < planned) return;
        lastWrite = Date.now();
        void setProgress(deps.db, draftId, { phase: 'crawling', pages_read: fetched, pages_planned: planned, current_url: url, message: `Read ${fetched} of ${planned} pages` }, deps.now()).catch(() => {});
      },
    });
    signal?.throwIfAborted();
    await savePages(deps.db, draftId, crawl.pages.map(toStoredPage));
    const read = crawl.pages.filter((p) => p.text || p.headText).length;
    if (crawl.blocked) {
      // Nothing could be read: the draft is ready with every field not_found, and says why.
      await draftFromStoredPages(deps, draftId, { signal });
      await setStatus(deps.db, draftId, 'ready', { phase: 'done', pages_read: 0, message: crawl.blocked }, deps.now(), crawl.blocked);
      return;
    }
    await setStatus(deps.db, draftId, 'drafting', { phase: 'drafting', pages_read: read, pages_planned: crawl.pages.length, message: `Read ${read} pages; drafting the profile` }, deps.now(), null);
  }
  const composed = await draftFromStoredPages(deps, draftId, { signal });
  const pages = (await loadPages(deps.db, draftId)).filter((p) => p.text || p.headText).length;
  const message = composed?.llmError
    ? `Drafted from ${pages} pages without the AI model (${composed.llmError}); every value is quoted from the website`
    : `Drafted from ${pages} pages; every value is quoted from the website`;
  await setStatus(deps.db, draftId, 'ready', { phase: 'done', pages_read: pages, message }, deps.now());
}
