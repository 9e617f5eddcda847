/**
 * Who may take part in the community (vote, review, comment, report): an account with a
 * confirmed email that no moderator suspended. The first reason that applies, or null.
 */
export type ParticipationRefusal = 'unconfirmed' | 'suspended';

export function participationRefusal(user: {
  email_verified_at: string | null;
  suspended_at: string | null;
}): ParticipationRefusal | null {
  if (!user.email_verified_at) return 'unconfirmed';
  if (user.suspended_at) return 'suspended';
  return null;
}
