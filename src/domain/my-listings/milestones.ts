import type { AppContext } from '../../app-context.js';
import { invalidField, notFound } from '../../errors/app-error.js';
import { unlockedSections } from '../listings/listing-profile.js';
import type { OwnedListing } from '../listings/listing-ownership.js';
import { unlockedSectionsOf } from './my-listing-repository.js';

type Ctx = Pick<AppContext, 'db'>;

export interface MilestoneInput {
  date: string;
  title: string;
  description?: string;
  url?: string;
}
export interface Milestone {
  id: number;
  date: string;
  title: string;
  description: string;
  url: string | null;
}

/** Milestones are a paid section: shown publicly only on paid listings or when unlocked. */
export async function milestonesArePublic(db: Ctx['db'], listingId: number): Promise<boolean> {
  const l = await unlockedSectionsOf(db, listingId);
  return unlockedSections(l.plan, l.unlocked_sections).includes('milestones');
}

export async function listMilestones(db: Ctx['db'], listingId: number): Promise<Milestone[]> {
  return db.query<Milestone>(
    'SELECT id, date, title, description, url FROM milestones WHERE listing_id = $1 ORDER BY date DESC, id DESC',
    [listingId],
  );
}

export async function addMilestone(
  ctx: Ctx,
  listing: OwnedListing,
  m: MilestoneInput,
): Promise<Milestone & { public: boolean }> {
  const title = m.title.trim();
  // The schema forbids "", but "   " passes it and would show as a milestone without a title.
  if (!title) throw invalidField('title', 'must not be empty');
  const rows = await ctx.db.query<Milestone>(
    'INSERT INTO milestones (listing_id, date, title, description, url) VALUES ($1, $2, $3, $4, $5) RETURNING ' +
      'id, date, title, description, url',
    [listing.id, m.date, title, m.description?.trim() ?? '', m.url?.trim() || null],
  );
  ctx.db.changed({ kind: 'listing', siteId: listing.site_id, slug: listing.slug });
  return { ...rows[0], public: await milestonesArePublic(ctx.db, listing.id) };
}

/** Deletes one milestone of this listing; another listing's milestone id is a 404 like an unknown one. */
export async function deleteMilestone(
  ctx: Ctx,
  listing: OwnedListing,
  milestoneId: number,
): Promise<{ deleted: true; milestone_id: number }> {
  const rows = await ctx.db.query<{ id: number }>(
    'DELETE FROM milestones WHERE id = $1 AND listing_id = $2 RETURNING id',
    [milestoneId, listing.id],
  );
  if (rows.length === 0) throw notFound(`This listing has no milestone with id ${milestoneId}.`);
  ctx.db.changed({ kind: 'listing', siteId: listing.site_id, slug: listing.slug });
  return { deleted: true, milestone_id: milestoneId };
}
