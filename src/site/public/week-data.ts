import type { AppContext } from '../../app-context.js';
import { type Award, weekAwards } from '../../domain/awards/award-repository.js';
import { winnersByWeek } from '../../domain/awards/hall-of-fame.js';
import { type LaunchDay, launchCounts, launchDays, launchWeekBefore } from '../../domain/launches/launch-repository.js';
import { addWeeks, mondayOf } from '../../domain/weeks/weeks.js';

/** How many weeks the calendar shows on either side of the week on the page. */
const CALENDAR_REACH = 8;

export interface CalendarWeek {
  week: string;
  launches: number;
  /** A past week without launches has no page. */
  hasPage: boolean;
}

/** What a week page shows around its ranked list. */
export interface WeekSurroundings {
  /** The latest earlier week with launches, for the "previous" link. */
  previous: string | null;
  /** Weeks around the one shown, oldest first, with their launch counts. */
  calendar: CalendarWeek[];
  /** Its launches day by day (none for a week still to come). */
  days: LaunchDay[];
  /** Its Launch of the Week awards once given; before that, those of the latest week awarded. */
  winners: { week: string; awards: Award[]; ofThisWeek: boolean } | null;
}

export async function weekSurroundings(ctx: AppContext, monday: string, now: Date): Promise<WeekSurroundings> {
  const db = ctx.db;
  const site = ctx.site.id;
  const current = mondayOf(now);
  const from = addWeeks(monday, -CALENDAR_REACH);
  const to = addWeeks(monday, CALENDAR_REACH);
  const latestWinners = () => winnersByWeek(db, site, 1, 0).then((w) => w.weeks[0] ?? null);
  // A week not over has no awards of its own: the latest winners are read alongside the rest.
  const [previous, counts, days, own, latestIfOpen] = await Promise.all([
    launchWeekBefore(db, site, monday),
    launchCounts(db, site, from, to),
    monday <= current ? launchDays(db, site, monday) : Promise.resolve([]),
    monday < current ? weekAwards(db, site, monday) : Promise.resolve([]),
    monday >= current ? latestWinners() : Promise.resolve(null),
  ]);
  const latest = own.length ? null : monday >= current ? latestIfOpen : await latestWinners();
  const calendar = Array.from({ length: 2 * CALENDAR_REACH + 1 }, (_, i) => {
    const week = addWeeks(from, i);
    const c = counts.get(week);
    // As the week pages count: what went live, or for a week to come what is scheduled.
    const launches = week <= current ? (c?.live ?? 0) : (c?.live ?? 0) + (c?.scheduled ?? 0);
    return { week, launches, hasPage: week >= current || launches > 0 };
  });
  return {
    previous,
    calendar,
    days,
    winners: own.length
      ? { week: monday, awards: own, ofThisWeek: true }
      : latest
        ? { week: latest.week, awards: latest.awards, ofThisWeek: false }
        : null,
  };
}
