import Stripe from 'stripe';
import {
  WebhookSignatureError,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentEvent,
  type PaymentProvider,
} from './payment-provider.js';

/**
 * The API version every request is pinned to. It must be the version the installed `stripe`
 * package is generated for (its types only describe that one): `Stripe.API_VERSION` of stripe 23.1.0.
 * Bump it together with the package.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

export interface StripeProviderOptions {
  /** `sk_test_…` or `sk_live_…`. */
  secretKey: string;
  /** The endpoint's signing secret (`whsec_…`); without it no webhook is ever accepted. */
  webhookSecret: string | null;
  /** Another API origin, e.g. `http://127.0.0.1:43210` for a fake in tests; default Stripe's own API. */
  apiBase?: string | null;
}

/** Payments through Stripe Checkout: the buyer pays on Stripe's hosted page, Stripe tells us by webhook. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly testMode: boolean;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string | null;

  constructor(opts: StripeProviderOptions) {
    this.testMode = opts.secretKey.startsWith('sk_test_');
    this.webhookSecret = opts.webhookSecret;
    this.stripe = new Stripe(opts.secretKey, {
      apiVersion: STRIPE_API_VERSION,
      maxNetworkRetries: 2,
      timeout: 20_000,
      typescript: true,
      ...(opts.apiBase ? apiBaseConfig(opts.apiBase) : {}),
    });
  }

  async startCheckout(req: CheckoutRequest): Promise<CheckoutSession> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        // No `payment_method_types` on purpose: left out, Checkout offers every payment method
        // enabled in the account's Dashboard settings (cards, Apple Pay / Google Pay wallets,
        // Link, PayPal, crypto…) that suits the buyer, instead of cards only.
        line_items: req.lines.map((line) => ({
          price_data: {
            currency: 'usd',
            unit_amount: line.amountCents,
            product_data: { name: line.name },
          },
          quantity: 1,
        })),
        client_reference_id: req.orderNumber,
        metadata: { order_number: req.orderNumber },
        customer_email: req.customerEmail,
        success_url: req.successUrl,
        cancel_url: req.cancelUrl,
      },
      {
        // One order at one amount, one session: a retried call (ours, or the client's own network
        // retries) gets the session Stripe already made back instead of a second one. When the
        // buyer changes billing details and the total with them, the key changes too (Stripe
        // refuses a reused key with other parameters) and a new session asks the new amount.
        idempotencyKey: `checkout-session-${req.orderNumber}-${req.totalCents}`,
      },
    );
    if (!session.url) {
      throw new Error(`Stripe returned Checkout Session ${session.id} without a payment page url`);
    }
    return { providerRef: session.id, redirectUrl: session.url };
  }

  /**
   * Expires the Checkout Session. Stripe refuses to expire one that is not open (400); it is then
   * read back to tell an already expired session from one the buyer completed.
   */
  async closeCheckout(providerRef: string): Promise<'closed' | 'completed'> {
    try {
      await this.stripe.checkout.sessions.expire(providerRef);
      return 'closed';
    } catch (err) {
      if (!(err instanceof Stripe.errors.StripeInvalidRequestError)) throw err;
      // A session this account does not know cannot be paid here either.
      if (err.code === 'resource_missing') return 'closed';
      const session = await this.stripe.checkout.sessions.retrieve(providerRef);
      if (session.status === 'complete') return 'completed';
      if (session.status === 'expired') return 'closed';
      throw err;
    }
  }

  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent {
    if (!this.webhookSecret) {
      throw new WebhookSignatureError(
        'Stripe webhook refused: no webhook signing secret (whsec_…) is configured, so its signature cannot be verified',
      );
    }
    if (!signatureHeader) {
      throw new WebhookSignatureError('Stripe webhook refused: the Stripe-Signature header is missing');
    }
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader, this.webhookSecret);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw new WebhookSignatureError(
          `Stripe webhook refused: the signature does not verify (${err.message.split('\n')[0]}). ` +
            'Check that the raw request body is passed unchanged and that the signing secret is the one of this endpoint.',
        );
      }
      throw err;
    }

    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        // `unpaid`: the buyer chose a delayed method (bank debit…); an async_payment_* event follows.
        const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
        return fromSession(event.id, event.type, paid ? 'paid' : 'ignored', session);
      }
      case 'checkout.session.async_payment_succeeded':
        return fromSession(event.id, event.type, 'paid', event.data.object);
      case 'checkout.session.async_payment_failed':
        return fromSession(event.id, event.type, 'failed', event.data.object);
      case 'checkout.session.expired':
        return fromSession(event.id, event.type, 'expired', event.data.object);
      default:
        return {
          id: event.id,
          type: event.type,
          outcome: 'ignored',
          orderNumber: null,
          providerRef: null,
          amountCents: null,
        };
    }
  }
}

function fromSession(
  id: string,
  type: string,
  outcome: PaymentEvent['outcome'],
  session: Stripe.Checkout.Session,
): PaymentEvent {
  return {
    id,
    type,
    outcome,
    orderNumber: session.metadata?.order_number ?? session.client_reference_id ?? null,
    providerRef: session.id,
    amountCents: session.amount_total ?? null,
  };
}

/** `http://127.0.0.1:43210` → the client's host, port and protocol. */
function apiBaseConfig(apiBase: string): { host: string; port: number; protocol: 'http' | 'https' } {
  let url: URL;
  try {
    url = new URL(apiBase);
  } catch {
    throw new Error(`Stripe apiBase is not a URL: ${apiBase}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`Stripe apiBase must be http(s), not ${url.protocol} (${apiBase})`);
  }
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}
