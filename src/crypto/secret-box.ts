import crypto from 'node:crypto';

/** A secret sealed with AES-256-GCM; each part base64, as stored in the database. */
export interface SealedSecret {
  ciphertext: string;
  iv: string;
  tag: string;
}

/**
 * Encrypts a secret (a payment provider's API key) under SECRETS_KEY. A fresh 96-bit IV per secret;
 * the GCM tag makes any change to the stored parts fail to open rather than yield another key.
 */
export function sealSecret(key: Buffer, plaintext: string): SealedSecret {
  if (key.length !== 32) throw new Error('the secrets key must be 32 bytes');
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return {
    ciphertext: ciphertext.toString('base64'),
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
  };
}

/** The plaintext of a sealed secret; throws when the key is wrong or the parts were altered. */
export function openSecret(key: Buffer, sealed: SealedSecret): string {
  if (key.length !== 32) throw new Error('the secrets key must be 32 bytes');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]).toString('utf8');
}

/** SECRETS_KEY as 32 bytes: 64 hex digits or base64 of 32 bytes; null when it is neither. */
export function parseSecretsKey(raw: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(raw)) return Buffer.from(raw, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(raw)) {
    const b = Buffer.from(raw.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (b.length === 32) return b;
  }
  return null;
}
