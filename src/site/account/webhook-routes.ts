import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import {
  createWebhookEndpointOperation,
  deleteWebhookEndpointOperation,
  redeliverWebhookOperation,
  updateWebhookEndpointOperation,
} from '../../api/operations/webhooks.js';
import { pageOf } from '../../api/pagination.js';
import type { User } from '../../domain/accounts/user-repository.js';
import { findDelivery, findEndpoint, listDeliveries, listEndpoints } from '../../domain/webhooks/webhook-repository.js';
import { MAX_ENDPOINTS } from '../../domain/webhooks/webhook-limits.js';
import { allValues, firstText, type PostedForm } from '../forms/form-values.js';
import { fieldErrorsOf, runForm, runOperation } from '../forms/run-form.js';
import { html } from '../html.js';
import { signedInUserOf } from '../site-request.js';
import { webhookEndpointView, webhookListView } from './webhook-views.js';

const NOTICES: Record<string, string> = {
  deleted: 'The endpoint was deleted.',
  saved: 'Saved.',
  enabled: 'The endpoint is enabled: new events are sent to it again.',
  disabled: 'The endpoint is disabled: nothing is sent to it until you enable it.',
  redelivered: 'The event is queued to be sent again (see the newest delivery).',
};
const PER_PAGE = 20;

/** Another account's endpoint or delivery is not found, exactly like one that does not exist. */
const notFoundPage = (reply: FastifyReply, what: string) =>
  reply.page(
    'Not found',
    html`<h1>Not found</h1><p>No such ${what} on your account. <a href="/account/webhooks">Your webhooks</a></p>`,
    404,
  );

const errorLines = (r: { message: string; errors: { path: string; message: string }[] }) =>
  fieldErrorsOf(r).map((e) => (e.path ? `${e.path}: ${e.message}` : e.message));

/**
 * The account's webhooks page (linked from the account page): endpoints listed and added (the
 * secret shown once, rendered, never redirected to), each endpoint's page to edit, enable or
 * disable, delete, read its deliveries and redeliver. Every change is a registry operation.
 */
export function registerWebhookRoutes(app: FastifyInstance, ctx: AppContext) {
  const guarded = { preHandler: app.csrfProtection };

  async function listPage(
    reply: FastifyReply,
    user: User,
    o: Parameters<typeof webhookListView>[2] = {},
    status = 200,
  ) {
    const { items } = await listEndpoints(ctx.db, user.id, MAX_ENDPOINTS, 0);
    return reply.page('Webhooks', webhookListView(items, reply.generateCsrf(), o), status);
  }

  async function endpointPage(
    reply: FastifyReply,
    user: User,
    id: number,
    o: { page?: number; errors?: string[]; notice?: string },
    status = 200,
  ) {
    const endpoint = await findEndpoint(ctx.db, user.id, id);
    if (!endpoint) return notFoundPage(reply, 'webhook endpoint');
    const page = Math.min(Math.max(o.page ?? 1, 1), 1000);
    const d = await listDeliveries(ctx.db, id, PER_PAGE, (page - 1) * PER_PAGE);
    const deliveries = pageOf(d.items, d.total, { page, per_page: PER_PAGE });
    return reply.page('Webhook endpoint', webhookEndpointView(endpoint, deliveries, reply.generateCsrf(), o), status);
  }

  const idOf = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : 0);

  app.get<{ Querystring: PostedForm }>('/account/webhooks', async (req, reply) => {
    const done = firstText(req.query.done);
    return listPage(reply, signedInUserOf(req), { notice: NOTICES[done] });
  });

  app.post<{ Body: PostedForm }>('/account/webhooks', guarded, async (req, reply) => {
    const user = signedInUserOf(req);
    const r = await runForm(ctx, user, createWebhookEndpointOperation, req.body);
    if (!r.ok) {
      const form = {
        url: firstText(req.body?.url),
        description: firstText(req.body?.description),
        events: allValues(req.body?.events).join(','),
      };
      return listPage(reply, user, { errors: errorLines(r), form }, r.status);
    }
    // Rendered, not redirected: the secret must never travel in a URL or be shown twice.
    reply.header('Cache-Control', 'no-store');
    return listPage(reply, user, { secret: { url: r.value.url, value: r.value.secret } }, 201);
  });

  app.get<{ Params: { id: string }; Querystring: PostedForm }>('/account/webhooks/:id', async (req, reply) => {
    const page = Number(firstText(req.query.page)) || 1;
    const notice = NOTICES[firstText(req.query.done)];
    return endpointPage(reply, signedInUserOf(req), idOf(req.params.id), { page, notice });
  });

  app.post<{ Params: { id: string }; Body: PostedForm }>('/account/webhooks/:id', guarded, async (req, reply) => {
    const user = signedInUserOf(req);
    const id = idOf(req.params.id);
    // Unticking every event is not "no change": the operation refuses an empty list, and says so.
    const form = req.body ?? {};
    const r = await runOperation(
      ctx,
      user,
      updateWebhookEndpointOperation,
      {
        params: { endpoint_id: id },
        body: {
          url: firstText(form.url),
          description: firstText(form.description),
          events: allValues(form.events),
        },
      },
      { coerce: true },
    );
    if (!r.ok) return endpointPage(reply, user, id, { errors: errorLines(r) }, r.status);
    return reply.redirect(`/account/webhooks/${id}?done=saved`, 303);
  });

  for (const action of ['enable', 'disable'] as const) {
    app.post<{ Params: { id: string } }>(`/account/webhooks/:id/${action}`, guarded, async (req, reply) => {
      const user = signedInUserOf(req);
      const id = idOf(req.params.id);
      const r = await runOperation(
        ctx,
        user,
        updateWebhookEndpointOperation,
        { params: { endpoint_id: id }, body: { enabled: action === 'enable' } },
        { coerce: true },
      );
      if (!r.ok) return endpointPage(reply, user, id, { errors: errorLines(r) }, r.status);
      return reply.redirect(`/account/webhooks/${id}?done=${action}d`, 303);
    });
  }

  app.post<{ Params: { id: string } }>('/account/webhooks/:id/delete', guarded, async (req, reply) => {
    const user = signedInUserOf(req);
    const id = idOf(req.params.id);
    const r = await runForm(ctx, user, deleteWebhookEndpointOperation, undefined, { endpoint_id: id });
    if (!r.ok) return endpointPage(reply, user, id, { errors: errorLines(r) }, r.status);
    return reply.redirect('/account/webhooks?done=deleted', 303);
  });

  app.post<{ Params: { id: string } }>('/account/webhook-deliveries/:id/redeliver', guarded, async (req, reply) => {
    const user = signedInUserOf(req);
    const id = idOf(req.params.id);
    const delivery = await findDelivery(ctx.db, user.id, id);
    if (!delivery) return notFoundPage(reply, 'webhook delivery');
    const r = await runForm(ctx, user, redeliverWebhookOperation, undefined, { delivery_id: id });
    if (!r.ok) return endpointPage(reply, user, delivery.endpoint_id, { errors: errorLines(r) }, r.status);
    return reply.redirect(`/account/webhooks/${delivery.endpoint_id}?done=redelivered#deliveries`, 303);
  });
}
