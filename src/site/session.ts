import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { userForSession, createSession, deleteSession } from '../domain/accounts/sessions.js';
import { findUserById, type User } from '../domain/accounts/user-repository.js';
import { SESSION_DAYS } from '../domain/accounts/sessions.js';
import { lastSeenIsStale, touchSession } from '../domain/accounts/active-sessions.js';
import { sessionDevice } from '../domain/accounts/session-device.js';
import { doPendingAction } from './community/pending-actions.js';

export const SESSION_COOKIE = 'ld_session';

const users = new WeakMap<FastifyRequest, User | null>();

/** Secure cookies whenever the site is served over TLS (directly or behind a TLS-terminating proxy). */
export const secureCookies = (ctx: AppContext, req: FastifyRequest) =>
  ctx.config.publicUrl.startsWith('https:') || req.protocol === 'https';

/** The signed-in user of this request (looked up once), or null. */
export async function currentUser(ctx: AppContext, req: FastifyRequest): Promise<User | null> {
  if (users.has(req)) return users.get(req)!;
  const token = req.cookies[SESSION_COOKIE];
  const found = token ? await userForSession(ctx.db, token, ctx.now()) : null;
  // "Last seen" on the account page: written every few minutes per session, not on every request.
  if (token && found && lastSeenIsStale(found.lastSeenAt, ctx.now()))
    await touchSession(ctx.db, token, ctx.now(), sessionDevice(req.headers['user-agent'], req.ip));
  const user = found?.user ?? null;
  users.set(req, user);
  return user;
}

export async function signIn(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  const token = await createSession(ctx.db, userId, ctx.now(), sessionDevice(req.headers['user-agent'], req.ip));
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(ctx, req),
    maxAge: SESSION_DAYS * 86_400,
  });
  // The rest of this request (e.g. the consent page right after sign-in) sees the new user.
  req.user = await findUserById(ctx.db, userId);
  users.set(req, req.user);
  // Whatever method signed them in, the vote (follow, comment) that sent them here is done now.
  if (req.user) await doPendingAction(ctx, req, reply, req.user, token);
}

export async function signOut(ctx: AppContext, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = req.cookies[SESSION_COOKIE];
  if (token) await deleteSession(ctx.db, token);
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  req.user = null;
  users.set(req, null);
}

/** Only same-site relative paths: a `next` parameter must never send people to another site. */
export function safeNext(next: unknown, fallback = '/account'): string {
  return typeof next === 'string' && /^\/(?![/\\])[^\s]*$/.test(next) ? next : fallback;
}
