import type { Mail } from '../../mail/outbox.js';
import { awardMail } from '../awards/award-mail.js';
import type { NotificationKind } from './notification-kinds.js';
import type { NotifiedListing } from './notify.js';

/** Where a mail comes from and how to stop it (the signed link of unsubscribe-links.ts). */
export interface MailFrame {
  to: string;
  siteName: string;
  publicUrl: string;
  unsubscribeUrl: string;
}

/** What notify.ts queued, per kind. */
export type NotificationDetail = { listing: NotifiedListing } & Record<string, unknown>;
type Detail = NotificationDetail;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const stars = (n: number) => '★'.repeat(n) + '☆'.repeat(Math.max(0, 5 - n));

/** "on Tallyflow" for one listing, "on 2 of your listings" for more. */
function onWhat(details: Detail[]): string {
  const names = [...new Set(details.map((d) => d.listing?.name).filter(Boolean))];
  return names.length === 1 ? `on ${names[0]}` : `on ${names.length} of your listings`;
}

/** The heading and lines of each kind's mail. */
function body(
  kind: Exclude<NotificationKind, 'digest'>,
  details: Detail[],
  f: MailFrame,
): { subject: string; lines: string[] } {
  const base = f.publicUrl;
  const page = (d: Detail) => `${base}/p/${d.listing.slug}`;
  switch (kind) {
    case 'comment':
      return {
        subject: `${details.length === 1 ? 'A new comment' : plural(details.length, 'new comment')} ${onWhat(details)}`,
        lines: details.flatMap((d) => [
          `${d.author} on ${d.listing.name}:`,
          `  “${d.text}”`,
          `  ${page(d)}#comment-${d.id}`,
          '',
        ]),
      };
    case 'review':
      return {
        subject: `${details.length === 1 ? 'A new review' : plural(details.length, 'new review')} ${onWhat(details)}`,
        lines: details.flatMap((d) => [
          `${d.author} rated ${d.listing.name} ${stars(Number(d.rating))} (${d.rating}/5):`,
          ...(d.text ? [`  “${d.text}”`] : []),
          `  ${page(d)}#reviews`,
          '',
        ]),
      };
    case 'votes': {
      const lines: string[] = [];
      for (const slug of new Set(details.map((d) => d.listing.slug))) {
        const mine = details.filter((d) => d.listing.slug === slug);
        const name = mine[0].listing.name;
        const held = mine.reduce((s, d) => s + Number(d.held ?? 0), 0);
        if (held)
          lines.push(
            `${plural(held, 'new vote')} on ${name} ${held === 1 ? 'is' : 'are'} held: ${held === 1 ? 'its voter’s account is' : 'their voters’ accounts are'} ` +
              'new, so they count once the accounts are old enough (nothing for you to do).',
          );
        for (const d of mine.filter((x) => x.voided))
          lines.push(`A moderator voided ${plural(Number(d.voided), 'vote')} on ${name}: ${d.reason}`);
        lines.push(`  ${page(mine[0])}`, '');
      }
      return { subject: `Votes held or voided ${onWhat(details)}`, lines };
    }
    case 'award':
      return {
        subject:
          details.length === 1
            ? awardOf(details[0], f).subject
            : `${plural(details.length, 'award')} for your listings`,
        // The award mail's own words, without its sign-off (the footer has one).
        lines: details.flatMap((d) => [...awardOf(d, f).text.split('\n').slice(0, -2), '']),
      };
    case 'order':
      return {
        subject:
          details.length === 1
            ? `Order ${details[0].number} is fulfilled`
            : `${plural(details.length, 'order')} fulfilled`,
        lines: details.flatMap((d) => {
          const names = (d.listings as string[] | undefined) ?? [];
          return [
            `Order ${d.number}${names.length ? ` (for ${names.join(', ')})` : ''} is fulfilled: everything it bought is done.`,
            `  ${base}/orders/${d.number}`,
            '',
          ];
        }),
      };
  }
}

/** The award's own mail (award-mail.ts). */
function awardOf(d: Detail, f: MailFrame) {
  const a = { id: Number(d.id), week: String(d.week), rank: Number(d.rank), votes: Number(d.votes), ...d.listing };
  return awardMail(a, f.to, f);
}

/** The footer every notification ends with: why it came and the link that stops it. */
export function footer(f: MailFrame, why: string): string[] {
  return [
    `— ${f.siteName}`,
    '',
    `You get this mail because ${why}.`,
    `Stop these mails: ${f.unsubscribeUrl}`,
    `All your mail settings: ${f.publicUrl}/account#notifications`,
  ];
}

/** The one mail gathering everything waiting of a kind for a person. */
export function notificationMail(kind: Exclude<NotificationKind, 'digest'>, details: Detail[], f: MailFrame): Mail {
  const { subject, lines } = body(kind, details, f);
  const who = kind === 'order' ? 'you bought or own a listing of these orders' : 'you own the listings named above';
  const why = `${who} (at most one mail of this kind an hour)`;
  return { to: f.to, subject, text: [...lines, ...footer(f, why)].join('\n') };
}
