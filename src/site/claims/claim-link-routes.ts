import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { html } from '../html.js';
import { findClaimLink } from '../../domain/claims/claim-email.js';
import { confirmLinkHtml } from './claim-views.js';
import { firstValue } from '../forms/form-values.js';
import { runForm } from '../forms/run-form.js';
import { confirmClaimLinkOperation } from '../../api/operations/claims.js';

type Form = Record<string, string | string[] | undefined>;
const LINK_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * The page an emailed claim link opens, for whoever has the link, signed in or not. It shows a
 * Confirm button and only the POST verifies: mail scanners and link previews fetch links, and a
 * bare GET must not hand a listing over.
 */
export function registerClaimLinkRoutes(app: FastifyInstance, ctx: AppContext) {
  const invalidLink = (reply: FastifyReply, message: string, status: number) =>
    reply.page(
      'Claim link',
      html`<h1>This link cannot be used</h1><p>${message}</p><p><a href="/">Back to launches</a></p>`,
      status,
    );

  app.get<{ Querystring: Form }>('/claims/verify-email', async (req, reply) => {
    const token = String(firstValue(req.query.token) ?? '');
    const link = LINK_TOKEN.test(token) ? await findClaimLink(ctx, token) : null;
    if (!link)
      return invalidLink(
        reply,
        'This confirmation link is not valid any more: it was already used, it expired, or a newer link replaced it.',
        404,
      );
    if ('error' in link) return invalidLink(reply, link.error, 409);
    // The token is in the URL: keep it out of Referer headers sent to linked sites.
    reply.header('Referrer-Policy', 'no-referrer');
    return reply.page(
      `Confirm the claim of ${link.claim.listing_name}`,
      confirmLinkHtml(link.claim, link.claimantEmail, token, reply.generateCsrf()),
    );
  });

  app.post<{ Body: Form }>('/claims/verify-email', { preHandler: app.csrfProtection }, async (req, reply) => {
    // Nobody need be signed in: the link is the proof (confirm_claim_link is public).
    const outcome = await runForm(ctx, null, confirmClaimLinkOperation, req.body);
    if (!outcome.ok)
      return invalidLink(reply, outcome.invalidInput ? 'This confirmation link is not valid.' : outcome.message, 400);
    const c = outcome.value;
    return reply.page(
      'Claim confirmed',
      html`<h1>Claim confirmed</h1>
      <p>The claim of <a href="/p/${c.slug}">${c.listing_name}</a> is verified: the account that asked is now its owner, and the listing shows "Verified owner". Verified is not the same as paid.</p>`,
    );
  });
}
