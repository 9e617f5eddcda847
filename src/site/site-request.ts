import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import type { User } from '../domain/accounts/user-repository.js';
import { html, layout, type SafeHtml } from './html.js';
import { currentUser, SESSION_COOKIE } from './session.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in person (null: a visitor), loaded before the handler of every site area. */
    user: User | null;
  }
  interface FastifyContextConfig {
    /** Where sign-in brings a signed-out visitor back to, for a route whose page is not the one asked for (a form post). */
    signInNext?: (req: FastifyRequest) => string;
  }
  interface FastifyReply {
    /** Sends a full page in the site layout, titled "<title> — <site name>", for this request's visitor. */
    page(title: string, body: SafeHtml, status?: number): FastifyReply;
  }
}

/** Who may open the pages of a site area. */
export type Access = 'anyone' | 'signed-in' | 'admin';

/** Gives every request a `user` and every reply a `page()`: called once, on the root app. */
export function installSiteRequest(app: FastifyInstance, ctx: AppContext): void {
  const siteName = ctx.site.name;
  app.decorateRequest('user', null);
  app.decorateReply('page', function (this: FastifyReply, title: string, body: SafeHtml, status = 200) {
    return this.code(status)
      .type('text/html; charset=utf-8')
      .send(layout({ title: `${title} — ${siteName}`, siteName, user: this.request.user }, body));
  });
}

/** The signed-in person of a request to an area whose access is 'signed-in' (its guard let no one else through). */
export function signedInUserOf(req: FastifyRequest): User {
  if (!req.user) throw new Error(`${req.url} is not in a signed-in area`);
  return req.user;
}

/** Where sign-in brings a person back to: this page, or for a form post the page it was posted from. */
function comeBackTo(req: FastifyRequest, fallback: string): string {
  if (req.method === 'GET') return req.url;
  const referer = req.headers.referer;
  if (!referer) return fallback;
  try {
    const from = new URL(referer);
    return from.host === req.headers.host ? `${from.pathname}${from.search}` : fallback;
  } catch {
    return fallback;
  }
}

/**
 * The hook of a site area open to anyone: loads the visitor. A visitor without a session cookie is
 * one without an account, known at once: no promise, no lookup (these pages are the site's hot path).
 */
function loadVisitor(ctx: AppContext) {
  return (req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
    if (!req.cookies[SESSION_COOKIE]) return done();
    currentUser(ctx, req).then((user) => {
      req.user = user;
      done();
    }, done);
  };
}

/**
 * The hook that guards a site area: loads the visitor, then sends a signed-out one to sign in (and
 * back) where the area needs an account, and answers 403 where it needs an administrator. One
 * place for what every handler used to check itself.
 */
export function guardArea(ctx: AppContext, access: Access, home: string) {
  if (access === 'anyone') return loadVisitor(ctx);
  return async (req: FastifyRequest, reply: FastifyReply) => {
    req.user = await currentUser(ctx, req);
    if (!req.user) {
      const next = req.routeOptions.config.signInNext?.(req) ?? comeBackTo(req, home);
      return reply.redirect(`/signin?next=${encodeURIComponent(next)}`, 303);
    }
    // Pages of an account are that person's: never kept by a shared cache.
    reply.header('Cache-Control', 'no-store');
    if (access === 'admin' && !req.user.is_admin)
      return reply.page(
        'Not allowed',
        html`<h1>Not allowed</h1><p>This page is for the site's administrators.</p>`,
        403,
      );
  };
}
