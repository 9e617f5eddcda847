import type { Queryable } from '../../db/client.js';
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
    `INSERT INTO users (email, name, password_hash, is_admin, email_verified_at) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
    [u.email.trim(), u.name ?? '', passwordHash, u.isAdmin ?? false, u.verified ? new Date().toISOString() : null],
  );
  return rows[0];
}
