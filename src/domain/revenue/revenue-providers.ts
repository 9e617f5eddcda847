import type { Config } from '../../config.js';
import type { RevenueProvider } from './revenue-provider.js';
import { STRIPE_DEFAULT_BASE } from './stripe-client.js';
import { STRIPE_LABEL, stripeRevenueProvider } from './stripe-provider.js';

/** Every revenue provider by the name connections store; a new provider is one file and one entry here. */
const PROVIDERS: Record<string, { label: string; create: (config: Config) => RevenueProvider }> = {
  stripe: {
    label: STRIPE_LABEL,
    create: (config) => stripeRevenueProvider(config.stripe.apiBase ?? STRIPE_DEFAULT_BASE),
  },
};

export const REVENUE_PROVIDERS = Object.keys(PROVIDERS);

/** The provider of that name under the current settings, or null for a name no adapter answers to. */
export function revenueProvider(config: Config, name: string): RevenueProvider | null {
  return Object.hasOwn(PROVIDERS, name) ? PROVIDERS[name].create(config) : null;
}

/** How pages name the source of a verified figure: the provider's label, else the stored name as is. */
export function revenueSourceLabel(name: string): string {
  return Object.hasOwn(PROVIDERS, name) ? PROVIDERS[name].label : name;
}
