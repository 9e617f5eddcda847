import { formatUsd } from '../../domain/money/format-money.js';

// Order lines, totals and invoices show every amount's cents.
const TOTAL = { alwaysCents: true };
import { html, type SafeHtml } from '../html.js';
import type { OrderLineView, OrderView } from '../../domain/orders/order-view.js';

const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '');

export const STATUS_WORDS: Record<OrderView['status'], string> = {
  pending: 'Waiting for payment',
  paid: 'Paid — being fulfilled',
  fulfilled: 'Paid and fulfilled',
  expired: 'Expired (not paid in time)',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

function lineLabel(l: OrderLineView): SafeHtml {
  return html`<strong>${l.name}</strong>${l.listing_name ? html` — ${l.listing_name}` : ''}
    ${l.week ? html`<br><span class="muted">Launch week of ${l.week}</span>` : ''}
    ${l.categories.length ? html`<br><span class="muted">Categories: ${l.categories.join(', ')}</span>` : ''}
    ${
      l.options
        ? html`<br><span class="muted">${Object.entries(l.options)
            .map(([k, v]) => `${k}: ${String(v)}`)
            .join(' · ')}</span>`
        : ''
    }
    ${l.parts.length ? html`<br><span class="muted">Includes: ${l.parts.map((p) => p.name).join(', ')}</span>` : ''}`;
}

/** The lines, VAT and totals of an order as a table (stacked on phones by the stylesheet). */
export function orderTable(
  o: Pick<OrderView, 'lines' | 'subtotal_cents' | 'vat_cents' | 'total_cents' | 'vat' | 'reverse_charge'>,
  opts: { fulfilment?: boolean } = {},
): SafeHtml {
  return html`<table class="order-lines">
    <thead><tr><th scope="col">Item</th><th scope="col">Qty</th><th scope="col">Price</th><th scope="col">VAT</th><th scope="col">Total</th>${opts.fulfilment ? html`<th scope="col">Fulfilment</th>` : ''}</tr></thead>
    <tbody>${o.lines.map(
      (l) => html`<tr>
      <td>${lineLabel(l)}</td><td>${l.quantity}</td><td>${formatUsd(l.net_cents, TOTAL)}</td><td>${l.vat_rate} · ${formatUsd(l.vat_cents, TOTAL)}</td><td>${formatUsd(l.total_cents, TOTAL)}</td>
      ${
        opts.fulfilment
          ? html`<td>${l.fulfilled ? html`<span class="badge state-ai">Done</span> ` : html`<span class="badge">Pending</span> `}${l.fulfilment ?? ''}
        ${l.parts.length ? html`<ul class="small">${l.parts.map((p) => html`<li>${p.name}: ${p.fulfilled ? 'done' : 'pending'}${p.fulfilment ? html` — ${p.fulfilment}` : ''}</li>`)}</ul>` : ''}</td>`
          : ''
      }
    </tr>`,
    )}</tbody>
    <tfoot>
      <tr><th scope="row" colspan="4">Subtotal (excl. VAT)</th><td>${formatUsd(o.subtotal_cents, TOTAL)}</td>${opts.fulfilment ? html`<td></td>` : ''}</tr>
      <tr><th scope="row" colspan="4">VAT${o.reverse_charge ? ' (reverse charge)' : ` ${o.vat.rate}`}</th><td>${formatUsd(o.vat_cents, TOTAL)}</td>${opts.fulfilment ? html`<td></td>` : ''}</tr>
      <tr class="total"><th scope="row" colspan="4">Total (USD)</th><td><strong>${formatUsd(o.total_cents, TOTAL)}</strong></td>${opts.fulfilment ? html`<td></td>` : ''}</tr>
    </tfoot></table>
    <p class="muted vat-explanation">${o.vat.explanation}${o.vat.legal_mention ? html` ${o.vat.legal_mention}` : ''}</p>`;
}

export interface CheckoutPageOptions {
  csrf: string;
  testMode: boolean;
  providerName: string;
  notice?: string;
  error?: string;
  /** What the buyer typed, kept on an error. */
  form?: { name?: string; address?: string; country?: string; vat_number?: string };
}

/** The checkout page: review, billing details (the total is re-computed before paying), then pay. */
export function checkoutPage(o: OrderView, opt: CheckoutPageOptions): SafeHtml {
  const csrf = html`<input type="hidden" name="_csrf" value="${opt.csrf}">`;
  const base = `/checkout/${o.number}`;
  // An order made with a billing country (and VAT number) already has its VAT for them: the form
  // starts with them filled in, so the buyer is not asked again, and may still correct them.
  const fromOrder = !o.billing && o.vat.country !== null;
  const f = opt.form ?? {
    name: o.billing?.name,
    address: o.billing?.address,
    country: o.billing?.country ?? o.vat.country ?? '',
    vat_number: o.billing?.vat_number ?? o.vat.vat_number ?? '',
  };
  const open = o.status === 'pending';
  // The built-in provider: Pay and Decline right here. Any other sends the buyer to its own page.
  const builtIn = opt.providerName === 'test';
  return html`
    <h1>Checkout <span class="muted">· order ${o.number}</span></h1>
    ${
      builtIn
        ? html`<p class="notice test-mode" role="note"><strong>Test mode:</strong> no money moves. Pay or decline below to see what happens; nothing is charged.</p>`
        : opt.testMode
          ? html`<p class="notice test-mode" role="note"><strong>Stripe test mode:</strong> pay with one of Stripe's test cards; no real money moves.</p>`
          : ''
    }
    ${opt.notice ? html`<p class="notice" role="status">${opt.notice}</p>` : ''}
    ${opt.error ? html`<p class="error" role="alert" id="checkout-error">${opt.error}</p>` : ''}
    ${!open ? html`<p class="notice" role="status">This order is <strong>${STATUS_WORDS[o.status]}</strong>${o.status_reason ? html`: ${o.status_reason}` : '.'} <a href="/orders/${o.number}">See the order</a></p>` : ''}
    ${orderTable(o)}
    ${open && o.expires_at ? html`<p class="muted">This order (and any launch week in it) is held for you until ${when(o.expires_at)}.</p>` : ''}
    ${
      open
        ? html`
    <section aria-labelledby="billing-h"><h2 id="billing-h">1. Billing details</h2>
      <form method="post" action="${base}/billing" class="form">${csrf}
        <label>Full name or company <input name="name" required maxlength="200" autocomplete="name" value="${f.name ?? ''}"></label>
        <label>Billing address <textarea name="address" required maxlength="500" rows="3" autocomplete="street-address">${f.address ?? ''}</textarea></label>
        <label>Country (2-letter code, e.g. US, DE, FR) <input name="country" required pattern="[A-Za-z]{2}" maxlength="2" autocomplete="country" value="${f.country ?? ''}"${fromOrder ? html` aria-describedby="country-hint"` : ''}></label>
        ${fromOrder ? html`<p class="small muted" id="country-hint">Filled in from your order, whose VAT is already computed for it; change it only if it is not your billing country.</p>` : ''}
        <label>EU VAT number (businesses, optional) <input name="vat_number" maxlength="32" value="${f.vat_number ?? ''}" aria-describedby="vat-hint"></label>
        <p class="small muted" id="vat-hint">An EU business with a valid VAT number from another EU country than ours pays no VAT here (reverse charge).</p>
        <button type="submit" class="secondary">${o.billing ? 'Update details and total' : 'Save details and show the total'}</button>
      </form></section>
    <section aria-labelledby="pay-h"><h2 id="pay-h">2. Pay</h2>
      ${
        o.billing
          ? html`
        <p>Billing to <strong>${o.billing.name}</strong>, ${o.billing.country}${o.billing.vat_number ? html`, VAT ${o.billing.vat_number}` : ''}. Total <strong>${formatUsd(o.total_cents, TOTAL)}</strong>.</p>
        <form method="post" action="${base}/pay" class="inline">${csrf}
          <button type="submit" id="pay">${builtIn ? `Pay ${formatUsd(o.total_cents, TOTAL)} (test)` : `Pay ${formatUsd(o.total_cents, TOTAL)} securely`}</button>
        </form>
        ${
          builtIn
            ? html`<form method="post" action="${base}/decline" class="inline">${csrf}<button type="submit" class="secondary" id="decline">Decline (test)</button></form>`
            : html`<p class="small muted">You will pay on ${opt.providerName === 'stripe' ? 'Stripe' : opt.providerName}'s secure page (card, Apple Pay, Google Pay, PayPal or crypto, as offered). We never see your card.</p>`
        }`
          : html`<p class="muted">${fromOrder ? 'Enter your name and billing address first.' : 'Enter your billing details first: VAT depends on your country.'}</p>`
      }
    </section>
    <form method="post" action="${base}/cancel" class="inline">${csrf}<button type="submit" class="secondary" id="cancel-order">Cancel this order</button></form>`
        : ''
    }`;
}

/** /orders/{number}: status, lines with what fulfilment did, and links to the invoice. */
export function orderPage(o: OrderView, opts: { notice?: string; reviews?: SafeHtml }): SafeHtml {
  return html`
    <h1>Order ${o.number}</h1>
    ${opts.notice ? html`<p class="notice" role="status">${opts.notice}</p>` : ''}
    <p data-status="${o.status}"><strong>${STATUS_WORDS[o.status]}</strong>${o.status_reason ? html` — ${o.status_reason}` : ''}</p>
    <dl>
      <dt>Created</dt><dd>${when(o.created_at)}</dd>
      ${o.paid_at ? html`<dt>Paid</dt><dd>${when(o.paid_at)} (${o.payment_provider === 'test' ? 'test payment' : o.payment_provider})</dd>` : ''}
      ${o.fulfilled_at ? html`<dt>Fulfilled</dt><dd>${when(o.fulfilled_at)}</dd>` : ''}
      ${o.invoice_number ? html`<dt>Invoice</dt><dd><a href="/orders/${o.number}/invoice">${o.invoice_number}</a></dd>` : ''}
    </dl>
    ${o.checkout_url ? html`<p><a class="button" href="/checkout/${o.number}">Go to checkout</a></p>` : ''}
    ${orderTable(o, { fulfilment: o.status !== 'pending' })}
    ${opts.reviews ?? ''}
    <p><a href="/orders">All your orders</a></p>`;
}

export function ordersListPage(items: OrderView[]): SafeHtml {
  return html`<h1>Your orders</h1>
    ${
      items.length === 0
        ? html`<p>No orders yet. Launch a listing with a paid plan from <a href="/my/listings">My listings</a>.</p>`
        : html`
    <table class="orders"><thead><tr><th scope="col">Order</th><th scope="col">Created</th><th scope="col">Items</th><th scope="col">Total</th><th scope="col">Status</th></tr></thead>
    <tbody>${items.map(
      (o) => html`<tr><td><a href="/orders/${o.number}">${o.number}</a></td><td>${when(o.created_at)}</td>
      <td>${o.lines.map((l) => l.name).join(', ')}</td><td>${formatUsd(o.total_cents, TOTAL)}</td><td>${STATUS_WORDS[o.status]}</td></tr>`,
    )}</tbody></table>`
    }`;
}

/** A printable invoice with the seller and buyer as they were when it was paid, and the VAT lines. */
export function invoicePage(o: OrderView, seller: Record<string, string | null>): SafeHtml {
  return html`<article class="invoice">
    <h1>Invoice ${o.invoice_number}</h1>
    <p>Date: ${o.paid_at?.slice(0, 10)} · Order ${o.number} · Currency USD</p>
    <div class="parties">
      <section><h2>Seller</h2><p>${seller.name}<br>${seller.address ?? ''}${seller.country ? html`<br>${seller.country}` : ''}${seller.vat_number ? html`<br>VAT ${seller.vat_number}` : ''}</p></section>
      <section><h2>Bill to</h2><p>${o.billing?.name ?? ''}<br>${o.billing?.address ?? ''}<br>${o.billing?.country ?? ''}${o.billing?.vat_number ? html`<br>VAT ${o.billing.vat_number}` : ''}</p></section>
    </div>
    ${orderTable(o)}
    ${o.status === 'refunded' ? html`<p class="notice">Refunded on ${o.refunded_at?.slice(0, 10)}.</p>` : ''}
  </article>`;
}
