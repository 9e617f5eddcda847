import type { AppContext } from '../app-context.js';
import type { RetentionConfig } from '../config.js';
import { IDEMPOTENCY_TTL_MS } from '../api/idempotency.js';
import {
  runHousekeeping,
  type HousekeepingPlan,
  type HousekeepingResult,
} from '../domain/housekeeping/housekeeping.js';
import { enqueueAndNotify } from './queue.js';

/** Any worker may run it: the tables it purges are shared by every site. */
export const HOUSEKEEPING_JOB = 'housekeeping';
const EVERY_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The cutoffs of README "Housekeeping", from the retention settings and the time now. */
export function housekeepingPlan(retention: RetentionConfig, now: Date): HousekeepingPlan {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  return {
    cutoffs: {
      done_jobs: daysAgo(retention.doneJobsDays),
      failed_jobs: daysAgo(retention.failedJobsDays),
      // Idempotency keys are honoured for 24 h and useless after.
      idempotency_keys: new Date(now.getTime() - IDEMPOTENCY_TTL_MS),
      sessions: daysAgo(retention.expiredTokensDays),
      email_tokens: daysAgo(retention.expiredTokensDays),
      oauth_artifacts: daysAgo(retention.expiredTokensDays),
      draft_pages: daysAgo(retention.draftPagesDays),
      domain_rating_failures: daysAgo(retention.domainRatingFailuresDays),
      // A day is far beyond any sign-in window or lock (README "Sign-in and account security").
      sign_in_attempts: daysAgo(1),
      email_sign_ins: daysAgo(retention.expiredTokensDays),
      webauthn_challenges: now,
      // Deliveries first: an event goes once no delivery of it is left.
      webhook_deliveries: daysAgo(retention.webhookLogDays),
      webhook_events: daysAgo(retention.webhookLogDays),
    },
  };
}

/**
 * Queues this hour's housekeeping run. Every worker's scheduler asks; the hour's unique key lets
 * one job in, and claiming it (SKIP LOCKED) gives it to one worker: one run an hour in all.
 */
export async function scheduleHousekeeping(ctx: AppContext): Promise<boolean> {
  const now = ctx.now();
  const slot = new Date(Math.floor(now.getTime() / EVERY_MS) * EVERY_MS).toISOString().slice(0, 13);
  return (
    (await enqueueAndNotify(
      ctx.db,
      HOUSEKEEPING_JOB,
      {},
      { uniqueKey: `${HOUSEKEEPING_JOB}:${slot}`, runAt: now, maxAttempts: 3 },
    )) !== null
  );
}

/** The job itself: purge what the retention settings say is old. */
export function housekeep(
  ctx: AppContext,
  opts: { batchSize?: number; budgetMs?: number } = {},
): Promise<HousekeepingResult> {
  return runHousekeeping(ctx.db, { ...housekeepingPlan(ctx.config.retention, ctx.now()), ...opts });
}
