import type { AppContext } from '../../app-context.js';
import { AppError, conflict } from '../../errors/app-error.js';
import { paymentProviderFor } from '../../payments/providers.js';
import { cancelPendingOrder, findOrder, type OrderRow } from './order-repository.js';
import { requireOpen } from './payment.js';

const NOT_PENDING = '; only pending orders can be cancelled.';
/** A payment started again between closing its page and cancelling: try the new one, a few times. */
const ATTEMPTS = 3;

/**
 * cancel_order: the buyer gives up on a pending order, which releases its launch weeks (only
 * pending orders hold them). The provider's payment page of the order is closed first, so it
 * cannot take money for a cancelled order; when the buyer already paid there, the order is not
 * cancelled (the provider's confirmation marks it paid). 409 for an order that is not pending.
 */
export async function cancelOrder(ctx: AppContext, order: OrderRow, reason: string): Promise<void> {
  let current = order;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    requireOpen(current, ctx.now(), NOT_PENDING);
    await closePaymentPage(ctx, current);
    if (await cancelPendingOrder(ctx.db, current.id, current.provider_ref, ctx.now(), reason)) return;
    // Paid, expired or cancelled meanwhile (the check above says which), or a new payment page.
    current = (await findOrder(ctx.db, ctx.site.id, current.number)) ?? current;
  }
  requireOpen(current, ctx.now(), NOT_PENDING);
  throw conflict(`Order ${current.number} is being paid just now; try again in a moment.`);
}

/** The test provider's Decline button: the order is cancelled as if the payment had failed. */
export async function declineTestPayment(ctx: AppContext, order: OrderRow): Promise<void> {
  if (ctx.config.paymentProvider !== 'test') throw conflict('Test payments are off: this site takes real payments.');
  await cancelOrder(ctx, order, 'The test payment was declined; the order was cancelled and its weeks released.');
}

async function closePaymentPage(ctx: AppContext, order: OrderRow): Promise<void> {
  const provider = paymentProviderFor(ctx.config);
  // A session of a provider the site no longer uses cannot be reached with this configuration.
  if (!order.provider_ref || order.payment_provider !== provider.name) return;
  let outcome: 'closed' | 'completed';
  try {
    outcome = await provider.closeCheckout(order.provider_ref);
  } catch (cause) {
    const unreachable = new AppError(
      503,
      `The payment provider could not be reached to close the payment page of order ${order.number}, so it was ` +
        'not cancelled; try again in a moment.',
      { headers: { 'Retry-After': '30' } },
    );
    throw Object.assign(unreachable, { cause });
  }
  if (outcome === 'completed')
    throw conflict(
      `Order ${order.number} was paid on the payment provider's page and shows as paid once the provider confirms ` +
        'it; it can no longer be cancelled.',
    );
}
