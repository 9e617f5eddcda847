import type { NoRows, Queryable } from '../../db/client.js';

export interface Site {
  id: number;
  key: string;
  name: string;
  purpose: string;
}

/** The site this process serves; created on first start when SITE_KEY names a new one. */
export async function ensureSite(db: Queryable, key: string): Promise<Site> {
  const found = await db.query<Site>('SELECT id, key, name, purpose FROM sites WHERE key = $1', [key]);
  if (found[0]) return found[0];
  const name = key.charAt(0).toUpperCase() + key.slice(1);
  const rows = await db.query<Site>(
    `INSERT INTO sites (key, name) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET key = EXCLUDED.key
     RETURNING id, key, name, purpose`,
    [key, name],
  );
  return rows[0];
}

export async function getSetting<T>(db: Queryable, siteId: number, key: string, fallback: T): Promise<T> {
  const rows = await db.query<{ value: T }>('SELECT value FROM site_settings WHERE site_id = $1 AND key = $2', [
    siteId,
    key,
  ]);
  return rows[0] ? rows[0].value : fallback;
}

export async function setSetting(db: Queryable, siteId: number, key: string, value: unknown): Promise<void> {
  await db.query<NoRows>(
    `INSERT INTO site_settings (site_id, key, value) VALUES ($1, $2, $3)
     ON CONFLICT (site_id, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
    [siteId, key, JSON.stringify(value)],
  );
  db.changed({ kind: 'site_settings', siteId });
}

export async function siteCounts(
  db: Queryable,
  siteId: number,
): Promise<{ live_listings: number; categories: number }> {
  const rows = await db.query<{ live_listings: number; categories: number }>(
    `SELECT (SELECT count(*)::int FROM listings WHERE site_id = $1 AND status = 'live') AS live_listings,
            (SELECT count(*)::int FROM categories WHERE site_id = $1) AS categories`,
    [siteId],
  );
  return rows[0];
}
