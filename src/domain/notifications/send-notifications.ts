import type { AppContext } from '../../app-context.js';
import { fromJson } from '../../db/client.js';
import { queueMail } from '../../mail/outbox.js';
import { type NotificationDetail, notificationMail } from './notification-mail.js';
import { claimBatch, dueBatches, recipientOf, takeItems } from './notification-repository.js';
import { unsubscribeHeaders, unsubscribeUrl } from './unsubscribe-links.js';

/** No person gets more than one mail of a kind within this long. */
export const BATCH_INTERVAL_MS = 3_600_000;

class NothingToSend extends Error {}

/**
 * Mails what is waiting, one mail per (person, kind) gathering all of it, at most hourly per
 * (person, kind). Run every minute by every worker: each mail is claimed in the transaction that
 * takes its items and queues it, so it goes once. Returns how many mails were queued.
 */
export async function sendNotificationBatches(ctx: AppContext, limit = 200): Promise<number> {
  const now = ctx.now();
  const lastSentBefore = new Date(now.getTime() - BATCH_INTERVAL_MS);
  let queued = 0;
  for (const due of await dueBatches(ctx.db, ctx.site.id, lastSentBefore, limit)) {
    const b = { siteId: ctx.site.id, userId: due.user_id, kind: due.kind };
    try {
      await ctx.db.transaction(async (tx) => {
        const to = await recipientOf(tx, b.userId, b.kind);
        // Turned off since it was queued: dropped.
        if (!to) return void (await takeItems(tx, b));
        if (!(await claimBatch(tx, b, now, lastSentBefore))) return;
        const items = await takeItems(tx, b);
        // Another worker took them first: undo the claim. (Digests are never queued: weekly-digest.ts.)
        if (items.length === 0 || b.kind === 'digest') throw new NothingToSend();
        const url = unsubscribeUrl(ctx.config.publicUrl, ctx.secret, b.userId, b.kind);
        const details = items.map((i) => fromJson<NotificationDetail>(i.detail));
        const mail = notificationMail(b.kind, details, {
          to,
          siteName: ctx.site.name,
          publicUrl: ctx.config.publicUrl,
          unsubscribeUrl: url,
        });
        await queueMail(tx, { ...mail, headers: unsubscribeHeaders(url) });
        queued++;
      });
    } catch (err) {
      if (!(err instanceof NothingToSend)) throw err;
    }
  }
  return queued;
}
