import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { html, type SafeHtml } from '../html.js';
import { adminOf, adminPageSender } from './admin-guard.js';
import type { User } from '../../domain/accounts/user-repository.js';
import { BUNDLEABLE, bundleProblem, loadCatalog, setBundleContents, setPrice } from '../../domain/orders/catalog.js';
import { loadOrderSettings, ORDER_SETTING_KEYS } from '../../domain/orders/order-settings.js';
import { setSetting } from '../../domain/site/site-repository.js';
import { completeAdminTask } from '../../domain/orders/fulfil-order.js';
import { refundOrder } from '../../domain/orders/payment.js';
import { isIsoCountryCode } from '../../domain/orders/vat.js';
import { STATUS_WORDS } from '../checkout/order-views.js';
import { formatUsd } from '../../domain/money/format-money.js';
import { firstText } from '../forms/form-values.js';
import { openAdminTasks, recentOrders } from '../../domain/orders/order-repository.js';

type Form = Record<string, string | string[] | undefined>;

const NUMBER_SETTINGS = [
  ['paidWeekCapacity', 'Paid launches per week', 0, 100_000],
  ['weeksAhead', 'Launch weeks on sale ahead', 1, 104],
  ['featuredDays', 'Featured placement (days)', 1, 365],
  ['expiryHours', 'Hours a pending order holds its weeks', 1, 720],
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

  app.post<{ Body: Form }>('/admin/orders/price', { preHandler: app.csrfProtection }, async (req, reply) => {
    const user = adminOf(req);
    const cents = Number(firstText(req.body?.cents));
    if (!/^\d{1,9}$/.test(firstText(req.body?.cents)) || cents > 100_000_000)
      return show(reply, user, { error: 'A price is a whole number of cents from 0 to 100000000.' }, 400);
    if (!(await setPrice(ctx.db, ctx.site.id, firstText(req.body?.product), cents, ctx.now())))
      return show(reply, user, { error: 'No such product.' }, 400);
    return show(reply, user, {
      notice: `${firstText(req.body?.product)} now costs ${formatUsd(cents)} for new quotes.`,
    });
  });

  app.post<{ Body: Form }>('/admin/orders/bundle', { preHandler: app.csrfProtection }, async (req, reply) => {
    const user = adminOf(req);
    const includes = ([] as string[]).concat(req.body?.includes ?? []);
    const problem = bundleProblem('launch_bundle', includes);
    if (problem) return show(reply, user, { error: `Bundle not saved: ${problem}.` }, 400);
    await setBundleContents(ctx.db, ctx.site.id, 'launch_bundle', includes);
    return show(reply, user, { notice: `The launch bundle now includes ${includes.join(', ')}.` });
  });

  app.post<{ Body: Form }>('/admin/orders/settings', { preHandler: app.csrfProtection }, async (req, reply) => {
    const user = adminOf(req);
    const b = req.body ?? {};
    const keys = ORDER_SETTING_KEYS;
    for (const [key, label, min, max] of NUMBER_SETTINGS) {
      const n = Number(firstText(b[key]));
      if (!/^\d+$/.test(firstText(b[key])) || n < min || n > max)
        return show(reply, user, { error: `${label} must be a whole number from ${min} to ${max}.` }, 400);
    }
    const country = firstText(b.sellerCountry).toUpperCase();
    if (country && !isIsoCountryCode(country))
      return show(reply, user, { error: 'Seller country must be a 2-letter ISO code, e.g. DE.' }, 400);
    for (const [key] of NUMBER_SETTINGS) await setSetting(ctx.db, ctx.site.id, keys[key], Number(firstText(b[key])));
    await setSetting(ctx.db, ctx.site.id, keys.sellerName, firstText(b.sellerName).slice(0, 200));
    await setSetting(ctx.db, ctx.site.id, keys.sellerAddress, firstText(b.sellerAddress).slice(0, 500));
    await setSetting(ctx.db, ctx.site.id, keys.sellerCountry, country);
    await setSetting(ctx.db, ctx.site.id, keys.sellerVatNumber, firstText(b.sellerVatNumber).slice(0, 32));
    return show(reply, user, { notice: 'Settings saved.' });
  });

  app.post<{ Params: { id: string }; Body: Form }>(
    '/admin/orders/tasks/:id/done',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const user = adminOf(req);
      const id = Number(req.params.id);
      const ok =
        Number.isInteger(id) &&
        id >= 1 &&
        id <= 2_147_483_647 &&
        (await completeAdminTask(ctx, id, firstText(req.body?.note).slice(0, 500)));
      return ok
        ? show(reply, user, { notice: `Task #${id} done; its order line is fulfilled.` })
        : show(reply, user, { error: 'No such open task.' }, 404);
    },
  );

  app.post<{ Params: { number: string } }>(
    '/admin/orders/:number/refund',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const user = adminOf(req);
      const ok =
        /^[A-Za-z0-9-]{1,32}$/.test(req.params.number) &&
        (await refundOrder(ctx, req.params.number, `Refunded by ${user.email}.`));
      return ok
        ? show(reply, user, {
            notice: `Order ${req.params.number} marked refunded. Return the money in the payment provider's dashboard.`,
          })
        : show(reply, user, { error: 'No paid order by that number.' }, 404);
    },
  );
}
