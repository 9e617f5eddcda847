import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { html, type SafeHtml } from '../html.js';
import { adminOf, adminPageSender } from './admin-guard.js';
import type { User } from '../../domain/accounts/user-repository.js';
import { BUNDLEABLE, loadCatalog } from '../../domain/orders/catalog.js';
import { loadOrderSettings } from '../../domain/orders/order-settings.js';
import { STATUS_WORDS } from '../checkout/order-views.js';
import { formatUsd } from '../../domain/money/format-money.js';
import type { PostedForm } from '../forms/form-values.js';
import { runForm } from '../forms/run-form.js';
import {
  completeAdminTaskOperation,
  PRICE_MAX_CENTS,
  refundOrderOperation,
  SALES_NUMBER_SETTINGS,
  setBundleContentsOperation,
  setProductPriceOperation,
  updateSalesSettingsOperation,
} from '../../api/operations/admin/index.js';
import { openAdminTasks, recentOrders } from '../../domain/orders/order-repository.js';

const NUMBER_SETTINGS = SALES_NUMBER_SETTINGS;
/** The seller's text fields, as an error names them. */
const SELLER_FIELDS = [
  ['sellerName', 'Seller name'],
  ['sellerAddress', 'Seller address'],
  ['sellerVatNumber', 'Seller VAT number'],
] as const;

/**
 * /admin/orders, for site administrators: prices (new quotes only), bundle contents, weekly paid
 * capacity, the seller on invoices, open done-for-you tasks, and recent orders (refund).
 */
export function registerAdminOrderRoutes(app: FastifyInstance, ctx: AppContext) {
  const adminPage = adminPageSender(ctx);
  const page = (reply: FastifyReply, user: User, title: string, body: SafeHtml, status = 200) =>
    adminPage(reply, user, '/admin/orders', title, body, status);

  async function show(reply: FastifyReply, user: User, opts: { notice?: string; error?: string } = {}, status = 200) {
    const now = ctx.now();
    const [products, settings, tasks, orders] = await Promise.all([
      loadCatalog(ctx.db, ctx.site.id, now),
      loadOrderSettings(ctx.db, ctx.site.id, ctx.site.name),
      openAdminTasks(ctx.db, ctx.site.id),
      recentOrders(ctx.db, ctx.site.id),
    ]);
    const csrf = html`<input type="hidden" name="_csrf" value="${reply.generateCsrf()}">`;
    const bundle = products.find((p) => p.code === 'launch_bundle');
    reply.header('Cache-Control', 'no-store');
    return page(
      reply,
      user,
      'Orders and prices',
      html`<h1>Orders and prices</h1>
      ${opts.notice ? html`<p class="notice" role="status">${opts.notice}</p>` : ''}
      ${opts.error ? html`<p class="error" role="alert">${opts.error}</p>` : ''}
      <h2>Prices</h2><p class="muted">USD cents, excluding VAT. A change applies to new quotes only; orders keep the price they were built with. The billboard_min price is the billboard minimum.</p>
      <table><thead><tr><th scope="col">Product</th><th scope="col">Price</th><th scope="col">New price (cents)</th></tr></thead><tbody>
      ${products.map(
        (p) => html`<tr><td><strong>${p.name}</strong><br><code>${p.code}</code></td><td>${formatUsd(p.priceCents)}</td>
        <td><form method="post" action="/admin/orders/price" class="inline">${csrf}<input type="hidden" name="product" value="${p.code}">
        <label>Price of ${p.code} in cents <input name="cents" inputmode="numeric" pattern="[0-9]{1,9}" required value="${p.priceCents}" size="8"></label> <button type="submit" class="small">Save</button></form></td></tr>`,
      )}
      </tbody></table>
      ${
        bundle
          ? html`<h2>Launch bundle contents</h2><form method="post" action="/admin/orders/bundle" class="form">${csrf}<fieldset><legend>The bundle includes</legend>
        ${BUNDLEABLE.map((c) => html`<label class="check"><input type="checkbox" name="includes" value="${c}" ${bundle.includes.includes(c) ? 'checked' : ''}> ${c}</label>`)}</fieldset>
        <button type="submit">Save bundle</button></form>`
          : ''
      }
      <h2>Sales settings and seller</h2>
      <form method="post" action="/admin/orders/settings" class="form">${csrf}
        ${NUMBER_SETTINGS.map(([key, label]) => html`<label>${label} <input name="${key}" inputmode="numeric" pattern="[0-9]{1,6}" value="${settings[key]}"></label>`)}
        <label>Seller name (on invoices) <input name="sellerName" maxlength="200" value="${settings.seller.name}"></label>
        <label>Seller address <textarea name="sellerAddress" maxlength="500" rows="3">${settings.seller.address}</textarea></label>
        <label>Seller country (2 letters; decides same-country VAT) <input name="sellerCountry" maxlength="2" value="${settings.seller.country ?? ''}"></label>
        <label>Seller VAT number <input name="sellerVatNumber" maxlength="32" value="${settings.seller.vat_number ?? ''}"></label>
        <button type="submit">Save settings</button></form>
      <h2>Done-for-you tasks</h2>
      ${
        tasks.length
          ? html`<ul>${tasks.map(
              (
                t,
              ) => html`<li>#${t.id} ${t.title} (order <a href="/admin/orders#o-${t.number}">${t.number}</a>, ${t.created_at.slice(0, 10)})
        <form method="post" action="/admin/orders/tasks/${t.id}/done" class="inline">${csrf}<label>Note <input name="note" maxlength="500"></label> <button type="submit" class="small">Mark done</button></form></li>`,
            )}</ul>`
          : html`<p class="muted">No open tasks.</p>`
      }
      <h2>Recent orders</h2>
      <table><thead><tr><th scope="col">Order</th><th scope="col">Buyer</th><th scope="col">Total</th><th scope="col">Status</th><th scope="col"></th></tr></thead><tbody>
      ${orders.map(
        (
          o,
        ) => html`<tr id="o-${o.number}"><td>${o.number}<br><span class="small muted">${o.created_at.slice(0, 16).replace('T', ' ')}</span></td><td>${o.email}</td><td>${formatUsd(o.total_cents, { alwaysCents: true })}</td><td>${STATUS_WORDS[o.status]}</td>
        <td>${o.status === 'paid' || o.status === 'fulfilled' ? html`<form method="post" action="/admin/orders/${o.number}/refund" class="inline">${csrf}<button type="submit" class="secondary small">Mark refunded</button></form>` : ''}</td></tr>`,
      )}
      </tbody></table>`,
      status,
    );
  }

  app.get('/admin/orders', async (req, reply) => {
    const user = adminOf(req);
    return show(reply, user);
  });

  app.post<{ Body: PostedForm }>('/admin/orders/price', { preHandler: app.csrfProtection }, async (req, reply) => {
    const user = adminOf(req);
    const r = await runForm(ctx, user, setProductPriceOperation, req.body);
    if (r.ok)
      return show(reply, user, { notice: `${r.value.product} now costs ${formatUsd(r.value.cents)} for new quotes.` });
    const error = r.fields.cents ? `A price is a whole number of cents from 0 to ${PRICE_MAX_CENTS}.` : r.message;
    return show(reply, user, { error }, r.status);
  });

  app.post<{ Body: PostedForm }>('/admin/orders/bundle', { preHandler: app.csrfProtection }, async (req, reply) => {
    const user = adminOf(req);
    const r = await runForm(ctx, user, setBundleContentsOperation, req.body);
    if (!r.ok) return show(reply, user, { error: r.message }, r.status);
    return show(reply, user, { notice: `The launch bundle now includes ${r.value.includes.join(', ')}.` });
  });

  app.post<{ Body: PostedForm }>('/admin/orders/settings', { preHandler: app.csrfProtection }, async (req, reply) => {
    const user = adminOf(req);
    const r = await runForm(ctx, user, updateSalesSettingsOperation, req.body);
    if (r.ok) return show(reply, user, { notice: r.value.message });
    const number = SALES_NUMBER_SETTINGS.find(([key]) => r.fields[key]);
    const seller = SELLER_FIELDS.find(([key]) => r.fields[key]);
    const error = number
      ? `${number[1]} must be a whole number from ${number[2]} to ${number[3]}.`
      : seller
        ? `${seller[1]} ${r.fields[seller[0]]}.`
        : r.message;
    return show(reply, user, { error }, r.status);
  });

  app.post<{ Params: { id: string }; Body: PostedForm }>(
    '/admin/orders/tasks/:id/done',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const user = adminOf(req);
      const r = await runForm(ctx, user, completeAdminTaskOperation, req.body, { id: req.params.id });
      if (r.ok) return show(reply, user, { notice: `Task #${r.value.id} done; its order line is fulfilled.` });
      if (r.fields.note) return show(reply, user, { error: `Note ${r.fields.note}.` }, r.status);
      return show(reply, user, { error: 'No such open task.' }, 404);
    },
  );

  app.post<{ Params: { number: string } }>(
    '/admin/orders/:number/refund',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const user = adminOf(req);
      const r = await runForm(ctx, user, refundOrderOperation, {}, { number: req.params.number });
      return r.ok
        ? show(reply, user, {
            notice: `Order ${r.value.number} marked refunded. Return the money in the payment provider's dashboard.`,
          })
        : show(reply, user, { error: 'No paid order by that number.' }, 404);
    },
  );
}
