import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StripeSubscription } from '../../src/domain/revenue/stripe-client.js';

/**
 * Stripe's subscription list on a loopback port, for revenue connections. Each restricted key is an
 * account with its subscriptions; `GET /v1/subscriptions` answers like Stripe: filtered by `status`,
 * `limit` (≤ 100) a page, `starting_after` a subscription id, `has_more`. An unknown key gets 401,
 * a key in `forbidden` 403 (a restricted key without Subscriptions read access). Requests are
 * recorded with their authorization header, so tests can see which key was sent.
 */
export async function startFakeStripeSubscriptions(): Promise<{
  url: string;
  accounts: Map<string, StripeSubscription[]>;
  forbidden: Set<string>;
  requests: { path: string; query: URLSearchParams; authorization: string | undefined }[];
  close(): Promise<void>;
}> {
  const accounts = new Map<string, StripeSubscription[]>();
  const forbidden = new Set<string>();
  const requests: { path: string; query: URLSearchParams; authorization: string | undefined }[] = [];
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://fake');
    requests.push({ path: u.pathname, query: u.searchParams, authorization: req.headers.authorization });
    const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (req.method !== 'GET' || u.pathname !== '/v1/subscriptions')
      return send(res, 404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    const subs = accounts.get(key);
    if (!subs)
      return send(res, 401, {
        error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${key.slice(0, 8)}***` },
      });
    if (forbidden.has(key))
      return send(res, 403, {
        error: {
          type: 'invalid_request_error',
          message: 'The provided key does not have the required permissions for this endpoint.',
        },
      });
    const status = u.searchParams.get('status') ?? 'active';
    const limit = Math.min(100, Number(u.searchParams.get('limit') ?? 10));
    let list = status === 'all' ? subs : subs.filter((s) => s.status === status);
    const after = u.searchParams.get('starting_after');
    if (after) list = list.slice(list.findIndex((s) => s.id === after) + 1);
    const expandDiscounts = u.searchParams.getAll('expand[]').includes('data.discounts');
    const page = list
      .slice(0, limit)
      .map((s) =>
        expandDiscounts
          ? s
          : { ...s, discounts: (s.discounts ?? []).map((d, i) => (typeof d === 'string' ? d : `di_${s.id}_${i}`)) },
      );
    send(res, 200, { object: 'list', url: '/v1/subscriptions', has_more: list.length > limit, data: page });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    accounts,
    forbidden,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let seq = 0;
/** A subscription with one item per price, as Stripe returns it with discounts expanded. */
export function subscription(
  status: string,
  items: {
    amount: number;
    interval: 'day' | 'week' | 'month' | 'year';
    count?: number;
    quantity?: number;
    currency?: string;
    metered?: boolean;
  }[],
  discounts: { percent_off?: number; amount_off?: number }[] = [],
): StripeSubscription {
  seq++;
  return {
    id: `sub_${String(seq).padStart(6, '0')}`,
    status,
    currency: items[0]?.currency ?? 'usd',
    items: {
      data: items.map((i) => ({
        quantity: i.metered ? null : (i.quantity ?? 1),
        price: {
          unit_amount: i.amount,
          currency: i.currency ?? 'usd',
          recurring: {
            interval: i.interval,
            interval_count: i.count ?? 1,
            usage_type: i.metered ? 'metered' : 'licensed',
          },
        },
      })),
    },
    discounts: discounts.map((d) => ({
      source: { coupon: { percent_off: d.percent_off ?? null, amount_off: d.amount_off ?? null, currency: 'usd' } },
    })),
  };
}
