import type { NoRows, Queryable } from '../../db/client.js';
import { hashPassword } from './passwords.js';

export interface User {
  id: number;
  email: string;
  name: string;
  is_admin: boolean;
  email_verified_at: string | null;
  created_at: string;
  suspended_at: string | null;
}

const COLUMNS = 'id, email, name, is_admin, email_verified_at, created_at, suspended_at';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function findUserByEmail(
  db: Queryable,
  email: string,
): Promise<(User & { password_hash: string | null }) | null> {
  const rows = await db.query<User & { password_hash: string | null }>(
    `SELECT ${COLUMNS}, password_hash FROM users WHERE lower(email) = lower($1)`,
    [email],
  );
  return rows[0] ?? null;
}

export async function findUserById(db: Queryable, id: number): Promise<User | null> {
  const rows = await db.query<User>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

export class DuplicateEmailError extends Error {}

export async function createUser(
  db: Queryable,
  u: { email: string; password: string | null; name?: string; isAdmin?: boolean; verified?: boolean },
): Promise<User> {
  if (await findUserByEmail(db, u.email))
    throw new DuplicateEmailError(`A user with the email ${u.email} already exists.`);
  const passwordHash = u.password === null ? null : await hashPassword(u.password);
  const rows = await db.query<User>(
    `INSERT INTO users (email, name, password_hash, is_admin, email_verified_at) VALUES ($1, $2, $3, $4, $5)
      RETURNING ${COLUMNS}`,
    [u.email.trim(), u.name ?? '', passwordHash, u.isAdmin ?? false, u.verified ? new Date().toISOString() : null],
  );
  return rows[0];
}

/**
 * Marks the address confirmed (keeping the first confirmation's time); false when the user's address
 * is no longer `email`, so a link sent to an old address confirms nothing.
 */
export async function confirmEmail(db: Queryable, userId: number, email: string, at: Date): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'UPDATE users SET email_verified_at = coalesce(email_verified_at, $2) WHERE id = $1 AND lower(email) = ' +
      'lower($3) RETURNING id',
    [userId, at.toISOString(), email],
  );
  return rows.length > 0;
}

/** A new password from a reset link; the link proves the inbox, so the address counts as confirmed too. */
export async function resetPassword(db: Queryable, userId: number, passwordHash: string, at: Date): Promise<void> {
  await db.query<NoRows>(
    'UPDATE users SET password_hash = $2, email_verified_at = coalesce(email_verified_at, $3) WHERE id = $1',
    [userId, passwordHash, at.toISOString()],
  );
}
