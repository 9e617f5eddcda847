import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { HttpError } from '../../api/errors.js';
import type { Operation } from '../../api/registry.js';
import { html } from '../html.js';
import { loadOrRefuse } from '../not-yours-page.js';
import { signedInUserOf } from '../site-request.js';
import type { User } from '../../domain/accounts/user-repository.js';
import { listMyOrders, orderForUser } from '../../domain/orders/checkout.js';
import type { OrderRow } from '../../domain/orders/order-repository.js';
import type { OrderView } from '../../domain/orders/order-view.js';
import { paymentProviderFor } from '../../payments/providers.js';
import { checkoutPage, invoicePage, orderPage, ordersListPage } from './order-views.js';
import { reviewsHtml } from '../admin/profile-reviews.js';
import { profileReviewsOfOrder } from '../../domain/orders/profile-review-repository.js';
import { firstText, firstValue } from '../forms/form-values.js';
import { runForm, runOperation } from '../forms/run-form.js';
import {
  declineTestPaymentOperation,
  payOrderWithTestProviderOperation,
  setOrderBillingOperation,
  startOrderPaymentOperation,
} from '../../api/operations/checkout.js';
import { cancelOrderOperation } from '../../api/operations/orders.js';

type Form = Record<string, string | string[] | undefined>;
type Req = FastifyRequest<{ Params: { number: string }; Querystring: Form; Body: Form }>;
const NUMBER = /^[A-Za-z0-9-]{1,32}$/;
/** Sign-in from the checkout page's forms comes back to the checkout page. */
const backToCheckout = {
  signInNext: (req: FastifyRequest) => `/checkout/${(req.params as { number: string }).number}`,
};

/** The billing form's fields in the order shown, with what to do when one is left empty. */
const BILLING_FIELDS = [
  { name: 'name', label: 'Name', empty: 'Enter your full name or company name.' },
  { name: 'address', label: 'Address', empty: 'Enter your billing address.' },
  { name: 'country', label: 'Country', empty: 'Enter your country as a 2-letter code, e.g. US, DE or FR.' },
  { name: 'vat_number', label: 'VAT number', empty: '' },
] as const;

/** The first field set_order_billing refused, in words for the person filling the form. */
function billingError(fields: Record<string, string>): string | null {
  const field = BILLING_FIELDS.find((f) => fields[f.name]);
  if (!field) return null;
  const message = fields[field.name];
  if (field.name === 'country' || message === 'must not be empty') return field.empty;
  return `${field.label} ${message}.`;
}

/**
 * The buyer's side of orders on the site: the checkout page a create_checkout's checkout_url opens
 * (billing details, VAT re-computed, pay or cancel), the order pages and the invoice. Only the
 * buyer sees them: another account gets 403, an unknown number 404.
 */
export function registerOrderRoutes(app: FastifyInstance, ctx: AppContext) {
  /** The signed-in buyer's order at this address, or null when its 404 or 403 page was sent. */
  async function buyerOrder(
    req: Req,
    reply: FastifyReply,
  ): Promise<{ user: User; order: OrderRow; view: OrderView } | null> {
    const user = signedInUserOf(req);
    const found = await loadOrRefuse(
      reply,
      async () => {
        if (!NUMBER.test(req.params.number)) throw new HttpError(404, 'No such order.');
        return orderForUser(ctx, user.id, req.params.number);
      },
      {
        notFound: {
          title: 'Order not found',
          body: html`<h1>Order not found</h1><p>There is no order ${req.params.number}. <a href="/orders">Your orders</a></p>`,
        },
        notYours: {
          title: 'Not your order',
          body: html`<h1>This order belongs to another account</h1><p>You are signed in as ${user.email}. <a href="/orders">Your orders</a></p>`,
        },
      },
    );
    return found && { user, ...found };
  }

  async function showCheckout(
    reply: FastifyReply,
    view: OrderView,
    opts: { notice?: string; error?: string; form?: Record<string, string> } = {},
    status = 200,
  ) {
    const provider = paymentProviderFor(ctx.config);
    reply.header('Cache-Control', 'no-store');
    return reply.page(
      `Checkout ${view.number}`,
      checkoutPage(view, {
        csrf: reply.generateCsrf(),
        testMode: provider.testMode,
        providerName: provider.name,
        ...opts,
      }),
      status,
    );
  }

  app.get<{ Params: { number: string }; Querystring: Form }>('/checkout/:number', async (req, reply) => {
    const found = await buyerOrder(req as Req, reply);
    if (!found) return reply;
    const q = req.query;
    const notice =
      (firstValue(q.cancelled) ?? '')
        ? 'Payment was not completed. You can try again.'
        : (firstValue(q.returned) ?? '')
          ? 'Thanks: we are waiting for the payment provider to confirm your payment. This page updates when it does.'
          : undefined;
    if (found.view.status !== 'pending') return reply.redirect(`/orders/${found.view.number}`, 303);
    return showCheckout(reply, found.view, { notice });
  });

  app.post<{ Params: { number: string }; Body: Form }>(
    '/checkout/:number/billing',
    { preHandler: app.csrfProtection, config: backToCheckout },
    async (req, reply) => {
      const found = await buyerOrder(req as Req, reply);
      if (!found) return reply;
      const b = req.body ?? {};
      // What was typed, to show again beside an error.
      const form = {
        name: firstText(b.name),
        address: firstText(b.address),
        country: firstText(b.country).toUpperCase(),
        vat_number: firstText(b.vat_number),
      };
      const outcome = await runForm(ctx, found.user, setOrderBillingOperation, b, { number: found.view.number });
      if (!outcome.ok) {
        const error = billingError(outcome.fields) ?? outcome.message.replace(/^(vat_number|billing_country): /, '');
        return showCheckout(reply, found.view, { error, form }, outcome.status);
      }
      return reply.redirect(`/checkout/${found.view.number}?updated=1#pay-h`, 303);
    },
  );

  app.post<{ Params: { number: string } }>(
    '/checkout/:number/pay',
    { preHandler: app.csrfProtection, config: backToCheckout },
    async (req, reply) => {
      const found = await buyerOrder(req as Req, reply);
      if (!found) return reply;
      const params = { number: found.view.number };
      try {
        if (ctx.config.paymentProvider === 'test') {
          const paid = await runOperation(ctx, found.user, payOrderWithTestProviderOperation, { params });
          if (!paid.ok) return showCheckout(reply, found.view, { error: paid.message }, paid.status);
          return reply.redirect(`/orders/${found.view.number}?paid=1`, 303);
        }
        const started = await runOperation(ctx, found.user, startOrderPaymentOperation, { params });
        if (!started.ok) return showCheckout(reply, found.view, { error: started.message }, started.status);
        return reply.redirect(started.value.payment_url ?? `/checkout/${found.view.number}`, 303);
      } catch (err) {
        // The provider could not start a payment (network, outage): nothing was charged; say so and let the buyer retry.
        req.log.error({ err }, 'payment provider failed to start a checkout');
        return showCheckout(
          reply,
          found.view,
          {
            error:
              'The payment provider could not be reached just now. Nothing was charged; please try again in a moment.',
          },
          502,
        );
      }
    },
  );

  const giveUp =
    (op: Operation, notice: string) =>
    async (req: FastifyRequest<{ Params: { number: string } }>, reply: FastifyReply) => {
      const found = await buyerOrder(req as Req, reply);
      if (!found) return reply;
      const outcome = await runOperation(ctx, found.user, op, { params: { number: found.view.number } });
      if (!outcome.ok) throw new HttpError(outcome.status, outcome.message);
      return reply.redirect(`/orders/${found.view.number}?${notice}=1`, 303);
    };
  app.post<{ Params: { number: string } }>(
    '/checkout/:number/decline',
    { preHandler: app.csrfProtection, config: backToCheckout },
    giveUp(declineTestPaymentOperation, 'declined'),
  );
  app.post<{ Params: { number: string } }>(
    '/checkout/:number/cancel',
    { preHandler: app.csrfProtection, config: backToCheckout },
    giveUp(cancelOrderOperation, 'cancelled'),
  );

  app.get('/orders', async (req, reply) => {
    const user = signedInUserOf(req);
    const { items } = await listMyOrders(ctx, user.id, 100, 0);
    return reply.page('Your orders', ordersListPage(items));
  });

  app.get<{ Params: { number: string }; Querystring: Form }>('/orders/:number', async (req, reply) => {
    const found = await buyerOrder(req as Req, reply);
    if (!found) return reply;
    const q = req.query;
    const notice =
      (firstValue(q.paid) ?? '')
        ? 'Payment received. Thank you! A receipt is on its way by email; fulfilment runs in the background and each line shows what was done.'
        : (firstValue(q.declined) ?? '')
          ? 'The test payment was declined and the order cancelled.'
          : (firstValue(q.cancelled) ?? '')
            ? 'The order was cancelled.'
            : undefined;
    const reviews = reviewsHtml(await profileReviewsOfOrder(ctx.db, found.order.id));
    reply.header('Cache-Control', 'no-store');
    return reply.page(`Order ${found.view.number}`, orderPage(found.view, { notice, reviews }));
  });

  app.get<{ Params: { number: string } }>('/orders/:number/invoice', async (req, reply) => {
    const found = await buyerOrder(req as Req, reply);
    if (!found) return reply;
    if (!found.view.invoice_number)
      return reply.page(
        'No invoice yet',
        html`<h1>No invoice yet</h1><p>An invoice is issued when the order is paid. <a href="/orders/${found.view.number}">Back to the order</a></p>`,
        404,
      );
    return reply.page(`Invoice ${found.view.invoice_number}`, invoicePage(found.view, found.order.seller ?? {}));
  });
}
