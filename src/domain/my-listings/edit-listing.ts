import type { AppContext } from '../../app-context.js';
import type { NoRows, Queryable, Tx } from '../../db/client.js';
import { badRequest, forbidden, summarize, type FieldError } from '../../errors/app-error.js';
import type { OwnedListing } from '../listings/listing-ownership.js';
import { reindexListings } from '../search/search-index.js';
import { allSites, companyListingsElsewhere, sitesOwnedByOthers } from './my-listing-repository.js';
import {
  checkListingEdit,
  COMPANY_FIELDS,
  SITE_FIELDS,
  type CompanyField,
  type ListingEditInput,
  type SiteField,
} from './listing-edit-checks.js';
import { diffValues, recordVersion } from './listing-versions.js';
import { isListingOwner } from '../listings/listing-ownership.js';
import { detectListingLanguages, stateListingLanguage } from '../listings/listing-language.js';
import { publishEvent } from '../events/publish-event.js';

export interface AppliedTo {
  site: string;
  listing_id: number | null;
  slug: string | null;
  /** updated; unchanged (it already said that); not_listed (the company has no listing on that site); not_owner (that
   *  listing is someone else's). */
  result: 'updated' | 'unchanged' | 'not_listed' | 'not_owner';
}
export interface EditResult {
  changed: string[];
  applied_to: AppliedTo[];
}

interface Target {
  site: { id: number; key: string };
  listing: { id: number; site_id: number; slug: string } | null;
}

/** apply_to → the other sites it names ("all" = every other one); unknown keys become errors. */
async function resolveApplyTo(
  db: Queryable,
  siteId: number,
  companyId: number,
  keys: string[],
  errors: FieldError[],
): Promise<Target[]> {
  if (keys.length === 0) return [];
  const sites = await allSites(db);
  const chosen: typeof sites = [];
  if (keys.includes('all')) {
    chosen.push(...sites.filter((s) => s.id !== siteId));
  } else {
    keys.forEach((key, i) => {
      const site = sites.find((s) => s.key === key);
      if (!site)
        errors.push({
          path: `apply_to[${i}]`,
          message: `"${key}" is not a site here; use "all" or one of: ${sites.map((s) => s.key).join(', ')}`,
        });
      else if (site.id !== siteId && !chosen.includes(site)) chosen.push(site);
    });
  }
  const elsewhere = await companyListingsElsewhere(db, companyId, siteId);
  return chosen.map((site) => ({ site, listing: elsewhere.find((l) => l.site_id === site.id) ?? null }));
}

// The language as stated (a detected one is no statement: sending it states it, sending null changes nothing).
const CURRENT_SQL = `SELECT ${COMPANY_FIELDS.map((f) => `c.${f}`).join(', ')}, c.socials,
  ${SITE_FIELDS.map((f) => `l.${f}`).join(', ')}, CASE WHEN l.language_stated THEN l.language END AS language
  FROM listings l JOIN companies c ON c.id = l.company_id WHERE l.id = $1 FOR UPDATE OF l, c`;
/** What CURRENT_SQL reads (values of several column types, compared as they are), plus the FAQs read after it. */
type CurrentValues = Record<CompanyField | SiteField | 'socials' | 'language', unknown> & { faqs?: Faq[] };
interface Faq {
  question: string;
  answer: string;
}

const setList = (cols: string[], from: number) => cols.map((c, i) => `${c} = $${i + from}`).join(', ');

// Changing these changes what search matches (the weighted tsvector of src/domain/search/search-index.ts).
const SEARCHED = ['tagline', 'short_description', 'description', 'keywords', 'headline'];

/**
 * update_my_listing: checks everything first and refuses the whole edit on any error;
 * then, in one transaction, writes company facts to the company, headline/summary/SEO to this
 * listing (and, with apply_to, the ones sent to the company's listings on other sites), replaces
 * socials and FAQs when sent, and records one version row per listing that changed. Edits publish
 * at once: there is no review step.
 */
export async function editMyListing(
  ctx: Pick<AppContext, 'db' | 'site' | 'now' | 'config'>,
  listing: OwnedListing,
  userId: number,
  input: ListingEditInput,
): Promise<EditResult> {
  const checked = checkListingEdit(input);
  const errors = [...checked.errors];
  const targets = await resolveApplyTo(ctx.db, ctx.site.id, listing.company_id, input.apply_to ?? [], errors);
  if (errors.length) throw badRequest(summarize(errors), errors);
  const companyFacts = [...Object.keys(checked.company), ...(checked.socials ? ['socials'] : [])];
  if (companyFacts.length) {
    const others = await sitesOwnedByOthers(ctx.db, listing.company_id, userId);
    if (others.length) {
      throw forbidden(
        `${companyFacts.join(', ')}: these company facts are shared with the company's listing on ` +
          `${others.join(', ')}, which other people own; ` +
          'change them together with them, or edit only headline, summary and SEO here.',
      );
    }
  }
  const at = ctx.now().toISOString();

  const result = await ctx.db.transaction(async (tx) => {
    const current = (await tx.query<CurrentValues>(CURRENT_SQL, [listing.id]))[0];
    // A claim transfer locks the same row: once we hold it, check the caller still owns the listing.
    if (!(await isListingOwner(tx, listing.id, userId))) throw forbidden('You are no longer an owner of this listing.');
    current.faqs = await tx.query<Faq>(
      'SELECT question, answer FROM listing_faqs WHERE listing_id = $1 ORDER BY position, id',
      [listing.id],
    );
    const next: Record<string, unknown> = { ...checked.company, ...checked.site };
    if (checked.socials) next.socials = checked.socials;
    if (checked.faqs) next.faqs = checked.faqs;
    if (checked.language !== undefined) next.language = checked.language;
    const diff = diffValues(current, next);
    await writeCompany(tx, listing.company_id, diff.after, at);
    await writeListing(tx, listing.id, diff.after, at);
    if ('language' in diff.after) await stateListingLanguage(tx, listing.id, diff.after.language as string | null);
    if (diff.fields.length) await recordVersion(tx, listing.id, userId, diff, at);

    const applied: AppliedTo[] = [];
    for (const t of targets) {
      if (!t.listing) {
        applied.push({ site: t.site.key, listing_id: null, slug: null, result: 'not_listed' });
        continue;
      }
      // A site's headline, summary and SEO belong to that listing's owners: only a co-owned listing takes them.
      if (!(await isListingOwner(tx, t.listing.id, userId))) {
        applied.push({ site: t.site.key, listing_id: t.listing.id, slug: t.listing.slug, result: 'not_owner' });
        continue;
      }
      const there = (
        await tx.query<Record<SiteField, string>>(
          `SELECT ${SITE_FIELDS.join(', ')} FROM listings WHERE id = $1 FOR UPDATE`,
          [t.listing.id],
        )
      )[0];
      const d = diffValues(there, checked.site);
      await writeListing(tx, t.listing.id, d.after, at);
      if (d.fields.length) await recordVersion(tx, t.listing.id, userId, d, at);
      applied.push({
        site: t.site.key,
        listing_id: t.listing.id,
        slug: t.listing.slug,
        result: d.fields.length ? 'updated' : 'unchanged',
      });
    }
    const searched =
      diff.fields.some((f) => SEARCHED.includes(f)) ||
      (applied.some((a) => a.result === 'updated') && 'headline' in checked.site);
    // By company: tagline, keywords and descriptions are shared by its listings on every site.
    if (searched) await reindexListings(tx, { companyIds: [listing.company_id] });
    // A language nobody states follows the text.
    if (searched || 'language' in diff.after) await detectListingLanguages(tx, { companyIds: [listing.company_id] });
    if (diff.fields.length)
      await publishEvent(
        { db: tx, now: () => ctx.now(), config: ctx.config },
        { type: 'listing.updated', listingId: listing.id, data: { changed: diff.fields } },
      );
    return { changed: diff.fields, applied_to: applied };
  });

  ctx.db.changed({ kind: 'listing', siteId: listing.site_id, slug: listing.slug });
  for (const t of targets)
    if (t.listing) ctx.db.changed({ kind: 'listing', siteId: t.listing.site_id, slug: t.listing.slug });
  return result;
}

async function writeCompany(tx: Tx, companyId: number, after: Record<string, unknown>, at: string) {
  const cols = COMPANY_FIELDS.filter((f) => f in after) as string[];
  if ('socials' in after) cols.push('socials');
  if (cols.length === 0) return;
  const values = cols.map((c) => (c === 'socials' ? JSON.stringify(after.socials) : after[c]));
  // A fact the owner has now stated is no longer "not found on the website" (as when a draft field is typed in).
  const stated = cols.filter((c) => {
    const v = after[c];
    return v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
  });
  await tx.query<NoRows>(
    `UPDATE companies SET ${setList(cols, 2)}, updated_at = $${cols.length + 2},
       not_found_on_website = array(SELECT f FROM unnest(not_found_on_website) AS f WHERE NOT (f = ANY($${cols.length + 3}::text[])))
     WHERE id = $1`,
    [companyId, ...values, at, stated],
  );
}

async function writeListing(tx: Tx, listingId: number, after: Record<string, unknown>, at: string) {
  const cols = SITE_FIELDS.filter((f) => f in after) as string[];
  if ('faqs' in after) {
    await tx.query<NoRows>('DELETE FROM listing_faqs WHERE listing_id = $1', [listingId]);
    for (const [i, f] of (after.faqs as { question: string; answer: string }[]).entries()) {
      await tx.query<NoRows>(
        'INSERT INTO listing_faqs (listing_id, question, answer, position) VALUES ($1, $2, $3, $4)',
        [listingId, f.question, f.answer, i],
      );
    }
  }
  if (cols.length === 0 && Object.keys(after).length === 0) return;
  // Any change to what the listing shows (company facts included) makes it "updated" now.
  await tx.query<NoRows>(
    `UPDATE listings SET ${cols.length ? `${setList(cols, 3)}, ` : ''}updated_at = $2 WHERE id = $1`,
    [listingId, at, ...cols.map((c) => after[c])],
  );
}
