import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { User } from '../../domain/accounts/user-repository.js';
import { layout, type SafeHtml } from '../html.js';
import { currentUser } from '../session.js';

/** Sends a full page in the site layout, titled "<title> — <site name>". */
export function pageSender(ctx: AppContext) {
  const siteName = ctx.site.name;
  return (reply: FastifyReply, user: User | null, title: string, body: SafeHtml, status = 200) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .send(layout({ title: `${title} — ${siteName}`, siteName, user }, body));
}

/** The signed-in user, or null after redirecting to sign-in with a way back to `next` (default: this page). */
export function signedInUser(ctx: AppContext) {
  return async (req: FastifyRequest, reply: FastifyReply, next: string = req.url): Promise<User | null> => {
    const user = await currentUser(ctx, req);
    if (!user) {
      reply.redirect(`/signin?next=${encodeURIComponent(next)}`, 303);
      return null;
    }
    return user;
  };
}
