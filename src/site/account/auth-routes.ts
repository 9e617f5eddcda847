import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { html } from '../html.js';
import { SESSION_COOKIE, safeNext, signIn, signOut } from '../session.js';
import { doPendingAction } from '../community/pending-actions.js';
import { findUserById } from '../../domain/accounts/user-repository.js';
import { confirmEmail } from '../../domain/accounts/user-repository.js';
import { passwordSignIn, throttledMessage } from '../../domain/accounts/password-sign-in.js';
import { consumeEmailToken } from '../../domain/accounts/email-tokens.js';
import type { FieldError } from '../../api/errors.js';
import {
  requestPasswordResetOperation,
  resetPasswordOperation,
  signUpOperation,
} from '../../api/operations/account-access.js';
import { runOperation } from '../forms/run-form.js';
import { providerButtons } from './provider-routes.js';
import { passkeySignInBlock, passkeySignUpButton } from './passkey-view.js';
import { emailLinkButton } from './email-link-routes.js';

type Form = Record<string, string | undefined>;

/** Sign-up, sign-in, sign-out, email verification and password reset: server-rendered forms, CSRF-protected. */
export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext) {
  const csrfField = (reply: FastifyReply) => html`<input type="hidden" name="_csrf" value="${reply.generateCsrf()}">`;
  const errorList = (errors: string[]) =>
    errors.length ? html`<div class="error" role="alert"><ul>${errors.map((e) => html`<li>${e}</li>`)}</ul></div>` : '';

  // `next` survives sign-up too, so an invited co-founder without an account lands back on the invite.
  const signupForm = (reply: FastifyReply, values: Form = {}, errors: string[] = []) => html`
    <h1>Create your account</h1>${errorList(errors)}${providerButtons(ctx, reply, values.next ?? '/account')}
    <form method="post" action="/signup" class="form">${csrfField(reply)}${values.next ? html`<input type="hidden" name="next" value="${values.next}">` : ''}
      <label>Email <input type="email" name="email" required maxlength="254" autocomplete="email" value="${values.email ?? ''}"></label>
      <label>Name <input name="name" maxlength="120" autocomplete="name" value="${values.name ?? ''}"></label>
      <label>Password <input type="password" name="password" required minlength="10" maxlength="200" autocomplete="new-password"></label>
      <button type="submit">Sign up</button>${passkeySignUpButton()}${emailLinkButton('Email me a sign-up link')}
    </form><p>Already have an account? <a href="/signin${values.next ? `?next=${encodeURIComponent(String(values.next))}` : ''}">Sign in</a></p>`;

  app.get<{ Querystring: Form }>('/signup', async (req, reply) => {
    const next = req.query.next ? safeNext(req.query.next) : undefined;
    return reply.page('Sign up', signupForm(reply, next ? { next } : {}));
  });
  app.post<{ Body: Form }>('/signup', { preHandler: app.csrfProtection }, async (req, reply) => {
    const f = req.body ?? {};
    const next = f.next ? safeNext(f.next) : undefined;
    const body = { email: f.email ?? '', password: f.password ?? '', name: f.name ?? '', ...(next ? { next } : {}) };
    const r = await runOperation(ctx, null, signUpOperation, { body });
    if (!r.ok) return reply.page('Sign up', signupForm(reply, f, labelled(r.errors, r.message)), 400);
    return reply.redirect(`/signup/sent${next ? `?next=${encodeURIComponent(next)}` : ''}`, 303);
  });

  app.get<{ Querystring: Form }>('/signup/sent', async (req, reply) => {
    const next = req.query.next ? safeNext(req.query.next) : undefined;
    return reply.page(
      'Check your email',
      html`<h1>Check your email</h1>
      <p>We sent a message to the address you gave. Open the link in it to confirm your email and sign in; it works for 48 hours.</p>
      <p>Nothing arrived? Check the spam folder, or <a href="/signin${next ? `?next=${encodeURIComponent(next)}` : ''}">sign in</a> with your password or passkey.</p>`,
    );
  });

  const signinForm = (reply: FastifyReply, next: string, values: Form = {}, errors: string[] = []) => html`
    <h1>Sign in</h1>${errorList(errors)}${passkeySignInBlock(reply.generateCsrf(), next)}${providerButtons(ctx, reply, next)}
    <form method="post" action="/signin" class="form">${csrfField(reply)}<input type="hidden" name="next" value="${next}">
      <label>Email <input type="email" name="email" required maxlength="254" autocomplete="username webauthn" value="${values.email ?? ''}"></label>
      <label>Password <input type="password" name="password" required maxlength="200" autocomplete="current-password"></label>
      <button type="submit">Sign in</button>${emailLinkButton()}
    </form><p><a href="/forgot-password">Forgot your password?</a> · New here? <a href="/signup${next !== '/account' ? `?next=${encodeURIComponent(next)}` : ''}">Create an account</a></p>`;

  app.get<{ Querystring: Form }>('/signin', async (req, reply) =>
    reply.page('Sign in', signinForm(reply, safeNext(req.query.next))),
  );
  app.post<{ Body: Form }>('/signin', { preHandler: app.csrfProtection }, async (req, reply) => {
    const f = req.body ?? {};
    const next = safeNext(f.next);
    const outcome = await passwordSignIn(ctx.db, {
      email: f.email ?? '',
      password: f.password ?? '',
      address: req.ip,
      now: ctx.now(),
      policy: ctx.config.signInThrottle,
    });
    if (!outcome.ok && outcome.reason === 'throttled') {
      reply.header('Retry-After', String(outcome.retryAfterSeconds));
      return reply.page('Sign in', signinForm(reply, next, f, [throttledMessage(outcome.retryAfterSeconds)]), 429);
    }
    // The same answer whether the email or the password was wrong: no account discovery.
    if (!outcome.ok) return reply.page('Sign in', signinForm(reply, next, f, ['Email or password is not right.']), 401);
    const user = outcome.user;
    await signIn(ctx, req, reply, user.id);
    return reply.redirect(next, 303);
  });

  app.post('/signout', { preHandler: app.csrfProtection }, async (req, reply) => {
    await signOut(ctx, req, reply);
    return reply.redirect('/', 303);
  });

  app.get<{ Querystring: Form }>('/verify-email', async (req, reply) => {
    const t = req.query.token ? await consumeEmailToken(ctx.db, 'verify_email', req.query.token, ctx.now()) : null;
    if (!t || t.user_id === null)
      return reply.page(
        'Email not confirmed',
        html`<h1>This link is not valid</h1><p>It may have expired or been used already. Sign in and ask for a new one from your account page.</p>`,
        400,
      );
    const confirmed = await confirmEmail(ctx.db, t.user_id, t.email, ctx.now());
    if (!confirmed)
      return reply.page(
        'Email not confirmed',
        html`<h1>This link is not valid</h1><p>The account's address has changed since it was sent.</p>`,
        400,
      );
    // The link proves the inbox, as a reset link does: it signs in, where sign-up itself no longer does.
    if (req.user?.id !== t.user_id) await signIn(ctx, req, reply, t.user_id);
    else {
      const confirmedUser = await findUserById(ctx.db, t.user_id);
      const token = req.cookies[SESSION_COOKIE];
      if (confirmedUser && token) await doPendingAction(ctx, req, reply, confirmedUser, token);
    }
    const next = typeof t.payload.next === 'string' ? safeNext(t.payload.next) : '/account?welcome=1';
    return reply.redirect(next, 303);
  });

  const forgotForm = (reply: FastifyReply) => html`
    <h1>Reset your password</h1>
    <form method="post" action="/forgot-password" class="form">${csrfField(reply)}
      <label>Email <input type="email" name="email" required maxlength="254" autocomplete="email"></label>
      <button type="submit">Send a reset link</button></form>`;
  app.get('/forgot-password', async (_req, reply) => reply.page('Reset password', forgotForm(reply)));
  app.post<{ Body: Form }>('/forgot-password', { preHandler: app.csrfProtection }, async (req, reply) => {
    // The same page whatever came of it: it never says whether the address has an account.
    await runOperation(ctx, null, requestPasswordResetOperation, { body: { email: req.body?.email ?? '' } });
    return reply.page(
      'Check your email',
      html`<h1>Check your email</h1><p>If an account exists for that address, we sent it a link to choose a new password. The link works for one hour.</p>`,
    );
  });

  const resetForm = (reply: FastifyReply, token: string, errors: string[] = []) => html`
    <h1>Choose a new password</h1>${errorList(errors)}
    <form method="post" action="/reset-password" class="form">${csrfField(reply)}<input type="hidden" name="token" value="${token}">
      <label>New password <input type="password" name="password" required minlength="10" maxlength="200" autocomplete="new-password"></label>
      <button type="submit">Save the new password</button></form>`;
  app.get<{ Querystring: Form }>('/reset-password', async (req, reply) =>
    reply.page('New password', resetForm(reply, req.query.token ?? '')),
  );
  app.post<{ Body: Form }>('/reset-password', { preHandler: app.csrfProtection }, async (req, reply) => {
    const f = req.body ?? {};
    const r = await runOperation(ctx, null, resetPasswordOperation, {
      body: { token: f.token ?? '', password: f.password ?? '' },
    });
    if (!r.ok && r.fields.password)
      return reply.page('New password', resetForm(reply, f.token ?? '', [`Password: ${r.fields.password}.`]), 400);
    if (!r.ok)
      return reply.page(
        'Link not valid',
        html`<h1>This link is not valid</h1><p>It may have expired or been used. <a href="/forgot-password">Ask for a new one</a>.</p>`,
        400,
      );
    await signIn(ctx, req, reply, r.value.user_id);
    return reply.redirect('/account?reset=1', 303);
  });
}

const LABELS: Record<string, string> = { email: 'Email', password: 'Password', name: 'Name' };
/** A refused form's errors as the page words them: "Email: enter a valid address…". */
const labelled = (errors: FieldError[], message: string) =>
  errors.length ? errors.map((e) => (LABELS[e.path] ? `${LABELS[e.path]}: ${e.message}.` : e.message)) : [message];
