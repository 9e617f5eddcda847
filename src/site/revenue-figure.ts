import { html, type SafeHtml } from './html.js';
import { revenueSourceLabel } from '../domain/revenue/revenue-providers.js';
import { formatUsd } from '../domain/money/format-money.js';

const monthName = (month: string) =>
  new Date(`${month.slice(0, 10)}T00:00:00Z`).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * How an MRR figure reads wherever it is shown (listing page, owner's page): the amount, its month,
 * and whether a provider verified it — a stated figure always says self-reported.
 */
export function revenueFigureLabel(f: {
  mrr_cents: number;
  month: string;
  verified: boolean;
  source: string;
}): SafeHtml {
  return html`<strong>${formatUsd(f.mrr_cents)}</strong> MRR in ${monthName(f.month)} · ${
    f.verified
      ? html`<span class="badge">verified by ${revenueSourceLabel(f.source)}</span>`
      : html`<span class="muted">self-reported</span>`
  }`;
}
