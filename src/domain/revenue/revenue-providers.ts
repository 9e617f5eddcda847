import type { Config } from '../../config.js';
import type { RevenueProvider } from './revenue-provider.js';
import { STRIPE_DEFAULT_BASE } from './stripe-client.js';
import { stripeRevenueProvider } from './stripe-provider.js';

/** Every revenue provider by the name connections store; a new provider is one file and one line here. */
const PROVIDERS: Record<string, (config: Config) => RevenueProvider> = {
  stripe: (config) => stripeRevenueProvider(config.stripe.apiBase ?? STRIPE_DEFAULT_BASE),
};

export const REVENUE_PROVIDERS = Object.keys(PROVIDERS);

/** The provider of that name under the current settings, or null for a name no adapter answers to. */
export function revenueProvider(config: Config, name: string): RevenueProvider | null {
  return Object.hasOwn(PROVIDERS, name) ? PROVIDERS[name](config) : null;
}
