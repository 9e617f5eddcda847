import { type NoRows, fromJson as json, type Queryable } from '../../db/client.js';
import type { CheckedItem } from './order-items.js';
import type { QuoteLine, VatSummary } from './quote.js';

export type OrderStatus = 'pending' | 'paid' | 'fulfilled' | 'expired' | 'cancelled' | 'refunded';

export interface Billing {
  name: string;
  address: string;
  country: string | null;
  vat_number: string | null;
}

/** When an order moved through its states (README.md "Order states"). */
export interface OrderTimes {
  created_at: string;
  expires_at: string | null;
  paid_at: string | null;
  fulfilled_at: string | null;
  cancelled_at: string | null;
  refunded_at: string | null;
}

export interface OrderRow extends OrderTimes {
  id: number;
  number: string;
  site_id: number;
  user_id: number;
  status: OrderStatus;
  status_reason: string | null;
  currency: string;
  billing_country: string | null;
  vat_number: string | null;
  reverse_charge: boolean;
  subtotal_cents: number;
  vat_cents: number;
  total_cents: number;
  vat: VatSummary;
  payment_provider: string;
  provider_ref: string | null;
  billing_details: Billing | null;
  seller: Record<string, string | null> | null;
  invoice_number: string | null;
  invoiced_at: string | null;
}

/** A stored line: the priced fields as quote_order showed them, plus what fulfilment did. */
export interface LineRow
  extends Pick<
    QuoteLine,
    | 'name'
    | 'listing_id'
    | 'listing_name'
    | 'week'
    | 'categories'
    | 'options'
    | 'amount_cents'
    | 'quantity'
    | 'unit_price_cents'
    | 'net_cents'
    | 'vat_rate_bp'
    | 'vat_cents'
    | 'total_cents'
  > {
  id: number;
  order_id: number;
  parent_line_id: number | null;
  product_code: string;
  listing_slug: string | null;
  fulfilled_at: string | null;
  fulfilment: { detail: string; [k: string]: unknown } | null;
  position: number;
}

const ORDER_COLUMNS = `id, number, site_id, user_id, status, status_reason, currency, billing_country, vat_number,
  reverse_charge,
  subtotal_cents, vat_cents, total_cents, vat, payment_provider, provider_ref, billing_details, seller, invoice_number,
  invoiced_at,
  created_at, expires_at, paid_at, fulfilled_at, cancelled_at, refunded_at`;

/** An orders row as read: its json columns may arrive as text (see fromJson). */
type StoredOrder = Omit<OrderRow, 'vat' | 'billing_details' | 'seller'> & {
  vat: unknown;
  billing_details: unknown;
  seller: unknown;
};

function toOrder(r: StoredOrder): OrderRow {
  return {
    ...r,
    vat: json(r.vat),
    billing_details: r.billing_details ? json(r.billing_details) : null,
    seller: r.seller ? json(r.seller) : null,
  };
}

/** `LD-2026-000042`: the year it was made and its row id, readable on the phone and in a bank statement (≤ 32
 *  characters). */
export const orderNumber = (prefix: string, at: Date, id: number) =>
  `${prefix}-${at.getUTCFullYear()}-${String(id).padStart(6, '0')}`;

export async function findOrder(db: Queryable, siteId: number, number: string): Promise<OrderRow | null> {
  const rows = await db.query<StoredOrder>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE site_id = $1 AND number = $2`, [
    siteId,
    number,
  ]);
  return rows[0] ? toOrder(rows[0]) : null;
}

/** Locks the order row for this transaction. */
export async function lockOrder(tx: Queryable, id: number): Promise<OrderRow | null> {
  const rows = await tx.query<StoredOrder>(`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0] ? toOrder(rows[0]) : null;
}

export async function listOrders(
  db: Queryable,
  siteId: number,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ items: OrderRow[]; total: number }> {
  const rows = await db.query<StoredOrder & { total_count: number }>(
    `SELECT ${ORDER_COLUMNS}, count(*) OVER () AS total_count FROM orders WHERE site_id = $1 AND user_id = $2
      ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
    [siteId, userId, limit, offset],
  );
  return { items: rows.map(toOrder), total: Number(rows[0]?.total_count ?? 0) };
}

export async function linesOf(db: Queryable, orderIds: number[]): Promise<LineRow[]> {
  if (orderIds.length === 0) return [];
  const rows = await db.query<LineRow>(
    `SELECT ol.id, ol.order_id, ol.parent_line_id, ol.product_code, ol.name, ol.listing_id, c.name AS listing_name,
      l.slug AS listing_slug,
            to_char(ol.week, 'YYYY-MM-DD') AS week, ol.categories, ol.options, ol.amount_cents, ol.quantity,
            ol.unit_price_cents,
            ol.net_cents, ol.vat_rate_bp, ol.vat_cents, ol.total_cents, ol.fulfilled_at, ol.fulfilment, ol.position
       FROM order_lines ol LEFT JOIN listings l ON l.id = ol.listing_id LEFT JOIN companies c ON c.id = l.company_id
      WHERE ol.order_id = ANY($1::int[]) ORDER BY ol.order_id, ol.position, ol.id`,
    [orderIds],
  );
  return rows.map((r) => ({
    ...r,
    options: r.options && Object.keys(json<object>(r.options)).length ? json(r.options) : null,
    fulfilment: r.fulfilment ? json(r.fulfilment) : null,
  }));
}

export interface NewOrder {
  userId: number;
  siteId: number;
  prefix: string;
  now: Date;
  expiresAt: Date;
  provider: string;
  billingCountry: string | null;
  vatNumber: string | null;
  vat: VatSummary;
  totals: { subtotal_cents: number; vat_cents: number; total_cents: number };
  items: { item: CheckedItem; line: QuoteLine }[];
}

/** Inserts a pending order with its lines (a bundle's parts as lines of their own at no price); returns its number. */
export async function insertOrder(tx: Queryable, o: NewOrder): Promise<{ id: number; number: string }> {
  const [{ id }] = await tx.query<{ id: number }>(`SELECT nextval(pg_get_serial_sequence('orders', 'id'))::int AS id`);
  const number = orderNumber(o.prefix, o.now, id);
  await tx.query<NoRows>(
    `INSERT INTO orders (id, number, site_id, user_id, status, currency, billing_country, vat_number, reverse_charge,
     subtotal_cents, vat_cents,
                         total_cents, vat, checkout_token, payment_provider, created_at, expires_at)
     VALUES ($1, $2, $3, $4, 'pending', 'USD', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [
      id,
      number,
      o.siteId,
      o.userId,
      o.billingCountry,
      o.vatNumber,
      o.vat.kind === 'reverse_charge',
      o.totals.subtotal_cents,
      o.totals.vat_cents,
      o.totals.total_cents,
      JSON.stringify(o.vat),
      `ct_${number}`,
      o.provider,
      o.now.toISOString(),
      o.expiresAt.toISOString(),
    ],
  );
  let position = 0;
  for (const { item, line } of o.items) {
    const [parent] = await tx.query<{ id: number }>(
      `INSERT INTO order_lines (order_id, product_code, name, listing_id, week, categories, options, amount_cents,
       quantity, unit_price_cents,
                                net_cents, vat_rate_bp, vat_cents, total_cents, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
      [
        id,
        line.product,
        line.name,
        line.listing_id,
        line.week,
        line.categories,
        JSON.stringify(line.options ?? {}),
        line.amount_cents,
        line.quantity,
        line.unit_price_cents,
        line.net_cents,
        line.vat_rate_bp,
        line.vat_cents,
        line.total_cents,
        position++,
      ],
    );
    for (const part of item.parts) {
      await tx.query<NoRows>(
        `INSERT INTO order_lines (order_id, parent_line_id, product_code, name, listing_id, week, unit_price_cents,
         net_cents, vat_rate_bp, vat_cents, total_cents, position)
         VALUES ($1, $2, $3, $4, $5, $6, 0, 0, 0, 0, 0, $7)`,
        [id, parent.id, part.code, part.name, line.listing_id, part.code === 'launch' ? line.week : null, position++],
      );
    }
  }
  return { id, number };
}

/** New billing details on a pending order, with its VAT and totals re-computed per line. */
export async function updatePendingBilling(
  tx: Queryable,
  orderId: number,
  billing: Billing,
  vat: VatSummary,
  lines: { id: number; vat_rate_bp: number; vat_cents: number; total_cents: number }[],
  totals: { subtotal_cents: number; vat_cents: number; total_cents: number },
): Promise<boolean> {
  const rows = await tx.query<{ id: number }>(
    `UPDATE orders SET billing_details = $2, billing_country = $3, vat_number = $4, vat = $5, reverse_charge = $6,
            subtotal_cents = $7, vat_cents = $8, total_cents = $9
      WHERE id = $1 AND status = 'pending' RETURNING id`,
    [
      orderId,
      JSON.stringify(billing),
      billing.country,
      billing.vat_number,
      JSON.stringify(vat),
      vat.kind === 'reverse_charge',
      totals.subtotal_cents,
      totals.vat_cents,
      totals.total_cents,
    ],
  );
  if (!rows.length) return false;
  for (const l of lines) {
    await tx.query<NoRows>('UPDATE order_lines SET vat_rate_bp = $2, vat_cents = $3, total_cents = $4 WHERE id = $1', [
      l.id,
      l.vat_rate_bp,
      l.vat_cents,
      l.total_cents,
    ]);
  }
  return true;
}

/** Keeps the provider's session on a pending order; false when the order is no longer pending. */
export async function setProviderRef(db: Queryable, orderId: number, provider: string, ref: string): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE orders SET payment_provider = $2, provider_ref = $3 WHERE id = $1 AND status = 'pending' RETURNING id`,
    [orderId, provider, ref],
  );
  return rows.length > 0;
}

/**
 * Cancels a pending order whose provider session is still `providerRef` (the one the caller closed);
 * false when it is no longer pending or a payment was started on another session meanwhile.
 */
export async function cancelPendingOrder(
  db: Queryable,
  orderId: number,
  providerRef: string | null,
  at: Date,
  reason: string,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE orders SET status = 'cancelled', cancelled_at = $3, status_reason = $4
      WHERE id = $1 AND status = 'pending' AND provider_ref IS NOT DISTINCT FROM $2 RETURNING id`,
    [orderId, providerRef, at.toISOString(), reason],
  );
  return rows.length > 0;
}

/** The next invoice number of the site for that year, without gaps (the counter row is locked until the transaction
 *  ends). */
export async function nextInvoiceNumber(tx: Queryable, siteId: number, at: Date, prefix: string): Promise<string> {
  const year = at.getUTCFullYear();
  const [{ last }] = await tx.query<{ last: number }>(
    `INSERT INTO invoice_counters (site_id, year, last) VALUES ($1, $2, 1)
     ON CONFLICT (site_id, year) DO UPDATE SET last = invoice_counters.last + 1 RETURNING last`,
    [siteId, year],
  );
  return `${prefix}-${year}-${String(last).padStart(5, '0')}`;
}

/** Pending orders past their expiry become expired (their weeks are free again); returns how many. */
export async function expirePendingOrders(db: Queryable, siteId: number, now: Date): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `UPDATE orders SET status = 'expired', status_reason = 'Not paid before it expired; its launch weeks were released.'
      WHERE site_id = $1 AND status = 'pending' AND expires_at <= $2 RETURNING id`,
    [siteId, now.toISOString()],
  );
  return rows.length;
}

export interface OpenAdminTask {
  id: number;
  title: string;
  number: string;
  created_at: string;
}

/** Done-for-you tasks still open, oldest first, with the number of the order they came from. */
export async function openAdminTasks(db: Queryable, siteId: number): Promise<OpenAdminTask[]> {
  return db.query<OpenAdminTask>(
    `SELECT t.id, t.title, o.number, t.created_at FROM admin_tasks t JOIN order_lines l ON l.id = t.order_line_id
      JOIN orders o ON o.id = l.order_id
      WHERE t.site_id = $1 AND t.status = 'open' ORDER BY t.created_at`,
    [siteId],
  );
}

export async function openAdminTaskCount(db: Queryable, siteId: number): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM admin_tasks WHERE site_id = $1 AND status = 'open'`,
    [siteId],
  );
  return rows[0].n;
}

export interface RecentOrder {
  number: string;
  status: OrderStatus;
  total_cents: number;
  created_at: string;
  email: string;
}

/** The 50 newest orders of the site with their buyer's email (the admin's order list). */
export async function recentOrders(db: Queryable, siteId: number): Promise<RecentOrder[]> {
  return db.query<RecentOrder>(
    `SELECT o.number, o.status, o.total_cents, o.created_at, u.email FROM orders o JOIN users u ON u.id = o.user_id
      WHERE o.site_id = $1 ORDER BY o.created_at DESC, o.id DESC LIMIT 50`,
    [siteId],
  );
}
