/**
 * A payment provider that can prove a company's revenue with a read-only key. Stripe is the one
 * adapter today (stripe-provider.ts); another provider is one file implementing this, named in
 * revenue-providers.ts. Connections store the provider's `name`, and figures carry it as `source`.
 */
export interface RevenueProvider {
  /** Stored on the connection and as each verified figure's `source`, e.g. `stripe`. */
  name: string;
  /** What pages and mails call it, e.g. "Stripe". */
  label: string;
  /** What owners create and paste, as mails name it, e.g. "restricted key". */
  keyName: string;
  /** The access the key needs and no more, e.g. "read access to Subscriptions". */
  keyAccess: string;
  /** Why a key is refused before it is sent anywhere (not read-only, not this provider's), or null. */
  keyProblem(key: string): string | null;
  /**
   * Reads the account with the key and computes its MRR in USD cents. Throws RevenueKeyRejected
   * when the provider refuses the key, RevenueProviderUnavailable when it could not be read now.
   */
  mrr(key: string, rates: FxRates): Promise<MrrResult>;
}

/** USD per unit of another currency, as the administrator keeps them in the `revenue_fx_rates` site setting ({"eur":
 *  1.08}). */
export type FxRates = Record<string, number>;

export type MrrResult = { ok: true; mrrCents: number; subscriptions: number } | { ok: false; missingRates: string[] };

/** The provider refused the key (deleted, rolled, lacking a permission): the connection is broken until the owner
 *  reconnects. */
export class RevenueKeyRejected extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
/** Anything else that kept us from reading: network, 5xx, a malformed answer. Worth retrying tomorrow. */
export class RevenueProviderUnavailable extends Error {}
