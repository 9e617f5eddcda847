import type { AppContext } from '../../app-context.js';
import type { NoRows, Tx } from '../../db/client.js';
import { conflict, forbidden, invalidField } from '../../errors/app-error.js';
import { reindexListings } from '../search/search-index.js';
import { queueLogoFetch } from '../images/listing-logos.js';
import { slugify } from '../listings/slugs.js';
import { isCountryCode } from './field-checks.js';
import { STORY_SECTIONS } from '../../drafting/draft-content.js';
import { findListingByDomain, loadDraft, lockDraft, markSubmitted, type DraftRecord } from './draft-repository.js';
import { isListingOwner, ownsListingOfCompany } from '../listings/listing-ownership.js';
import { detectListingLanguages, primaryLanguage, stateListingLanguage } from '../listings/listing-language.js';

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
const year = (v: unknown) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1800 && n <= 2100 ? n : null;
};

/** Company facts of a draft, as the companies table stores them. */
function companyValues(d: DraftRecord) {
  const v = (f: keyof DraftRecord['fields']) => d.fields[f].value;
  const country = str(v('country'))?.toUpperCase() ?? null;
  return {
    name: str(v('name')),
    logo_url: str(v('logo_url')),
    tagline: str(v('tagline')) ?? '',
    short_description: str(v('short_description')) ?? '',
    description: str(v('description')) ?? '',
    stage: str(v('stage')),
    pricing_model: str(v('pricing_model')),
    pricing_summary: str(v('pricing_summary')),
    country: country && isCountryCode(country) ? country : null,
    city: str(v('city')),
    founded_year: year(v('founded_year')),
    contact_email: str(v('contact_email')),
    demo_video_url: str(v('demo_video_url')),
    features: list(v('features')),
    usps: list(v('usps')),
    keywords: list(v('keywords')),
    tags: list(v('tags')),
    socials: Object.fromEntries(Object.entries(d.company_socials).map(([k, s]) => [k, s.value])),
    // Facts the website did not state, shown on the listing instead of being guessed.
    not_found_on_website: Object.entries(d.fields)
      .filter(([, r]) => r.state === 'not_found')
      .map(([f]) => f),
  };
}

async function uniqueSlug(tx: Tx, siteId: number, name: string, listingId: number | null): Promise<string> {
  const base = slugify(name) || 'product';
  for (let i = 1; ; i++) {
    const slug = i === 1 ? base : `${base.slice(0, 215)}-${i}`;
    const rows = await tx.query<{ id: number }>('SELECT id FROM listings WHERE site_id = $1 AND slug = $2', [
      siteId,
      slug,
    ]);
    if (rows.length === 0 || rows[0].id === listingId) return slug;
  }
}

async function uniqueFounderSlug(tx: Tx, name: string): Promise<string> {
  const base = slugify(name) || 'founder';
  for (let i = 1; ; i++) {
    const slug = i === 1 ? base : `${base.slice(0, 215)}-${i}`;
    if ((await tx.query<{ one: number }>('SELECT 1 AS one FROM founders WHERE slug = $1', [slug])).length === 0)
      return slug;
  }
}

/** Founders of the draft become the company's founders; ones already linked by name are kept (and updated). */
async function saveFounders(tx: Tx, companyId: number, d: DraftRecord) {
  const existing = await tx.query<{ id: number; name: string }>(
    'SELECT f.id, f.name FROM founders f JOIN company_founders cf ON cf.founder_id = f.id WHERE cf.company_id = $1',
    [companyId],
  );
  const keep: number[] = [];
  const founderSocials = Object.fromEntries(Object.entries(d.founder_socials).map(([k, s]) => [k, s.value]));
  for (const [i, f] of d.founders.entries()) {
    const socials = { ...(f.socials ?? {}), ...(i === 0 ? founderSocials : {}) };
    let id = existing.find((e) => e.name.toLowerCase() === f.name.toLowerCase() && !keep.includes(e.id))?.id;
    if (id) {
      await tx.query<NoRows>('UPDATE founders SET title = $2, bio = $3, socials = $4 WHERE id = $1', [
        id,
        f.title ?? '',
        f.bio ?? '',
        JSON.stringify(socials),
      ]);
    } else {
      const rows = await tx.query<{ id: number }>(
        'INSERT INTO founders (slug, name, title, bio, socials) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [await uniqueFounderSlug(tx, f.name), f.name, f.title ?? '', f.bio ?? '', JSON.stringify(socials)],
      );
      id = rows[0].id;
    }
    keep.push(id);
    await tx.query<NoRows>(
      `INSERT INTO company_founders (company_id, founder_id, position) VALUES ($1, $2, $3)
      ON CONFLICT (company_id, founder_id) DO UPDATE SET position = EXCLUDED.position`,
      [companyId, id, i],
    );
  }
  // A signed-up person's own founder profile (e.g. from answer_interview) stays linked whatever the draft lists.
  await tx.query<NoRows>(
    `DELETE FROM company_founders cf WHERE cf.company_id = $1 AND NOT (cf.founder_id = ANY($2::int[]))
    AND NOT EXISTS (SELECT 1 FROM founders f WHERE f.id = cf.founder_id AND f.user_id IS NOT NULL)`,
    [companyId, keep],
  );
  // Founders created from a draft and no longer on any company go with it (never a signed-up person's profile).
  await tx.query<NoRows>(
    `DELETE FROM founders f WHERE f.id = ANY($1::int[]) AND f.user_id IS NULL
    AND NOT EXISTS (SELECT 1 FROM company_founders cf WHERE cf.founder_id = f.id)`,
    [existing.map((e) => e.id)],
  );
}

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';

/**
 * submit_draft: saves the draft as a listing, unpublished (status draft), owned by the draft's
 * author with the co-founders who accepted an invite. Running it again — or editing a submitted
 * draft — updates the same listing. A domain already listed on this site has to be claimed.
 */
export async function saveDraftAsListing(
  ctx: Pick<AppContext, 'db' | 'site' | 'now'>,
  draftId: string,
  userId: number,
): Promise<{ listing_id: number; slug: string; status: string }> {
  let result: { listing_id: number; slug: string; status: string };
  try {
    result = await ctx.db.transaction((tx) => saveDraftAsListingTx(tx, ctx, draftId, userId));
  } catch (err) {
    // Two saves of the same domain at once: the loser sees what the winner made.
    if (isUniqueViolation(err))
      throw conflict('This product was just saved as a listing by another request; fetch the draft again.');
    throw err;
  }
  return result;
}

/** The same, inside the caller's transaction (update_draft syncs a submitted draft atomically with its edit). */
export async function saveDraftAsListingTx(
  tx: Tx,
  ctx: Pick<AppContext, 'site' | 'now'>,
  draftId: string,
  userId: number,
): Promise<{ listing_id: number; slug: string; status: string }> {
  // Locked and read again: two submits at once must not both create a listing.
  await lockDraft(tx, draftId);
  const draft = (await loadDraft(tx, draftId))!;
  const c = companyValues(draft);
  if (!c.name)
    throw invalidField(
      'fields.name',
      'a listing needs a name: the website did not state one, so set it with update_draft',
    );
  const now = ctx.now().toISOString();
  let listing = draft.listing_id
    ? (
        await tx.query<{ id: number; company_id: number; slug: string; status: string }>(
          'SELECT id, company_id, slug, status FROM listings WHERE id = $1',
          [draft.listing_id],
        )
      )[0]
    : undefined;
  if (listing) {
    if (!(await isListingOwner(tx, listing.id, userId)))
      throw forbidden(
        'You are not an owner of the listing this draft was saved as (it may have been claimed by someone else).',
      );
  } else {
    const taken = await findListingByDomain(tx, ctx.site.id, draft.domain);
    const yours = taken && (await isListingOwner(tx, taken.id, userId));
    if (taken && yours)
      throw conflict(
        `${draft.domain} is already your listing "${taken.slug}" (listing_id ${taken.id}); edit it with ` +
          `update_my_listing or at /my/listings/${taken.id} instead of saving it twice.`,
      );
    // An unpublished listing is someone else's work in progress: say it exists, but not what it is.
    if (taken?.public)
      throw conflict(
        `${draft.domain} is already listed as "${taken.slug}". If it is yours, claim it with claim_listing ` +
          `(slug "${taken.slug}").`,
      );
    if (taken)
      throw conflict(
        `${draft.domain} already has a listing being prepared by another account; a product is listed once. If ` +
          `the domain is yours, claim the listing once it is published.`,
      );
  }
  const cols = [
    'name',
    'logo_url',
    'tagline',
    'short_description',
    'description',
    'stage',
    'pricing_model',
    'pricing_summary',
    'country',
    'city',
    'founded_year',
    'contact_email',
    'demo_video_url',
    'features',
    'usps',
    'keywords',
    'tags',
    'socials',
    'not_found_on_website',
  ] as const;
  const values = cols.map((k) => (k === 'socials' ? JSON.stringify(c.socials) : c[k]));
  const updateCompany = (id: number) =>
    tx.query<NoRows>(`UPDATE companies SET ${cols.map((k, i) => `${k} = $${i + 2}`).join(', ')} WHERE id = $1`, [
      id,
      ...values,
    ]);
  let companyId: number;
  // Company facts are shared by the company's listings on every site: only its owners may change them.
  let mayEditCompany = true;
  let created = false;
  if (listing) {
    companyId = listing.company_id;
  } else {
    const existing = (await tx.query<{ id: number }>('SELECT id FROM companies WHERE domain = $1', [draft.domain]))[0];
    if (existing) {
      companyId = existing.id;
      mayEditCompany = await ownsListingOfCompany(tx, companyId, userId);
    } else {
      companyId = (
        await tx.query<{ id: number }>(
          `INSERT INTO companies (domain, website_url, ${cols.join(', ')}) VALUES ($1, $2, ${cols.map((_, i) => `$${i + 3}`).join(', ')}) RETURNING id`,
          [draft.domain, draft.url, ...values],
        )
      )[0].id;
      created = true;
    }
  }
  if (mayEditCompany && !created) await updateCompany(companyId);
  // Its logo is fetched in the background now, so the listing never shows a hot-linked image.
  if (mayEditCompany) await queueLogoFetch(tx, c.logo_url, ctx.now());
  const categories = Array.isArray(draft.fields.categories.value) ? (draft.fields.categories.value as string[]) : [];
  const primary = categories.length
    ? ((
        await tx.query<{ id: number }>('SELECT id FROM categories WHERE site_id = $1 AND lower(name) = lower($2)', [
          ctx.site.id,
          categories[0],
        ])
      )[0]?.id ?? null)
    : null;
  const listingFields = [
    c.tagline,
    c.short_description,
    draft.seo.title?.value ?? '',
    draft.seo.meta?.value ?? '',
    primary,
    now,
  ];
  if (listing) {
    const slug = listing.status === 'draft' ? await uniqueSlug(tx, ctx.site.id, c.name, listing.id) : listing.slug;
    await tx.query<NoRows>(
      `UPDATE listings
        SET headline = $2, summary = $3, seo_title = $4, seo_description = $5, primary_category_id = $6,
        updated_at = $7, slug = $8 WHERE id = $1`,
      [listing.id, ...listingFields, slug],
    );
    listing = { ...listing, slug };
  } else {
    const slug = await uniqueSlug(tx, ctx.site.id, c.name, null);
    listing = (
      await tx.query<{ id: number; company_id: number; slug: string; status: string }>(
        `INSERT INTO listings (site_id, company_id, slug, status, headline, summary, seo_title, seo_description,
       primary_category_id, created_at, updated_at)
       VALUES ($1, $2, $3, 'draft', $4, $5, $6, $7, $8, $9, $9) RETURNING id, company_id, slug, status`,
        [ctx.site.id, companyId, slug, ...listingFields],
      )
    )[0];
    // The draft's author owns the listing, whoever of its co-owners saved it.
    await tx.query<NoRows>(
      `INSERT INTO listing_owners (listing_id, user_id, role, created_at) VALUES ($1, $2, 'owner', $3) ON CONFLICT
        DO NOTHING`,
      [listing.id, draft.user_id, now],
    );
  }
  // Co-founders who accepted an invite own the listing with the founder.
  await tx.query<NoRows>(
    `INSERT INTO listing_owners (listing_id, user_id, role, created_at)
    SELECT $1, accepted_by, 'cofounder', $3 FROM draft_invites WHERE draft_id = $2 AND accepted_by IS NOT NULL
    ON CONFLICT DO NOTHING`,
    [listing.id, draft.id, now],
  );

  await tx.query<NoRows>('DELETE FROM listing_faqs WHERE listing_id = $1', [listing.id]);
  for (const [i, f] of draft.faqs.entries())
    await tx.query<NoRows>(
      'INSERT INTO listing_faqs (listing_id, question, answer, position) VALUES ($1, $2, $3, $4)',
      [listing.id, f.question, f.answer, i],
    );
  if (mayEditCompany) await saveFounders(tx, companyId, draft);
  const s = Object.fromEntries(Object.entries(draft.story).map(([k, v]) => [k, v.value]));
  await tx.query<NoRows>(
    `INSERT INTO stories (listing_id, title, story, why_started, problem, journey, challenges, achievements, lessons,
    whats_next, updated_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (listing_id) DO UPDATE
    SET title = EXCLUDED.title, story = EXCLUDED.story,
    why_started = EXCLUDED.why_started, problem = EXCLUDED.problem, journey = EXCLUDED.journey,
    challenges = EXCLUDED.challenges,
    achievements = EXCLUDED.achievements, lessons = EXCLUDED.lessons, whats_next = EXCLUDED.whats_next,
    updated_at = EXCLUDED.updated_at`,
    [listing.id, ...STORY_SECTIONS.map((k) => s[k] ?? ''), now],
  );
  await tx.query<NoRows>('DELETE FROM milestones WHERE listing_id = $1', [listing.id]);
  for (const m of draft.milestones)
    await tx.query<NoRows>(
      'INSERT INTO milestones (listing_id, date, title, description, url) VALUES ($1, $2, $3, $4, $5)',
      [listing.id, m.date, m.title, m.description ?? '', m.url ?? null],
    );
  await markSubmitted(tx, draft.id, listing.id, ctx.now());
  await reindexListings(tx, { listingIds: [listing.id] });
  // The draft's language is the listing's; without one, the text's (of every listing of a company it may have edited).
  await stateListingLanguage(tx, listing.id, (draft.language && primaryLanguage(draft.language)) || null);
  await detectListingLanguages(tx, { companyIds: [companyId] });
  tx.changed({ kind: 'listing', siteId: ctx.site.id, slug: listing.slug });
  return { listing_id: listing.id, slug: listing.slug, status: listing.status };
}
