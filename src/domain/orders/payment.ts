import type { AppContext } from '../../app-context.js';
import type { NoRows, Queryable } from '../../db/client.js';
import { badRequest, conflict } from '../../errors/app-error.js';
import { checkVies } from './vies.js';
import { queueMail } from '../../mail/outbox.js';
import { enqueueAndNotify } from '../../jobs/queue.js';
import { publishEvent } from '../events/publish-event.js';
import { orderEventData } from './order-events.js';
import type { PaymentEvent, PaymentProvider } from '../../payments/payment-provider.js';
import { paymentProviderFor } from '../../payments/providers.js';
import { formatRate, vatOnNet } from './vat.js';
import {
  findOrder,
  linesOf,
  lockOrder,
  nextInvoiceNumber,
  setProviderRef,
  updatePendingBilling,
  type Billing,
  type OrderRow,
} from './order-repository.js';
import { loadOrderSettings } from './order-settings.js';
import { totalsOf, vatFor, vatSummary } from './quote.js';
import { fulfilJobKind } from './fulfil-order.js';
import { formatUsd } from '../money/format-money.js';

/** 409 unless the order is pending and not past its expiry (the sweep may not have marked it yet). */
export function requireOpen(o: OrderRow, now: Date, refused: string): void {
  const open = o.status === 'pending' && (!o.expires_at || Date.parse(o.expires_at) > now.getTime());
  if (!open) throw conflict(`Order ${o.number} is ${o.status === 'pending' ? 'expired' : o.status}${refused}`);
}

/**
 * The buyer's billing details on the checkout page: VAT is decided again for their country and VAT
 * number (400 naming the field when either is invalid) and every line and total re-computed.
 */
export async function setBilling(ctx: AppContext, order: OrderRow, billing: Billing): Promise<void> {
  requireOpen(order, ctx.now(), '; its billing details can no longer change.');
  const settings = await loadOrderSettings(ctx.db, ctx.site.id, ctx.site.name);
  let vat = vatFor(settings.seller.country, billing.country, billing.vat_number);
  if (ctx.config.viesUrl && vat.vat_number && vat.country) {
    const vies = await checkVies(ctx.config.viesUrl, vat.country, vat.vat_number);
    if (vies.status === 'invalid') {
      const message =
        `VAT number ${vat.vat_number} is well formed but not registered for intra-EU trade in the EU's VIES ` +
        `database; check it, or leave it empty to pay VAT as a consumer.`;
      throw badRequest(`vat_number: ${message}`, [{ path: 'vat_number', message }]);
    }
    if (vies.status === 'unavailable')
      vat = {
        ...vat,
        explanation:
          `${vat.explanation} (The EU's VIES service could not confirm the number just now: ${vies.reason}; its ` +
          `format is valid.)`,
      };
  }
  const lines = (await linesOf(ctx.db, [order.id])).map((l) => {
    const vatCents = vatOnNet(l.net_cents, vat.rate_bp);
    return {
      id: l.id,
      net_cents: l.net_cents,
      vat_rate_bp: l.parent_line_id ? 0 : vat.rate_bp,
      vat_cents: vatCents,
      total_cents: l.net_cents + vatCents,
    };
  });
  const normalised: Billing = {
    ...billing,
    country: vat.country,
    vat_number: vat.vat_number ?? (billing.vat_number || null),
  };
  await ctx.db.transaction((tx) =>
    updatePendingBilling(tx, order.id, normalised, vatSummary(vat), lines, totalsOf(lines)),
  );
}

/**
 * Starts paying an order that has billing details: the provider's hosted page to send the buyer to,
 * or null when they pay on our own page (test provider).
 */
export async function startPayment(ctx: AppContext, order: OrderRow, buyerEmail: string): Promise<string | null> {
  requireOpen(order, ctx.now(), ' and cannot be paid.');
  if (!order.billing_details) throw conflict('Enter your billing details first.');
  const provider = paymentProviderFor(ctx.config);
  const lines = (await linesOf(ctx.db, [order.id])).filter((l) => l.parent_line_id === null);
  const base = `${ctx.config.publicUrl}/checkout/${order.number}`;
  const session = await provider.startCheckout({
    orderNumber: order.number,
    currency: 'USD',
    totalCents: order.total_cents,
    customerEmail: buyerEmail,
    lines: lines.map((l) => ({
      name: `${l.name}${l.listing_name ? ` — ${l.listing_name}` : ''}${l.vat_cents ? ` (incl. ${formatRate(l.vat_rate_bp)} VAT)` : ''}`,
      amountCents: l.total_cents,
    })),
    successUrl: `${base}?returned=1`,
    cancelUrl: `${base}?cancelled=1`,
  });
  if (!(await setProviderRef(ctx.db, order.id, provider.name, session.providerRef))) {
    // Cancelled while the session was being made: close it, so that it cannot take the money.
    await provider.closeCheckout(session.providerRef);
    requireOpen((await findOrder(ctx.db, ctx.site.id, order.number)) ?? order, ctx.now(), ' and cannot be paid.');
  }
  return session.redirectUrl;
}

/**
 * Marks an order paid, exactly once: takes its invoice number, keeps the seller as it is now for
 * the invoice, queues the fulfilment job and the receipt — all in the caller's transaction. An order
 * that expired or was cancelled while the buyer was paying is still paid: the money came in. False
 * when it was already paid (or refunded).
 */
export async function markOrderPaid(ctx: AppContext, tx: Queryable, orderId: number, how: string): Promise<boolean> {
  const order = await lockOrder(tx, orderId);
  if (!order || !['pending', 'expired', 'cancelled'].includes(order.status)) return false;
  const now = ctx.now();
  const settings = await loadOrderSettings(tx, ctx.site.id, ctx.site.name);
  const invoice = await nextInvoiceNumber(tx, order.site_id, now, 'INV');
  await tx.query<NoRows>(
    `UPDATE orders SET status = 'paid', paid_at = $2, status_reason = $3, invoice_number = $4, invoiced_at = $2,
      seller = $5 WHERE id = $1`,
    [
      orderId,
      now.toISOString(),
      order.status === 'pending' ? null : `Paid after it was ${order.status}.`,
      invoice,
      JSON.stringify(settings.seller),
    ],
  );
  await enqueueAndNotify(
    tx,
    fulfilJobKind(ctx.site.key),
    { orderId },
    { uniqueKey: `order-fulfil:${orderId}`, runAt: now, maxAttempts: 10 },
  );
  const events = { db: tx, now: () => now, config: ctx.config };
  const data = orderEventData(ctx.config.publicUrl, order);
  await publishEvent(events, { type: 'order.paid', accountIds: [order.user_id], data });
  const [buyer] = await tx.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [order.user_id]);
  if (buyer) {
    const page = `${ctx.config.publicUrl}/orders/${order.number}`;
    await queueMail(tx, {
      to: buyer.email,
      subject: `Receipt for order ${order.number} — ${ctx.site.name}`,
      text:
        `Thank you: order ${order.number} is paid (${how}).\n\nTotal ` +
        `${formatUsd(order.total_cents, { alwaysCents: true })} USD` +
        `${order.vat_cents ? `, of which VAT ${formatUsd(order.vat_cents, { alwaysCents: true })}` : order.reverse_charge ? ' (VAT reverse charged)' : ''}.\n` +
        `Invoice ${invoice}: ${page}/invoice\nYour order and what we did for each line: ${page}\n`,
    });
  }
  return true;
}

/** The test provider's Pay button. */
export async function payWithTestProvider(ctx: AppContext, order: OrderRow): Promise<void> {
  if (ctx.config.paymentProvider !== 'test') throw conflict('Test payments are off: this site takes real payments.');
  requireOpen(order, ctx.now(), ' and cannot be paid.');
  if (!order.billing_details) throw conflict('Enter your billing details first.');
  await ctx.db.transaction(async (tx) => {
    // Checked again under the row lock: no money moves, so an order cancelled meanwhile stays cancelled.
    requireOpen((await lockOrder(tx, order.id)) ?? order, ctx.now(), ' and cannot be paid.');
    await markOrderPaid(ctx, tx, order.id, 'test payment, no money moved');
  });
}

/** An administrator refunds a paid order (the money itself is returned in the provider's dashboard). */
export async function refundOrder(ctx: AppContext, number: string, reason: string): Promise<boolean> {
  const rows = await ctx.db.query<{ id: number }>(
    `UPDATE orders SET status = 'refunded', refunded_at = $3, status_reason = $4 WHERE site_id = $1 AND number = $2
      AND status IN ('paid', 'fulfilled') RETURNING id`,
    [ctx.site.id, number, ctx.now().toISOString(), reason],
  );
  return rows.length > 0;
}

/**
 * A verified provider notification. Each event is recorded once (provider, event id) in the same
 * transaction as its effect, so a retried or replayed delivery changes nothing.
 */
export async function handlePaymentEvent(
  ctx: AppContext,
  provider: PaymentProvider,
  event: PaymentEvent,
): Promise<'handled' | 'duplicate' | 'unknown_order'> {
  return ctx.db.transaction(async (tx) => {
    const order = event.orderNumber ? await findOrder(tx, ctx.site.id, event.orderNumber) : null;
    const fresh = await tx.query<{ event_id: string }>(
      `INSERT INTO payment_events (provider, event_id, order_id, type, outcome) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (provider, event_id) DO NOTHING RETURNING event_id`,
      [provider.name, event.id, order?.id ?? null, event.type, event.outcome],
    );
    if (fresh.length === 0) return 'duplicate';
    if (!order) return 'unknown_order';
    if (event.outcome === 'paid') {
      await markOrderPaid(ctx, tx, order.id, `${provider.name} ${event.providerRef ?? ''}`.trim());
      // A session started before the buyer changed the total can still be paid: keep it visible for the team.
      if (event.amountCents !== null && event.amountCents !== order.total_cents) {
        await tx.query<NoRows>('UPDATE orders SET status_reason = $2 WHERE id = $1', [
          order.id,
          `The payment provider collected ${formatUsd(event.amountCents, { alwaysCents: true })}, not the ` +
            `order total of ${formatUsd(order.total_cents, { alwaysCents: true })}; the site team will settle ` +
            `the difference.`,
        ]);
      }
    } else if (event.outcome === 'failed') {
      await tx.query<NoRows>(
        `UPDATE orders SET status_reason = 'The last payment attempt failed; you can try again.' WHERE id = $1
          AND status = 'pending'`,
        [order.id],
      );
    }
    return 'handled';
  });
}
