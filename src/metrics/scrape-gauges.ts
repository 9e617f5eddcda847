import type { Db } from '../db/client.js';
import type { Metrics } from './metrics.js';

interface QueueRow {
  kind: string;
  waiting: number;
  running: number;
  dead: number;
  oldest_seconds: number | null;
}

/**
 * Job queue depth and lag per kind, read from the jobs table when Prometheus scrapes (one grouped
 * query over unfinished jobs only, served by the partial index on run_at WHERE done_at IS NULL).
 * waiting = due and not claimed; running = claimed; dead = out of attempts, never finished.
 */
export async function readJobQueue(db: Db, now: Date): Promise<QueueRow[]> {
  return db.query<QueueRow>(
    `SELECT kind,
            count(*) FILTER (WHERE attempts < max_attempts AND locked_at IS NULL AND run_at <= $1)::int AS waiting,
            count(*) FILTER (WHERE locked_at IS NOT NULL AND attempts <= max_attempts)::int AS running,
            count(*) FILTER (WHERE attempts >= max_attempts AND locked_at IS NULL)::int AS dead,
            extract(epoch FROM $1::timestamptz - min(run_at) FILTER (WHERE attempts < max_attempts AND locked_at IS NULL AND run_at <= $1))::float8 AS oldest_seconds
       FROM jobs WHERE done_at IS NULL GROUP BY kind`,
    [now.toISOString()],
  );
}

export function addScrapeGauges(metrics: Metrics, db: Db, now: () => Date): void {
  // One query per scrape feeds all four gauges: a scrape starts every collector in one synchronous
  // pass, so the first starts the query and the others join it; the next scrape queries afresh.
  let pending: Promise<QueueRow[]> | null = null;
  const rows = () => {
    if (!pending) {
      pending = readJobQueue(db, now()).catch(() => [] as QueueRow[]);
      queueMicrotask(() => {
        pending = null;
      });
    }
    return pending;
  };
  const gauge = (name: string, help: string, pick: (r: QueueRow) => number | null) =>
    metrics.addCollector(name, help, ['kind'], async (set) => {
      for (const r of await rows()) {
        const v = pick(r);
        if (v !== null) set({ kind: r.kind }, v);
      }
    });
  gauge('launchdeck_jobs_waiting', 'Jobs due and not yet claimed by a worker, by kind', (r) => r.waiting);
  gauge('launchdeck_jobs_running', 'Jobs claimed by a worker and not finished, by kind', (r) => r.running);
  gauge('launchdeck_jobs_dead', 'Jobs out of attempts that never finished, by kind', (r) => r.dead);
  gauge('launchdeck_jobs_oldest_waiting_seconds', 'How long the oldest due, unclaimed job has waited, by kind', (r) =>
    r.oldest_seconds === null ? null : Math.max(0, r.oldest_seconds),
  );
  const pool = db.poolStats;
  if (pool) {
    metrics.addCollector(
      'launchdeck_db_pool_clients',
      'PostgreSQL connection pool of this process: total and idle clients, and queries waiting for one',
      ['state'],
      (set) => {
        const s = pool();
        set({ state: 'total' }, s.total);
        set({ state: 'idle' }, s.idle);
        set({ state: 'waiting' }, s.waiting);
      },
    );
  }
}
