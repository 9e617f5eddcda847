import crypto from 'node:crypto';
import { type TProperties, Type } from '@sinclair/typebox';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { passkeySignIn, passkeySignUp, signInOptions, signUpOptions } from '../../domain/accounts/passkeys.js';
import { throttledMessage } from '../../domain/accounts/password-sign-in.js';
import { CHALLENGE_TTL_MS } from '../../domain/accounts/webauthn-challenges.js';
import { safeNext, secureCookies, signIn } from '../session.js';
import { registerPasskeyScript } from './passkey-view.js';

/**
 * The browser a ceremony belongs to: a random value in its own cookie, whose hash is stored with
 * each challenge (webauthn-challenges.ts), so an answer is accepted only from the browser that
 * asked, whoever else saw the challenge.
 */
const BROWSER_COOKIE = 'ld_passkey';
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function ceremonyBrowser(ctx: AppContext, req: FastifyRequest, reply: FastifyReply): string {
  const held = req.cookies[BROWSER_COOKIE];
  const token = held && TOKEN.test(held) ? held : crypto.randomBytes(32).toString('base64url');
  reply.setCookie(BROWSER_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookies(ctx, req),
    maxAge: CHALLENGE_TTL_MS / 1000,
  });
  return token;
}

/** The ceremony's browser as its answer arrives: only a value this site set can be one. */
export const answeringBrowser = (req: FastifyRequest): string => {
  const held = req.cookies[BROWSER_COOKIE];
  return held && TOKEN.test(held) ? held : '';
};

/** A credential as the browser's WebAuthn API answered it, base64url fields (the library checks the rest). */
const Credential = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 1400 }),
  rawId: Type.String({ maxLength: 1400 }),
  type: Type.String({ maxLength: 40 }),
  response: Type.Object({}, { additionalProperties: true }),
});
export const CeremonyAnswer = (extra: TProperties = {}) => ({
  body: Type.Object({ response: Credential, ...extra }, { additionalProperties: false }),
});

// Each options call stores a challenge: bounded per client address beyond the global limit.
export const OPTIONS_PER_MINUTE = 60;

/**
 * Signing in and signing up with a passkey: JSON endpoints for the site's passkey script. The CSRF
 * token travels in a header (checked before the body's schema, so a forged post is a 403 like any
 * other form's); the cookie binds each challenge to its browser.
 */
export function registerPasskeyRoutes(app: FastifyInstance, ctx: AppContext) {
  registerPasskeyScript(app);
  const guarded = { preValidation: app.csrfProtection };
  const limited = { ...guarded, config: { rateLimit: { max: OPTIONS_PER_MINUTE, timeWindow: 60_000 } } };

  app.post('/signin/passkey/options', limited, async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { options: await signInOptions(ctx, ceremonyBrowser(ctx, req, reply)) };
  });

  app.post<{ Body: { response: AuthenticationResponseJSON; next?: string } }>(
    '/signin/passkey',
    { ...guarded, schema: CeremonyAnswer({ next: Type.Optional(Type.String({ maxLength: 2000 })) }) },
    async (req, reply) => {
      const outcome = await passkeySignIn(ctx, answeringBrowser(req), req.body.response, req.ip);
      if (outcome.ok) {
        await signIn(ctx, req, reply, outcome.userId);
        return { redirect: safeNext(req.body.next) };
      }
      if (outcome.reason === 'throttled') {
        reply.header('Retry-After', String(outcome.retryAfterSeconds));
        return reply.code(429).send({ message: throttledMessage(outcome.retryAfterSeconds) });
      }
      if (outcome.reason === 'unknown_credential')
        return reply.code(400).send({
          message: 'This passkey is not registered here (it may have been removed). Sign in another way.',
          unknownCredential: true,
          rpId: outcome.rpId,
        });
      return reply.code(400).send({ message: 'Signing in with this passkey did not work. Try again.' });
    },
  );

  app.post<{ Body: { email: string; name?: string; next?: string } }>(
    '/signup/passkey/options',
    {
      ...limited,
      schema: {
        body: Type.Object(
          {
            email: Type.String({ maxLength: 1000 }),
            name: Type.Optional(Type.String({ maxLength: 1000 })),
            next: Type.Optional(Type.String({ maxLength: 2000 })),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (req, reply) => {
      const { email, name, next } = req.body;
      const r = await signUpOptions(ctx, ceremonyBrowser(ctx, req, reply), {
        email,
        name,
        ...(next ? { next: safeNext(next) } : {}),
      });
      reply.header('Cache-Control', 'no-store');
      if (!r.ok) {
        const label = (path: string) => (path === 'email' ? 'Email' : 'Name');
        return reply.code(400).send({
          message: r.errors.map((e) => `${label(e.path)}: ${e.message}.`).join(' '),
          errors: r.errors,
        });
      }
      return { options: r.options };
    },
  );

  app.post<{ Body: { response: RegistrationResponseJSON } }>(
    '/signup/passkey',
    { ...guarded, schema: CeremonyAnswer() },
    async (req, reply) => {
      const r = await passkeySignUp(ctx, answeringBrowser(req), req.body.response);
      if (!r.ok) return reply.code(400).send({ message: r.message });
      // The same "check your email" page as a password sign-up: it never says whether the address was free.
      const next = r.value.next;
      return { redirect: `/signup/sent${next ? `?next=${encodeURIComponent(next)}` : ''}` };
    },
  );
}
