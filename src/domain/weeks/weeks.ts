/** Launch weeks run Monday to Sunday in UTC; a week is named by its Monday, YYYY-MM-DD. */
const DAY = 86_400_000;

export const isoDate = (d: Date) => d.toISOString().slice(0, 10);

export function mondayOf(d: Date): string {
  const utc = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
  const dow = (new Date(utc).getUTCDay() + 6) % 7; // Monday = 0
  return isoDate(new Date(utc - dow * DAY));
}

export function addWeeks(monday: string, n: number): string {
  return isoDate(new Date(Date.parse(`${monday}T00:00:00Z`) + n * 7 * DAY));
}

export function addDays(date: string, n: number): string {
  return isoDate(new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY));
}

export const weekEnd = (monday: string) => addDays(monday, 6);

/** Parses a real calendar date YYYY-MM-DD, or null (2026-02-30 is not a date). */
export function parseDate(s: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return null;
  const d = new Date(`${s}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || isoDate(d) !== s ? null : d;
}

/** `this`, `next`, `last` or a date (snapped to its Monday) → the Monday; null when unreadable. */
export function resolveWeek(param: string, now: Date): string | null {
  const current = mondayOf(now);
  if (param === 'this') return current;
  if (param === 'next') return addWeeks(current, 1);
  if (param === 'last') return addWeeks(current, -1);
  const d = parseDate(param);
  return d ? mondayOf(d) : null;
}
