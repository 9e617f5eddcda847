import type { Queryable } from '../../db/client.js';

/** What the housekeeping job deletes: each a fixed statement over one table, rows older than its cutoff. */
export type PurgeTarget =
  | 'done_jobs'
  | 'failed_jobs'
  | 'idempotency_keys'
  | 'sessions'
  | 'email_tokens'
  | 'oauth_artifacts'
  | 'draft_pages'
  | 'domain_rating_failures'
  | 'sign_in_attempts'
  | 'email_sign_ins'
  | 'webauthn_challenges'
  | 'webhook_deliveries'
  | 'webhook_events';

/**
 * The rows of one batch, picked by ctid so one shape fits every table (some have composite keys);
 * SKIP LOCKED lets a concurrent purge, or a request touching a row, go on without waiting.
 */
const batch = (table: string, pick: string, lockOf = '') =>
  `WITH gone AS (DELETE FROM ${table} WHERE ctid = ANY(ARRAY(${pick} LIMIT $2 FOR UPDATE ${lockOf} SKIP LOCKED))
   RETURNING 1)
   SELECT count(*)::int AS n FROM gone`;

const STATEMENTS: Record<PurgeTarget, string> = {
  done_jobs: batch('jobs', 'SELECT ctid FROM jobs WHERE done_at IS NOT NULL AND done_at < $1'),
  // Out of attempts and not running (a crashed last attempt's lock counts once it is as old as the cutoff).
  failed_jobs: batch(
    'jobs',
    `SELECT ctid FROM jobs WHERE done_at IS NULL AND attempts >= max_attempts AND run_at < $1
                               AND (locked_at IS NULL OR locked_at < $1)`,
  ),
  idempotency_keys: batch('idempotency_keys', 'SELECT ctid FROM idempotency_keys WHERE created_at < $1'),
  sessions: batch('sessions', 'SELECT ctid FROM sessions WHERE expires_at < $1'),
  // Mailed codes and links: confirmation, password reset, invites, email claims (used or not).
  email_tokens: batch('email_tokens', 'SELECT ctid FROM email_tokens WHERE expires_at < $1'),
  // Codes, access and refresh tokens. Consumed ones are kept until they expire: a replayed refresh
  // token must still be recognised to revoke its family.
  oauth_artifacts: batch('oauth_artifacts', 'SELECT ctid FROM oauth_artifacts WHERE expires_at < $1'),
  draft_pages: batch(
    'draft_pages',
    'SELECT p.ctid FROM draft_pages p JOIN drafts d ON d.id = p.draft_id WHERE d.updated_at < $1',
    'OF p',
  ),
  domain_rating_failures: batch('domain_rating_failures', 'SELECT ctid FROM domain_rating_failures WHERE at < $1'),
  // Failed sign-ins whose window and lock are both over: they no longer throttle anyone.
  sign_in_attempts: batch(
    'sign_in_attempts',
    'SELECT ctid FROM sign_in_attempts WHERE greatest(last_failure_at, locked_until) < $1',
  ),
  // Mailed sign-in links and codes (used or not).
  email_sign_ins: batch('email_sign_ins', 'SELECT ctid FROM email_sign_ins WHERE expires_at < $1'),
  // Passkey challenges nobody answered: useless once expired.
  webauthn_challenges: batch('webauthn_challenges', 'SELECT ctid FROM webauthn_challenges WHERE expires_at < $1'),
  // The delivery log: finished deliveries (a pending one is still being retried, whatever its age).
  webhook_deliveries: batch(
    'webhook_deliveries',
    `SELECT ctid FROM webhook_deliveries WHERE status <> 'pending' AND created_at < $1`,
  ),
  // Events once none of their deliveries is left; a once-only event (a vote milestone) stays, so it is never sent twice.
  webhook_events: batch(
    'webhook_events',
    `SELECT e.ctid FROM webhook_events e WHERE e.once_key IS NULL AND e.created_at < $1
       AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id)`,
    'OF e',
  ),
};

/** Deletes up to `limit` rows of `target` older than `before`; how many went. */
export async function purgeBatch(db: Queryable, target: PurgeTarget, before: Date, limit: number): Promise<number> {
  const rows = await db.query<{ n: number }>(STATEMENTS[target], [before.toISOString(), limit]);
  return rows[0]?.n ?? 0;
}
