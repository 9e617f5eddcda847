import type { Queryable } from '../../db/client.js';

/**
 * How orders are sold on this site (site settings, set on /admin/orders or with
 * `npm run admin -- set-setting`): paid launches per week, how far ahead weeks are on sale, how
 * long featured placement lasts, how long a pending order holds its weeks, and who sells.
 */
export interface OrderSettings {
  paidWeekCapacity: number;
  weeksAhead: number;
  featuredDays: number;
  expiryHours: number;
  seller: Seller;
}

export interface Seller {
  name: string;
  address: string;
  country: string | null;
  vat_number: string | null;
  email: string | null;
}

export const ORDER_SETTING_KEYS = {
  paidWeekCapacity: 'paid_week_capacity',
  weeksAhead: 'paid_weeks_ahead',
  featuredDays: 'featured_days',
  expiryHours: 'order_expiry_hours',
  sellerName: 'seller_name',
  sellerAddress: 'seller_address',
  sellerCountry: 'seller_country',
  sellerVatNumber: 'seller_vat_number',
  sellerEmail: 'seller_email',
} as const;

export const ORDER_DEFAULTS = { paidWeekCapacity: 10, weeksAhead: 12, featuredDays: 7, expiryHours: 24 };

const whole = (v: unknown, min: number, max: number): number | null =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : null;
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

export async function loadOrderSettings(db: Queryable, siteId: number, siteName: string): Promise<OrderSettings> {
  const rows = await db.query<{ key: string; value: unknown }>(
    'SELECT key, value FROM site_settings WHERE site_id = $1 AND key = ANY($2::text[])',
    [siteId, Object.values(ORDER_SETTING_KEYS)],
  );
  const v = new Map(rows.map((r) => [r.key, r.value]));
  const k = ORDER_SETTING_KEYS;
  const country = text(v.get(k.sellerCountry));
  return {
    // A mistyped value falls back to the default rather than closing sales.
    paidWeekCapacity: whole(v.get(k.paidWeekCapacity), 0, 100_000) ?? ORDER_DEFAULTS.paidWeekCapacity,
    weeksAhead: whole(v.get(k.weeksAhead), 1, 104) ?? ORDER_DEFAULTS.weeksAhead,
    featuredDays: whole(v.get(k.featuredDays), 1, 365) ?? ORDER_DEFAULTS.featuredDays,
    expiryHours: whole(v.get(k.expiryHours), 1, 24 * 30) ?? ORDER_DEFAULTS.expiryHours,
    seller: {
      name: text(v.get(k.sellerName)) ?? siteName,
      address: text(v.get(k.sellerAddress)) ?? '',
      country: country && /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : null,
      vat_number: text(v.get(k.sellerVatNumber)),
      email: text(v.get(k.sellerEmail)),
    },
  };
}
