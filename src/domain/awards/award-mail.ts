import type { Mail } from '../../mail/outbox.js';
import { awardTitle } from './award-repository.js';

/** The mail a winner's owner gets: what they won, where anyone can check it, and how to show the badge. */
export function awardMail(
  a: { id: number; week: string; rank: number; votes: number; slug: string; name: string },
  to: string,
  site: { siteName: string; publicUrl: string },
): Mail {
  const title = awardTitle(a.rank);
  const base = site.publicUrl;
  return {
    to,
    subject: `${a.name} is ${title}`,
    text: [
      `Congratulations! ${a.name} is ${title} on ${site.siteName} for the week of ${a.week}, with ${a.votes} ` +
        `community ${a.votes === 1 ? 'vote' : 'votes'} cast that week.`,
      '',
      'Anyone can check the award on its public page:',
      `${base}/awards/${a.id}`,
      '',
      'Show it on your website: the Launch of the Week badge links to that page, so visitors can check it too.',
      `Copy its embed code (HTML or Markdown) under "Add our badge to your site" on ${base}/p/${a.slug}`,
      `or, in any shape, colour mode and size, from ${base}/api/v1/listings/${a.slug}/badges`,
      '',
      `Every winner: ${base}/hall-of-fame`,
      '',
      `— ${site.siteName}`,
    ].join('\n'),
  };
}
