import type { Job, JobHandler } from '../jobs/queue.js';
import type { Metrics } from './metrics.js';

/**
 * The same handlers, timed and counted: done, retry (failed, will run again after its backoff) or
 * failed (its last attempt). The error still reaches the queue, which schedules the retry.
 */
export function instrumentJobs(metrics: Metrics, handlers: Record<string, JobHandler>): Record<string, JobHandler> {
  const out: Record<string, JobHandler> = {};
  for (const [kind, handler] of Object.entries(handlers)) {
    out[kind] = async (job: Job, signal: AbortSignal) => {
      const started = process.hrtime.bigint();
      let outcome = 'done';
      try {
        await handler(job, signal);
      } catch (err) {
        outcome = job.attempts < job.max_attempts ? 'retry' : 'failed';
        throw err;
      } finally {
        metrics.jobRuns.inc({ kind, outcome });
        metrics.jobDuration.observe({ kind }, Number(process.hrtime.bigint() - started) / 1e9);
      }
    };
  }
  return out;
}
