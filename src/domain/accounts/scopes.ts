/** What an API key or OAuth token may do: an account's own grant, so it belongs to the accounts domain. */
export type Scope = 'account:read' | 'listings:write' | 'orders:write';
export const SCOPES: readonly Scope[] = ['account:read', 'listings:write', 'orders:write'];
export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  'account:read': 'See your account, drafts, listings, claims and orders',
  'listings:write': 'Submit products and manage your drafts, listings and claims',
  'orders:write': 'Price orders and create checkouts',
};
