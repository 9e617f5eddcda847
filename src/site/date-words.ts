/** Dates as people read them on the site; launch days and weeks are UTC, so these are too. */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const parts = (date: string) => ({
  year: Number(date.slice(0, 4)),
  month: Number(date.slice(5, 7)),
  day: Number(date.slice(8, 10)),
});

/** "Nov 16" for 2026-11-16. */
export function shortDate(date: string): string {
  const p = parts(date);
  return `${MONTHS[p.month - 1]} ${p.day}`;
}

/** "Nov 2026" for any day of that month. */
export function monthName(date: string): string {
  const p = parts(date);
  return `${MONTHS[p.month - 1]} ${p.year}`;
}

/** "Monday" … "Sunday" for a date. */
export function weekdayOf(date: string): string {
  return WEEKDAYS[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7];
}

/** "Nov 16 – 22" or "Nov 30 – Dec 6" for the week starting on that Monday (the end is `sunday`). */
export function weekSpan(monday: string, sunday: string): string {
  const a = parts(monday);
  const b = parts(sunday);
  return a.month === b.month ? `${shortDate(monday)} – ${b.day}` : `${shortDate(monday)} – ${shortDate(sunday)}`;
}
