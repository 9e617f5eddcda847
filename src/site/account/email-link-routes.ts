import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import {
  EMAIL_SIGN_IN_TTL_MS,
  type EmailSignInResult,
  pendingSignInOf,
  previewSignInLink,
  requestEmailSignIn,
  signInWithCode,
  signInWithLink,
} from '../../domain/accounts/email-sign-in.js';
import { type PostedForm, firstText, firstValue } from '../forms/form-values.js';
import { html, type SafeHtml } from '../html.js';
import { safeNext, secureCookies, signIn } from '../session.js';

/**
 * The browser that asked for a sign-in mail holds a random value in this cookie: its code can be
 * typed only there (the stored code is keyed by it), and its "check your email" page finds the mail.
 */
const BROWSER_COOKIE = 'ld_email_signin';
const COOKIE_PATH = '/signin/email';

const waitFor = (seconds: number) => (seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`);

/** The button the sign-in and sign-up forms carry: it posts the form's email here instead of checking a password. */
export function emailLinkButton(label = 'Email me a sign-in link'): SafeHtml {
  return html`<button type="submit" class="secondary" formaction="/signin/email" formnovalidate>${label}</button>`;
}

/** Sign-in links by email: ask (always the same answer), check your email and type the code, or open the link. */
export function registerEmailLinkRoutes(app: FastifyInstance, ctx: AppContext) {
  const csrfField = (reply: FastifyReply) => html`<input type="hidden" name="_csrf" value="${reply.generateCsrf()}">`;

  const askPage = (reply: FastifyReply, next: string, email = '', error = '') => html`
    <h1>Sign in with a link by email</h1>
    <p>We mail you a link that signs you in, and a code to type here if you read your mail on another device. No password needed; an address without an account gets one.</p>
    ${error ? html`<div class="error" role="alert"><p>${error}</p></div>` : ''}
    <form method="post" action="/signin/email" class="form">${csrfField(reply)}<input type="hidden" name="next" value="${next}">
      <label>Email <input type="email" name="email" required maxlength="254" autocomplete="email" value="${email}"></label>
      <button type="submit">Email me a sign-in link</button>
    </form>
    <p><a href="/signin${next !== '/account' ? `?next=${encodeURIComponent(next)}` : ''}">Other ways to sign in</a></p>`;

  app.get<{ Querystring: PostedForm }>('/signin/email', async (req, reply) =>
    reply.page('Sign in by email', askPage(reply, safeNext(firstValue(req.query.next)))),
  );

  app.post<{ Body: PostedForm }>('/signin/email', { preHandler: app.csrfProtection }, async (req, reply) => {
    const f = req.body ?? {};
    const next = safeNext(firstValue(f.next));
    const email = firstText(f.email);
    const token = crypto.randomBytes(32).toString('base64url');
    const outcome = await requestEmailSignIn(ctx, {
      email,
      ...(firstValue(f.next) ? { next } : {}),
      address: req.ip,
      browserToken: token,
    });
    if (!outcome.ok && outcome.reason === 'invalid_email')
      return reply.page(
        'Sign in by email',
        askPage(reply, next, email, 'Email: enter a valid address (at most 254 characters).'),
        400,
      );
    if (!outcome.ok) {
      reply.header('Retry-After', String(outcome.retryAfterSeconds));
      const message = `Too many sign-in links were asked for this address or from your network. Wait ${waitFor(outcome.retryAfterSeconds)} and try again.`;
      return reply.page('Sign in by email', askPage(reply, next, email, message), 429);
    }
    reply.setCookie(BROWSER_COOKIE, token, {
      path: COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies(ctx, req),
      maxAge: EMAIL_SIGN_IN_TTL_MS / 1000,
    });
    return reply.redirect('/signin/email/sent', 303);
  });

  const codeForm = (reply: FastifyReply, error = '') => html`
    ${error ? html`<div class="error" role="alert"><p>${error}</p></div>` : ''}
    <form method="post" action="/signin/email/code" class="form">${csrfField(reply)}
      <label>Six-digit code <input name="code" required inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]{6,7}" maxlength="7"></label>
      <button type="submit">Sign in</button>
    </form>`;

  const sentPage = async (req: FastifyRequest, reply: FastifyReply, error = '', status = 200) => {
    const pending = await pendingSignInOf(ctx, req.cookies[BROWSER_COOKIE] ?? '');
    if (!pending)
      return reply.page(
        'Sign in by email',
        html`<h1>No sign-in link asked for here</h1>
        <p>${error || 'This browser has not asked for a sign-in link lately.'} <a href="/signin/email">Ask for one</a>.</p>`,
        status,
      );
    if (!pending.usable)
      return reply.page(
        'Check your email',
        html`<h1>This sign-in has expired</h1>
        <p>${error || 'The link and code we mailed work for 15 minutes, once.'} <a href="/signin/email">Ask for a new link</a>.</p>`,
        400,
      );
    return reply.page(
      'Check your email',
      html`<h1>Check your email</h1>
      <p>We sent a message to <strong>${pending.email}</strong>. Open the link in it to sign in, or type its six-digit code here. Both work for 15 minutes, once.</p>
      ${codeForm(reply, error)}
      <p class="muted">Nothing arrived? Check the spam folder, or <a href="/signin/email">ask again</a>.</p>`,
      status,
    );
  };

  app.get('/signin/email/sent', async (req, reply) => sentPage(req, reply));

  const signedIn = async (req: FastifyRequest, reply: FastifyReply, r: EmailSignInResult) => {
    await signIn(ctx, req, reply, r.userId);
    reply.clearCookie(BROWSER_COOKIE, { path: COOKIE_PATH });
    const asked = r.next ? safeNext(r.next) : '/account';
    const next = asked === '/account' && r.created ? '/account?welcome=1' : asked;
    if (!r.dropped) return reply.redirect(next, 303);
    return reply.page(
      'Signed in',
      html`<h1>You are signed in</h1>
      <p>Your email address is now confirmed. This account was made before the address was confirmed, so the password and passkeys set on it then were removed and its other sessions signed out: anyone could have set them. Add a passkey or choose a password on <a href="/account">your account page</a>.</p>
      <p><a class="button" href="${next}">Continue</a></p>`,
    );
  };

  app.post<{ Body: PostedForm }>('/signin/email/code', { preHandler: app.csrfProtection }, async (req, reply) => {
    const outcome = await signInWithCode(ctx, {
      browserToken: req.cookies[BROWSER_COOKIE] ?? '',
      code: firstText(req.body?.code),
      address: req.ip,
    });
    if (outcome.ok) return signedIn(req, reply, outcome.result);
    switch (outcome.reason) {
      case 'wrong':
        return sentPage(
          req,
          reply,
          `That code is not right. ${outcome.triesLeft === 1 ? 'One more try' : `${outcome.triesLeft} more tries`}, then it stops working.`,
          400,
        );
      case 'throttled':
        reply.header('Retry-After', String(outcome.retryAfterSeconds));
        return sentPage(
          req,
          reply,
          `Too many wrong codes or passwords. Wait ${waitFor(outcome.retryAfterSeconds)} and try again, or open the link in the mail.`,
          429,
        );
      case 'dead':
        return sentPage(req, reply, 'Too many wrong codes: this code and its link no longer work.', 400);
      default:
        return sentPage(req, reply, 'The code has expired or was used already.', 400);
    }
  });

  const invalidLink = (reply: FastifyReply) =>
    reply.page(
      'Link not valid',
      html`<h1>This link is not valid</h1><p>It may have expired (links work for 15 minutes), been used already, or been replaced by a newer one. <a href="/signin/email">Ask for a new link</a>.</p>`,
      400,
    );

  // Opening the link only asks: mail scanners and link previews open links too, and must not spend it.
  app.get<{ Querystring: PostedForm }>('/signin/email/link', async (req, reply) => {
    const token = firstText(req.query.token);
    const who = await previewSignInLink(ctx, token);
    if (!who) return invalidLink(reply);
    reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    const action = who.newAccount ? 'Create my account and sign in' : 'Sign in';
    return reply.page(
      who.newAccount ? 'Create your account' : 'Sign in',
      html`<h1>${who.newAccount ? 'Create your account' : 'Sign in'}</h1>
      <p>${who.newAccount ? html`There is no account for <strong>${who.email}</strong> yet. Create it and sign in?` : html`Sign in as <strong>${who.email}</strong>?`}</p>
      <form method="post" action="/signin/email/link" class="form">${csrfField(reply)}<input type="hidden" name="token" value="${token}">
        <button type="submit">${action}</button></form>`,
    );
  });

  app.post<{ Body: PostedForm }>('/signin/email/link', { preHandler: app.csrfProtection }, async (req, reply) => {
    const result = await signInWithLink(ctx, firstText(req.body?.token));
    if (!result) return invalidLink(reply);
    return signedIn(req, reply, result);
  });
}
