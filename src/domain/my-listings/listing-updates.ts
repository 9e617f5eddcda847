import type { AppContext } from '../../app-context.js';
import { invalidField } from '../../errors/app-error.js';
import { queueMail } from '../../mail/outbox.js';
import type { OwnedListing } from '../listings/listing-ownership.js';
import { followerEmails } from './followers.js';

export interface PostedUpdate {
  id: number;
  title: string;
  body: string;
  created_at: string;
  followers_notified: number;
}

/**
 * post_listing_update: the update joins the listing's latest updates and every follower is told by
 * email — queued in the same transaction, so an update is never stored without its mail
 * or mailed without being stored. The author is not mailed their own words.
 */
export async function postListingUpdate(
  ctx: Pick<AppContext, 'db' | 'site' | 'config' | 'now'>,
  listing: OwnedListing,
  userId: number,
  input: { title: string; body: string },
): Promise<PostedUpdate> {
  const title = input.title.trim();
  const body = input.body.trim();
  if (!title) throw invalidField('title', 'must not be empty');
  if (!body) throw invalidField('body', 'must not be empty');
  const result = await ctx.db.transaction(async (tx) => {
    const rows = await tx.query<Omit<PostedUpdate, 'followers_notified'>>(
      'INSERT INTO listing_updates (listing_id, author_id, title, body, created_at) VALUES ($1, $2, $3, $4, ' +
        '$5) RETURNING id, title, body, created_at',
      [listing.id, userId, title, body, ctx.now().toISOString()],
    );
    const name = (
      await tx.query<{ name: string }>('SELECT c.name FROM companies c WHERE c.id = $1', [listing.company_id])
    )[0].name;
    const page = `${ctx.config.publicUrl}/p/${listing.slug}`;
    const emails = await followerEmails(tx, listing.id, userId);
    for (const to of emails) {
      await queueMail(tx, {
        to,
        subject: `${name}: ${title}`,
        text:
          `${name} posted an update on ${ctx.site.name}.\n\n${title}\n\n${body}\n\nSee ${name}: ${page}\n\nYou ` +
          `get this email because you follow ${name}. To stop, open that page and choose Unfollow.\n`,
      });
    }
    return { ...rows[0], followers_notified: emails.length };
  });
  ctx.db.changed({ kind: 'listing', siteId: listing.site_id, slug: listing.slug });
  return result;
}
