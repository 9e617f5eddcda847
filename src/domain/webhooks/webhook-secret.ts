import crypto from 'node:crypto';
import { openSecret, sealSecret } from '../../crypto/secret-box.js';

/** A signing secret as stored: sealed under SECRETS_KEY when the site has one, else as is (README "Webhooks"). */
export type StoredSecret =
  | { plain: string; sealed: null }
  | { plain: null; sealed: { ciphertext: string; iv: string; tag: string } };

/** A new Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${crypto.randomBytes(32).toString('base64')}`;

export function storeSecret(secretsKey: Buffer | null, secret: string): StoredSecret {
  return secretsKey ? { plain: null, sealed: sealSecret(secretsKey, secret) } : { plain: secret, sealed: null };
}

/** The secret to sign with; throws a reason fit for the delivery log when it cannot be read. */
export function readSecret(secretsKey: Buffer | null, stored: StoredSecret): string {
  if (stored.plain !== null) return stored.plain;
  if (!secretsKey) throw new Error('the signing secret is sealed and SECRETS_KEY is not set');
  try {
    return openSecret(secretsKey, stored.sealed);
  } catch {
    throw new Error('the signing secret cannot be opened with this SECRETS_KEY');
  }
}
