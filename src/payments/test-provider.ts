import type { CheckoutRequest, CheckoutSession, PaymentEvent, PaymentProvider } from './payment-provider.js';
import { WebhookSignatureError } from './payment-provider.js';

/**
 * The built-in provider (the default): no money moves. The buyer pays on our own checkout page,
 * which says plainly that it is test mode and offers Pay and Decline; nothing calls back.
 */
export class TestProvider implements PaymentProvider {
  readonly name = 'test' as const;
  readonly testMode = true;

  async startCheckout(req: CheckoutRequest): Promise<CheckoutSession> {
    return { providerRef: `test_${req.orderNumber}`, redirectUrl: null };
  }

  /** The buyer pays on our own page, which refuses an order that is no longer pending: nothing to close. */
  async closeCheckout(): Promise<'closed'> {
    return 'closed';
  }

  parseWebhook(): PaymentEvent {
    throw new WebhookSignatureError('The test payment provider sends no webhooks.');
  }
}
