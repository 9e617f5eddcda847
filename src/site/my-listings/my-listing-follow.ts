import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { isFollowing } from '../../domain/my-listings/followers.js';
import { followListingOperation, unfollowListingOperation } from '../../api/operations/community.js';
import { runForm } from '../forms/run-form.js';
import { html, layout, type SafeHtml } from '../html.js';
import { currentUser } from '../session.js';
import { csrfOrSameSite, rememberAndSignIn } from '../community/pending-actions.js';

/**
 * The Follow / Unfollow button of a public listing page. Followers get the listing's updates by
 * email (post_listing_update); signed-out visitors are offered sign-in first.
 */
export async function followControl(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  listing: { id: number; slug: string },
): Promise<SafeHtml> {
  const user = await currentUser(ctx, req);
  // A form even signed out: the follow is kept through sign-in (pending-actions.ts).
  if (!user)
    return html`<form method="post" action="/p/${listing.slug}/follow" class="follow"><button>Follow</button>
    <span class="small muted">Sign in and get its updates by email.</span></form>`;
  const following = await isFollowing(ctx.db, listing.id, user.id);
  return html`<form method="post" action="/p/${listing.slug}/${following ? 'unfollow' : 'follow'}" class="follow">
    <input type="hidden" name="_csrf" value="${reply.generateCsrf()}">
    <button${following ? html` class="secondary"` : ''}>${following ? 'Unfollow' : 'Follow'}</button>
    <span class="small muted">${following ? 'You get its updates by email.' : 'Get its updates by email.'}</span></form>`;
}

export function registerFollowRoutes(app: FastifyInstance, ctx: AppContext) {
  const change =
    (action: 'follow' | 'unfollow') =>
    async (req: FastifyRequest<{ Params: { slug: string } }>, reply: FastifyReply) => {
      const user = await currentUser(ctx, req);
      const slug = req.params.slug;
      if (!user && action === 'follow' && /^[a-z0-9][a-z0-9-]{0,219}$/.test(slug))
        return rememberAndSignIn(ctx, req, reply, { kind: 'follow', slug, back: `/p/${slug}` });
      if (!user) return reply.redirect(`/signin?next=${encodeURIComponent(`/p/${slug}`)}`, 303);
      const op = action === 'follow' ? followListingOperation : unfollowListingOperation;
      // A slug that cannot be one is refused by the operation's schema: the same 404 as a missing listing.
      const r = await runForm(ctx, user, op, undefined, { slug });
      if (r.ok) return reply.redirect(`/p/${r.value.slug}`, 303);
      if (r.status === 403) {
        return reply
          .code(403)
          .type('text/html; charset=utf-8')
          .send(
            layout(
              { title: 'Confirm your email first', siteName: ctx.site.name, user },
              html`<h1>Confirm your email first</h1><p>Updates are sent by email, so following needs a confirmed address. Open the link we mailed you, or send it again from <a href="/account">your account</a>.</p>`,
            ),
          );
      }
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(
          layout(
            { title: 'Not found', siteName: ctx.site.name, user },
            html`<h1>Listing not found</h1><p><a href="/">Back to launches</a></p>`,
          ),
        );
    };
  app.post<{ Params: { slug: string } }>('/p/:slug/follow', { preHandler: csrfOrSameSite(app, ctx) }, change('follow'));
  app.post<{ Params: { slug: string } }>('/p/:slug/unfollow', { preHandler: app.csrfProtection }, change('unfollow'));
}
