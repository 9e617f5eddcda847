import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { User } from '../../domain/accounts/user-repository.js';
import {
  savePendingAction,
  takePendingAction,
  type PendingAction,
  type PendingKind,
} from '../../domain/accounts/pending-action-repository.js';
import {
  addCommentOperation,
  castVoteOperation,
  followListingOperation,
  writeReviewOperation,
} from '../../api/operations/community.js';
import { executeOperation } from '../../api/execute.js';
import { runForm, unreadSessionPrincipal } from '../forms/run-form.js';
import { sha256 } from '../../crypto/sha256.js';
import { html, type SafeHtml } from '../html.js';

const PENDING_COOKIE = 'ld_pending';
const NOTICE_COOKIE = 'ld_pending_done';
/** A click waits this long for its sign-in. */
const PENDING_MINUTES = 15;
/** An account that signed in unconfirmed keeps its click as long as its confirmation link works. */
const UNCONFIRMED_HOURS = 48;

const cookieOptions = (ctx: AppContext, req: FastifyRequest, maxAge: number) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: ctx.config.publicUrl.startsWith('https:') || req.protocol === 'https',
  maxAge,
});

/**
 * The check of a vote, follow or comment post. Signed out, those buttons sit on pages rendered
 * once for every visitor (no per-visitor CSRF token in them), so the browser's own word stands for
 * the token: the post must come from this site (Sec-Fetch-Site, or Origin). A form with a token
 * has it checked as usual. (Not keyed on the session cookie: a stale one must not void the
 * signed-out forms.)
 */
export function csrfOrSameSite(app: FastifyInstance, ctx: AppContext) {
  const ownOrigin = new URL(ctx.config.publicUrl).origin;
  return (req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const body = req.body as Record<string, unknown> | undefined;
    if (body?._csrf !== undefined) return app.csrfProtection(req, reply, done);
    const site = req.headers['sec-fetch-site'];
    const origin = req.headers.origin;
    if (site === 'same-origin' || (site === undefined && origin === ownOrigin)) return done();
    reply.code(403).send({ status: 403, title: 'This form must be sent from this site.' });
  };
}

/**
 * Keeps what a signed-out visitor asked for and sends them to sign in; the first sign-in in this
 * browser (any method: session.ts signIn) does it for them.
 */
export async function rememberAndSignIn(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  action: { kind: PendingKind; slug: string; body?: string; back: string },
) {
  const value = crypto.randomBytes(24).toString('base64url');
  const now = ctx.now();
  await savePendingAction(
    ctx.db,
    sha256(value),
    { kind: action.kind, slug: action.slug, body: action.body ?? null, back: action.back, user_id: null },
    now,
    new Date(now.getTime() + PENDING_MINUTES * 60_000),
  );
  reply.setCookie(PENDING_COOKIE, value, cookieOptions(ctx, req, UNCONFIRMED_HOURS * 3600));
  return reply.redirect(`/signin?next=${encodeURIComponent(action.back)}`, 303);
}

type Outcome = 'counted' | 'held' | 'uncounted' | 'waiting' | 'done' | 'refused';

/** What came of a kept action, told once on the page the visitor comes back to (a signed cookie). */
interface Notice {
  kind: PendingKind;
  slug: string;
  outcome: Outcome;
  /** The page the visitor was sent back to: the listing, or the list whose card they pressed. */
  back: string;
  /** When a young account's held vote starts counting. */
  heldUntil?: string;
}

/**
 * Right after a sign-in (or an address confirmed while signed in): the browser's pending action,
 * done through the same operation as the button itself, so every rule (confirmed email, holds for
 * new accounts, limits) applies. Used once; an unconfirmed account's click waits for confirmation.
 */
export async function doPendingAction(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  user: User,
  sessionToken: string,
): Promise<void> {
  const value = req.cookies[PENDING_COOKIE];
  if (!value) return;
  const browserHash = sha256(value);
  const now = ctx.now();
  const action = await takePendingAction(ctx.db, browserHash, now);
  reply.clearCookie(PENDING_COOKIE, { path: '/' });
  // Waiting for one account's confirmation: another account signing in here does not inherit it.
  if (!action || (action.user_id !== null && action.user_id !== user.id)) return;
  const { outcome, heldUntil } = await perform(ctx, req, user, sessionToken, action);
  if (outcome === 'waiting') {
    await savePendingAction(
      ctx.db,
      browserHash,
      { ...action, user_id: user.id },
      now,
      new Date(now.getTime() + UNCONFIRMED_HOURS * 3_600_000),
    );
    reply.setCookie(PENDING_COOKIE, value, cookieOptions(ctx, req, UNCONFIRMED_HOURS * 3600));
  }
  const notice: Notice = { kind: action.kind, slug: action.slug, outcome, back: action.back, heldUntil };
  reply.setCookie(NOTICE_COOKIE, JSON.stringify(notice), { ...cookieOptions(ctx, req, 600), signed: true });
}

async function perform(
  ctx: AppContext,
  req: FastifyRequest,
  user: User,
  sessionToken: string,
  a: PendingAction,
): Promise<{ outcome: Outcome; heldUntil?: string }> {
  if (a.kind === 'vote') {
    const principal = unreadSessionPrincipal(sha256(sessionToken), req.ip);
    const r = await executeOperation(castVoteOperation, { slug: a.slug }, ctx, principal);
    if (r.refused) return { outcome: r.refused === 'unconfirmed' ? 'waiting' : 'refused' };
    if (r.counted) return { outcome: 'counted' };
    // Not counted: a young account's vote, held for a while, or a maker's own, never counted.
    return r.held_until ? { outcome: 'held', heldUntil: r.held_until } : { outcome: 'uncounted' };
  }
  const slug = { slug: a.slug };
  const r =
    a.kind === 'follow'
      ? await runForm(ctx, user, followListingOperation, undefined, slug)
      : a.kind === 'comment'
        ? await runForm(ctx, user, addCommentOperation, commentFields(a.body), slug)
        : await runForm(ctx, user, writeReviewOperation, reviewFields(a.body), slug);
  if (r.ok) {
    if ('reason' in r.value && r.value.reason === 'unconfirmed') return { outcome: 'waiting' };
    return { outcome: 'ok' in r.value && r.value.ok === false ? 'refused' : 'done' };
  }
  return { outcome: r.status === 403 && !user.email_verified_at ? 'waiting' : 'refused' };
}

/** How the comment route keeps a comment: its text, and the comment it answers when it is a reply. */
export const keptComment = (text: string, parentId: string | undefined): string =>
  JSON.stringify(parentId ? { body: text, parent_id: parentId } : { body: text });

/** A kept comment's fields (kept as bare text before replies were kept too). */
function commentFields(stored: string | null): { body: string; parent_id?: string } {
  try {
    const v = JSON.parse(stored ?? '') as { body?: unknown; parent_id?: unknown };
    if (typeof v === 'object' && v !== null && typeof v.body === 'string')
      return typeof v.parent_id === 'string' ? { body: v.body, parent_id: v.parent_id } : { body: v.body };
  } catch {
    // bare text
  }
  return { body: stored ?? '' };
}

/** A kept review's rating and text (stored as JSON by rememberAndSignIn's caller). */
function reviewFields(stored: string | null): { rating: string; body: string } {
  try {
    const v = JSON.parse(stored ?? '') as { rating?: unknown; body?: unknown };
    return { rating: String(v.rating ?? ''), body: String(v.body ?? '') };
  } catch {
    return { rating: '', body: '' };
  }
}

/** "2026-11-19 12:00 UTC": the same words for everyone, as the vote button's script says it. */
const when = (iso: string) => `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The words of a notice. `name` is the listing's, said on a list page (" for Café Ledger"), left
 * out on the listing's own page.
 */
function words(n: Notice, name: string | null): string {
  const upvote = name ? `upvote for ${name}` : 'upvote';
  const launch = name ?? 'this launch';
  const texts: Record<PendingKind, Partial<Record<Outcome, string>>> = {
    vote: {
      counted: `You are signed in, and your ${upvote} is counted.`,
      held: `You are signed in, and your ${upvote} is recorded. It is held until ${n.heldUntil ? when(n.heldUntil) : 'later'}, as the votes of new accounts are, and counts from then.`,
      uncounted: `You are signed in, and your ${upvote} is recorded, but it does not count: the makers' own votes never do.`,
      waiting: `Your ${upvote} is waiting: it is cast as soon as you confirm your email with the link we mailed you.`,
      refused: `You are signed in, but your ${upvote} could not be cast (too many votes at once, or the launch is over). Try the button again.`,
    },
    follow: {
      waiting: `You will follow ${launch} as soon as you confirm your email with the link we mailed you.`,
      done: `You are signed in and follow ${launch}: its updates come by email.`,
      refused: 'You are signed in, but following did not work. Try the button again.',
    },
    comment: {
      waiting: 'Your comment is kept: it is posted as soon as you confirm your email with the link we mailed you.',
      done: 'You are signed in, and your comment is posted.',
      refused: 'You are signed in, but your comment was not posted. Write it again below.',
    },
    review: {
      waiting: 'Your review is kept: it is published as soon as you confirm your email with the link we mailed you.',
      done: 'You are signed in, and your review is published.',
      refused:
        'You are signed in, but your review was not published (you may make this product, or it was refused). See below.',
    },
  };
  return texts[n.kind]?.[n.outcome] ?? '';
}

/** The browser's notice, when there is one and `shows` says this page is where it is told. */
function takeNotice(req: FastifyRequest, reply: FastifyReply, shows: (n: Notice) => boolean): Notice | null {
  const raw = req.cookies[NOTICE_COOKIE];
  if (!raw) return null;
  const { valid, value } = req.unsignCookie(raw);
  let n: Notice | null = null;
  try {
    n = valid && value ? (JSON.parse(value) as Notice) : null;
  } catch {
    n = null;
  }
  if (!n || !shows(n)) return null;
  reply.clearCookie(NOTICE_COOKIE, { path: '/' });
  return n;
}

const noticeHtml = (text: string): SafeHtml => (text ? html`<p class="notice" role="status">${text}</p>` : html``);

/**
 * The notice of what was done after sign-in, shown once on the listing it was for: its page puts
 * it where the visitor looks — by the vote button, or in the section a comment or review went to
 * (the address they come back to ends in #comments or #reviews).
 */
export function pendingNotice(
  req: FastifyRequest,
  reply: FastifyReply,
  slug: string,
): { kind: PendingKind; notice: SafeHtml } | null {
  const n = takeNotice(req, reply, (n) => n.slug === slug);
  return n ? { kind: n.kind, notice: noticeHtml(words(n, null)) } : null;
}

/**
 * The same on the list a card's vote button was pressed on (home, launches, a category, search),
 * which the voter comes back to: `names` gives the listing's name from its slug.
 */
export function listPageNotice(
  req: FastifyRequest,
  reply: FastifyReply,
  names: (slug: string) => string | undefined,
): SafeHtml {
  const n = takeNotice(req, reply, (n) => n.kind === 'vote' && n.back === req.url);
  return n ? noticeHtml(words(n, names(n.slug) ?? n.slug)) : html``;
}
