import { readSignedToken, signToken } from '../../crypto/signed-token.js';
import { isNotificationKind, type NotificationKind } from './notification-kinds.js';

/**
 * One-click unsubscribe (RFC 8058): every notification carries a link whose signed token names
 * the account and the kind, so it works without signing in and cannot be made up for another
 * account. Nothing is stored: the link works as long as the server secret stays.
 */
const PURPOSE = 'unsubscribe';

export const unsubscribeUrl = (publicUrl: string, secret: string, userId: number, kind: NotificationKind) =>
  `${publicUrl}/unsubscribe?token=${signToken(secret, PURPOSE, `${userId}.${kind}`)}`;

/** The account and kind a token names; null when it is not one of ours. */
export function readUnsubscribeToken(secret: string, token: string): { userId: number; kind: NotificationKind } | null {
  const content = readSignedToken(secret, PURPOSE, token);
  const m = content ? /^([1-9]\d{0,9})\.([a-z]+)$/.exec(content) : null;
  if (!m || !isNotificationKind(m[2])) return null;
  return { userId: Number(m[1]), kind: m[2] };
}

/** The header fields that let a mail client unsubscribe with one POST (RFC 8058 §3.1). */
export const unsubscribeHeaders = (url: string): Record<string, string> => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
