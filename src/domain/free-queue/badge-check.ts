import type { AppContext } from '../../app-context.js';
import type { Queryable } from '../../db/client.js';
import { allowListFor } from '../../net/address-policy.js';
import { BlockedAddressError, RedirectRefusedError, checkUrl, safeFetch } from '../../net/safe-fetch.js';
import { CRAWLER_NAME, crawlerUserAgent, readRobots, robotsPerOrigin } from '../../crawler/crawl-site.js';
import { decodeBody, isHtml } from '../../crawler/decode.js';
import { enqueueAndNotify, type Job } from '../../jobs/queue.js';
import { publishEvent } from '../events/publish-event.js';
import { reindexListings } from '../search/search-index.js';
import { findBadge } from './badge-detection.js';
import {
  deleteFinishedJobs,
  listingsDueForCheck,
  loadFreeLaunch,
  recordBadgeCheck,
  type BadgeCheck,
  type FreeLaunchRecord,
} from './free-queue-repository.js';

/** The kind badge checks were queued under before they named their site (migration 009 moved the open ones). */
export const BADGE_CHECK_JOB = 'free-queue.badge-check';
/**
 * The job kind of a badge check on one site. Sites may share a database, but a listing is looked up
 * (and its badge looked for) with its own site's PUBLIC_URL, so only that site's workers claim it.
 */
export const badgeCheckJobKind = (siteKey: string) => `${BADGE_CHECK_JOB}:${siteKey}`;
/** Finished badge checks are kept this long (to see what ran), then deleted. */
export const FINISHED_BADGE_CHECKS_KEPT_MS = 7 * 86_400_000;
/** A listing awaiting its badge is looked at again this long after its last check. */
export const BADGE_CHECK_EVERY_MS = 6 * 3_600_000;

export interface HomepageCheckInput {
  websiteUrl: string;
  publicUrl: string;
  slug: string;
  allowHosts: string[];
  now: Date;
}

/**
 * Reads one homepage the way the crawler does — robots.txt first, through the SSRF guard, size,
 * time and redirect limits, our own User-Agent — and says whether our badge is on it. Never
 * throws for anything the website does: every outcome is a result the founder can act on.
 */
export async function checkHomepageForBadge(input: HomepageCheckInput): Promise<BadgeCheck> {
  const allow = allowListFor(input.allowHosts);
  const fetchOpts = {
    allow,
    userAgent: crawlerUserAgent(input.publicUrl),
    maxBytes: 2_000_000,
    maxRedirects: 5,
    timeoutMs: 10_000,
  };
  const result = (outcome: string, detail: string, more: Partial<BadgeCheck> = {}): BadgeCheck => ({
    checked_at: input.now.toISOString(),
    url: input.websiteUrl,
    final_url: null,
    found: outcome === 'found',
    outcome,
    detail,
    evidence: null,
    ...more,
  });

  let start: URL;
  try {
    start = checkUrl(input.websiteUrl, allow);
  } catch (err) {
    return result('refused', `refused: ${(err as Error).message}`);
  }
  const robots = await readRobots(start, fetchOpts);
  if (!robots.rules) return result('unreadable', `not read: ${lowerFirst(robots.blocked)}`);
  if (!robots.rules.allows(start.toString())) {
    return result(
      'disallowed',
      `not read: the site's robots.txt does not allow ${CRAWLER_NAME} to read ${start.pathname}; allow it so ` +
        `we can see the badge`,
    );
  }
  // Every hop of a redirect is judged by its own origin's robots.txt (read once per origin, as the
  // crawler does) before it is followed, so a target we may not read is never fetched.
  const perOrigin = robotsPerOrigin(start, robots.rules, () => fetchOpts);
  const refusedHop = async (hop: string) => {
    const there = await perOrigin.robotsOf(hop);
    const sameSite = new URL(hop).origin === start.origin;
    if (!there.rules)
      return result(
        'disallowed',
        `not read: the homepage redirects to ${hop}, whose robots.txt could not be read ` +
          `(${lowerFirst(there.blocked).replace(/\.$/, '')}), so ${CRAWLER_NAME} reads nothing there`,
      );
    return result(
      'disallowed',
      `not read: the homepage redirects to ${hop}, which ` +
        `${sameSite ? "the site's" : `${new URL(hop).origin}'s`} robots.txt does not allow ${CRAWLER_NAME} to ` +
        `read`,
    );
  };
  let res;
  try {
    res = await safeFetch(start.toString(), {
      ...fetchOpts,
      accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
      mayFollow: (next) => perOrigin.allows(next.toString()),
    });
  } catch (err) {
    if (err instanceof RedirectRefusedError) return refusedHop(err.target);
    return err instanceof BlockedAddressError
      ? result('refused', `refused: ${err.message}`)
      : result('unreadable', `the homepage could not be reached (${(err as Error).message})`);
  }
  const fetched = { final_url: res.url };
  if (res.status >= 400) return result('unreadable', `the homepage answered HTTP ${res.status}`, fetched);
  const contentType = res.headers.get('content-type');
  if (!isHtml(contentType))
    return result('unreadable', `the homepage is not an HTML page (${contentType ?? 'no content type'})`, fetched);
  const seen = findBadge(decodeBody(res.body, contentType), res.url, input.publicUrl, input.slug);
  if (!seen)
    return result(
      'not_found',
      `not found — no badge image from ${input.publicUrl}/badges/${input.slug}/ and no link to ` +
        `${input.publicUrl}/p/${input.slug} on ${res.url}`,
      fetched,
    );
  const what = seen.kind === 'badge-image' ? 'our badge image' : 'a link to your listing page';
  return result('found', `found ${what} on ${res.url}`, { ...fetched, evidence: seen.tag });
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * Checks one listing awaiting its badge and records the result; a found badge schedules it for its
 * launch week. Idempotent: a listing no longer awaiting its badge is left as it is.
 */
export async function runBadgeCheck(ctx: AppContext, listingId: number): Promise<FreeLaunchRecord | null> {
  const listing = await loadFreeLaunch(ctx.db, ctx.site.id, listingId);
  if (listing?.status !== 'awaiting_badge') return listing;
  const check = await checkHomepageForBadge({
    websiteUrl: listing.website_url,
    publicUrl: ctx.config.publicUrl,
    slug: listing.slug,
    allowHosts: ctx.config.crawlAllowHosts,
    now: ctx.now(),
  });
  const recorded = await recordBadgeCheck(ctx.db, listingId, check);
  if (recorded?.status === 'scheduled') {
    // Scheduled listings are public (get_listing, upcoming launches): refresh search and the profile cache.
    await reindexListings(ctx.db, { listingIds: [listingId] });
    ctx.db.changed({ kind: 'listing', siteId: ctx.site.id, slug: recorded.slug });
    await publishEvent(ctx, { type: 'listing.published', listingId });
  }
  return loadFreeLaunch(ctx.db, ctx.site.id, listingId);
}

/**
 * The badge-check job of this process's site (registered by the worker under
 * badgeCheckJobKind(ctx.site.key)). A listing that is not on this site throws, so the job fails
 * visibly and is retried rather than silently done.
 */
export async function runBadgeCheckJob(ctx: AppContext, job: Pick<Job, 'id' | 'payload'>): Promise<void> {
  const { listingId } = job.payload as { listingId?: unknown };
  if (typeof listingId !== 'number' || !Number.isInteger(listingId))
    throw new Error(`badge check job #${job.id} has no listingId`);
  const listing = await runBadgeCheck(ctx, listingId);
  if (!listing) throw new Error(`badge check job #${job.id}: listing ${listingId} is not on site "${ctx.site.key}"`);
}

/**
 * Queues a check of the listing, for the workers of its site only. The key names the listing and
 * the 6-hour slot, so however many instances ask in a slot (the choice itself, every scheduler
 * tick) one check is queued; a check moves the next one at least 6 hours on, hence into a later
 * slot and a fresh key.
 */
export async function enqueueBadgeCheck(
  db: Queryable,
  siteKey: string,
  listingId: number,
  now: Date,
): Promise<number | null> {
  const slot = Math.floor(now.getTime() / BADGE_CHECK_EVERY_MS);
  return enqueueAndNotify(
    db,
    badgeCheckJobKind(siteKey),
    { listingId },
    { uniqueKey: `badge-check:${listingId}:${slot}`, runAt: now, maxAttempts: 3 },
  );
}

/** Queues a check for every listing awaiting its badge whose last check is 6 hours old (or that was never checked). */
export async function enqueueDueBadgeChecks(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const due = await listingsDueForCheck(ctx.db, ctx.site.id, new Date(now.getTime() - BADGE_CHECK_EVERY_MS));
  let queued = 0;
  for (const id of due) if (await enqueueBadgeCheck(ctx.db, ctx.site.key, id, now)) queued++;
  return queued;
}

/**
 * Deletes this site's badge checks that finished more than 7 days ago (about four a day per waiting
 * listing would otherwise pile up for ever), and finished ones of the old site-less kind. Failed
 * checks that ran out of attempts stay, to be looked at.
 */
export async function purgeFinishedBadgeChecks(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.now().getTime() - FINISHED_BADGE_CHECKS_KEPT_MS);
  return deleteFinishedJobs(ctx.db, [badgeCheckJobKind(ctx.site.key), BADGE_CHECK_JOB], before);
}
