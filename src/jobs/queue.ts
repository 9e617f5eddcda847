import type { NoRows, Queryable } from '../db/client.js';

export interface Job<P = Record<string, unknown>> {
  id: number;
  kind: string;
  payload: P;
  attempts: number;
  max_attempts: number;
}

/**
 * The default lease (JOB_LEASE_SECONDS): a job whose lock is older than this is assumed to belong
 * to a dead worker and is claimed again. A live worker renews its lease while the job runs
 * (heartbeat), so a long crawl is never taken over, and a killed worker's job waits at most this long.
 */
export const LOCK_TIMEOUT_MS = 60_000;

/**
 * Adds durable work. With `uniqueKey`, at most one job of that key is ever queued (later enqueues
 * are ignored while it exists), which makes "schedule this once" safe from any instance.
 */
export async function enqueue(
  db: Queryable,
  kind: string,
  payload: object,
  opts: { /** default: now, by the caller's clock */ runAt?: Date; uniqueKey?: string; maxAttempts?: number } = {},
): Promise<number | null> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO jobs (kind, payload, run_at, unique_key, max_attempts)
     VALUES ($1, $2, coalesce($3::timestamptz, now()), $4, $5)
     ON CONFLICT (unique_key) DO NOTHING RETURNING id`,
    [
      kind,
      JSON.stringify(payload),
      (opts.runAt ?? new Date()).toISOString(),
      opts.uniqueKey ?? null,
      opts.maxAttempts ?? 5,
    ],
  );
  return rows[0]?.id ?? null;
}

/** Claims the next due job of the given kinds; SKIP LOCKED lets any number of workers poll at once. */
export async function claimNext(
  db: Queryable,
  workerId: string,
  kinds: string[],
  now: Date,
  leaseMs = LOCK_TIMEOUT_MS,
): Promise<Job | null> {
  const rows = await db.query<Job>(
    `UPDATE jobs SET locked_at = $3, locked_by = $2, attempts = attempts + 1
      WHERE id = (
        SELECT id FROM jobs
         WHERE done_at IS NULL AND kind = ANY($1::text[]) AND run_at <= $3 AND attempts < max_attempts
           AND (locked_at IS NULL OR locked_at < $3::timestamptz - make_interval(secs => $4))
         ORDER BY run_at, id
         LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, payload, attempts, max_attempts`,
    [kinds, workerId, now.toISOString(), leaseMs / 1000],
  );
  return rows[0] ?? null;
}

/** Renews a running job's lease; false when the job is no longer this worker's (its lease ran out and another took
 *  it). */
export async function renewLease(db: Queryable, id: number, workerId: string, now: Date): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'UPDATE jobs SET locked_at = $3 WHERE id = $1 AND locked_by = $2 AND done_at IS NULL AND locked_at IS NOT ' +
      'NULL RETURNING id',
    [id, workerId, now.toISOString()],
  );
  return rows.length > 0;
}

export async function completeJob(db: Queryable, id: number, now: Date): Promise<void> {
  await db.query<NoRows>('UPDATE jobs SET done_at = $2, locked_at = NULL, last_error = NULL WHERE id = $1', [
    id,
    now.toISOString(),
  ]);
}

/** Releases a failed job to run again after an exponential backoff (10 s, 20 s, 40 s, …). */
export async function failJob(db: Queryable, job: Job, error: string, now: Date): Promise<void> {
  const delayMs = Math.min(3_600_000, 10_000 * 2 ** (job.attempts - 1));
  await db.query<NoRows>('UPDATE jobs SET locked_at = NULL, last_error = $2, run_at = $3 WHERE id = $1', [
    job.id,
    error.slice(0, 2000),
    new Date(now.getTime() + delayMs).toISOString(),
  ]);
}

/** Channel a NOTIFY goes to when work is queued, so idle workers on any instance start at once. */
export const JOBS_CHANNEL = 'launchdeck_jobs';

/** Queues a job and wakes the workers listening on any instance. */
export async function enqueueAndNotify(
  db: Queryable,
  kind: string,
  payload: object,
  opts: Parameters<typeof enqueue>[3] = {},
): Promise<number | null> {
  const id = await enqueue(db, kind, payload, opts);
  await db.query<NoRows>('SELECT pg_notify($1, $2)', [JOBS_CHANNEL, kind]);
  return id;
}

export type JobHandler = (job: Job, signal: AbortSignal) => Promise<void>;

/**
 * Polls for jobs and runs them with their handler, renewing each running job's lease every third
 * of it. A crash mid-job leaves it locked; once its lease (leaseMs) runs out another worker takes
 * it again, so handlers must be idempotent.
 */
export class Worker {
  private stopped = false;
  private running: Promise<void> | null = null;
  private readonly abort = new AbortController();
  private sleepers = new Set<() => void>();

  constructor(
    private readonly db: Queryable,
    private readonly handlers: Record<string, JobHandler>,
    private readonly opts: {
      id: string;
      pollMs?: number;
      concurrency?: number /** default LOCK_TIMEOUT_MS */;
      leaseMs?: number;
      now?: () => Date;
      log?: (msg: string, err?: unknown) => void;
    },
  ) {}

  start() {
    const lanes = Array.from({ length: this.opts.concurrency ?? 2 }, () => this.lane());
    this.running = Promise.all(lanes).then(() => {});
  }

  private async lane() {
    const now = this.opts.now ?? (() => new Date());
    while (!this.stopped) {
      let job: Job | null = null;
      try {
        job = await claimNext(this.db, this.opts.id, Object.keys(this.handlers), now(), this.leaseMs);
      } catch (err) {
        this.opts.log?.('job claim failed', err);
      }
      if (!job) {
        await this.sleep(this.opts.pollMs ?? 1000);
        continue;
      }
      const stopHeartbeat = this.heartbeat(job, now);
      try {
        await this.handlers[job.kind](job, this.abort.signal);
        stopHeartbeat();
        await completeJob(this.db, job.id, now());
      } catch (err) {
        stopHeartbeat();
        this.opts.log?.(`job ${job.kind} #${job.id} failed (attempt ${job.attempts}/${job.max_attempts})`, err);
        await failJob(this.db, job, String((err as Error)?.stack ?? err), now()).catch(() => {});
      }
    }
  }

  private get leaseMs() {
    return this.opts.leaseMs ?? LOCK_TIMEOUT_MS;
  }

  /** Keeps the job's lease fresh while its handler runs; a failed renewal is retried at the next beat. */
  private heartbeat(job: Job, now: () => Date): () => void {
    let stopped = false;
    let lost = false;
    const timer = setInterval(
      () => {
        renewLease(this.db, job.id, this.opts.id, now()).then(
          (mine) => {
            // Only after renewals failed for a whole lease (e.g. the database was away): say so once.
            if (!mine && !stopped && !lost) {
              lost = true;
              this.opts.log?.(`job ${job.kind} #${job.id}: lease lost to another worker`);
            }
          },
          (err) => {
            if (!stopped) this.opts.log?.(`job ${job.kind} #${job.id}: lease renewal failed`, err);
          },
        );
      },
      Math.max(100, Math.floor(this.leaseMs / 3)),
    );
    timer.unref();
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleepers.add(done);
    });
  }

  /** Ends every idle lane's wait at once: new work was queued (a NOTIFY), no need to wait for the next poll. */
  wake() {
    for (const w of [...this.sleepers]) w();
  }

  /** Runs due jobs until none is left (tests and CLI use this instead of polling). */
  async drain(now: Date = new Date()): Promise<number> {
    let ran = 0;
    for (;;) {
      const job = await claimNext(this.db, this.opts.id, Object.keys(this.handlers), now);
      if (!job) return ran;
      ran++;
      try {
        await this.handlers[job.kind](job, this.abort.signal);
        await completeJob(this.db, job.id, now);
      } catch (err) {
        await failJob(this.db, job, String((err as Error)?.message ?? err), now);
      }
    }
  }

  async stop() {
    this.stopped = true;
    this.abort.abort();
    this.wake();
    await this.running;
  }
}
