import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { NOTIFICATION_KIND_LABELS } from '../../domain/notifications/notification-kinds.js';
import { kindsTurnedOff, turnKindOff } from '../../domain/notifications/notification-repository.js';
import { readUnsubscribeToken } from '../../domain/notifications/unsubscribe-links.js';
import { html } from '../html.js';

type Query = { Querystring: { token?: string | string[] } };

const tokenOf = (q: { token?: string | string[] }) => (typeof q.token === 'string' ? q.token : '');

/**
 * One-click unsubscribe (RFC 8058). The link in a notification's List-Unsubscribe header, and at
 * the foot of its text, carries a signed token naming the account and the kind. A POST to it
 * (from the mail client, or this page's button) turns the kind off: no session and no CSRF token,
 * as the RFC requires, the signed token being the proof. A GET only asks: mail scanners open links.
 */
export function registerUnsubscribeRoutes(app: FastifyInstance, ctx: AppContext) {
  const invalid = (reply: FastifyReply) =>
    reply.page(
      'Unsubscribe',
      html`<h1>This unsubscribe link does not work</h1>
      <p>It may have been cut short when it was copied. Choose which mails you get on <a href="/account#notifications">your account page</a>.</p>`,
      400,
    );

  app.get<Query>('/unsubscribe', async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const token = tokenOf(req.query);
    const target = readUnsubscribeToken(ctx.secret, token);
    if (!target) return invalid(reply);
    const label = NOTIFICATION_KIND_LABELS[target.kind];
    if ((await kindsTurnedOff(ctx.db, target.userId)).has(target.kind))
      return reply.page(
        'Unsubscribe',
        html`<h1>Already unsubscribed</h1><p>These mails are off: <strong>${label}</strong>.</p>
        <p>Turn them back on from <a href="/account#notifications">your account page</a>.</p>`,
      );
    return reply.page(
      'Unsubscribe',
      html`<h1>Unsubscribe</h1>
      <p>Stop these mails to the address this link was sent to: <strong>${label}</strong>?</p>
      <form method="post" action="/unsubscribe?token=${token}">
        <input type="hidden" name="List-Unsubscribe" value="One-Click">
        <button type="submit">Unsubscribe</button>
      </form>
      <p class="muted small">Your other mails stay as they are; choose them all on <a href="/account#notifications">your account page</a>.</p>`,
    );
  });

  // Its own plugin, so only this route reads multipart bodies: RFC 8058 lets mail clients post either form encoding.
  app.register(async (oneClick) => {
    oneClick.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: 4096 }, (_req, _body, done) =>
      done(null, {}),
    );
    oneClick.post<Query>('/unsubscribe', async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const target = readUnsubscribeToken(ctx.secret, tokenOf(req.query));
      if (!target) return invalid(reply);
      await turnKindOff(ctx.db, target.userId, target.kind);
      return reply.page(
        'Unsubscribed',
        html`<h1>Unsubscribed</h1><p>You will get no more of these mails: <strong>${NOTIFICATION_KIND_LABELS[target.kind]}</strong>.</p>
        <p>Changed your mind? Turn them back on from <a href="/account#notifications">your account page</a>.</p>`,
      );
    });
  });
}
