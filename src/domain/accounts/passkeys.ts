import crypto from 'node:crypto';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { AppContext } from '../../app-context.js';
import type { FieldError } from '../../errors/app-error.js';
import { queueMail } from '../../mail/outbox.js';
import {
  credentialIdsOf,
  findPasskey,
  insertPasskey,
  recordPasskeyUse,
  setWebauthnHandle,
  webauthnHandleOf,
} from './passkey-repository.js';
import { passkeyName } from './passkey-names.js';
import { addressKey, lockMs, secondsUntil } from './sign-in-throttle.js';
import { countFailure, lockedUntil, lockKey } from './sign-in-attempt-repository.js';
import { createUser, DuplicateEmailError, EMAIL_PATTERN, findUserByEmail, type User } from './user-repository.js';
import { sendVerification } from './verification-mail.js';
import { CHALLENGE_TTL_MS, storeChallenge, takeChallenge } from './webauthn-challenges.js';

/**
 * Passkeys (WebAuthn): adding one to an account, signing in with one, and signing up with one
 * alone. Every ceremony's challenge is kept server-side for the browser that asked (see
 * webauthn-challenges.ts) and used once. The relying party is the site itself: its ID is the
 * host name of PUBLIC_URL and answers must come from PUBLIC_URL's origin. User verification
 * (fingerprint, face, PIN) is required every time, and passkeys must be discoverable, so
 * signing in needs no email typed.
 */

interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

const relyingParty = (ctx: AppContext): RelyingParty => {
  const url = new URL(ctx.config.publicUrl);
  return { id: url.hostname, name: ctx.site.name, origin: url.origin };
};

const TIMEOUT_MS = CHALLENGE_TTL_MS / 2;
const newHandle = () => crypto.randomBytes(32).toString('base64url');

function creationOptions(
  ctx: AppContext,
  user: { handle: string; email: string; name: string },
  exclude: { id: string; transports: string[] }[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = relyingParty(ctx);
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name || user.email,
    userID: isoBase64URL.toBuffer(user.handle),
    attestationType: 'none',
    excludeCredentials: exclude,
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: TIMEOUT_MS,
  });
}

/** A registration answer checked against the challenge this browser was given; null when it does not hold. */
async function verifiedRegistration(
  ctx: AppContext,
  response: RegistrationResponseJSON,
  take: (challenge: string) => Promise<boolean>,
) {
  const rp = relyingParty(ctx);
  try {
    const v = await verifyRegistrationResponse({
      response,
      expectedChallenge: take,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    return v.verified ? v.registrationInfo : null;
  } catch {
    return null;
  }
}

type NewPasskey = NonNullable<Awaited<ReturnType<typeof verifiedRegistration>>>;

async function savePasskey(ctx: AppContext, userId: number, info: NewPasskey, name: string | undefined) {
  return insertPasskey(ctx.db, {
    userId,
    credentialId: info.credential.id,
    publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
    counter: info.credential.counter,
    transports: info.credential.transports ?? [],
    aaguid: info.aaguid,
    name: passkeyName(name, info.aaguid),
    backedUp: info.credentialBackedUp,
    at: ctx.now(),
  });
}

/** Options for adding a passkey to a signed-in account. */
export async function addPasskeyOptions(
  ctx: AppContext,
  user: User,
  browserToken: string,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const handle = await webauthnHandleOf(ctx.db, user.id, newHandle());
  const options = await creationOptions(ctx, { handle, email: user.email, name: user.name }, [
    ...(await credentialIdsOf(ctx.db, user.id)),
  ]);
  await storeChallenge(ctx.db, {
    challenge: options.challenge,
    browserToken,
    purpose: 'register',
    userId: user.id,
    now: ctx.now(),
  });
  return options;
}

export type CeremonyOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

const EXPIRED_OR_REFUSED =
  'The passkey could not be checked: the request may have expired, or the passkey was not made for this site. Try again.';

/** Adds the passkey the browser made to the signed-in account; `name` (optional) is what the person called it. */
export async function addPasskey(
  ctx: AppContext,
  user: User,
  browserToken: string,
  response: RegistrationResponseJSON,
  name?: string,
): Promise<CeremonyOutcome<{ id: number }>> {
  const info = await verifiedRegistration(ctx, response, async (challenge) =>
    Boolean(
      await takeChallenge(ctx.db, { challenge, browserToken, purpose: 'register', userId: user.id, now: ctx.now() }),
    ),
  );
  if (!info) return { ok: false, message: EXPIRED_OR_REFUSED };
  if (await findPasskey(ctx.db, info.credential.id))
    return { ok: false, message: 'This passkey is already registered.' };
  return { ok: true, value: { id: await savePasskey(ctx, user.id, info, name) } };
}

/** Options for signing in with any passkey of this site (discoverable: no account named). */
export async function signInOptions(
  ctx: AppContext,
  browserToken: string,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const rp = relyingParty(ctx);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
    timeout: TIMEOUT_MS,
  });
  await storeChallenge(ctx.db, {
    challenge: options.challenge,
    browserToken,
    purpose: 'sign_in',
    userId: null,
    now: ctx.now(),
  });
  return options;
}

export type PasskeySignInOutcome =
  | { ok: true; userId: number }
  | { ok: false; reason: 'unknown_credential'; rpId: string }
  | { ok: false; reason: 'refused' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

/**
 * Signs in with a passkey's answer: the challenge is this browser's and unused, the signature is
 * the stored key's, the person was verified, the answer came from our origin for our RP ID, the
 * user handle is the account's, and the counter grew (a cloned authenticator that reports an older
 * counter is refused). Failures count against the client's address as wrong passwords do.
 */
export async function passkeySignIn(
  ctx: AppContext,
  browserToken: string,
  response: AuthenticationResponseJSON,
  address: string,
): Promise<PasskeySignInOutcome> {
  const now = ctx.now();
  const policy = ctx.config.signInThrottle;
  const key = addressKey(address);
  const locked = await lockedUntil(ctx.db, [key], now);
  if (locked) return { ok: false, reason: 'throttled', retryAfterSeconds: secondsUntil(locked, now) };

  const fail = async (outcome: PasskeySignInOutcome): Promise<PasskeySignInOutcome> => {
    const ms = lockMs(await countFailure(ctx.db, key, now, policy.windowMs), policy.addressFailures, policy);
    if (ms > 0) await lockKey(ctx.db, key, new Date(now.getTime() + ms));
    return outcome;
  };

  const rp = relyingParty(ctx);
  const stored = typeof response?.id === 'string' ? await findPasskey(ctx.db, response.id) : null;
  if (!stored) return fail({ ok: false, reason: 'unknown_credential', rpId: rp.id });
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: async (challenge) =>
        Boolean(await takeChallenge(ctx.db, { challenge, browserToken, purpose: 'sign_in', userId: null, now })),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: stored.credential_id,
        publicKey: isoBase64URL.toBuffer(stored.public_key),
        counter: stored.counter,
        transports: stored.transports,
      },
      requireUserVerification: true,
    });
  } catch {
    return fail({ ok: false, reason: 'refused' });
  }
  const handle = response.response.userHandle;
  if (!verified.verified || (handle !== undefined && handle !== stored.webauthn_handle))
    return fail({ ok: false, reason: 'refused' });
  const recorded = await recordPasskeyUse(ctx.db, stored.id, {
    counter: verified.authenticationInfo.newCounter,
    backedUp: verified.authenticationInfo.credentialBackedUp,
    at: now,
  });
  if (!recorded) return fail({ ok: false, reason: 'refused' });
  return { ok: true, userId: stored.user_id };
}

/** What a passkey sign-up asks for before the passkey is made. */
export interface PasskeySignUp {
  email: string;
  name?: string;
  /** Where confirming the address brings the person (already checked to stay on this site). */
  next?: string;
}

/** What is wrong with a passkey sign-up's address or name, one error per field (the rules of sign-up.ts). */
function signUpProblems(email: string, name: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!EMAIL_PATTERN.test(email) || email.length > 254)
    errors.push({ path: 'email', message: 'enter a valid address (at most 254 characters)' });
  if (name.length > 120) errors.push({ path: 'name', message: 'at most 120 characters' });
  return errors;
}

/** Options for a new account's first passkey; the address and name wait with the challenge. */
export async function signUpOptions(
  ctx: AppContext,
  browserToken: string,
  input: PasskeySignUp,
): Promise<{ ok: true; options: PublicKeyCredentialCreationOptionsJSON } | { ok: false; errors: FieldError[] }> {
  const email = input.email.trim();
  const name = (input.name ?? '').trim();
  const errors = signUpProblems(email, name);
  if (errors.length) return { ok: false, errors };
  // No credentials to exclude: listing an existing account's would say that it exists.
  const handle = newHandle();
  const options = await creationOptions(ctx, { handle, email, name }, []);
  await storeChallenge(ctx.db, {
    challenge: options.challenge,
    browserToken,
    purpose: 'sign_up',
    userId: null,
    payload: { email, name, handle, ...(input.next ? { next: input.next } : {}) },
    now: ctx.now(),
  });
  return { ok: true, options };
}

/**
 * Creates the account with its passkey and mails the link confirming its address. As with a
 * password sign-up, a taken address gets the same answer (its owner gets a mail instead, and the
 * new passkey is not kept), so the answer never says whether an account exists. Answers where the
 * "check your email" page should bring the person afterwards.
 */
export async function passkeySignUp(
  ctx: AppContext,
  browserToken: string,
  response: RegistrationResponseJSON,
): Promise<CeremonyOutcome<{ next?: string }>> {
  let waiting: Record<string, unknown> = {};
  const info = await verifiedRegistration(ctx, response, async (challenge) => {
    const taken = await takeChallenge(ctx.db, {
      challenge,
      browserToken,
      purpose: 'sign_up',
      userId: null,
      now: ctx.now(),
    });
    waiting = taken?.payload ?? {};
    return taken !== null;
  });
  const { email, name, handle, next } = waiting as { email?: string; name?: string; handle?: string; next?: string };
  if (!info || !email || !handle) return { ok: false, message: EXPIRED_OR_REFUSED };
  if (await findPasskey(ctx.db, info.credential.id))
    return { ok: false, message: 'This passkey is already registered.' };
  try {
    const user = await createUser(ctx.db, { email, password: null, name: name ?? '' });
    await setWebauthnHandle(ctx.db, user.id, handle);
    await savePasskey(ctx, user.id, info, undefined);
    await sendVerification(ctx, user.id, user.email, next);
  } catch (err) {
    if (!(err instanceof DuplicateEmailError)) throw err;
    const owner = await findUserByEmail(ctx.db, email);
    const siteName = ctx.site.name;
    await queueMail(ctx.db, {
      to: owner?.email ?? email,
      subject: `Someone tried to sign up to ${siteName} with your address`,
      text: `Someone (maybe you) tried to create a ${siteName} account with a passkey and this email address, but you already have an account.\n\nSign in here:\n${ctx.config.publicUrl}/signin\n\nTo add a passkey to your account, sign in and open your account page.\n\nIf it was not you, ignore this message; nothing has changed.`,
    });
  }
  return { ok: true, value: next ? { next } : {} };
}
