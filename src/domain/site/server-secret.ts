import crypto from 'node:crypto';
import type { NoRows, Queryable } from '../../db/client.js';

/**
 * The key that signs cookies (CSRF), shared by every instance through the database and created on
 * first start, so a deployment needs no extra secret to configure or to keep in step.
 */
export async function ensureServerSecret(db: Queryable, siteId: number): Promise<string> {
  const fresh = crypto.randomBytes(32).toString('base64url');
  await db.query<NoRows>(
    `INSERT INTO site_settings (site_id, key, value) VALUES ($1, 'server_secret', $2) ON CONFLICT (site_id, key)
      DO NOTHING`,
    [siteId, JSON.stringify(fresh)],
  );
  const rows = await db.query<{ value: string }>(
    `SELECT value FROM site_settings WHERE site_id = $1 AND key = 'server_secret'`,
    [siteId],
  );
  return rows[0].value;
}
