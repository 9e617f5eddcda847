import type { AppContext } from '../../app-context.js';
import { issueEmailToken } from './email-tokens.js';
import { queueMail } from '../../mail/outbox.js';

/** Mails a link confirming a new account's address; `next` is where confirming brings the person. */
export async function sendVerification(ctx: AppContext, userId: number, email: string, next?: string) {
  const siteName = ctx.site.name;
  const token = await issueEmailToken(ctx.db, {
    kind: 'verify_email',
    email,
    userId,
    payload: next ? { next } : {},
    ttlMs: 48 * 3_600_000,
    now: ctx.now(),
  });
  await queueMail(ctx.db, {
    to: email,
    subject: `Confirm your email for ${siteName}`,
    text: `Welcome to ${siteName}!\n\nConfirm your email address by opening this link (valid for 48 hours):\n${ctx.config.publicUrl}/verify-email?token=${token}\n\nIf you did not sign up, ignore this message.`,
  });
}
