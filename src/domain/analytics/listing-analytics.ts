import type { Queryable } from '../../db/client.js';
import { badRequest } from '../../errors/app-error.js';
import { dailyCounts, launchWeeks, topReferrers } from './analytics-repository.js';

/** The series of a listing's analytics, in the order they are shown and exported. */
export const SERIES = [
  'views',
  'clicks',
  'votes_counted',
  'votes_held',
  'votes_voided',
  'followers',
  'reviews',
] as const;
export type SeriesName = (typeof SERIES)[number];

export const RANGES = ['7d', '30d', '90d'] as const;
export type Range = (typeof RANGES)[number];

/** Referrer hosts reported at most. */
const TOP_REFERRERS = 10;

export interface ListingAnalyticsReport {
  from: string;
  to: string;
  /** The launch weeks (Mondays) a report can be asked for, latest first. */
  launches: string[];
  days: string[];
  series: Record<SeriesName, number[]>;
  totals: Record<SeriesName, number>;
  referrers: { host: string; count: number }[];
}

const DAY_MS = 86_400_000;
const dayAt = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * The days a report covers: the last 7, 30 or 90 UTC days up to today, or the Monday-to-Sunday
 * week of one of the listing's launches (a week that is not one of them is a 400 naming `launch`).
 */
export function reportDays(o: { range: Range; launch?: string; launches: string[]; now: Date }): string[] {
  let start: number;
  let n: number;
  if (o.launch !== undefined) {
    if (!o.launches.includes(o.launch))
      throw badRequest(
        `launch: ${o.launch} is not a launch week of this listing (${o.launches.join(', ') || 'it has none'}).`,
        [{ path: 'launch', message: 'not a launch week of this listing' }],
      );
    start = Date.parse(`${o.launch}T00:00:00Z`);
    n = 7;
  } else {
    n = Number.parseInt(o.range, 10);
    start = Date.parse(`${dayAt(o.now.getTime())}T00:00:00Z`) - (n - 1) * DAY_MS;
  }
  return Array.from({ length: n }, (_, i) => dayAt(start + i * DAY_MS));
}

/** A listing's daily series, totals and top referrers over a range or one launch week. */
export async function listingAnalytics(
  db: Queryable,
  listingId: number,
  o: { range: Range; launch?: string; now: Date },
): Promise<ListingAnalyticsReport> {
  const launches = await launchWeeks(db, listingId);
  const days = reportDays({ ...o, launches });
  const from = days[0];
  const to = days[days.length - 1];
  const [counts, referrers] = await Promise.all([
    dailyCounts(db, listingId, from, to),
    topReferrers(db, listingId, from, to, TOP_REFERRERS),
  ]);
  const index = new Map(days.map((d, i) => [d, i]));
  const series = Object.fromEntries(SERIES.map((s) => [s, days.map(() => 0)])) as Record<SeriesName, number[]>;
  for (const c of counts) {
    const i = index.get(c.day);
    if (i !== undefined) series[c.series as SeriesName][i] += c.n;
  }
  const totals = Object.fromEntries(SERIES.map((s) => [s, series[s].reduce((a, b) => a + b, 0)])) as Record<
    SeriesName,
    number
  >;
  return { from, to, launches, days, series, totals, referrers };
}
