import type { ParticipationRefusal } from '../../domain/accounts/participation.js';
import { html, type SafeHtml } from '../html.js';

/**
 * The page of someone who may not take part: [title, body]. `taken` says what is taken only from
 * confirmed accounts, e.g. "Votes count", "Reviews are taken".
 */
export function participationRefusalPage(refusal: ParticipationRefusal, taken: string): [string, SafeHtml] {
  return refusal === 'unconfirmed'
    ? [
        'Confirm your email first',
        html`<h1>Confirm your email first</h1>
        <p>${taken} only from people with a confirmed email address. Open the link we mailed you, or send it again from <a href="/account">your account</a>.</p>`,
      ]
    : [
        'Account suspended',
        html`<h1>Your account is suspended</h1><p>A moderator suspended this account, so it cannot vote, review, comment or report.</p>`,
      ];
}
