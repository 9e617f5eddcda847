import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { endSessionOperation, unlinkProviderOperation } from '../../api/operations/sign-in-methods.js';
import { runForm } from '../forms/run-form.js';
import { signedInUserOf } from '../site-request.js';
import { providerNamed, startOrExplain } from './provider-routes.js';

/**
 * The account page's forms for ways in and sessions (the sections are account-security-sections.ts):
 * link a provider (a trip there and back, finished by provider-routes.ts), unlink one, sign a
 * session out. Each answers with the account page, whose sections word the outcome.
 */
export function registerSignInMethodRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post<{ Params: { provider: string } }>(
    '/account/providers/:provider/link',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const user = signedInUserOf(req);
      const provider = providerNamed(ctx, req.params.provider);
      if (!provider) return reply.callNotFound();
      return startOrExplain(ctx, req, reply, provider, { next: '/account', linkTo: user.id });
    },
  );

  app.post<{ Params: { id: string } }>(
    '/account/linked-accounts/:id/unlink',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const r = await runForm(ctx, signedInUserOf(req), unlinkProviderOperation, undefined, { id: req.params.id });
      const outcome = r.ok ? 'unlinked' : r.status === 409 ? 'last_way_in' : 'not_found';
      return reply.redirect(`/account?methods=${outcome}#sign-in-methods`, 303);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/account/sessions/:id/sign-out',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const r = await runForm(ctx, signedInUserOf(req), endSessionOperation, undefined, { id: req.params.id });
      return reply.redirect(`/account?sessions=${r.ok ? 'ended' : 'not_found'}#sessions`, 303);
    },
  );
}
