import nodemailer from 'nodemailer';
import type { AppContext } from '../app-context.js';
import { fromJson, type NoRows, type Queryable } from '../db/client.js';
import { metricsOf } from '../metrics/metrics.js';

const MAX_ATTEMPTS = 8;

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Extra header fields, e.g. List-Unsubscribe (RFC 8058) on notifications. */
  headers?: Record<string, string>;
}

/** Every mail goes through the outbox table first: it survives restarts and, without SMTP, can be read on /outbox. */
export async function queueMail(db: Queryable, mail: Mail): Promise<number> {
  const rows = await db.query<{ id: number }>(
    'INSERT INTO mail_outbox (to_address, subject, text_body, headers) VALUES ($1, $2, $3, $4) RETURNING id',
    [mail.to, mail.subject, mail.text, mail.headers ? JSON.stringify(mail.headers) : null],
  );
  return rows[0].id;
}

export interface OutboxMail {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  created_at: string;
  sent_at: string | null;
  error: string | null;
}

export async function recentMail(db: Queryable, limit = 50): Promise<OutboxMail[]> {
  return db.query<OutboxMail>(
    'SELECT id, to_address, subject, text_body, created_at, sent_at, error FROM mail_outbox ORDER BY id DESC LIMIT $1',
    [limit],
  );
}

/** nodemailer marks failures to reach or talk to the server (refused, timed out, DNS, dropped) with command CONN. */
function isServerUnreachable(err: unknown): boolean {
  const e = err as { command?: string; code?: string } | null;
  return e?.command === 'CONN' || ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS'].includes(e?.code ?? '');
}

let transport: nodemailer.Transporter | null = null;
let transportUrl: string | null = null;

function transportFor(url: string): nodemailer.Transporter {
  if (!transport || transportUrl !== url) {
    // Bounded waits: a silent mail server must not hold the worker (and the claimed row) for minutes.
    transport = nodemailer.createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
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
      const rows = await tx.query<OutboxMail & { headers: unknown }>(
        `SELECT id, to_address, subject, text_body, headers FROM mail_outbox
          WHERE sent_at IS NULL AND attempts < $1 AND next_attempt_at <= now()
          ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [MAX_ATTEMPTS],
      );
      const m = rows[0];
      if (!m) return false;
      try {
        await transportFor(ctx.config.smtpUrl!).sendMail({
          from: `${ctx.site.name} <no-reply@${new URL(ctx.config.publicUrl).hostname}>`,
          to: m.to_address,
          subject: m.subject,
          text: m.text_body,
          headers: fromJson<Record<string, string> | null>(m.headers) ?? undefined,
        });
        await tx.query<NoRows>('UPDATE mail_outbox SET sent_at = now(), error = NULL WHERE id = $1', [m.id]);
        sent++;
        metricsOf(ctx).mail.inc({ outcome: 'sent' });
      } catch (err) {
        metricsOf(ctx).mail.inc({ outcome: 'failed' });
        const message = String((err as Error).message).slice(0, 500);
        if (isServerUnreachable(err)) {
          // The mail server is down, not this message: no attempt is spent (an outage of any length
          // loses nothing), the others wait too, and the next tick after the pause tries again.
          await tx.query<NoRows>(
            `UPDATE mail_outbox SET error = $2, next_attempt_at = now() + interval '30 seconds' WHERE id = $1`,
            [m.id, `mail server unreachable: ${message}`],
          );
          return 'unreachable';
        }
        // The server refused this message: back off 1, 2, 4, … minutes; after MAX_ATTEMPTS it stays in the outbox with its error.
        await tx.query<NoRows>(
          `UPDATE mail_outbox SET error = $2, attempts = attempts + 1, next_attempt_at = now() + make_interval(mins => power(2, attempts)::int) WHERE id = $1`,
          [m.id, message],
        );
      }
      return true;
    });
    if (done !== true) break;
  }
  return sent;
}
