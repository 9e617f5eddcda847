import type { CrawlResult } from '../../crawler/crawl-site.js';
import type { DraftProgress } from './draft-repository.js';

/** Skipped pages listed in a draft's progress; a sitemap of hundreds is summed up past these. */
export const MAX_SKIPPED_SHOWN = 50;

/** What the draft's progress keeps of a crawl: the pages read, and each page skipped with its reason. */
export function crawlReport(crawl: CrawlResult): Pick<DraftProgress, 'read_urls' | 'skipped' | 'skipped_more'> {
  const read = crawl.pages.filter((p) => p.text || p.headText).map((p) => p.url);
  const skipped = crawl.skipped.slice(0, MAX_SKIPPED_SHOWN).map(({ url, reason, detail }) => ({ url, reason, detail }));
  const more = crawl.skipped.length - skipped.length;
  return { read_urls: read, skipped, ...(more > 0 ? { skipped_more: more } : {}) };
}

/** The report of a stored progress, to carry into the next phase's progress. */
export const reportOf = (
  p: DraftProgress | undefined,
): Pick<DraftProgress, 'read_urls' | 'skipped' | 'skipped_more'> =>
  p
    ? Object.fromEntries(
        Object.entries(p).filter(([k]) => k === 'read_urls' || k === 'skipped' || k === 'skipped_more'),
      )
    : {};
