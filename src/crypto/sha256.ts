import crypto from 'node:crypto';

/** Hex SHA-256: how API keys, sessions and OAuth tokens are stored (they are random, so a fast hash is enough). */
export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
