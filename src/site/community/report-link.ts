import { html, type SafeHtml } from '../html.js';

export const KIND_WORDS = { listing: 'listing', review: 'review', comment: 'comment' } as const;

/** The small "Report" link shown next to a listing, review or comment. */
export function reportLink(kind: keyof typeof KIND_WORDS, id: number, label: SafeHtml | string = 'Report'): SafeHtml {
  return html`<a class="report-link small" href="/reports/new?kind=${kind}&amp;id=${id}" rel="nofollow">${label}<span class="sr-only"> this ${KIND_WORDS[kind]}</span></a>`;
}
