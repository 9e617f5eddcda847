import nodemailer from 'nodemailer';
import type { AppContext } from '../app-context.js';
import type { Queryable } from '../db/client.js';

const MAX_ATTEMPTS = 8;

export interface Mail { to: string; subject: string; text: string }

/** Every mail goes through the outbox table first: it survives restarts and, without SMTP, can be read on /outbox. */
export async function queueMail(db: Queryable, mail: Mail): Promise<number> {
  const rows = await db.query<{ id: number }>('INSERT INTO mail_outbox (to_address, subject, text_body) VALUES ($1, $2, $3) RETURNING id', [mail.to, mail.subject, mail.text]);
  return rows[0].id;
}

export interface OutboxMail { id: number; to_address: string; subject: string; text_body: string; created_at: string; sent_at: string | null; error: string | null }

export async function recentMail(db: Queryable, limit = 50): Promise<OutboxMail[]> {
  return db.query<OutboxMail>('SELECT id, to_address, subject, text_body, created_at, sent_at, error FROM mail_outbox ORDER BY id DESC LIMIT $1', [limit]);
}

let transport: nodemailer.Transporter | null = null;
let transportUrl: string | null = null;

function transportFor(url: string): nodemailer.Transporter {
  if (!transport || transportUrl !== url) {
    transport = nodemailer.createTransport(url);
    transportUrl = url;
  }
  return transport;
}

/**
 * Sends queued mail through SMTP_URL, each message claimed with SKIP LOCKED so several workers
 * never send one twice. Without SMTP the outbox is the inbox: nothing to do.
 */
export async function deliverPendingMail(ctx: AppContext, batch = 20): Promise<number> {
  if (!ctx.config.smtpUrl) return 0;
  let sent = 0;
  for (let i = 0; i < batch; i++) {
    const done = await ctx.db.transaction(async (tx) => {
      const rows = await tx.query<OutboxMail>(
        `SELECT id, to_address, subject, text_body FROM mail_outbox
          WHERE sent_at IS NULL AND attempts < $1 AND next_attempt_at <= now()
          ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`, [MAX_ATTEMPTS]);
      const m = rows[0];
      if (!m) return false;
      try {
        await transportFor(ctx.config.smtpUrl!).sendMail({ from: `${ctx.site.name} <no-reply@${new URL(ctx.config.publicUrl).hostname}>`, to: m.to_address, subject: m.subject, text: m.text_body });
        await tx.query('UPDATE mail_outbox SET sent_at = now(), error = NULL WHERE id = $1', [m.id]);
        sent++;
      } catch (err) {
        // Back off 1, 2, 4, … minutes; after MAX_ATTEMPTS the mail stays in the outbox with its error.
        await tx.query(
          `UPDATE mail_outbox SET error = $2, attempts = attempts + 1, next_attempt_at = now() + make_interval(mins => power(2, attempts)::int) WHERE id = $1`,
          [m.id, String((err as Error).message).slice(0, 500)]);
      }
      return true;
    });
    if (!done) break;
  }
  return sent;
}
