import type { Db, Queryable } from '../../db/client.js';
import { hideListing, listingForModeration, restoreListing } from '../listings/listing-visibility.js';
import { liftSuspension, suspendAccount } from '../accounts/suspension.js';
import { voidVotes } from '../votes/votes.js';
import { notifyVotesVoided } from '../notifications/notify.js';
import { closeReports, type ReportKind } from './reports.js';
import { recordAction } from './moderation-log.js';
import { hideReview, restoreReview, reviewForModeration } from '../reviews/reviews.js';
import { commentForModeration, hideComment, restoreComment } from '../comments/comments.js';

/** What a moderator can do. Every action needs a reason, and is recorded with who took it. */
export type ModerationCommand =
  | { action: 'hide' | 'restore' | 'dismiss'; kind: ReportKind; id: number; reason: string }
  | { action: 'suspend'; userId: number; reason: string }
  | { action: 'unsuspend'; userId: number; reason: string }
  | { action: 'void_votes'; voteIds: number[]; reason: string };

export type ModerationOutcome =
  | { ok: true; message: string /** listings whose public pages changed, for their caches */; slugs: string[] }
  | { ok: false; status: 400 | 404; field?: string; message: string };

export const REASON_MIN = 3;
export const REASON_MAX = 500;

/** A report's target as a moderator sees it in the queue. */
export interface TargetView {
  kind: ReportKind;
  id: number;
  title: string;
  text: string;
  author: string | null;
  href: string | null;
  hidden: boolean;
  /** Whether anyone may see it (and so report it): a live or scheduled listing, a review or comment not hidden. */
  visible: boolean;
}

const excerpt = (s: string) => (s.length > 280 ? `${s.slice(0, 279)}…` : s);

export async function describeTarget(
  db: Queryable,
  siteId: number,
  kind: ReportKind,
  id: number,
): Promise<TargetView | null> {
  if (kind === 'listing') {
    const l = await listingForModeration(db, siteId, id);
    return (
      l && {
        kind,
        id,
        title: l.name,
        text: l.tagline,
        author: null,
        href: `/p/${l.slug}`,
        hidden: l.status === 'hidden',
        visible: l.status === 'live' || l.status === 'scheduled',
      }
    );
  }
  if (kind === 'review') {
    const r = await reviewForModeration(db, id);
    return (
      r && {
        kind,
        id,
        title: `Review of ${r.listing_slug} (${r.rating}/5)`,
        text: excerpt(r.body),
        author: r.author_email,
        href: `/p/${r.listing_slug}#reviews`,
        hidden: r.hidden_at !== null,
        visible: r.hidden_at === null,
      }
    );
  }
  const c = await commentForModeration(db, id);
  return (
    c && {
      kind,
      id,
      title: `Comment on ${c.listing_slug}`,
      text: excerpt(c.body),
      author: c.author_email,
      href: `/p/${c.listing_slug}#comment-${c.id}`,
      hidden: c.hidden_at !== null,
      visible: c.hidden_at === null,
    }
  );
}

async function setHidden(
  tx: Queryable,
  siteId: number,
  kind: ReportKind,
  id: number,
  hidden: boolean,
  now: Date,
): Promise<string | null> {
  if (kind === 'listing') return hidden ? hideListing(tx, siteId, id) : restoreListing(tx, siteId, id);
  if (kind === 'review') return hidden ? hideReview(tx, id) : restoreReview(tx, id);
  return hidden ? hideComment(tx, id, now) : restoreComment(tx, id);
}

/**
 * Carries out one moderation command in one transaction: the change, the record of who did it
 * and why, and closing the open reports it answers.
 */
export async function moderate(
  db: Db,
  siteId: number,
  adminId: number,
  cmd: ModerationCommand,
  now: Date,
): Promise<ModerationOutcome> {
  const reason = cmd.reason.trim();
  if (reason.length < REASON_MIN || reason.length > REASON_MAX) {
    return {
      ok: false,
      status: 400,
      field: 'reason',
      message: `Say why, in ${REASON_MIN} to ${REASON_MAX} characters: it is recorded with the action.`,
    };
  }
  const outcome = await db.transaction(async (tx): Promise<ModerationOutcome> => {
    const record = (action: string, kind: string, targetId: number) =>
      recordAction(tx, siteId, { adminId, action, kind, targetId, reason }, now);
    if (cmd.action === 'suspend' || cmd.action === 'unsuspend') {
      const email =
        cmd.action === 'suspend'
          ? await suspendAccount(tx, cmd.userId, reason, now)
          : await liftSuspension(tx, cmd.userId);
      if (!email)
        return {
          ok: false,
          status: 404,
          message:
            cmd.action === 'suspend' ? 'No such account, or it is already suspended.' : 'No such suspended account.',
        };
      await record(cmd.action, 'account', cmd.userId);
      return {
        ok: true,
        message: cmd.action === 'suspend' ? `${email} is suspended.` : `${email} may take part again.`,
        slugs: [],
      };
    }
    if (cmd.action === 'void_votes') {
      const ids = [...new Set(cmd.voteIds)].filter((v) => Number.isInteger(v) && v >= 1 && v <= 2_147_483_647);
      if (ids.length === 0)
        return { ok: false, status: 400, field: 'votes', message: 'Choose at least one vote to void.' };
      const r = await voidVotes(tx, siteId, ids, reason, now);
      if (r.voided === 0) return { ok: false, status: 404, message: 'Those votes are already void, or do not exist.' };
      for (const id of ids) await record('void_vote', 'vote', id);
      return {
        ok: true,
        message: `${r.voided} vote${r.voided === 1 ? '' : 's'} voided; every board no longer counts ${r.voided === 1 ? 'it' : 'them'}.`,
        slugs: r.slugs,
      };
    }
    const target = await describeTarget(tx, siteId, cmd.kind, cmd.id);
    if (!target) return { ok: false, status: 404, message: `There is no ${cmd.kind} #${cmd.id}.` };
    if (cmd.action === 'dismiss') {
      const closed = await closeReports(tx, siteId, cmd.kind, cmd.id, 'dismissed', adminId, now);
      await record('dismiss_reports', cmd.kind, cmd.id);
      return {
        ok: true,
        message: `${closed} report${closed === 1 ? '' : 's'} on ${target.title} dismissed.`,
        slugs: [],
      };
    }
    const slug = await setHidden(tx, siteId, cmd.kind, cmd.id, cmd.action === 'hide', now);
    if (!slug)
      return {
        ok: false,
        status: 400,
        message: `${target.title} is already ${cmd.action === 'hide' ? 'hidden' : 'shown'}.`,
      };
    await record(cmd.action, cmd.kind, cmd.id);
    await closeReports(tx, siteId, cmd.kind, cmd.id, 'resolved', adminId, now);
    return {
      ok: true,
      message: `${target.title} is ${cmd.action === 'hide' ? 'hidden' : 'shown again'}.`,
      slugs: [slug],
    };
  });
  if (outcome.ok) for (const slug of outcome.slugs) db.changed({ kind: 'listing', siteId, slug });
  if (outcome.ok && cmd.action === 'void_votes') await notifyVotesVoided(db, cmd.voteIds, reason, adminId, now);
  return outcome;
}
