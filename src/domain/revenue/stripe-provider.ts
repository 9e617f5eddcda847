import type { RevenueProvider } from './revenue-provider.js';
import { restrictedKeyProblem, stripeMrr } from './stripe-mrr.js';

export const STRIPE_LABEL = 'Stripe';

/** Stripe through a restricted key with read access to Subscriptions; `apiBase` is STRIPE_API_BASE in tests. */
export function stripeRevenueProvider(apiBase: string): RevenueProvider {
  return {
    name: 'stripe',
    label: STRIPE_LABEL,
    keyName: 'restricted key',
    keyAccess: 'read access to Subscriptions',
    keyProblem: restrictedKeyProblem,
    mrr: (key, rates) => stripeMrr(apiBase, key, rates),
  };
}
