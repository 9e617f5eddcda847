import type { NoRows, Queryable } from '../../db/client.js';
import { textLanguage } from '../../drafting/extract/language.js';

/**
 * The language of a listing's text, as a BCP 47 primary subtag (`ja`, `pt`): pages put it in the `lang` attribute of
 * the elements holding that text, for screen readers and fonts. It is stated — by the draft the listing was saved
 * from, or by its owner — or else detected from the text; a detected one follows the text when it changes.
 */

const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/**
 * A language subtag as listings store it — lowercase, in its current form (`iw` → `he`) — when it is a primary
 * subtag of a language known to the registry (through ICU's list of language names); otherwise undefined.
 */
export function primaryLanguage(tag: string): string | undefined {
  const primary = tag.trim().split(/[-_]/)[0].toLowerCase();
  if (!/^[a-z]{2,3}$/.test(primary)) return undefined;
  let canonical: string;
  try {
    // sh is written sr-Latn now: its language is sr.
    canonical = Intl.getCanonicalLocales(primary)[0].split('-')[0];
  } catch {
    return undefined;
  }
  return names.of(canonical) ? canonical : undefined;
}

/** The field error for a stated language that is not a known primary subtag, or null. */
export function languageError(
  path: string,
  value: string | null | undefined,
): { path: string; message: string } | null {
  if (value === null || value === undefined || (/^[A-Za-z]{2,3}$/.test(value) && primaryLanguage(value))) return null;
  return { path, message: `"${value}" is not a known BCP 47 primary language subtag (e.g. en, ja, pt)` };
}

interface TextRow {
  id: number;
  tagline: string;
  headline: string;
  short_description: string;
  description: string;
}

/**
 * Detects the language of the given listings (or of every listing of the companies named) whose language nobody
 * stated, from their prose: tagline, headline and descriptions, not the name (a brand name is in no language).
 */
export async function detectListingLanguages(
  db: Queryable,
  where: { listingIds?: number[]; companyIds?: number[] },
): Promise<void> {
  const rows = await db.query<TextRow>(
    `SELECT l.id, c.tagline, l.headline, c.short_description, c.description
       FROM listings l JOIN companies c ON c.id = l.company_id
      WHERE NOT l.language_stated AND ${where.listingIds ? 'l.id' : 'l.company_id'} = ANY($1::int[])`,
    [where.listingIds ?? where.companyIds ?? []],
  );
  if (rows.length === 0) return;
  const found = rows.map((r) => {
    const tag = textLanguage([r.tagline, r.headline, r.short_description, r.description].join('\n'));
    return (tag && primaryLanguage(tag)) ?? null;
  });
  await db.query<NoRows>(
    `UPDATE listings l SET language = v.language FROM unnest($1::int[], $2::text[]) AS v(id, language)
      WHERE l.id = v.id AND NOT l.language_stated`,
    [rows.map((r) => r.id), found],
  );
}

/** States a listing's language (from its draft or its owner); null withdraws the statement: detect it after. */
export async function stateListingLanguage(db: Queryable, listingId: number, language: string | null): Promise<void> {
  await db.query<NoRows>(
    'UPDATE listings SET language = $2::text, language_stated = $2::text IS NOT NULL WHERE id = $1',
    [listingId, language],
  );
}
