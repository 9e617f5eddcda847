import { addWeeks, isoDate, mondayOf } from '../weeks/weeks.js';

const DAY = 86_400_000;

/**
 * The launch weeks (Mondays, oldest first) a free listing chosen at `now` may get: every Monday
 * from `minWeeks` to `maxWeeks` weeks after now, counted in days — so "6–8 weeks out" holds for
 * the week's start whatever weekday the founder chose on. A window narrower than a week (min = max
 * chosen mid-week) still offers the first Monday after its start rather than nothing.
 */
export function freeLaunchWeeks(now: Date, minWeeks: number, maxWeeks: number): string[] {
  const earliest = isoDate(new Date(now.getTime() + minWeeks * 7 * DAY));
  const latest = isoDate(new Date(now.getTime() + maxWeeks * 7 * DAY));
  let first = mondayOf(new Date(`${earliest}T00:00:00Z`));
  if (first < earliest) first = addWeeks(first, 1);
  const weeks = [first];
  for (let w = addWeeks(first, 1); w <= latest; w = addWeeks(w, 1)) weeks.push(w);
  return weeks;
}

/**
 * How often a listing that misses its launch week without our badge is moved to another week of
 * the window before it leaves the free queue (back to draft).
 */
export const MAX_WEEK_MOVES = 2;
