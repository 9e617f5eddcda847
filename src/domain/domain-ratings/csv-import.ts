import type { NoRows, Db } from '../../db/client.js';
import { normaliseDomain } from './domain-name.js';

export interface CsvRow {
  line: number;
  domain: string;
  rating: number;
  date: string;
}
export interface ImportOptions {
  provider: string;
  scale: number;
}
export interface ImportResult {
  imported: number;
  /** Rows naming a domain no company has; reported, not imported, and not an error. */
  unknown: { line: number; domain: string }[];
  /** Rows that could not be read; any of them means nothing was imported. */
  errors: { line: number; message: string }[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
// A real calendar day: Date.parse accepts neither month 13 nor (after the round trip) 31 February.
const validDate = (s: string) =>
  DATE.test(s) &&
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
  new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;
const cell = (s: string) =>
  s
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();

/** Reads `domain,rating,date` lines (a header line is optional); every bad row is named by its line number. */
export function parseRatingsCsv(
  text: string,
  scale: number,
): { rows: CsvRow[]; errors: { line: number; message: string }[] } {
  const rows: CsvRow[] = [];
  const errors: { line: number; message: string }[] = [];
  const seen = new Map<string, number>();
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((raw, i) => {
      const line = i + 1;
      if (raw.trim() === '') return;
      const cells = raw.split(',').map(cell);
      if (line === 1 && cells[0].toLowerCase() === 'domain') return;
      if (cells.length !== 3) {
        errors.push({ line, message: `expected 3 columns (domain,rating,date), found ${cells.length}` });
        return;
      }
      const [rawDomain, rawRating, date] = cells;
      const domain = normaliseDomain(rawDomain);
      const rating = Number(rawRating);
      if (!/^[a-z0-9.-]+\.[a-z0-9-]+$/.test(domain)) {
        errors.push({ line, message: `"${rawDomain}" is not a domain` });
        return;
      }
      if (rawRating === '' || !Number.isFinite(rating) || rating < 0 || rating > scale) {
        errors.push({ line, message: `rating "${rawRating}" is not a number from 0 to ${scale}` });
        return;
      }
      if (!validDate(date)) {
        errors.push({ line, message: `date "${date}" is not a date like 2026-11-01` });
        return;
      }
      const key = `${domain} ${date}`;
      if (seen.has(key)) {
        errors.push({ line, message: `repeats ${domain} on ${date} from line ${seen.get(key)}` });
        return;
      }
      seen.set(key, line);
      rows.push({ line, domain, rating: Math.round(rating * 100) / 100, date });
    });
  return { rows, errors };
}

/**
 * Imports readings from a CSV file in one transaction: any bad row and nothing is imported.
 * Domains are matched after normalising both sides (case, scheme, `www.`, path). A reading of the
 * same company, provider and date replaces the earlier one, so importing a file twice changes nothing.
 */
export async function importRatingsCsv(db: Db, text: string, opts: ImportOptions): Promise<ImportResult> {
  const { rows, errors } = parseRatingsCsv(text, opts.scale);
  if (errors.length > 0) return { imported: 0, unknown: [], errors };
  const domains = [...new Set(rows.map((r) => r.domain))];
  const companies = await db.query<{ id: number; domain: string }>(
    `SELECT id, regexp_replace(lower(domain), '^www\\.', '') AS domain FROM companies
      WHERE regexp_replace(lower(domain), '^www\\.', '') = ANY($1::text[])`,
    [domains],
  );
  const byDomain = new Map(companies.map((c) => [c.domain, c.id]));
  const known = rows.filter((r) => byDomain.has(r.domain));
  const unknown = rows.filter((r) => !byDomain.has(r.domain)).map((r) => ({ line: r.line, domain: r.domain }));
  if (known.length > 0) {
    await db.transaction(async (tx) => {
      await tx.query<NoRows>(
        `INSERT INTO domain_ratings (company_id, provider, scale, rating, measured_on)
         SELECT x.company_id, $2, $3, x.rating, x.on
         FROM jsonb_to_recordset($1::jsonb) AS x(company_id int, rating numeric, "on" date)
         ON CONFLICT (company_id, provider, measured_on) DO UPDATE SET rating = EXCLUDED.rating, scale = EXCLUDED.scale`,
        [
          JSON.stringify(known.map((r) => ({ company_id: byDomain.get(r.domain), rating: r.rating, on: r.date }))),
          opts.provider,
          opts.scale,
        ],
      );
      // Listing pages and the boards show the new readings.
      tx.changed({ kind: 'all_listings' });
    });
  }
  return { imported: known.length, unknown, errors: [] };
}
