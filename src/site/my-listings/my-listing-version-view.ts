import { html, type SafeHtml } from '../html.js';
import type { ListingVersion } from '../../domain/my-listings/listing-versions.js';

const LONGEST = 400;

/** A stored field value in words: lists joined, FAQs and socials spelled out. */
export function valueText(v: unknown): string {
  let text: string;
  if (v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0)) return '(empty)';
  if (Array.isArray(v)) {
    text = v
      .map((item) =>
        item && typeof item === 'object'
          ? `${(item as { question?: string }).question ?? ''} — ${(item as { answer?: string }).answer ?? ''}`
          : String(item),
      )
      .join(' · ');
  } else if (typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>);
    text = entries.length ? entries.map(([k, s]) => `${k}: ${String(s)}`).join(' · ') : '(empty)';
  } else {
    text = String(v);
  }
  return text;
}

/** Long values open on demand, so the table stays readable and the whole before/after is still there. */
function valueCell(v: unknown): SafeHtml {
  const text = valueText(v);
  if (text.length <= LONGEST) return html`${text}`;
  return html`<details><summary>${text.slice(0, LONGEST)}…</summary><div class="full">${text}</div></details>`;
}

/** Edits as a table, newest first: when, who, and each field's value before and after (all escaped). */
export function versionsTable(versions: ListingVersion[], opts: { showListing: boolean }): SafeHtml {
  if (versions.length === 0) return html`<p class="muted">No edits yet.</p>`;
  return html`<table class="versions"><thead><tr><th>When</th>${opts.showListing ? html`<th>Listing</th>` : ''}<th>By</th><th>Field</th><th>Before</th><th>After</th></tr></thead><tbody>
    ${versions.map((v) =>
      v.fields.map(
        (f, i) => html`<tr>
      ${
        i === 0
          ? html`<td rowspan="${v.fields.length}">${v.created_at.slice(0, 16).replace('T', ' ')}</td>
        ${opts.showListing ? html`<td rowspan="${v.fields.length}"><a href="/p/${v.slug}">${v.slug}</a></td>` : ''}
        <td rowspan="${v.fields.length}">${v.user_email ?? '(deleted user)'}</td>`
          : ''
      }
      <td><code>${f}</code></td><td>${valueCell(v.before[f])}</td><td>${valueCell(v.after[f])}</td></tr>`,
      ),
    )}
  </tbody></table>`;
}

/** Previous / next links for a paginated page at `path`. */
export function pager(path: string, page: number, totalPages: number): SafeHtml | '' {
  if (totalPages <= 1) return '';
  return html`<p class="pager">${page > 1 ? html`<a href="${path}?page=${page - 1}" rel="prev">Newer</a> ` : ''}Page ${page} of ${totalPages}${page < totalPages ? html` <a href="${path}?page=${page + 1}" rel="next">Older</a>` : ''}</p>`;
}
