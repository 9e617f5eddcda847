import type { Config } from '../config.js';
import type { PaymentProvider } from './payment-provider.js';
import { StripeProvider } from './stripe-provider.js';
import { TestProvider } from './test-provider.js';

const cache = new WeakMap<Config, PaymentProvider>();

/** The payment provider the configuration names (PAYMENT_PROVIDER; Stripe once STRIPE_SECRET_KEY is set). */
export function paymentProviderFor(config: Config): PaymentProvider {
  let p = cache.get(config);
  if (!p) {
    p =
      config.paymentProvider === 'stripe'
        ? new StripeProvider({
            secretKey: config.stripe.secretKey!,
            webhookSecret: config.stripe.webhookSecret,
            apiBase: config.stripe.apiBase,
          })
        : new TestProvider();
    cache.set(config, p);
  }
  return p;
}
