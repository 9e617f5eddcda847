import { providerLabel } from './provider-labels.js';

/** A listing's Domain Rating as the full listing shows it: the latest reading, its source, and its change. */
export interface DomainRating {
  current: number | null;
  /** The day of the latest reading (kept for older clients; the same as `as_of`). */
  measured_on: string | null;
  as_of: string | null;
  provider: string | null;
  provider_label: string | null;
  scale: number | null;
  /** The same as change_30d (kept for older clients). */
  change: number | null;
  /** Latest minus the newest reading at least 30 / 90 days older than it; null without one that old. */
  change_30d: number | null;
  change_90d: number | null;
  trend: 'up' | 'down' | 'flat' | null;
  history: { date: string; rating: number }[];
}

const DAY = 86_400_000;
const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The trend from stored readings only — never interpolated. `history` holds the readings of one
 * provider (the latest reading's), since a change across two scales would mean nothing.
 */
export function domainRatingTrend(
  history: { date: string; rating: number }[],
  source?: { provider: string; scale: number },
): DomainRating {
  if (history.length === 0) {
    return {
      current: null,
      measured_on: null,
      as_of: null,
      provider: null,
      provider_label: null,
      scale: null,
      change: null,
      change_30d: null,
      change_90d: null,
      trend: null,
      history: [],
    };
  }
  const sorted = [...history].sort((a, b) => a.date.localeCompare(b.date));
  const latest = sorted[sorted.length - 1];
  const changeOver = (days: number) => {
    const cutoff = Date.parse(latest.date) - days * DAY;
    const earlier = [...sorted].reverse().find((h) => Date.parse(h.date) <= cutoff);
    return earlier ? round2(latest.rating - earlier.rating) : null;
  };
  const change30 = changeOver(30);
  return {
    current: latest.rating,
    measured_on: latest.date,
    as_of: latest.date,
    provider: source?.provider ?? null,
    provider_label: source ? providerLabel(source.provider) : null,
    scale: source?.scale ?? null,
    change: change30,
    change_30d: change30,
    change_90d: changeOver(90),
    trend: change30 === null ? null : change30 > 0 ? 'up' : change30 < 0 ? 'down' : 'flat',
    history: sorted,
  };
}
