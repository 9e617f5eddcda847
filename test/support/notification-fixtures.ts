import crypto from 'node:crypto';
import type { TestEnv } from './app.js';
import { addListing } from './fixtures.js';
import { deliverPendingMail } from '../../src/mail/outbox.js';
import type { ReceivedMail } from './smtp-server.js';

/** A confirmed account (made `createdAt`, default a year before the test clock); its id and address. */
export async function person(
  env: TestEnv,
  label: string,
  createdAt = new Date(env.clock.now.getTime() - 365 * 86_400_000),
): Promise<{ id: number; email: string }> {
  const email = `${label}-${crypto.randomUUID()}@example.com`;
  const rows = await env.ctx.db.query<{ id: number }>(
    `INSERT INTO users (email, name, email_verified_at, created_at) VALUES ($1, $2, $3, $3) RETURNING id`,
    [email, label[0].toUpperCase() + label.slice(1), createdAt.toISOString()],
  );
  return { id: rows[0].id, email };
}

/** A live listing launched this week, owned by `owners` (the first as owner, the others as co-founders). */
export async function ownedLiveListing(
  env: TestEnv,
  name: string,
  owners: { id: number }[],
  launchWeek = '2026-11-16',
): Promise<{ id: number; slug: string; name: string }> {
  const slug = `${name.toLowerCase()}-${crypto.randomUUID().slice(0, 8)}`;
  const { listingId } = await addListing(env.ctx.db, env.ctx.site.id, { slug, name, launchWeek, status: 'live' });
  for (const [i, o] of owners.entries())
    await env.ctx.db.query('INSERT INTO listing_owners (listing_id, user_id, role) VALUES ($1, $2, $3)', [
      listingId,
      o.id,
      i === 0 ? 'owner' : 'cofounder',
    ]);
  return { id: listingId, slug, name };
}

/** Delivers the outbox to the loopback SMTP server, then the messages it holds for `to`. */
export async function deliveredTo(env: TestEnv, received: ReceivedMail[], to: string): Promise<ReceivedMail[]> {
  while ((await deliverPendingMail(env.ctx)) > 0);
  return received.filter((m) => m.to.includes(to));
}

/** A message's header field, unfolded (RFC 5322 §2.2.3); null when absent. */
export function headerOf(mail: ReceivedMail, name: string): string | null {
  const head = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : null;
}
