import { Type } from '@sinclair/typebox';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { removePasskeyOperation, renamePasskeyOperation } from '../../api/operations/passkeys.js';
import { listPasskeys } from '../../domain/accounts/passkey-repository.js';
import { MAX_PASSKEY_NAME } from '../../domain/accounts/passkey-names.js';
import { addPasskey, addPasskeyOptions } from '../../domain/accounts/passkeys.js';
import type { User } from '../../domain/accounts/user-repository.js';
import { runForm } from '../forms/run-form.js';
import type { PostedForm } from '../forms/form-values.js';
import type { SafeHtml } from '../html.js';
import { signedInUserOf } from '../site-request.js';
import { answeringBrowser, CeremonyAnswer, ceremonyBrowser, OPTIONS_PER_MINUTE } from './passkey-routes.js';
import { passkeySection } from './passkey-view.js';

/** The account page's Passkeys section for this person; `message` is the `passkey` query parameter. */
export async function accountPasskeys(ctx: AppContext, user: User, csrf: string, message?: string): Promise<SafeHtml> {
  return passkeySection(await listPasskeys(ctx.db, user.id), csrf, message);
}

const back = (what: string) => `/account?passkey=${what}#passkeys`;

/** Adding (a WebAuthn ceremony through the passkeys script), renaming and removing the account's passkeys. */
export function registerPasskeyAccountRoutes(app: FastifyInstance, ctx: AppContext) {
  const guarded = { preValidation: app.csrfProtection };

  app.post(
    '/account/passkeys/options',
    { ...guarded, config: { rateLimit: { max: OPTIONS_PER_MINUTE, timeWindow: 60_000 } } },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { options: await addPasskeyOptions(ctx, signedInUserOf(req), ceremonyBrowser(ctx, req, reply)) };
    },
  );

  app.post<{ Body: { response: RegistrationResponseJSON; name?: string } }>(
    '/account/passkeys',
    { ...guarded, schema: CeremonyAnswer({ name: Type.Optional(Type.String({ maxLength: MAX_PASSKEY_NAME })) }) },
    async (req, reply) => {
      const r = await addPasskey(ctx, signedInUserOf(req), answeringBrowser(req), req.body.response, req.body.name);
      if (!r.ok) return reply.code(400).send({ message: r.message });
      return { redirect: back('added') };
    },
  );

  app.post<{ Params: { id: string }; Body: PostedForm }>(
    '/account/passkeys/:id/rename',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const r = await runForm(ctx, signedInUserOf(req), renamePasskeyOperation, req.body, { id: req.params.id });
      return reply.redirect(back(r.ok ? 'renamed' : r.fields.name ? 'name' : 'missing'), 303);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/account/passkeys/:id/remove',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const r = await runForm(ctx, signedInUserOf(req), removePasskeyOperation, undefined, { id: req.params.id });
      return reply.redirect(back(r.ok ? 'removed' : r.status === 409 ? 'last' : 'missing'), 303);
    },
  );
}
