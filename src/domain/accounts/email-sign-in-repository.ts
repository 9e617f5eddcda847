import type { NoRows, Queryable } from '../../db/client.js';

/** A mailed sign-in (link and code) as the pages need it. */
export interface EmailSignIn {
  id: number;
  email: string;
  user_id: number | null;
  next: string | null;
  wrong_codes: number;
  expires_at: string;
  used_at: string | null;
}

const COLUMNS = 'id, email, user_id, next, wrong_codes, expires_at, used_at';

export async function insertEmailSignIn(
  db: Queryable,
  s: {
    linkHash: string;
    browserHash: string;
    codeHash: string;
    email: string;
    userId: number | null;
    next: string | null;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db.query<NoRows>(
    `INSERT INTO email_sign_ins (link_hash, browser_hash, code_hash, email, user_id, next, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [s.linkHash, s.browserHash, s.codeHash, s.email, s.userId, s.next, s.now.toISOString(), s.expiresAt.toISOString()],
  );
}

/** A sign-in still usable by its link: not used, not expired, not killed by wrong codes. */
export async function usableByLink(
  db: Queryable,
  linkHash: string,
  now: Date,
  maxWrong: number,
): Promise<EmailSignIn | null> {
  const rows = await db.query<EmailSignIn>(
    `SELECT ${COLUMNS} FROM email_sign_ins
      WHERE link_hash = $1 AND used_at IS NULL AND expires_at > $2 AND wrong_codes < $3`,
    [linkHash, now.toISOString(), maxWrong],
  );
  return rows[0] ?? null;
}

/** The sign-in this browser asked for last, whatever its state. */
export async function signInOfBrowser(db: Queryable, browserHash: string): Promise<EmailSignIn | null> {
  const rows = await db.query<EmailSignIn>(`SELECT ${COLUMNS} FROM email_sign_ins WHERE browser_hash = $1`, [
    browserHash,
  ]);
  return rows[0] ?? null;
}

/**
 * Uses a sign-in once: the row, or null when it is used, expired or dead (or, by code, the code is
 * not its code). One statement, so two uses at once cannot both win.
 */
async function useWhere(db: Queryable, where: string, params: unknown[], now: Date, maxWrong: number) {
  const rows = await db.query<EmailSignIn>(
    `UPDATE email_sign_ins SET used_at = $1
      WHERE ${where} AND used_at IS NULL AND expires_at > $1 AND wrong_codes < $2 RETURNING ${COLUMNS}`,
    [now.toISOString(), maxWrong, ...params],
  );
  return rows[0] ?? null;
}

export const useByLink = (db: Queryable, linkHash: string, now: Date, maxWrong: number) =>
  useWhere(db, 'link_hash = $3', [linkHash], now, maxWrong);

export const useByCode = (db: Queryable, browserHash: string, codeHash: string, now: Date, maxWrong: number) =>
  useWhere(db, 'browser_hash = $3 AND code_hash = $4', [browserHash, codeHash], now, maxWrong);

/** Counts a wrong code against the browser's pending sign-in; the count after it (0: nothing pending). */
export async function countWrongCode(db: Queryable, browserHash: string, now: Date): Promise<number> {
  const rows = await db.query<{ wrong_codes: number }>(
    `UPDATE email_sign_ins SET wrong_codes = wrong_codes + 1
      WHERE browser_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING wrong_codes`,
    [browserHash, now.toISOString()],
  );
  return rows[0]?.wrong_codes ?? 0;
}

/** Once one mailed sign-in for an address is used, the others still out for it are spent too. */
export async function spendOtherSignIns(db: Queryable, email: string, now: Date): Promise<void> {
  await db.query<NoRows>('UPDATE email_sign_ins SET used_at = $2 WHERE lower(email) = lower($1) AND used_at IS NULL', [
    email,
    now.toISOString(),
  ]);
}
