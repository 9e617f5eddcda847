import { Type } from '@sinclair/typebox';
import { defineOperation } from '../registry.js';
import { Body } from '../schemas/common.js';
import { signUp } from '../../domain/accounts/sign-up.js';
import { requestPasswordReset, resetPasswordWithToken } from '../../domain/accounts/password-reset.js';

/**
 * Getting into an account on the website: sign-up and password reset. Site-only, and public (no
 * principal): the person is not signed in, and an email address or a reset link says whose account
 * it is. The rules (address, password length) are the domain's, which words each field's error.
 * Signing in and out stay site routes: they make and end the session cookie.
 */

export const signUpOperation = defineOperation({
  operationId: 'sign_up',
  surfaces: ['site'],
  method: 'POST',
  path: '/accounts',
  tag: 'Account',
  title: 'Sign up',
  summary:
    'Creates an account and mails the link confirming its address; a taken address gets the same answer, and its owner a mail.',
  scope: null,
  openWorld: true,
  body: Body({
    email: Type.String(),
    // Not trimmed by the page: a password is exactly what was typed.
    password: Type.String(),
    name: Type.Optional(Type.String()),
    next: Type.Optional(Type.String({ description: 'Where confirming the address brings the person' })),
  }),
  response: Type.Object({}),
  handler: async (input, ctx) => {
    await signUp(ctx, input);
    return {};
  },
});

export const requestPasswordResetOperation = defineOperation({
  operationId: 'request_password_reset',
  surfaces: ['site'],
  method: 'POST',
  path: '/accounts/password-reset',
  tag: 'Account',
  title: 'Ask for a password reset link',
  summary: 'Mails a one-hour link to choose a new password, if an account has this address; the answer never says.',
  scope: null,
  openWorld: true,
  body: Body({ email: Type.String() }),
  response: Type.Object({}),
  handler: async ({ email }, ctx) => {
    await requestPasswordReset(ctx, email);
    return {};
  },
});

export const resetPasswordOperation = defineOperation({
  operationId: 'reset_password',
  surfaces: ['site'],
  method: 'POST',
  path: '/accounts/password',
  tag: 'Account',
  title: 'Choose a new password',
  summary:
    "Sets a new password with a reset link's token and ends the account's sessions; answers the account, which the site signs in.",
  scope: null,
  body: Body({ token: Type.String(), password: Type.String() }),
  response: Type.Object({ user_id: Type.Integer() }),
  handler: async ({ token, password }, ctx) => ({ user_id: await resetPasswordWithToken(ctx, token, password) }),
});

export const accountAccessOperations = [signUpOperation, requestPasswordResetOperation, resetPasswordOperation];
