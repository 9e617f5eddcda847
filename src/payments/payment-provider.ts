/**
 * How an order is paid. The service never sees card data: a provider either sends the buyer to
 * its own hosted page (Stripe Checkout) or, in test mode, lets them press Pay on ours.
 */
export interface CheckoutLine {
  /** What the buyer sees on the provider's page. */
  name: string;
  /** The line's total including VAT, in integer cents. */
  amountCents: number;
}

export interface CheckoutRequest {
  orderNumber: string;
  currency: 'USD';
  /** The order's total including VAT; equals the sum of the lines. */
  totalCents: number;
  lines: CheckoutLine[];
  customerEmail: string;
  /** Where the provider sends the buyer after paying / after giving up. */
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  /** The provider's id for this payment (a Stripe Checkout Session id), kept on the order. */
  providerRef: string;
  /** The provider's hosted payment page; null when the buyer pays on our own checkout page (test provider). */
  redirectUrl: string | null;
}

/** What a verified provider notification says happened. */
export interface PaymentEvent {
  /** The provider's event id: an event handled twice must change nothing. */
  id: string;
  outcome: 'paid' | 'failed' | 'expired' | 'ignored';
  orderNumber: string | null;
  providerRef: string | null;
  /** Amount the provider collected, in cents, when it says. */
  amountCents: number | null;
  /** The event's own type name, for logs and the admin. */
  type: string;
}

/** A webhook whose signature does not verify: answered 400 and never acted on. */
export class WebhookSignatureError extends Error {}

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  /** True when no real money moves: the checkout page says so plainly. */
  readonly testMode: boolean;
  startCheckout(req: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Closes the payment page of a session so that nothing can be paid there any more (a cancelled
   * order): 'closed' when it is closed now or was already, 'completed' when the buyer finished paying
   * on it first (the provider's confirmation will mark the order paid).
   */
  closeCheckout(providerRef: string): Promise<'closed' | 'completed'>;
  /** Verifies and reads a webhook (raw body as received); throws WebhookSignatureError when it does not verify. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
}
