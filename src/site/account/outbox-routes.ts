import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { html } from '../html.js';
import { recentMail } from '../../mail/outbox.js';

/** Without SMTP the outbox is where mail can be read — for the person running the service only. */
export function registerOutboxRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/outbox', async (req, reply) => {
    // The socket's own address: behind TRUST_PROXY, req.ip comes from a header a client can forge.
    const local = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(req.socket.remoteAddress ?? '');
    if (!(req.user?.is_admin || (local && !ctx.config.smtpUrl)))
      return reply.page('Not found', html`<h1>Not found</h1>`, 404);
    const mails = await recentMail(ctx.db);
    return reply.page(
      'Outbox',
      html`<h1>Outbox</h1>
      <p class="muted">${ctx.config.smtpUrl ? 'Mail is delivered through SMTP_URL; this is the log.' : 'No SMTP_URL is set, so mail is kept here instead of being sent.'}</p>
      ${mails.map((m) => html`<article class="card"><p><strong>${m.subject}</strong><br><span class="muted">to ${m.to_address} · ${m.created_at.slice(0, 16).replace('T', ' ')}${m.sent_at ? ' · sent' : ''}${m.error ? html` · <span class="error">${m.error}</span>` : ''}</span></p><pre>${m.text_body}</pre></article>`)}`,
    );
  });
}
