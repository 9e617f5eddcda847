import type { AppContext } from '../../app-context.js';
import { addIdentity, identityOwner, identityUsed, type ProviderIdentity } from './identity-repository.js';
import { confirmEmail, createUser, EMAIL_PATTERN, findUserByEmail } from './user-repository.js';
import { reclaimUnconfirmedAccount } from './ways-in.js';

/** Why a provider sign-in did not get anyone in. */
export type ProviderRefusal =
  /** The provider gave an address an account here already has, but does not vouch for it. */
  | 'unverified_email_taken'
  /** No account is linked and the provider vouches for no address a new one could be made with. */
  | 'no_verified_email';

export type ProviderSignIn =
  | { ok: true; userId: number; created: boolean }
  | { ok: false; reason: ProviderRefusal; email: string | null };

/** The provider's address, if it is one an account could have. */
const usableEmail = (identity: ProviderIdentity) =>
  identity.email && identity.email.length <= 254 && EMAIL_PATTERN.test(identity.email) ? identity.email : null;

/**
 * Signing in with a provider account. One linked already signs into its account. Otherwise the
 * address decides, and only an address the provider vouches for: it links to the account that has
 * it, or makes a new, confirmed account. An address the provider does not vouch for never reaches
 * an existing account: anyone can type any address into a provider's profile.
 */
export async function signInWithProvider(ctx: AppContext, identity: ProviderIdentity): Promise<ProviderSignIn> {
  const now = ctx.now();
  const linked = await identityOwner(ctx.db, identity.provider, identity.subject);
  if (linked !== null) {
    await identityUsed(ctx.db, identity, now);
    return { ok: true, userId: linked, created: false };
  }
  const email = usableEmail(identity);
  const existing = email ? await findUserByEmail(ctx.db, email) : null;
  if (!identity.emailVerified || !email)
    return { ok: false, reason: existing ? 'unverified_email_taken' : 'no_verified_email', email };

  if (existing) {
    const reclaimed = !existing.email_verified_at;
    await ctx.db.transaction(async (tx) => {
      if (reclaimed) await reclaimUnconfirmedAccount(tx, existing.id, now);
      await confirmEmail(tx, existing.id, existing.email, now);
      await addIdentity(tx, existing.id, { ...identity, email }, now);
    });
    if (reclaimed) await ctx.credentials.userChanged(existing.id);
    return { ok: true, userId: existing.id, created: false };
  }

  const userId = await ctx.db.transaction(async (tx) => {
    const user = await createUser(tx, { email, password: null, name: identity.name.slice(0, 120), verified: true });
    await addIdentity(tx, user.id, { ...identity, email }, now);
    return user.id;
  });
  return { ok: true, userId, created: true };
}

export type LinkOutcome = 'linked' | 'already_linked' | 'linked_elsewhere';

/**
 * Links a provider account to the signed-in person's account. Signing in at the provider proved
 * the person holds that provider account, whatever address it gives, so no address is compared.
 */
export async function linkProvider(ctx: AppContext, userId: number, identity: ProviderIdentity): Promise<LinkOutcome> {
  const owner = await identityOwner(ctx.db, identity.provider, identity.subject);
  if (owner === userId) {
    await identityUsed(ctx.db, identity, ctx.now());
    return 'already_linked';
  }
  if (owner !== null) return 'linked_elsewhere';
  // A link made meanwhile by another request loses to it: the insert does nothing then.
  return (await addIdentity(ctx.db, userId, identity, ctx.now())) ? 'linked' : 'linked_elsewhere';
}
