import type { NoRows, Queryable } from '../../db/client.js';

export interface Reading {
  companyId: number;
  provider: string;
  scale: number;
  rating: number;
  measuredOn: string;
  fetchedAt: string | null;
}

/** Stores a reading; a second reading of the same company, provider and day replaces the first. */
export async function saveReading(db: Queryable, r: Reading): Promise<void> {
  await db.query<NoRows>(
    `INSERT INTO domain_ratings (company_id, provider, scale, rating, measured_on, fetched_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (company_id, provider, measured_on) DO UPDATE
     SET rating = EXCLUDED.rating, scale = EXCLUDED.scale, fetched_at = EXCLUDED.fetched_at`,
    [r.companyId, r.provider, r.scale, r.rating, r.measuredOn, r.fetchedAt],
  );
}

export async function recordFailure(
  db: Queryable,
  f: { domain: string; provider: string; error: string; at: Date },
): Promise<void> {
  await db.query<NoRows>('INSERT INTO domain_rating_failures (domain, provider, error, at) VALUES ($1, $2, $3, $4)', [
    f.domain,
    f.provider,
    f.error.slice(0, 500),
    f.at.toISOString(),
  ]);
}

/** The most recent refresh failures, newest first (for the administrator). */
export async function recentFailures(
  db: Queryable,
  limit = 50,
): Promise<{ domain: string; provider: string; error: string; at: string }[]> {
  return db.query<{ domain: string; provider: string; error: string; at: string }>(
    'SELECT domain, provider, error, at FROM domain_rating_failures ORDER BY at DESC, id DESC LIMIT $1',
    [limit],
  );
}

/**
 * Claims up to `limit` companies of live listings due for a refresh by `provider`: never claimed,
 * or due again (next_at passed), and without a reading from that provider newer than `staleBefore`.
 * The claim moves next_at to `leaseUntil` in one conditional upsert: a second worker that saw the
 * same company due waits on the row, re-checks `next_at <= now`, finds it false and skips it — so
 * each company is handed to exactly one worker. A crashed worker's claim expires at leaseUntil.
 */
export async function claimDue(
  db: Queryable,
  provider: string,
  now: Date,
  staleBefore: string,
  leaseUntil: Date,
  limit: number,
): Promise<{ companyId: number; domain: string }[]> {
  return db.query<{ companyId: number; domain: string }>(
    `WITH due AS (
       SELECT c.id, c.domain FROM companies c
        WHERE EXISTS (SELECT 1 FROM listings l WHERE l.company_id = c.id AND l.status = 'live')
          AND NOT EXISTS (SELECT 1 FROM domain_rating_schedule s WHERE s.company_id = c.id AND s.provider = $1
          AND s.next_at > $2)
          AND NOT EXISTS (SELECT 1 FROM domain_ratings r WHERE r.company_id = c.id AND r.provider = $1
          AND r.measured_on > $3::date)
        ORDER BY c.id LIMIT $5),
     claimed AS (
       INSERT INTO domain_rating_schedule AS s (company_id, provider, next_at)
       SELECT id, $1, $4 FROM due
       ON CONFLICT (company_id, provider) DO UPDATE SET next_at = EXCLUDED.next_at WHERE s.next_at <= $2
       RETURNING company_id)
     SELECT due.id AS "companyId", due.domain FROM due JOIN claimed ON claimed.company_id = due.id ORDER BY due.id`,
    [provider, now.toISOString(), staleBefore, leaseUntil.toISOString(), limit],
  );
}

/** After a refresh: due again after the cadence on success, after a growing delay on failure. */
export async function settle(
  db: Queryable,
  companyId: number,
  provider: string,
  ok: boolean,
  nextAt: (failures: number) => Date,
): Promise<void> {
  if (ok) {
    await db.query<NoRows>(
      'UPDATE domain_rating_schedule SET failures = 0, next_at = $3 WHERE company_id = $1 AND provider = $2',
      [companyId, provider, nextAt(0).toISOString()],
    );
    return;
  }
  const rows = await db.query<{ failures: number }>(
    'UPDATE domain_rating_schedule SET failures = failures + 1 WHERE company_id = $1 AND provider = $2 ' +
      'RETURNING failures',
    [companyId, provider],
  );
  await db.query<NoRows>('UPDATE domain_rating_schedule SET next_at = $3 WHERE company_id = $1 AND provider = $2', [
    companyId,
    provider,
    nextAt(rows[0]?.failures ?? 1).toISOString(),
  ]);
}

/**
 * Takes one request from the provider's per-minute budget, shared by every worker through one row;
 * false when this minute's budget is spent. The conditional UPDATE is re-checked under the row
 * lock, so concurrent workers can never together exceed `perMinute`.
 */
export async function takeRequest(db: Queryable, provider: string, now: Date, perMinute: number): Promise<boolean> {
  await db.query<NoRows>(
    'INSERT INTO domain_rating_budget (provider, window_start, used) VALUES ($1, $2, 0) ON CONFLICT (provider) ' +
      'DO NOTHING',
    [provider, now.toISOString()],
  );
  const rows = await db.query<{ one: number }>(
    `UPDATE domain_rating_budget SET
        window_start = CASE WHEN window_start <= $2::timestamptz - interval '1 minute' THEN $2::timestamptz
        ELSE window_start END,
        used = CASE WHEN window_start <= $2::timestamptz - interval '1 minute' THEN 1 ELSE used + 1 END
      WHERE provider = $1 AND (window_start <= $2::timestamptz - interval '1 minute' OR used < $3)
      RETURNING 1 AS one`,
    [provider, now.toISOString(), perMinute],
  );
  return rows.length > 0;
}
