import type { NoRows, Db } from '../db/client.js';
import type { Principal } from './registry.js';

export const CREDENTIALS_CHANNEL = 'launchdeck_credentials';

interface Entry {
  principal: Principal;
  until: number;
}

/**
 * Verified credentials (API keys, access tokens), remembered for a few seconds so an
 * authenticated read costs no extra query. Revocation stays immediate: whoever revokes calls
 * `userChanged`, which drops that user's entries here and NOTIFYs every other instance.
 */
export class CredentialCache {
  private entries = new Map<string, Entry>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 20_000,
    private readonly clock: () => number = Date.now,
  ) {}

  async start(): Promise<void> {
    await this.db.listen(CREDENTIALS_CHANNEL, (payload) => this.dropUser(Number(payload)));
  }

  get(key: string): Principal | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.until <= this.clock()) {
      this.entries.delete(key);
      return undefined;
    }
    return e.principal;
  }

  /** Caches until the TTL or the credential's own expiry, whichever comes first. */
  set(key: string, principal: Principal, credentialExpiresAt: string | null) {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    const until = Math.min(this.clock() + this.ttlMs, credentialExpiresAt ? Date.parse(credentialExpiresAt) : Infinity);
    this.entries.set(key, { principal, until });
  }

  private dropUser(userId: number) {
    for (const [k, e] of this.entries) if (e.principal.userId === userId) this.entries.delete(k);
  }

  /** A credential of this user was revoked or changed: forget them here and on every instance. */
  async userChanged(userId: number): Promise<void> {
    this.dropUser(userId);
    await this.db.query<NoRows>('SELECT pg_notify($1, $2)', [CREDENTIALS_CHANNEL, String(userId)]);
  }
}
