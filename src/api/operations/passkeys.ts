import { Type } from '@sinclair/typebox';
import { defineOperation } from '../registry.js';
import { HttpError } from '../errors.js';
import { Body, Params, rowId } from '../schemas/common.js';
import { removePasskey, renamePasskey } from '../../domain/accounts/passkey-repository.js';
import { MAX_PASSKEY_NAME } from '../../domain/accounts/passkey-names.js';
import { sessionUserId } from './account-settings.js';

/**
 * The account page's passkeys: rename and remove. Site-only and session-only, like the other
 * account settings (adding one is a WebAuthn ceremony in the browser: site/account/passkey-routes.ts).
 */

export const renamePasskeyOperation = defineOperation({
  operationId: 'rename_passkey',
  surfaces: ['site'],
  method: 'POST',
  path: '/me/passkeys/{id}/rename',
  tag: 'Account',
  title: 'Rename a passkey',
  summary: 'Gives one of your passkeys the name the account page shows for it.',
  scope: null,
  notFound: true,
  params: Params({ id: rowId('The passkey') }),
  body: Body({ name: Type.String({ minLength: 1, maxLength: MAX_PASSKEY_NAME }) }),
  response: Type.Object({ id: Type.Integer() }),
  handler: async ({ id, name }, ctx) => {
    if (!(await renamePasskey(ctx.db, sessionUserId(ctx), id, name)))
      throw new HttpError(404, 'No such passkey on your account.');
    return { id };
  },
});

export const removePasskeyOperation = defineOperation({
  operationId: 'remove_passkey',
  surfaces: ['site'],
  method: 'POST',
  path: '/me/passkeys/{id}/remove',
  tag: 'Account',
  title: 'Remove a passkey',
  summary: 'Removes one of your passkeys, unless it is your last way to sign in (no password and no other passkey).',
  scope: null,
  notFound: true,
  params: Params({ id: rowId('The passkey') }),
  response: Type.Object({ id: Type.Integer() }),
  handler: async ({ id }, ctx) => {
    const outcome = await removePasskey(ctx.db, sessionUserId(ctx), id);
    if (outcome === 'not_found') throw new HttpError(404, 'No such passkey on your account.');
    if (outcome === 'last') throw new HttpError(409, 'This passkey is your last way to sign in.');
    return { id };
  },
});

export const passkeyOperations = [renamePasskeyOperation, removePasskeyOperation];
