import { html, type SafeHtml } from '../html.js';
import type { ClaimView } from '../../domain/claims/claim-view.js';
import {
  trustedContactEmail,
  type ClaimableListing,
  type CheckResult,
  type ClaimRecord,
} from '../../domain/claims/claim-repository.js';
import { acceptedClaimEmails, claimHost, type ClaimMethod } from '../../domain/claims/claim-instructions.js';

const csrfInput = (csrf: string) => html`<input type="hidden" name="_csrf" value="${csrf}">`;
const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

export const METHOD_LABELS: Record<ClaimMethod, string> = {
  dns: 'DNS TXT record',
  meta: 'Meta tag on the homepage',
  file: 'File on the website',
  email: 'Link emailed to an admin address at the domain',
};

/** What to publish, each value in its own code block so it can be copied whole. */
export function instructionsHtml(v: ClaimView): SafeHtml {
  const i = v.instructions;
  return html`<div class="instructions">
    ${
      i.dns_record
        ? html`<p>Add this DNS record at the DNS host of ${v.listing.domain}:</p>
      <table><tbody><tr><th scope="row">Type</th><td><code>TXT</code></td></tr>
      <tr><th scope="row">Name</th><td><code>${i.dns_record.name}</code></td></tr>
      <tr><th scope="row">Value</th><td><code>${i.dns_record.value}</code></td></tr>
      <tr><th scope="row">TTL</th><td><code>${i.dns_record.ttl}</code></td></tr></tbody></table>
      <p class="small muted">As a zone file line: <code>${i.zone_file_line}</code>. Some DNS hosts want only <code>_launchdeck-claim</code> as the name.</p>`
        : ''
    }
    ${i.meta_tag ? html`<p>Add this tag inside the <code>&lt;head&gt;</code> of <a href="${i.page_url}" rel="nofollow noopener">${i.page_url}</a>, in the HTML your server sends:</p><code class="secret">${i.meta_tag}</code>` : ''}
    ${i.file_url ? html`<p>Publish a plain text file at <code>${i.file_url}</code> containing exactly:</p><code class="secret">${i.file_content}</code>` : ''}
    ${v.method === 'email' ? html`<p>${i.summary}</p>` : ''}
    <p class="small muted">${i.verify}</p></div>`;
}

export function lastCheckHtml(c: CheckResult | null): SafeHtml {
  if (!c) return html`<p class="muted small">Not checked yet.</p>`;
  return html`<div class="last-check"><p><strong>Last check</strong> (${when(c.checked_at)}): <span class="${c.found ? '' : 'error'}">${c.found ? 'found' : 'not found'}</span>.</p>
    <p>${c.detail}</p>
    ${c.seen.length ? html`<p class="small">Seen at <code>${c.checked}</code>:</p><ul class="small">${c.seen.map((s) => html`<li><code>${s}</code></li>`)}</ul>` : ''}</div>`;
}

function claimCard(v: ClaimView, csrf: string): SafeHtml {
  const pending = v.status === 'pending';
  return html`<section class="card" id="claim-${v.id}">
    <h2><a href="/p/${v.listing.slug}">${v.listing.name}</a> <span class="badge" data-status="${v.status}">${v.status}</span></h2>
    <p class="muted">${METHOD_LABELS[v.method]}${v.email ? html` · ${v.email}` : ''} · started ${when(v.created_at)} · ${v.status === 'verified' && v.verified_at ? html`verified ${when(v.verified_at)}` : html`open until ${when(v.expires_at)}`}</p>
    ${pending ? instructionsHtml(v) : ''}
    ${lastCheckHtml(v.last_check)}
    ${pending ? html`<form method="post" action="/claims/${v.id}/verify">${csrfInput(csrf)}<button>${v.method === 'email' ? 'Send the link again' : 'Verify now'}</button></form>` : ''}
    <p class="small muted">${v.note}</p></section>`;
}

export function claimsListHtml(
  views: ClaimView[],
  csrf: string,
  opts: { notice?: string; error?: string; page: number; pages: number },
): SafeHtml {
  return html`<h1>Your claims</h1>
    ${opts.notice ? html`<p class="notice" role="status">${opts.notice}</p>` : ''}
    ${opts.error ? html`<p class="error" role="alert">${opts.error}</p>` : ''}
    <p>A claim proves a listing is yours. Once verified, you become its owner and it shows "Verified owner". Verified is not the same as paid: the plan and launch week stay as they are.</p>
    ${views.length ? views.map((v) => claimCard(v, csrf)) : html`<p class="muted">No claims yet. Open a listing and choose "Claim this listing".</p>`}
    ${opts.pages > 1 ? html`<nav aria-label="Pages"><p>${opts.page > 1 ? html`<a href="/claims?page=${opts.page - 1}">Newer</a> ` : ''}Page ${opts.page} of ${opts.pages}${opts.page < opts.pages ? html` <a href="/claims?page=${opts.page + 1}">Older</a>` : ''}</p></nav>` : ''}`;
}

export function newClaimForm(
  l: ClaimableListing,
  csrf: string,
  opts: { method?: string; email?: string; error?: string } = {},
): SafeHtml {
  const domain = claimHost(l.domain);
  const option = (m: ClaimMethod, hint: string) =>
    html`<label class="check"><input type="radio" name="method" value="${m}" ${opts.method === m || (!opts.method && m === 'dns') ? 'checked' : ''}> <strong>${METHOD_LABELS[m]}</strong> — ${hint}</label>`;
  return html`<h1>Claim ${l.name}</h1>
    <p>Show that you run <strong>${domain}</strong> and you become the owner of <a href="/p/${l.slug}">${l.name}</a>: you can edit it, and it shows "Verified owner". Anyone who owns it now is replaced and told by email. Verified is not the same as paid.</p>
    <form method="post" action="/claims" class="form">${csrfInput(csrf)}<input type="hidden" name="slug" value="${l.slug}">
      <fieldset><legend>How will you prove it?</legend>
        ${option('dns', `add a TXT record to ${domain}'s DNS`)}
        ${option('meta', 'add a tag to your homepage')}
        ${option('file', 'upload a small text file to your website')}
        ${option('email', `we email a link to an address only whoever runs ${domain} controls`)}
      </fieldset>
      <label>Email address (for the email method) <input type="email" name="email" maxlength="254" value="${opts.email ?? ''}" placeholder="admin@${domain}" aria-describedby="claim-email-hint${opts.error ? ' claim-error' : ''}" ${opts.error ? html`aria-invalid="true"` : ''}></label>
      <p class="small muted" id="claim-email-hint">Accepted: ${acceptedClaimEmails({ domain: l.domain, contactEmail: trustedContactEmail(l) })}. A personal address at ${domain} is not accepted: at a mailbox provider anyone can have one.</p>
      ${opts.error ? html`<p class="field-error" id="claim-error" role="alert">${opts.error}</p>` : ''}
      <button type="submit">Start the claim</button>
    </form>`;
}

/** Shown instead of the claim form to an account whose email address is not confirmed yet. */
export function confirmEmailFirstHtml(message: string): SafeHtml {
  return html`<h1>Confirm your email address first</h1>
    <p class="error" role="alert">${message}</p>
    <p><a href="/account">Go to your account</a> to send the confirmation email again.</p>`;
}

/** The page an emailed link opens: nothing happens until the button is pressed (mail scanners follow links). */
export function confirmLinkHtml(claim: ClaimRecord, claimantEmail: string, token: string, csrf: string): SafeHtml {
  return html`<h1>Confirm the claim of ${claim.listing_name}</h1>
    <p><strong>${claimantEmail}</strong> asked to become the owner of <a href="/p/${claim.slug}">${claim.listing_name}</a> and named <strong>${claim.email}</strong> to prove it.</p>
    <p>Confirming makes that account the listing's owner; anyone who owns it now is replaced. Only confirm if you know and trust ${claimantEmail}.</p>
    <form method="post" action="/claims/verify-email">${csrfInput(csrf)}<input type="hidden" name="token" value="${token}"><button>Confirm</button></form>`;
}
