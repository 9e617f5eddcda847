import type { AppContext } from '../../app-context.js';
import type { NoRows, Queryable } from '../../db/client.js';
import { unlockedSections } from '../listings/listing-profile.js';
import type { OwnedListing } from '../listings/listing-ownership.js';
import { unlockedSectionsOf } from './my-listing-repository.js';
import { STORY_SECTIONS as STORY_PARTS, type StorySection as StoryPart } from '../../drafting/draft-content.js';

export { STORY_PARTS };
export type Story = Record<StoryPart, string>;

const emptyStory = (): Story => Object.fromEntries(STORY_PARTS.map((p) => [p, ''])) as Story;

/** The saved story, every part present ('' when not written). */
export async function loadStory(db: Queryable, listingId: number): Promise<Story> {
  const rows = await db.query<Story>(`SELECT ${STORY_PARTS.join(', ')} FROM stories WHERE listing_id = $1`, [
    listingId,
  ]);
  return rows[0] ?? emptyStory();
}

/**
 * set_founder_story: PUT replaces the whole story — a part left out is emptied — so what was sent is
 * what shows. It is public on paid listings or when the story section is unlocked.
 */
export async function setFounderStory(
  ctx: Pick<AppContext, 'db' | 'now'>,
  listing: OwnedListing,
  input: Partial<Story>,
): Promise<{ listing_id: number; story: Story; public: boolean }> {
  const story = emptyStory();
  for (const p of STORY_PARTS) story[p] = input[p]?.trim() ?? '';
  await ctx.db.query<NoRows>(
    `INSERT INTO stories (listing_id, ${STORY_PARTS.join(', ')}, updated_at) VALUES ($1, ${STORY_PARTS.map((_, i) => `$${i + 2}`).join(', ')}, $${STORY_PARTS.length + 2})
     ON CONFLICT (listing_id) DO UPDATE SET ${STORY_PARTS.map((p) => `${p} = EXCLUDED.${p}`).join(', ')}, updated_at = EXCLUDED.updated_at`,
    [listing.id, ...STORY_PARTS.map((p) => story[p]), ctx.now().toISOString()],
  );
  ctx.db.changed({ kind: 'listing', siteId: listing.site_id, slug: listing.slug });
  const l = await unlockedSectionsOf(ctx.db, listing.id);
  return { listing_id: listing.id, story, public: unlockedSections(l.plan, l.unlocked_sections).includes('story') };
}
