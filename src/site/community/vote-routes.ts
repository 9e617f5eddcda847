import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { castVoteOperation, removeVoteOperation } from '../../api/operations/community.js';
import { executeOperation } from '../../api/execute.js';
import { loadVoteSettings } from '../../domain/votes/vote-settings.js';
import { unreadSessionPrincipal } from '../forms/run-form.js';
import { participationRefusalPage } from './participation-page.js';
import { pageSender } from '../account/account-pages.js';
import type { User } from '../../domain/accounts/user-repository.js';
import { html, type SafeHtml } from '../html.js';
import { currentUser, safeNext, SESSION_COOKIE } from '../session.js';
import { sha256 } from '../../crypto/sha256.js';
import { csrfOrSameSite, rememberAndSignIn } from './pending-actions.js';

const SLUG = /^[a-z0-9][a-z0-9-]{0,219}$/;

/**
 * Voting, on the site only: people vote here (the site-only operations cast_vote and remove_vote),
 * never through the API or MCP. A form post with its CSRF
 * token; asked for JSON (the page's script), it answers `{ voted, counted, votes }` instead of
 * redirecting back to the listing.
 */
export function registerVoteRoutes(app: FastifyInstance, ctx: AppContext) {
  const wantsJson = (req: FastifyRequest) => (req.headers.accept ?? '').includes('application/json');
  const send = pageSender(ctx);
  const page = (reply: FastifyReply, status: number, user: User | null, title: string, body: SafeHtml) =>
    send(reply, user, title, body, status);

  const change =
    (action: 'vote' | 'unvote') =>
    async (req: FastifyRequest<{ Params: { slug: string }; Body?: Record<string, unknown> }>, reply: FastifyReply) => {
      const slug = req.params.slug;
      // A card's button brings the voter back to the list it was on; the listing page's to itself.
      const back = safeNext(req.body?.next, `/p/${slug}`);
      const signedOut = () =>
        wantsJson(req)
          ? reply.code(401).send({ status: 401, title: 'Sign in to vote.' })
          : reply.redirect(`/signin?next=${encodeURIComponent(back)}`, 303);
      // The session is checked inside the vote's own statement (one round trip per vote); the
      // account is read apart only to explain a refusal.
      const token = req.cookies[SESSION_COOKIE];
      if (!token && action === 'vote' && !wantsJson(req) && SLUG.test(slug))
        return rememberAndSignIn(ctx, req, reply, { kind: 'vote', slug, back });
      if (!token) return signedOut();
      const voter = unreadSessionPrincipal(sha256(token), req.ip);
      const result = !SLUG.test(slug)
        ? { refused: (await currentUser(ctx, req)) ? ('not_found' as const) : ('signed_out' as const) }
        : await executeOperation(action === 'vote' ? castVoteOperation : removeVoteOperation, { slug }, ctx, voter);
      if (result.refused) {
        if (result.refused === 'signed_out') return signedOut();
        const user = await currentUser(ctx, req);
        if (result.refused === 'unconfirmed' || result.refused === 'suspended') {
          const [title, body] = participationRefusalPage(result.refused, 'Votes count');
          return page(reply, 403, user, title, body);
        }
        if (result.refused === 'rate_limited') {
          const settings = await loadVoteSettings(ctx.db, ctx.site.id);
          reply.header('Retry-After', '60');
          return page(
            reply,
            429,
            user,
            'Too many votes',
            html`<h1>Too many votes at once</h1><p>An account can cast ${settings.perAccountPerMinute} votes a minute. Wait a minute and try again.</p>`,
          );
        }
        return page(
          reply,
          404,
          user,
          'Not found',
          html`<h1>No live listing to vote for</h1><p>Only live launches take votes. <a href="/">Back to launches</a></p>`,
        );
      }
      if (wantsJson(req))
        return reply.send({
          voted: result.voted,
          counted: result.counted,
          votes: result.votes,
          held_until: result.held_until,
        });
      return reply.redirect(back, 303);
    };
  // The per-address limit is the site setting's, read when a vote comes in.
  const perAddress = async () => (await loadVoteSettings(ctx.db, ctx.site.id)).perAddressPerMinute;
  const options = {
    preHandler: csrfOrSameSite(app, ctx),
    config: { rateLimit: { max: perAddress, timeWindow: 60_000 } },
  };
  app.post<{ Params: { slug: string } }>('/p/:slug/vote', options, change('vote'));
  app.post<{ Params: { slug: string } }>('/p/:slug/unvote', options, change('unvote'));
}
