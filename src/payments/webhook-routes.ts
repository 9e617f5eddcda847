import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { handlePaymentEvent } from '../domain/orders/payment.js';
import { WebhookSignatureError } from './payment-provider.js';
import { paymentProviderFor } from './providers.js';

/**
 * POST /webhooks/stripe: Stripe's notifications, verified against STRIPE_WEBHOOK_SECRET on the raw
 * body (re-serialised JSON would not verify). A bad signature is a 400 and changes nothing; an event
 * handled before is acknowledged and ignored.
 */
export async function registerWebhookRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(async (scoped) => {
    scoped.removeContentTypeParser('application/json');
    scoped.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    scoped.post('/webhooks/stripe', { config: { rateLimit: false } }, async (req, reply) => {
      const provider = paymentProviderFor(ctx.config);
      if (provider.name !== 'stripe')
        return reply.code(404).send({ error: 'Stripe is not the payment provider of this site.' });
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.from('');
      let event;
      try {
        event = provider.parseWebhook(raw, req.headers['stripe-signature'] as string | undefined);
      } catch (err) {
        if (err instanceof WebhookSignatureError) return reply.code(400).send({ error: err.message });
        throw err;
      }
      const result = await handlePaymentEvent(ctx, provider, event);
      return reply.code(200).send({ received: true, result });
    });
  });
}
