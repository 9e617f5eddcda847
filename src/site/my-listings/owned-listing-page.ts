import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { HttpError } from '../../api/errors.js';
import type { User } from '../../domain/accounts/user-repository.js';
import { ownedListing, type OwnedListing } from '../../domain/listings/listing-ownership.js';
import { html } from '../html.js';
import { loadOrRefuse } from '../not-yours-page.js';

/** The listing at /my/listings/:id if this user owns it; otherwise the 404 or 403 page has been sent. */
export function listingFor(ctx: AppContext, reply: FastifyReply, user: User, id: string): Promise<OwnedListing | null> {
  return loadOrRefuse(
    reply,
    async () => {
      if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) throw new HttpError(404, 'No such listing.');
      return ownedListing(ctx.db, ctx.site.id, Number(id), user.id);
    },
    {
      notFound: {
        title: 'Listing not found',
        body: html`<h1>Listing not found</h1><p>You have no listing at this address. <a href="/my/listings">My listings</a></p>`,
      },
      notYours: {
        title: 'Not your listing',
        body: html`<h1>Not your listing</h1><p>Only the owners of this listing can edit it. <a href="/my/listings">My listings</a></p>`,
      },
    },
  );
}
