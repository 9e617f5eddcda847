import type { AppContext } from '../../app-context.js';
import { enqueueAndNotify } from '../../jobs/queue.js';
import { DRAFT_JOB } from './process-draft.js';
import { findListingByDomain, insertDraft } from './draft-repository.js';
import { checkSubmittedUrl, domainOfUrl } from './submitted-url.js';

/**
 * submit_listing: checks the URL, records the draft in `crawling` and queues the durable job that
 * reads the site and drafts the profile. A domain already listed still drafts; the draft points to
 * claim_listing so the founder can take over the existing listing instead of duplicating it.
 */
export async function startDraft(
  ctx: Pick<AppContext, 'db' | 'config' | 'site' | 'now'>,
  userId: number,
  rawUrl: string,
): Promise<string> {
  const url = checkSubmittedUrl(rawUrl, 'url', ctx.config.crawlAllowHosts);
  const domain = domainOfUrl(url, ctx.config.crawlAllowHosts);
  const existing = await findListingByDomain(ctx.db, ctx.site.id, domain);
  const id = await ctx.db.transaction(async (tx) => {
    const draftId = await insertDraft(tx, {
      siteId: ctx.site.id,
      userId,
      url: url.toString(),
      domain,
      existingListingId: existing?.id ?? null,
      now: ctx.now(),
    });
    await enqueueAndNotify(
      tx,
      DRAFT_JOB,
      { draftId },
      { uniqueKey: `draft:${draftId}`, runAt: ctx.now(), maxAttempts: 3 },
    );
    return draftId;
  });
  return id;
}
