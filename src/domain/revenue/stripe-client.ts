import { RevenueKeyRejected, RevenueProviderUnavailable } from './revenue-provider.js';

/** What a Stripe restricted key lets us read: subscriptions, as the API returns them (only the fields MRR needs). */
export interface StripeCoupon {
  percent_off?: number | null;
  amount_off?: number | null;
  currency?: string | null;
}
export interface StripeDiscount {
  coupon?: StripeCoupon | null;
  source?: { coupon?: StripeCoupon | string | null } | null;
}
export interface StripePrice {
  unit_amount: number | null;
  unit_amount_decimal?: string | null;
  currency: string;
  recurring: {
    interval: 'day' | 'week' | 'month' | 'year';
    interval_count: number;
    usage_type?: 'licensed' | 'metered';
  } | null;
}
export interface StripeSubscription {
  id: string;
  status: string;
  currency?: string;
  items: { data: { price: StripePrice; quantity?: number | null }[] };
  discounts?: (StripeDiscount | string)[] | null;
  discount?: StripeDiscount | null;
}

/** A key Stripe refused (401 invalid, 403 lacking a permission): the connection is broken until the owner
 *  reconnects. */
export class StripeKeyRejected extends RevenueKeyRejected {}
/** Anything else that kept us from reading: network, 5xx, a malformed answer. Worth retrying tomorrow. */
export class StripeUnavailable extends RevenueProviderUnavailable {}

export const STRIPE_DEFAULT_BASE = 'https://api.stripe.com';
const PAGE = 100;
// A runaway account (or a fake that never ends) must not hold a worker forever.
const MAX_PAGES = 500;

/**
 * Lists the subscriptions of one status with the key, page by page (`starting_after`, 100 a page),
 * discounts expanded. Plain fetch against a configurable base so tests can use a fake on loopback.
 */
export async function listStripeSubscriptions(
  apiBase: string,
  key: string,
  status: 'active' | 'past_due',
  fetchImpl: typeof fetch = fetch,
): Promise<StripeSubscription[]> {
  const out: StripeSubscription[] = [];
  let after: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const q = new URLSearchParams({ status, limit: String(PAGE) });
    q.append('expand[]', 'data.discounts');
    if (after) q.set('starting_after', after);
    let res: Response;
    try {
      res = await fetchImpl(`${apiBase.replace(/\/+$/, '')}/v1/subscriptions?${q}`, {
        headers: { authorization: `Bearer ${key}`, 'stripe-version': '2024-06-20' },
        signal: AbortSignal.timeout(20_000),
      });
    } catch (err) {
      throw new StripeUnavailable(`Stripe could not be reached: ${(err as Error).message}`);
    }
    const body = (await res.json().catch(() => null)) as {
      data?: StripeSubscription[];
      has_more?: boolean;
      error?: { message?: string };
    } | null;
    // Stripe's own message can name the key's prefix but never the whole key; ours names neither.
    if (res.status === 401)
      throw new StripeKeyRejected(401, 'Stripe does not accept this key (it may have been deleted or rolled).');
    if (res.status === 403)
      throw new StripeKeyRejected(
        403,
        'This key may not read subscriptions: give the restricted key read access to Subscriptions.',
      );
    if (!res.ok || !body || !Array.isArray(body.data))
      throw new StripeUnavailable(
        `Stripe answered ${res.status}${body?.error?.message ? `: ${body.error.message}` : ''}`,
      );
    out.push(...body.data);
    if (!body.has_more || body.data.length === 0) return out;
    after = body.data[body.data.length - 1].id;
  }
  throw new StripeUnavailable(`more than ${MAX_PAGES * PAGE} ${status} subscriptions`);
}
