import { formatRate } from './vat.js';
import type { LineRow, OrderRow, OrderTimes } from './order-repository.js';
import type { QuoteLine, VatSummary } from './quote.js';

export interface OrderLineView extends Omit<QuoteLine, 'includes'> {
  fulfilled: boolean;
  fulfilled_at: string | null;
  /** What fulfilment did, in plain words (null until it has run). */
  fulfilment: string | null;
  /** Bundles: each part and its own fulfilment. */
  parts: {
    product: string;
    name: string;
    fulfilled: boolean;
    fulfilled_at: string | null;
    fulfilment: string | null;
  }[];
}

export interface OrderView extends OrderTimes {
  number: string;
  status: OrderRow['status'];
  /** Why it is expired, cancelled or refunded, when it is. */
  status_reason: string | null;
  currency: string;
  lines: OrderLineView[];
  subtotal_cents: number;
  vat_cents: number;
  total_cents: number;
  reverse_charge: boolean;
  vat: VatSummary;
  billing: OrderRow['billing_details'];
  payment_provider: string;
  /** The page where the buyer reviews, enters billing details and pays (while pending). */
  checkout_url: string | null;
  page_url: string;
  invoice_number: string | null;
  invoice_url: string | null;
}

const isPart = (l: LineRow) => l.parent_line_id !== null;

/** An order as get_order, list_my_orders and create_checkout show it. */
export function orderView(o: OrderRow, lines: LineRow[], publicUrl: string): OrderView {
  const mine = lines.filter((l) => l.order_id === o.id);
  return {
    number: o.number,
    status: o.status,
    status_reason: o.status_reason,
    currency: o.currency,
    lines: mine
      .filter((l) => !isPart(l))
      .map((l) => ({
        product: l.product_code,
        name: l.name,
        listing_id: l.listing_id,
        listing_name: l.listing_name,
        week: l.week,
        categories: l.categories,
        options: l.options,
        amount_cents: l.amount_cents,
        quantity: l.quantity,
        unit_price_cents: l.unit_price_cents,
        net_cents: l.net_cents,
        vat_rate_bp: l.vat_rate_bp,
        vat_rate: formatRate(l.vat_rate_bp),
        vat_cents: l.vat_cents,
        total_cents: l.total_cents,
        fulfilled: l.fulfilled_at !== null,
        fulfilled_at: l.fulfilled_at,
        fulfilment: l.fulfilment?.detail ?? null,
        parts: mine
          .filter((p) => p.parent_line_id === l.id)
          .map((p) => ({
            product: p.product_code,
            name: p.name,
            fulfilled: p.fulfilled_at !== null,
            fulfilled_at: p.fulfilled_at,
            fulfilment: p.fulfilment?.detail ?? null,
          })),
      })),
    subtotal_cents: o.subtotal_cents,
    vat_cents: o.vat_cents,
    total_cents: o.total_cents,
    reverse_charge: o.reverse_charge,
    vat: o.vat,
    billing: o.billing_details,
    payment_provider: o.payment_provider,
    checkout_url: o.status === 'pending' ? `${publicUrl}/checkout/${o.number}` : null,
    page_url: `${publicUrl}/orders/${o.number}`,
    invoice_number: o.invoice_number,
    invoice_url: o.invoice_number ? `${publicUrl}/orders/${o.number}/invoice` : null,
    created_at: o.created_at,
    expires_at: o.expires_at,
    paid_at: o.paid_at,
    fulfilled_at: o.fulfilled_at,
    cancelled_at: o.cancelled_at,
    refunded_at: o.refunded_at,
  };
}
