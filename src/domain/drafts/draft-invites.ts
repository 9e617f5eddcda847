import crypto from 'node:crypto';
import type { AppContext } from '../../app-context.js';
import type { NoRows, Queryable } from '../../db/client.js';
import { badRequest, AppError } from '../../errors/app-error.js';
import { sha256 } from '../../crypto/sha256.js';
import { queueMail } from '../../mail/outbox.js';
import type { DraftRecord } from './draft-repository.js';

export const MAX_INVITES = 10;
const INVITE_TTL_MS = 14 * 24 * 3_600_000;
/** A fresh link to the same address at most this often, so invites cannot be used to flood a mailbox. */
const RESEND_AFTER_MS = 10 * 60_000;

export interface InviteResult {
  id: number;
  email: string;
  status: string;
  invites_left: number;
  expires_at: string;
}

/**
 * invite_cofounder: mails a single-use accept link (only its hash is stored). Inviting the same
 * address again sends a fresh link instead of using up another of the 10 invites.
 */
export async function inviteCofounder(
  ctx: Pick<AppContext, 'db' | 'config' | 'site' | 'now'>,
  draft: DraftRecord,
  inviter: { userId: number; email: string },
  rawEmail: string,
): Promise<InviteResult> {
  const email = rawEmail.trim();
  if (email.toLowerCase() === inviter.email.toLowerCase())
    throw badRequest('email: that is your own address; invite your co-founder', [
      { path: 'email', message: 'that is your own address' },
    ]);
  const token = crypto.randomBytes(32).toString('base64url');
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    // Serialises invites to one draft so two at once cannot both take the tenth place.
    await tx.query<NoRows>('SELECT 1 FROM drafts WHERE id = $1 FOR UPDATE', [draft.id]);
    const existing = await tx.query<{ id: number; accepted_by: number | null; created_at: string }>(
      'SELECT id, accepted_by, created_at FROM draft_invites WHERE draft_id = $1 AND lower(email) = lower($2)',
      [draft.id, email],
    );
    if (existing[0]?.accepted_by)
      throw badRequest(`email: ${email} has already accepted an invite to this draft`, [
        { path: 'email', message: 'already accepted' },
      ]);
    const waitMs = existing[0] ? Date.parse(existing[0].created_at) + RESEND_AFTER_MS - now.getTime() : 0;
    if (waitMs > 0)
      throw new AppError(
        429,
        `An invite was sent to ${email} less than 10 minutes ago; a new link can be sent in ` +
          `${Math.ceil(waitMs / 60_000)} minutes.`,
        { headers: { 'retry-after': String(Math.ceil(waitMs / 1000)) } },
      );
    const count = (
      await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM draft_invites WHERE draft_id = $1', [draft.id])
    )[0].n;
    let id: number;
    if (existing[0]) {
      id = existing[0].id;
      await tx.query<NoRows>('UPDATE draft_invites SET token_hash = $2, created_at = $3 WHERE id = $1', [
        id,
        sha256(token),
        now.toISOString(),
      ]);
    } else {
      if (count >= MAX_INVITES)
        throw badRequest(`invites: this draft already has ${MAX_INVITES} invites, the most allowed`, [
          { path: 'email', message: `at most ${MAX_INVITES} invites per draft` },
        ]);
      id = (
        await tx.query<{ id: number }>(
          'INSERT INTO draft_invites (draft_id, email, invited_by, token_hash, created_at) VALUES ($1, $2, $3, ' +
            '$4, $5) RETURNING id',
          [draft.id, email, inviter.userId, sha256(token), now.toISOString()],
        )
      )[0].id;
    }
    const product = typeof draft.fields.name.value === 'string' ? draft.fields.name.value : draft.domain;
    const link = `${ctx.config.publicUrl}/invites/${token}`;
    await queueMail(tx, {
      to: email,
      subject: `${inviter.email} invited you to co-own ${product} on ${ctx.site.name}`,
      text:
        `${inviter.email} is listing ${product} (${draft.url}) on ${ctx.site.name} and invited you as a ` +
        `co-founder.\n\n` +
        `Accept the invite to edit the listing together (you will be asked to sign in or create an ` +
        `account):\n${link}\n\n` +
        `The link works once and expires in 14 days. If you don't know ${inviter.email}, ignore this email.`,
    });
    return {
      id,
      email,
      status: 'sent',
      invites_left: MAX_INVITES - count - (existing[0] ? 0 : 1),
      expires_at: new Date(now.getTime() + INVITE_TTL_MS).toISOString(),
    };
  });
}

export interface DraftInvite {
  email: string;
  accepted: boolean;
}

/** Who was invited to a draft and whether they accepted, in the order they were invited. */
export async function invitesOf(db: Queryable, draftId: string): Promise<DraftInvite[]> {
  return db.query<DraftInvite>(
    'SELECT email, accepted_by IS NOT NULL AS accepted FROM draft_invites WHERE draft_id = $1 ORDER BY id',
    [draftId],
  );
}

export interface PendingInvite {
  id: number;
  draft_id: string;
  email: string;
  product: string;
  inviter_email: string;
  owner_id: number;
}

/** An invite by its link token, while it can still be accepted. */
export async function findInvite(db: Queryable, token: string, now: Date): Promise<PendingInvite | null> {
  const rows = await db.query<PendingInvite>(
    `SELECT i.id, i.draft_id, i.email, coalesce(f.value #>> '{}', d.domain) AS product, u.email AS inviter_email,
      d.user_id AS owner_id
       FROM draft_invites i JOIN drafts d ON d.id = i.draft_id JOIN users u ON u.id = i.invited_by
       LEFT JOIN draft_fields f ON f.draft_id = d.id AND f.field = 'name' AND jsonb_typeof(f.value) = 'string'
      WHERE i.token_hash = $1 AND i.accepted_by IS NULL AND i.created_at > $2`,
    [sha256(token), new Date(now.getTime() - INVITE_TTL_MS).toISOString()],
  );
  return rows[0] ?? null;
}

/** Accepting makes the signed-in person a co-owner of the draft and of its listing once there is one. */
export async function acceptInvite(
  db: Queryable & { transaction: AppContext['db']['transaction'] },
  token: string,
  userId: number,
  now: Date,
): Promise<{ draftId: string } | { error: string }> {
  return db.transaction(async (tx) => {
    const invite = await findInvite(tx, token, now);
    if (!invite)
      return { error: 'This invite link is not valid any more: it was used, replaced by a newer one, or it expired.' };
    if (invite.owner_id === userId)
      return {
        error: 'This is an invite you sent; your co-founder has to open it while signed in to their own account.',
      };
    const updated = await tx.query<{ id: number }>(
      'UPDATE draft_invites SET accepted_by = $2, accepted_at = $3, token_hash = NULL WHERE id = $1 AND ' +
        'accepted_by IS NULL RETURNING id',
      [invite.id, userId, now.toISOString()],
    );
    if (updated.length === 0) return { error: 'This invite was just accepted.' };
    await tx.query<NoRows>(
      `INSERT INTO listing_owners (listing_id, user_id, role, created_at)
      SELECT listing_id, $2, 'cofounder', $3 FROM drafts WHERE id = $1 AND listing_id IS NOT NULL ON CONFLICT
      DO NOTHING`,
      [invite.draft_id, userId, now.toISOString()],
    );
    return { draftId: invite.draft_id };
  });
}
