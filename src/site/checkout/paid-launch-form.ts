import { html, type SafeHtml } from '../html.js';
import type { ProductList } from '../../domain/orders/products-view.js';
import { formatUsd } from '../../domain/money/format-money.js';

/** Extras a founder can add to a paid launch on the site (each a product of list_products). */
export const LAUNCH_EXTRAS = ['featured', 'ai_review', 'done_for_you'] as const;

/**
 * The paid plan on a listing's launch page: a launch week from list_products (or right now) and
 * extras; submitting builds the order and opens its checkout page.
 */
export function paidLaunchForm(
  listingId: number,
  products: ProductList,
  csrf: string,
  opts: { error?: string; status: string },
): SafeHtml {
  const byCode = new Map(products.items.map((p) => [p.code, p]));
  const launch = byCode.get('launch');
  if (!launch) return html``;
  const weeks = products.weeks;
  return html`<section class="card paid-launch" aria-labelledby="paid-h">
    <h2 id="paid-h">Paid launch — ${formatUsd(launch.price_cents)}</h2>
    <p>${launch.description}</p>
    ${opts.status !== 'draft' ? html`<p class="small muted">Choosing the paid plan takes this listing out of the free queue.</p>` : ''}
    ${opts.error ? html`<p class="error" role="alert" id="paid-error">${opts.error}</p>` : ''}
    <form method="post" action="/my/listings/${listingId}/launch/paid" class="form">
      <input type="hidden" name="_csrf" value="${csrf}">
      <label>Launch week
        <select name="week" id="paid-week">
          <option value="">Right now (live as soon as you have paid)</option>
          ${weeks.map((w) => html`<option value="${w.week}" ${w.available ? '' : 'disabled'}>Week of ${w.week}${w.available ? ` (${w.places_left} place${w.places_left === 1 ? '' : 's'} left)` : ' (full)'}</option>`)}
        </select></label>
      <fieldset><legend>Extras</legend>
        ${LAUNCH_EXTRAS.map((code) => byCode.get(code))
          .filter((p) => p)
          .map(
            (p) => html`
          <label class="check"><input type="checkbox" name="extras" value="${p!.code}"> <span><strong>${p!.name}</strong> — ${formatUsd(p!.price_cents)}<br><span class="small muted">${p!.description}</span></span></label>`,
          )}
      </fieldset>
      <p class="small muted">Prices exclude VAT, which the checkout adds for your country.</p>
      <button type="submit" id="paid-launch">Continue to checkout</button>
    </form></section>`;
}
