import { Type } from '@sinclair/typebox';
import { defineOperation } from '../registry.js';
import { HttpError } from '../errors.js';
import { Params, rowId } from '../schemas/common.js';
import { unlinkIdentity } from '../../domain/accounts/identity-repository.js';
import { endSession } from '../../domain/accounts/active-sessions.js';
import { sessionUserId } from './account-settings.js';

/**
 * The account page's ways in and sessions. Site-only, like the other account settings: only the
 * person signed in on the website changes how they sign in. Linking a provider is no operation:
 * it is a trip to the provider and back (src/site/account/provider-routes.ts).
 */

export const unlinkProviderOperation = defineOperation({
  operationId: 'unlink_provider_account',
  surfaces: ['site'],
  method: 'POST',
  path: '/me/linked-accounts/{id}/unlink',
  tag: 'Account',
  title: 'Unlink a GitHub, Google or single sign-on account',
  summary:
    'Stops a linked provider account from signing into yours; refused (409) when it is the last way left to sign in.',
  scope: null,
  notFound: true,
  params: Params({ id: rowId('The linked account') }),
  response: Type.Object({ id: Type.Integer() }),
  handler: async ({ id }, ctx) => {
    const outcome = await unlinkIdentity(ctx.db, sessionUserId(ctx), id);
    if (outcome === 'not_found') throw new HttpError(404, 'No such linked account on your account.');
    if (outcome === 'last_way_in')
      throw new HttpError(409, 'This is the only way left to sign in to your account: add another before removing it.');
    return { id };
  },
});

export const endSessionOperation = defineOperation({
  operationId: 'end_session',
  surfaces: ['site'],
  method: 'POST',
  path: '/me/sessions/{id}/end',
  tag: 'Account',
  title: 'Sign out a session',
  summary: 'Signs one of your sessions out, on whatever device it is; its next request finds itself signed out.',
  scope: null,
  notFound: true,
  params: Params({ id: rowId('The session') }),
  response: Type.Object({ id: Type.Integer() }),
  handler: async ({ id }, ctx) => {
    if (!(await endSession(ctx.db, sessionUserId(ctx), id)))
      throw new HttpError(404, 'No such session on your account.');
    return { id };
  },
});

export const signInMethodOperations = [unlinkProviderOperation, endSessionOperation];
