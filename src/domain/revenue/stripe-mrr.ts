import type { FxRates, MrrResult } from './revenue-provider.js';
import {
  listStripeSubscriptions,
  type StripeCoupon,
  type StripeDiscount,
  type StripePrice,
  type StripeSubscription,
} from './stripe-client.js';

export type { FxRates, MrrResult } from './revenue-provider.js';

/** Stripe's restricted keys start rk_live_ / rk_test_; anything else is refused before it is sent anywhere. */
export const RESTRICTED_KEY = /^rk_(live|test)_[A-Za-z0-9]{8,247}$/;
export const RESTRICTED_KEY_MESSAGE = 'use a restricted key with read access to Subscriptions';

/** Why a key is refused without asking Stripe, or null when it looks like a restricted key. */
export function restrictedKeyProblem(key: string): string | null {
  if (RESTRICTED_KEY.test(key)) return null;
  // A secret key can move money and change the account: we will not hold one.
  if (/^sk_(live|test)_/.test(key))
    return (
      `This is a secret key, which can change your Stripe account: ${RESTRICTED_KEY_MESSAGE} (rk_live_… or ` +
      `rk_test_…).`
    );
  return `This is not a Stripe restricted key: ${RESTRICTED_KEY_MESSAGE} (rk_live_… or rk_test_…).`;
}

/**
 * Subscriptions that count toward MRR: `active` and `past_due` (still billed, payment being
 * retried — Stripe's own MRR counts them too). `trialing` pays nothing yet; `canceled`,
 * `unpaid`, `incomplete`, `incomplete_expired` and `paused` do not pay.
 */
export const COUNTED_STATUSES = ['active', 'past_due'] as const;

/** Months per billing period, as a fraction: a price for one period × this factor = per month. */
function perMonth(recurring: NonNullable<StripePrice['recurring']>): number {
  const n = Math.max(1, recurring.interval_count || 1);
  switch (recurring.interval) {
    case 'day':
      return 30.4375 / n;
    case 'week':
      return 52 / 12 / n;
    case 'month':
      return 1 / n;
    case 'year':
      return 1 / 12 / n;
  }
}

const couponOf = (d: StripeDiscount | string): StripeCoupon | null => {
  if (typeof d === 'string') return null; // not expanded: nothing to read
  const c = d.coupon ?? (typeof d.source?.coupon === 'object' ? d.source.coupon : null);
  return c ?? null;
};

/** One subscription's MRR in its own currency's minor unit, unrounded. */
export function subscriptionMonthly(sub: StripeSubscription): { currency: string; amount: number } | null {
  let amount = 0;
  let currency: string | null = sub.currency?.toLowerCase() ?? null;
  let factor: number | null = null; // the billing period of the subscription (its first recurring item)
  for (const item of sub.items?.data ?? []) {
    const p = item.price;
    if (!p?.recurring) continue; // one-off items are not recurring revenue
    // A metered price bills usage reported during the period: its unit price times a quantity of 1
    // would be a made-up figure, and a verified figure must not overstate.
    if (p.recurring.usage_type === 'metered') continue;
    const unit = p.unit_amount ?? (p.unit_amount_decimal ? Number(p.unit_amount_decimal) : 0);
    const f = perMonth(p.recurring);
    factor ??= f;
    currency ??= p.currency.toLowerCase();
    amount += unit * (item.quantity ?? 1) * f;
  }
  if (!currency || factor === null) return null;
  // Discounts apply to each invoice: percentages scale the total, amounts are per billing period.
  const discounts = [...(sub.discounts ?? []), ...(sub.discount && !sub.discounts?.length ? [sub.discount] : [])];
  for (const d of discounts) {
    const c = couponOf(d);
    if (!c) continue;
    if (c.percent_off) amount *= 1 - c.percent_off / 100;
    else if (c.amount_off) amount -= c.amount_off * factor;
  }
  return { currency, amount: Math.max(0, amount) };
}

/**
 * MRR in USD cents: each counted subscription's items (price × quantity) normalised to a month —
 * day × 30.4375, week × 52/12, month × 1, year ÷ 12, each ÷ interval_count — net of its percent
 * and amount-off discounts, per currency, then converted with the rate table and rounded once.
 * A currency without a rate makes no figure at all: a partial sum would understate the MRR.
 * (Zero-decimal currencies such as JPY need a rate per yen-as-minor-unit — documented in README.)
 */
export function computeMrr(subs: StripeSubscription[], rates: FxRates): MrrResult {
  const byCurrency = new Map<string, number>();
  let counted = 0;
  for (const s of subs) {
    if (!(COUNTED_STATUSES as readonly string[]).includes(s.status)) continue;
    const m = subscriptionMonthly(s);
    if (!m) continue;
    counted++;
    byCurrency.set(m.currency, (byCurrency.get(m.currency) ?? 0) + m.amount);
  }
  const missing = [...byCurrency.keys()]
    .filter((c) => c !== 'usd' && !(typeof rates[c] === 'number' && rates[c] > 0))
    .sort();
  if (missing.length) return { ok: false, missingRates: missing };
  let usd = 0;
  for (const [c, amount] of byCurrency) usd += c === 'usd' ? amount : amount * rates[c];
  return { ok: true, mrrCents: Math.round(usd), subscriptions: counted };
}

/** Reads the account's counted subscriptions with the key and computes its MRR. Throws StripeKeyRejected /
 *  StripeUnavailable. */
export async function stripeMrr(apiBase: string, key: string, rates: FxRates): Promise<MrrResult> {
  const subs: StripeSubscription[] = [];
  for (const status of COUNTED_STATUSES) subs.push(...(await listStripeSubscriptions(apiBase, key, status)));
  return computeMrr(subs, rates);
}
