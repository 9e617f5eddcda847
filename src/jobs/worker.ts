import os from 'node:os';
import type { AppContext } from '../app-context.js';
import { announceDraftReady, DRAFT_JOB, processDraft } from '../domain/drafts/process-draft.js';
import { COMPETITOR_JOB } from '../domain/drafts/edit-draft.js';
import { readCompetitor } from '../domain/drafts/read-competitor.js';
import { badgeCheckJobKind, runBadgeCheckJob } from '../domain/free-queue/badge-check.js';
import { loadDraft, setStatus } from '../domain/drafts/draft-repository.js';
import { fulfilJobKind, fulfilOrder } from '../domain/orders/fulfil-order.js';
import { LOGO_JOB, runLogoJob } from '../domain/images/listing-logos.js';
import { JOBS_CHANNEL, Worker, type Job, type JobHandler } from './queue.js';
import { metricsOf } from '../metrics/metrics.js';
import { instrumentJobs } from '../metrics/job-metrics.js';
import { HOUSEKEEPING_JOB, housekeep } from './housekeeping-job.js';
import { REINDEX_LISTINGS_JOB, reindexEveryListing } from './reindex-job.js';
import { WEBHOOK_FANOUT_JOB } from '../domain/events/publish-event.js';
import { deliverAttempt, fanOut, WEBHOOK_DELIVERY_JOB } from '../domain/webhooks/webhook-delivery.js';

/** Every kind of background job and what runs it. Handlers are idempotent: a crash re-runs them. */
export function jobHandlers(ctx: AppContext): Record<string, JobHandler> {
  return instrumentJobs(metricsOf(ctx), {
    [DRAFT_JOB]: async (job: Job, signal) => {
      const { draftId } = job.payload as { draftId: string };
      try {
        await processDraft(ctx, draftId, signal, { canRetry: job.attempts < job.max_attempts });
      } catch (err) {
        if (job.attempts < job.max_attempts) throw err;
        // Out of retries: the founder gets a ready (empty) draft with the reason rather than a spinner forever.
        const reason = `The website could not be read (${(err as Error).message}); fill the draft by hand or submit again.`;
        await setStatus(ctx.db, draftId, 'ready', { phase: 'done', message: reason }, ctx.now(), reason);
        const draft = await loadDraft(ctx.db, draftId);
        if (draft) await announceDraftReady(ctx, draft);
      }
    },
    [COMPETITOR_JOB]: async (job: Job) => {
      const { draftId, url } = job.payload as { draftId: string; url: string };
      await readCompetitor(ctx, draftId, url);
    },
    // Site-specific kind: only workers of the listing's site (its PUBLIC_URL, its listings) claim it.
    [badgeCheckJobKind(ctx.site.key)]: async (job: Job) => {
      await runBadgeCheckJob(ctx, job);
    },
    [fulfilJobKind(ctx.site.key)]: async (job: Job) => {
      await fulfilOrder(ctx, (job.payload as { orderId: number }).orderId);
    },
    // Images are shared by every site (keyed by URL), so any worker may fetch one.
    [LOGO_JOB]: async (job: Job) => {
      await runLogoJob(ctx, job.payload as { url?: unknown });
    },
    // Purges old rows of every site's tables (README "Housekeeping"); queued hourly by the scheduler.
    [HOUSEKEEPING_JOB]: async () => {
      await housekeep(ctx);
    },
    // Webhook payloads are written when the event is published (URLs and all), so any worker may send them.
    [WEBHOOK_FANOUT_JOB]: async (job: Job) => {
      await fanOut(ctx, (job.payload as { eventId: number }).eventId);
    },
    [WEBHOOK_DELIVERY_JOB]: async (job: Job) => {
      await deliverAttempt(ctx, (job.payload as { deliveryId: number }).deliveryId);
    },
    // Queued by a migration that changes what search indexes; listings of every site.
    [REINDEX_LISTINGS_JOB]: async () => {
      await reindexEveryListing(ctx.db);
    },
  });
}

/** Starts the background worker of this process; a NOTIFY from any instance wakes it at once. */
export async function startWorker(ctx: AppContext, opts: { concurrency?: number } = {}): Promise<Worker> {
  const worker = new Worker(ctx.db, jobHandlers(ctx), {
    id: `${os.hostname()}:${process.pid}`,
    concurrency: opts.concurrency ?? ctx.config.workerConcurrency,
    leaseMs: ctx.config.jobLeaseMs,
    now: () => ctx.now(),
    log: (msg, err) => console.error(`worker: ${msg}`, err instanceof Error ? err.message : (err ?? '')),
  });
  await ctx.db.listen(JOBS_CHANNEL, () => worker.wake());
  worker.start();
  return worker;
}
