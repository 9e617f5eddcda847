import type { AppContext } from '../../app-context.js';
import { badRequest, type FieldError } from '../../errors/app-error.js';
import { queueMail } from '../../mail/outbox.js';
import { hashPassword, passwordProblem } from './passwords.js';
import { createUser, DuplicateEmailError, EMAIL_PATTERN, findUserByEmail } from './user-repository.js';
import { sendVerification } from './verification-mail.js';

export interface SignUp {
  email: string;
  password: string;
  name?: string;
  /** Where confirming the address brings the person (already checked to stay on this site). */
  next?: string;
}

/** What is wrong with a sign-up, one error per field, in the form's order. */
function signUpProblems(email: string, password: string, name: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!EMAIL_PATTERN.test(email) || email.length > 254)
    errors.push({ path: 'email', message: 'enter a valid address (at most 254 characters)' });
  const pw = passwordProblem(password);
  if (pw) errors.push({ path: 'password', message: pw });
  if (name.length > 120) errors.push({ path: 'name', message: 'at most 120 characters' });
  return errors;
}

/**
 * Creates an account and mails the link confirming its address. A taken email gets the same answer
 * as a new one (no account discovery); its owner is told by mail instead.
 */
export async function signUp(ctx: AppContext, input: SignUp): Promise<void> {
  const email = input.email.trim();
  const name = input.name ?? '';
  const errors = signUpProblems(email, input.password, name);
  if (errors.length) throw badRequest(`${errors[0].path}: ${errors[0].message}`, errors);
  try {
    const user = await createUser(ctx.db, { email, password: input.password, name: name.trim() });
    await sendVerification(ctx, user.id, user.email, input.next);
  } catch (err) {
    if (!(err instanceof DuplicateEmailError)) throw err;
    await hashPassword(input.password); // what creating the account would have cost, so the timing matches too
    const owner = await findUserByEmail(ctx.db, email);
    const siteName = ctx.site.name;
    await queueMail(ctx.db, {
      to: owner?.email ?? email,
      subject: `Someone tried to sign up to ${siteName} with your address`,
      text: `Someone (maybe you) tried to create a ${siteName} account with this email address, but you already have one.\n\nSign in here:\n${ctx.config.publicUrl}/signin\n\nForgot your password? Choose a new one here:\n${ctx.config.publicUrl}/forgot-password\n\nIf it was not you, ignore this message; nothing has changed.`,
    });
  }
}
