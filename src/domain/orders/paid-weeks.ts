import type { NoRows, Queryable } from '../../db/client.js';
import type { ProductCode } from './catalog.js';
import { addWeeks, mondayOf } from '../weeks/weeks.js';

/** Order lines that take one of a week's paid launch places (a bundle's launch part is a line of its own). */
export const WEEK_PLACE_PRODUCTS = ['launch', 'skip_queue', 'relaunch'] as const satisfies readonly ProductCode[];

/** The launch weeks on sale at `now`: the next `weeksAhead` Mondays (this week has begun: launch without a week for
 *  now). */
export function weeksOnSale(now: Date, weeksAhead: number): string[] {
  const next = addWeeks(mondayOf(now), 1);
  return Array.from({ length: weeksAhead }, (_, i) => addWeeks(next, i));
}

/**
 * SQL of the places taken in each week ($1 site, $2 weeks, $3 now) by paid and fulfilled orders,
 * and by pending ones still holding theirs. Shared with the quote's one-round-trip read.
 */
export const PAID_WEEK_LOADS_SQL = `SELECT to_char(ol.week, 'YYYY-MM-DD') AS week, count(*)::int AS n
       FROM order_lines ol JOIN orders o ON o.id = ol.order_id
      WHERE o.site_id = $1 AND ol.week = ANY($2::date[])
      AND ol.product_code IN (${WEEK_PLACE_PRODUCTS.map((p) => `'${p}'`).join(', ')})
        AND (o.status IN ('paid', 'fulfilled') OR (o.status = 'pending' AND o.expires_at > $3))
      GROUP BY ol.week`;

export async function paidWeekLoads(
  db: Queryable,
  siteId: number,
  weeks: string[],
  now: Date,
): Promise<Map<string, number>> {
  const rows = await db.query<{ week: string; n: number }>(PAID_WEEK_LOADS_SQL, [siteId, weeks, now.toISOString()]);
  return new Map(rows.map((r) => [r.week, r.n]));
}

export interface WeekOnSale {
  week: string;
  available: boolean;
  places_left: number;
}

export function weekAvailability(weeks: string[], loads: Map<string, number>, capacity: number): WeekOnSale[] {
  return weeks.map((week) => {
    const left = Math.max(0, capacity - (loads.get(week) ?? 0));
    return { week, available: left > 0, places_left: left };
  });
}

// Any constant works: every instance must use the same one. Paired with the site id.
const PAID_WEEKS_LOCK = 7_340_012;

/** Serialises order creation for a site until the transaction ends, so two buyers never both take a week's last
 *  place. */
export async function lockPaidWeeks(tx: Queryable, siteId: number): Promise<void> {
  await tx.query<NoRows>('SELECT pg_advisory_xact_lock($1::int, $2::int)', [PAID_WEEKS_LOCK, siteId]);
}
