import type { AppContext } from '../../app-context.js';
import { badRequest } from '../../errors/app-error.js';
import { queueMail } from '../../mail/outbox.js';
import { consumeEmailToken, issueEmailToken } from './email-tokens.js';
import { hashPassword, passwordProblem } from './passwords.js';
import { deleteUserSessions } from './sessions.js';
import { EMAIL_PATTERN, findUserByEmail, resetPassword } from './user-repository.js';

const HOUR = 3_600_000;

/** Mails a one-hour reset link if an account has this address; says nothing either way (no account discovery). */
export async function requestPasswordReset(ctx: AppContext, typed: string): Promise<void> {
  const email = typed.trim();
  const user = EMAIL_PATTERN.test(email) ? await findUserByEmail(ctx.db, email) : null;
  if (!user) return;
  const siteName = ctx.site.name;
  const token = await issueEmailToken(ctx.db, {
    kind: 'reset_password',
    email: user.email,
    userId: user.id,
    ttlMs: HOUR,
    now: ctx.now(),
  });
  await queueMail(ctx.db, {
    to: user.email,
    subject: `Reset your ${siteName} password`,
    text: `Someone (hopefully you) asked to reset the password of your ${siteName} account.\n\nChoose a new password here (valid for one hour):\n${ctx.config.publicUrl}/reset-password?token=${token}\n\nIf it was not you, ignore this message; your password stays as it is.`,
  });
}

/** Sets a new password with a reset link's token and ends the account's sessions; answers whose account it was. */
export async function resetPasswordWithToken(ctx: AppContext, token: string, password: string): Promise<number> {
  const problem = passwordProblem(password);
  // Check the password before spending the single-use token, so a typo does not burn the link.
  if (problem) throw badRequest(`password: ${problem}`, [{ path: 'password', message: problem }]);
  const t = token ? await consumeEmailToken(ctx.db, 'reset_password', token, ctx.now()) : null;
  if (!t || t.user_id === null) throw badRequest('This reset link is not valid: it may have expired or been used.');
  await resetPassword(ctx.db, t.user_id, await hashPassword(password), ctx.now());
  await deleteUserSessions(ctx.db, t.user_id);
  return t.user_id;
}
