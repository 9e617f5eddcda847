/** Dates as timelines write them, at the start of a line: "March 2022 — Launched v1", "2021: Founded". */

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const YEAR = '((?:19|20)\\d{2})';

const monthNumber = (m: string) =>
  MONTHS.findIndex((full) => full.startsWith(m.toLowerCase().replace(/\.$/, '').slice(0, 3))) + 1;
const pad = (n: number) => String(n).padStart(2, '0');

/** Each form: how it looks, and how its groups become year, month, day. */
const FORMS: { re: RegExp; parts: (m: RegExpExecArray) => [number, number, number] }[] = [
  { re: new RegExp(`^${YEAR}-(\\d{2})-(\\d{2})\\b`), parts: (m) => [+m[1], +m[2], +m[3]] },
  { re: new RegExp(`^${YEAR}[-/](\\d{1,2})\\b`), parts: (m) => [+m[1], +m[2], 1] },
  {
    re: new RegExp(`^(\\d{1,2})(?:st|nd|rd|th)? ${MONTH},? ${YEAR}\\b`, 'i'),
    parts: (m) => [+m[3], monthNumber(m[2]), +m[1]],
  },
  {
    re: new RegExp(`^${MONTH} (\\d{1,2})(?:st|nd|rd|th)?,? ${YEAR}\\b`, 'i'),
    parts: (m) => [+m[3], monthNumber(m[1]), +m[2]],
  },
  { re: new RegExp(`^${MONTH},? ${YEAR}\\b`, 'i'), parts: (m) => [+m[2], monthNumber(m[1]), 1] },
  { re: new RegExp(`^Q([1-4]) ${YEAR}\\b`, 'i'), parts: (m) => [+m[2], (+m[1] - 1) * 3 + 1, 1] },
  { re: new RegExp(`^${YEAR}\\b(?![,.]\\d)`), parts: (m) => [+m[1], 1, 1] },
];

export interface LeadingDate {
  date: string;
  year: number;
  length: number;
}

/** The date a line starts with, as YYYY-MM-DD (first of the month or year when only those are given). */
export function leadingDate(line: string): LeadingDate | null {
  const text = line.slice(0, 40);
  for (const f of FORMS) {
    const m = f.re.exec(text);
    if (!m) continue;
    const [y, mo, d] = f.parts(m);
    if (y > new Date().getUTCFullYear() + 1 || mo < 1 || mo > 12 || d < 1 || d > 31) return null;
    const date = `${y}-${pad(mo)}-${pad(d)}`;
    // 31 February and the like are not dates.
    if (new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) return null;
    return { date, year: y, length: m[0].length };
  }
  return null;
}

export const startsWithDate = (line: string) => leadingDate(line) !== null;

/** Splits "March 2022 — Launched v1" into the date and the title after the separator. */
export function datedLine(line: string): { date: string; title: string } | null {
  const d = leadingDate(line);
  if (!d) return null;
  const sep = /^\s*(?:[—–:|·•-]+\s*|\s+)/.exec(line.slice(d.length));
  if (!sep) return null;
  const title = line.slice(d.length + sep[0].length).trim();
  // A year followed by a number or a lower-case word is a sentence ("2021 was hard"), not a timeline entry.
  if (!/^[\p{Lu}\p{N}"“']/u.test(title) || title.length < 3) return null;
  if (/^\d/.test(title) && !/^\d[\d,.]*\s*\p{L}/u.test(title)) return null;
  return { date: d.date, title };
}
