import type { Queryable } from '../../db/client.js';

/**
 * How voting is kept honest, per site (admin settings page or `npm run admin -- set-setting`):
 * - `vote_hold_hours`: an account younger than this may vote, but its vote is held (not counted)
 *   until the account reaches that age. 0 (the default) counts every confirmed account's vote at once.
 * - `votes_per_minute_per_account` / `votes_per_minute_per_address`: more votes than this in a
 *   minute get a 429 (the account limit is counted in the database, so it holds across instances).
 */
export interface VoteSettings {
  holdHours: number;
  perAccountPerMinute: number;
  perAddressPerMinute: number;
}

export const VOTE_SETTING_DEFAULTS: VoteSettings = { holdHours: 0, perAccountPerMinute: 30, perAddressPerMinute: 60 };

export const VOTE_SETTING_KEYS = {
  holdHours: 'vote_hold_hours',
  perAccountPerMinute: 'votes_per_minute_per_account',
  perAddressPerMinute: 'votes_per_minute_per_address',
} as const;

export const VOTE_SETTING_BOUNDS: Record<keyof VoteSettings, [number, number]> = {
  holdHours: [0, 24 * 90],
  perAccountPerMinute: [1, 10_000],
  perAddressPerMinute: [1, 100_000],
};

const wholeNumber = (v: unknown, [min, max]: [number, number]): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : null;

/** Settings are read on every vote; each instance reuses them this long (a change made elsewhere shows within it). */
export const VOTE_SETTINGS_TTL_MS = 5_000;
const cached = new WeakMap<Queryable, Map<number, { at: number; value: Promise<VoteSettings> }>>();

/** The site's vote settings (reused for VOTE_SETTINGS_TTL_MS per instance). */
export function loadVoteSettings(db: Queryable, siteId: number): Promise<VoteSettings> {
  let perSite = cached.get(db);
  if (!perSite) cached.set(db, (perSite = new Map()));
  const hit = perSite.get(siteId);
  if (hit && Date.now() - hit.at < VOTE_SETTINGS_TTL_MS) return hit.value;
  const value = readVoteSettings(db, siteId);
  perSite.set(siteId, { at: Date.now(), value });
  value.catch(() => perSite!.delete(siteId));
  return value;
}

/** Drops this instance's copy after the settings changed here (a site_settings change, see context.ts). */
export function dropVoteSettings(db: Queryable, siteId: number): void {
  cached.get(db)?.delete(siteId);
}

/** The stored settings; a mistyped value falls back to its default rather than closing voting. */
async function readVoteSettings(db: Queryable, siteId: number): Promise<VoteSettings> {
  const keys = Object.keys(VOTE_SETTING_KEYS) as (keyof VoteSettings)[];
  const rows = await db.query<{ key: string; value: unknown }>(
    'SELECT key, value FROM site_settings WHERE site_id = $1 AND key = ANY($2::text[])',
    [siteId, keys.map((k) => VOTE_SETTING_KEYS[k])],
  );
  const stored = new Map(rows.map((r) => [r.key, r.value]));
  return Object.fromEntries(
    keys.map((k) => [
      k,
      wholeNumber(stored.get(VOTE_SETTING_KEYS[k]), VOTE_SETTING_BOUNDS[k]) ?? VOTE_SETTING_DEFAULTS[k],
    ]),
  ) as unknown as VoteSettings;
}
