import type { AppContext } from '../../app-context.js';
import { queueMail } from '../../mail/outbox.js';
import { awardTitle } from '../awards/award-repository.js';
import { addDays, addWeeks, mondayOf } from '../weeks/weeks.js';
import { claimDigest, digestRecipients, type FollowedNews, followedNews, weekWinners } from './digest-repository.js';
import { footer } from './notification-mail.js';
import { unsubscribeHeaders, unsubscribeUrl } from './unsubscribe-links.js';

/**
 * The Monday of the week whose digest is due at `now`: the digest goes out on DIGEST_WEEKDAY at
 * DIGEST_HOUR (UTC) and tells of the launch week that ended before it; null before that moment.
 */
export function dueDigestWeek(now: Date, weekday: number, hour: number): string | null {
  const monday = mondayOf(now);
  const due = Date.parse(`${addDays(monday, weekday - 1)}T00:00:00Z`) + hour * 3_600_000;
  return now.getTime() >= due ? monday : null;
}

/** What the followed listings did: one paragraph each for those that did something. */
function newsLines(news: FollowedNews[], base: string): string[] {
  return news.flatMap((n) => {
    const done = [
      ...(n.launched ? ['launched that week'] : []),
      ...n.updates.map((t) => `posted an update: ${t}`),
      ...n.milestones.map((t) => `reached a milestone: ${t}`),
      ...(n.edited && !n.launched && n.updates.length === 0 && n.milestones.length === 0 ? ['updated its page'] : []),
    ];
    return done.length ? [`${n.name} (${base}/p/${n.slug})`, ...done.map((d) => `  - ${d}`), ''] : [];
  });
}

/**
 * Mails each follower the week's digest, once per week per person: the claim on the person's row
 * and the queued mail commit together, so any number of workers may run this every minute. A
 * follower whose listings did nothing in a week without winners gets nothing (the week is still
 * claimed). Returns how many digests were queued.
 */
export async function sendWeeklyDigests(ctx: AppContext, limit = 200): Promise<number> {
  const { digestWeekday, digestHour } = ctx.config.notifications;
  const week = dueDigestWeek(ctx.now(), digestWeekday, digestHour);
  if (!week) return 0;
  const told = addWeeks(week, -1);
  const range = { monday: told, from: `${told}T00:00:00Z`, to: `${week}T00:00:00Z` };
  const base = ctx.config.publicUrl;
  const people = await digestRecipients(ctx.db, ctx.site.id, week, limit);
  if (people.length === 0) return 0;
  const winners = await weekWinners(ctx.db, ctx.site.id, told);
  const winnerLines = winners.length
    ? [
        `The week's winners on ${ctx.site.name}:`,
        ...winners.map(
          (w) =>
            `  ${awardTitle(w.rank)}: ${w.name}, ${w.votes} ${w.votes === 1 ? 'vote' : 'votes'} (${base}/awards/${w.id})`,
        ),
        '',
      ]
    : [];
  let queued = 0;
  for (const p of people) {
    await ctx.db.transaction(async (tx) => {
      if (!(await claimDigest(tx, ctx.site.id, p.user_id, week))) return;
      const news = newsLines(await followedNews(tx, ctx.site.id, p.user_id, range), base);
      if (news.length === 0 && winnerLines.length === 0) return;
      const url = unsubscribeUrl(base, ctx.secret, p.user_id, 'digest');
      const frame = { to: p.email, siteName: ctx.site.name, publicUrl: base, unsubscribeUrl: url };
      const text = [
        `Your week on ${ctx.site.name}, ${told} to ${addDays(told, 6)}.`,
        '',
        ...(news.length
          ? ['The listings you follow:', '', ...news]
          : ['The listings you follow were quiet this week.', '']),
        ...winnerLines,
        ...footer(frame, 'you follow listings here'),
      ].join('\n');
      await queueMail(tx, {
        to: p.email,
        subject: `Your weekly ${ctx.site.name} digest: the week of ${told}`,
        text,
        headers: unsubscribeHeaders(url),
      });
      queued++;
    });
  }
  return queued;
}
