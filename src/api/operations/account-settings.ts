import { Type } from '@sinclair/typebox';
import { defineOperation, SCOPES, type OperationContext } from '../registry.js';
import { HttpError } from '../errors.js';
import { Body, Params, rowId, StringEnum } from '../schemas/common.js';
import { createApiKey, revokeApiKey } from '../../domain/accounts/api-keys.js';
import { findUserById } from '../../domain/accounts/user-repository.js';
import { sendVerification } from '../../domain/accounts/verification-mail.js';
import { revokeGrant } from '../../oauth/tokens.js';

/**
 * The account page's settings: API keys, connected apps, the confirmation email. Only a person
 * signed in on the website manages these (a key must never mint or revoke keys), so every
 * operation here is site-only. Scope: none — the API's scopes are `account:read` (a read) and
 * writes to listings and orders, none of which fits; instead each handler requires a site session.
 */

/** The session's account: these operations are never run with an API key or a token. */
export function sessionUserId(ctx: OperationContext): number {
  const p = ctx.principal;
  if (p?.via !== 'session' || !p.userId) throw new HttpError(401, 'Sign in on the website first.');
  return p.userId;
}

const EXPIRY_DAYS = ['30', '90', '365'] as const;

export const createApiKeyOperation = defineOperation({
  operationId: 'create_api_key',
  surfaces: ['site'],
  method: 'POST',
  path: '/me/api-keys',
  tag: 'Account',
  title: 'Create an API key',
  summary: 'A new API key with the chosen scopes and expiry; its secret is in the answer, and nowhere else ever again.',
  scope: null,
  body: Body({
    name: Type.String({ minLength: 1, maxLength: 80 }),
    scopes: Type.Array(StringEnum(SCOPES), { minItems: 1 }),
    expires: Type.Optional(StringEnum(EXPIRY_DAYS, { description: 'Days until it expires; never when absent' })),
  }),
  response: Type.Object({ id: Type.Integer(), key: Type.String() }),
  status: 201,
  handler: async ({ name, scopes, expires }, ctx) => {
    const user = await findUserById(ctx.db, sessionUserId(ctx));
    if (!user?.email_verified_at) throw new HttpError(403, 'Confirm your email address first.');
    const { key, record } = await createApiKey(ctx.db, user.id, {
      name,
      scopes,
      expiresAt: expires ? new Date(ctx.now().getTime() + Number(expires) * 86_400_000) : null,
    });
    return { id: record.id, key };
  },
});

export const revokeApiKeyOperation = defineOperation({
  operationId: 'revoke_api_key',
  surfaces: ['site'],
  method: 'POST',
  path: '/me/api-keys/{id}/revoke',
  tag: 'Account',
  title: 'Revoke an API key',
  summary: 'Revokes an active key of your account; it stops working at once on every instance.',
  scope: null,
  notFound: true,
  params: Params({ id: rowId('The key') }),
  response: Type.Object({ id: Type.Integer() }),
  handler: async ({ id }, ctx) => {
    const userId = sessionUserId(ctx);
    if (!(await revokeApiKey(ctx.db, userId, id))) throw new HttpError(404, 'No such active key on your account.');
    await ctx.credentials.userChanged(userId);
    return { id };
  },
});

export const disconnectAppOperation = defineOperation({
  operationId: 'disconnect_app',
  surfaces: ['site'],
  method: 'POST',
  path: '/me/connected-apps/{id}/disconnect',
  tag: 'Account',
  title: 'Disconnect an app',
  summary: "Revokes an OAuth app's access to your account; its tokens stop working at once on every instance.",
  scope: null,
  notFound: true,
  params: Params({ id: rowId('The connected app (its grant)') }),
  response: Type.Object({ id: Type.Integer() }),
  handler: async ({ id }, ctx) => {
    const userId = sessionUserId(ctx);
    if (!(await revokeGrant(ctx.db, userId, id))) throw new HttpError(404, 'No such connected app on your account.');
    await ctx.credentials.userChanged(userId);
    return { id };
  },
});

export const resendVerificationOperation = defineOperation({
  operationId: 'resend_verification',
  surfaces: ['site'],
  method: 'POST',
  path: '/me/verification-email',
  tag: 'Account',
  title: 'Send the confirmation email again',
  summary: "Mails a new link confirming the account's address, unless it is confirmed already.",
  scope: null,
  openWorld: true,
  response: Type.Object({ sent: Type.Boolean() }),
  handler: async (_input, ctx) => {
    const user = await findUserById(ctx.db, sessionUserId(ctx));
    if (!user || user.email_verified_at) return { sent: false };
    await sendVerification(ctx, user.id, user.email);
    return { sent: true };
  },
});

export const accountSettingsOperations = [
  createApiKeyOperation,
  revokeApiKeyOperation,
  disconnectAppOperation,
  resendVerificationOperation,
];
