import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/** One request the fake received; the body is the form-encoded body the Stripe client sends. */
export interface FakeStripeRequest {
  method: string;
  path: string;
  body: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
}

/** The Checkout Session fields a webhook handler reads. */
export interface FakeCheckoutSession {
  id: string;
  metadata: Record<string, string>;
  amount_total: number | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  client_reference_id?: string | null;
  [field: string]: unknown;
}

const randomId = (prefix: string, bytes = 12) => `${prefix}_${randomBytes(bytes).toString('hex')}`;

/**
 * A Stripe API on a loopback port for `StripeProvider({ apiBase: url })`. It answers
 * `POST /v1/checkout/sessions` with a realistic open, unpaid Checkout Session built from the
 * form-encoded parameters, replays the same session for a repeated `Idempotency-Key` (as Stripe
 * does), reads a session back (`GET /v1/checkout/sessions/:id`) and expires an open one
 * (`POST …/:id/expire`, a 400 for one that is not open, as Stripe answers), and answers anything
 * else with a 404 in Stripe's error shape. Every request is recorded; `complete(id)` plays a
 * buyer who paid on the session's page.
 */
export async function startFakeStripe(): Promise<{
  url: string;
  requests: FakeStripeRequest[];
  complete(sessionId: string): void;
  close(): Promise<void>;
}> {
  const requests: FakeStripeRequest[] = [];
  const byIdempotencyKey = new Map<string, string>();
  const sessions = new Map<string, ReturnType<typeof checkoutSession>>();
  let url = '';

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'request-id': randomId('req', 7),
      'stripe-version': Stripe.API_VERSION,
      ...headers,
    });
    res.end(JSON.stringify(body, null, 2));
  };
  const stripeError = (res: http.ServerResponse, status: number, type: string, message: string) =>
    send(res, status, { error: { type, message } });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const method = req.method ?? '';
      const path = (req.url ?? '/').split('?')[0];
      const body = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      requests.push({ method, path, body, headers: { ...req.headers } });

      const one = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
      const known =
        (method === 'POST' && path === '/v1/checkout/sessions') || (one && method === (one[2] ? 'POST' : 'GET'));
      if (!known) {
        return stripeError(
          res,
          404,
          'invalid_request_error',
          `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        );
      }
      if (!/^Bearer sk_(test|live)_/.test(String(req.headers.authorization ?? ''))) {
        return stripeError(
          res,
          401,
          'invalid_request_error',
          'You did not provide an API key. You need to provide your API key in the Authorization header.',
        );
      }
      if (one) {
        const session = sessions.get(decodeURIComponent(one[1]));
        if (!session)
          return send(res, 404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              param: 'session',
              message: `No such checkout.session: '${one[1]}'`,
            },
          });
        if (one[2] && session.status !== 'open')
          return stripeError(
            res,
            400,
            'invalid_request_error',
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${session.status}\`.`,
          );
        if (one[2]) session.status = 'expired';
        return send(res, 200, session);
      }
      const key = req.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? key : undefined;
      if (idempotencyKey && byIdempotencyKey.has(idempotencyKey)) {
        return send(res, 200, JSON.parse(byIdempotencyKey.get(idempotencyKey)!), { 'idempotent-replayed': 'true' });
      }
      const session = checkoutSession(body, url);
      sessions.set(session.id, session);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, JSON.stringify(session));
      send(res, 200, session);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    complete(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`the fake Stripe made no session ${sessionId}`);
      Object.assign(session, { status: 'complete', payment_status: 'paid' });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A Checkout Session as `POST /v1/checkout/sessions` returns it, from the form parameters. */
function checkoutSession(form: URLSearchParams, fakeUrl: string) {
  const lines = new Map<number, { amount: number; quantity: number; currency: string | null }>();
  const metadata: Record<string, string> = {};
  for (const [name, value] of form) {
    const line = /^line_items\[(\d+)\](.+)$/.exec(name);
    if (line) {
      const i = Number(line[1]);
      const l = lines.get(i) ?? { amount: 0, quantity: 1, currency: null };
      if (line[2] === '[price_data][unit_amount]') l.amount = Number(value);
      if (line[2] === '[price_data][currency]') l.currency = value;
      if (line[2] === '[quantity]') l.quantity = Number(value);
      lines.set(i, l);
    }
    const meta = /^metadata\[(.+)\]$/.exec(name);
    if (meta) metadata[meta[1]] = value;
  }
  const paymentMethodTypes = [...form].filter(([n]) => /^payment_method_types\[\d*\]$/.test(n)).map(([, v]) => v);
  const amountTotal = [...lines.values()].reduce((sum, l) => sum + l.amount * l.quantity, 0);
  const id = randomId('cs_test', 24);
  const created = Math.floor(Date.now() / 1000);
  return {
    id,
    object: 'checkout.session',
    amount_subtotal: amountTotal,
    amount_total: amountTotal,
    cancel_url: form.get('cancel_url'),
    client_reference_id: form.get('client_reference_id'),
    created,
    currency: [...lines.values()][0]?.currency ?? 'usd',
    customer: null,
    customer_email: form.get('customer_email'),
    expires_at: created + 24 * 3600,
    livemode: false,
    metadata,
    mode: form.get('mode') ?? 'payment',
    payment_intent: null,
    // Without payment_method_types Stripe picks from the account's enabled methods.
    payment_method_types: paymentMethodTypes.length ? paymentMethodTypes : ['card', 'link'],
    payment_status: 'unpaid' as 'unpaid' | 'paid',
    status: 'open' as 'open' | 'expired' | 'complete',
    success_url: form.get('success_url'),
    url: `${fakeUrl}/c/pay/${id}`,
  };
}

/** A webhook body and its `Stripe-Signature` header, signed for real with `secret` (`whsec_…`). */
export function signedStripeEvent(secret: string, event: object): { body: string; signature: string } {
  // Stripe sends the event pretty-printed; the signature covers the exact bytes.
  const body = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
  return { body, signature };
}

/** A Checkout Session event as Stripe posts it to a webhook endpoint. */
export function checkoutEvent(type: string, session: FakeCheckoutSession) {
  return {
    id: randomId('evt', 12),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: { object: 'checkout.session', ...session } },
  };
}
