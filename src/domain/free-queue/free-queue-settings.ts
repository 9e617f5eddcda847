import type { Queryable } from '../../db/client.js';
import { getSetting } from '../site/site-repository.js';

/**
 * How the free queue is sized: the launch window (weeks from now), free launches per week, and how
 * many listings one account may have waiting for their badge at once (so nobody holds every week).
 */
export interface FreeQueueSettings {
  minWeeks: number;
  maxWeeks: number;
  weekCapacity: number;
  maxWaitingPerUser: number;
}

export const FREE_QUEUE_DEFAULTS: FreeQueueSettings = {
  minWeeks: 6,
  maxWeeks: 8,
  weekCapacity: 20,
  maxWaitingPerUser: 3,
};

const wholeNumber = (v: unknown, min: number, max: number): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : null;

/**
 * Site settings `free_queue_min_weeks`, `free_queue_max_weeks`, `free_queue_week_capacity` and
 * `free_queue_max_waiting_per_user` (at least 1; admin CLI `set-setting`). The window may also be set at once as
 * `free_queue_weeks` `{"min":6,"max":8}`; the single keys win. A value an operator mistyped falls back to the default
 * rather than closing the queue, and max is never below min.
 */
export async function loadFreeQueueSettings(db: Queryable, siteId: number): Promise<FreeQueueSettings> {
  const [both, min, max, capacity, perUser] = await Promise.all([
    getSetting<{ min?: unknown; max?: unknown } | null>(db, siteId, 'free_queue_weeks', null),
    getSetting<unknown>(db, siteId, 'free_queue_min_weeks', null),
    getSetting<unknown>(db, siteId, 'free_queue_max_weeks', null),
    getSetting<unknown>(db, siteId, 'free_queue_week_capacity', null),
    getSetting<unknown>(db, siteId, 'free_queue_max_waiting_per_user', null),
  ]);
  const minWeeks = wholeNumber(min, 0, 104) ?? wholeNumber(both?.min, 0, 104) ?? FREE_QUEUE_DEFAULTS.minWeeks;
  const maxWeeks = wholeNumber(max, 0, 104) ?? wholeNumber(both?.max, 0, 104) ?? FREE_QUEUE_DEFAULTS.maxWeeks;
  const weekCapacity = wholeNumber(capacity, 0, 100_000) ?? FREE_QUEUE_DEFAULTS.weekCapacity;
  const maxWaitingPerUser = wholeNumber(perUser, 1, 100_000) ?? FREE_QUEUE_DEFAULTS.maxWaitingPerUser;
  return { minWeeks, maxWeeks: Math.max(minWeeks, maxWeeks), weekCapacity, maxWaitingPerUser };
}
