import crypto from 'node:crypto';

/**
 * A token that carries its own content and proves we wrote it: `<content>.<HMAC-SHA256>` under a
 * server secret, the MAC bound to a purpose so a token made for one use is refused by another.
 * Nothing is stored, so a link made this way keeps working until the secret changes.
 */
const mac = (secret: string, purpose: string, content: string) =>
  crypto.createHmac('sha256', secret).update(`${purpose}\n${content}`).digest('base64url');

/** Signs `content` (which must not be empty) for `purpose`. */
export function signToken(secret: string, purpose: string, content: string): string {
  return `${content}.${mac(secret, purpose, content)}`;
}

/** The content of a token signed for `purpose` with `secret`; null when it is malformed or altered. */
export function readSignedToken(secret: string, purpose: string, token: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot < 1) return null;
  const content = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(mac(secret, purpose, content));
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? content : null;
}
