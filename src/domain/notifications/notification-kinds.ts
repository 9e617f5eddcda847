/**
 * What a person can be mailed about (README "Notifications"). Every kind is on until the person
 * turns it off on the account page or with a mail's unsubscribe link.
 */
export const NOTIFICATION_KINDS = ['comment', 'review', 'votes', 'award', 'order', 'digest'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const isNotificationKind = (s: string): s is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(s);

/** How the account page and the unsubscribe page name each kind. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  comment: 'New comments on your listings',
  review: 'New reviews of your listings',
  votes: 'Votes on your listings held for review or voided',
  award: 'Awards your listings win',
  order: 'Your paid orders fulfilled',
  digest: 'A weekly digest of the listings you follow and the week’s winners',
};
