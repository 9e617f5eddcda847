import { EVENT_TYPES } from '../../domain/events/event-types.js';
import { DESCRIPTION_MAX, MAX_ENDPOINTS, URL_MAX } from '../../domain/webhooks/webhook-limits.js';
import type { DeliveryRow, EndpointRow } from '../../domain/webhooks/webhook-repository.js';
import type { PageOf } from '../../api/schemas/common.js';
import { pagination } from '../components.js';
import { html, type SafeHtml } from '../html.js';

const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '—');
const csrfField = (csrf: string) => html`<input type="hidden" name="_csrf" value="${csrf}">`;

const errorList = (errors?: string[]) =>
  errors?.length ? html`<div class="error" role="alert"><ul>${errors.map((e) => html`<li>${e}</li>`)}</ul></div>` : '';

/** The event checkboxes, with `chosen` ticked. */
function eventChoices(chosen: readonly string[]): SafeHtml {
  return html`<fieldset><legend>Events</legend>${EVENT_TYPES.map(
    (t) =>
      html`<label class="check"><input type="checkbox" name="events" value="${t}" ${chosen.includes(t) ? 'checked' : ''}> <code>${t}</code></label>`,
  )}</fieldset>`;
}

const endpointState = (e: EndpointRow) => (e.enabled ? 'enabled' : 'disabled');

/** /account/webhooks: the account's endpoints and the form to add one; `secret` once, right after adding. */
export function webhookListView(
  endpoints: EndpointRow[],
  csrf: string,
  o: { secret?: { url: string; value: string }; errors?: string[]; notice?: string; form?: Record<string, string> },
): SafeHtml {
  return html`
    <h1>Webhooks</h1>
    <p><a href="/account">← Your account</a></p>
    <p>Each endpoint receives a signed <code>POST</code> for the events it is subscribed to, per the
    <a href="https://www.standardwebhooks.com/">Standard Webhooks</a> spec (headers <code>webhook-id</code>,
    <code>webhook-timestamp</code>, <code>webhook-signature</code>). Failed deliveries are retried for 24 hours.</p>
    ${o.notice ? html`<p class="notice" role="status">${o.notice}</p>` : ''}
    ${
      o.secret
        ? html`<div class="card" role="status"><p><strong>The signing secret of ${o.secret.url}.</strong> Copy it now: it is shown only this once.</p><code class="secret">${o.secret.value}</code></div>`
        : ''
    }
    ${
      endpoints.length
        ? html`<table><caption>Your endpoints</caption><thead><tr><th scope="col">URL</th><th scope="col">Events</th><th scope="col">State</th><th scope="col">Added</th></tr></thead><tbody>
      ${endpoints.map(
        (
          e,
        ) => html`<tr><td><a href="/account/webhooks/${e.id}">${e.url}</a>${e.description ? html`<br><span class="muted">${e.description}</span>` : ''}</td>
        <td>${e.events.join(', ')}</td><td>${endpointState(e)}${e.disabled_reason ? html`<br><span class="muted">${e.disabled_reason}</span>` : ''}</td><td>${when(e.created_at)}</td></tr>`,
      )}
    </tbody></table>`
        : html`<p class="muted">No endpoints yet.</p>`
    }
    <h2 id="add">Add an endpoint</h2>
    ${errorList(o.errors)}
    ${
      endpoints.length >= MAX_ENDPOINTS
        ? html`<p>You have ${MAX_ENDPOINTS} endpoints, the most an account may have: delete one to add another.</p>`
        : html`<form method="post" action="/account/webhooks" class="form">${csrfField(csrf)}
      <label>URL <input name="url" type="url" required maxlength="${URL_MAX}" placeholder="https://example.com/webhooks" value="${o.form?.url ?? ''}"></label>
      <label>Note (optional) <input name="description" maxlength="${DESCRIPTION_MAX}" value="${o.form?.description ?? ''}"></label>
      ${eventChoices(o.form?.events?.split(',') ?? [])}
      <button type="submit">Add the endpoint</button>
    </form>`
    }`;
}

const STATUS_WORDS: Record<DeliveryRow['status'], string> = {
  pending: 'pending',
  delivered: 'delivered',
  failed: 'failed',
};

/** /account/webhooks/{id}: edit, enable or disable, delete, and the delivery log with redelivery. */
export function webhookEndpointView(
  e: EndpointRow,
  deliveries: PageOf<DeliveryRow>,
  csrf: string,
  o: { errors?: string[]; notice?: string },
): SafeHtml {
  return html`
    <h1>Webhook endpoint</h1>
    <p><a href="/account/webhooks">← Webhooks</a></p>
    ${o.notice ? html`<p class="notice" role="status">${o.notice}</p>` : ''}
    ${errorList(o.errors)}
    <p><code>${e.url}</code> — ${endpointState(e)}${e.disabled_reason ? html` (${e.disabled_reason})` : ''}</p>
    <form method="post" action="/account/webhooks/${e.id}/${e.enabled ? 'disable' : 'enable'}">${csrfField(csrf)}
      <button class="secondary">${e.enabled ? 'Disable' : 'Enable'} this endpoint</button></form>

    <h2 id="edit">Edit</h2>
    <form method="post" action="/account/webhooks/${e.id}" class="form">${csrfField(csrf)}
      <label>URL <input name="url" type="url" required maxlength="${URL_MAX}" value="${e.url}"></label>
      <label>Note (optional) <input name="description" maxlength="${DESCRIPTION_MAX}" value="${e.description}"></label>
      ${eventChoices(e.events)}
      <button type="submit">Save</button>
    </form>

    <h2 id="deliveries">Deliveries</h2>
    ${
      deliveries.items.length
        ? html`<table><caption>Newest first</caption><thead><tr><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Response</th><th scope="col">Attempts</th><th scope="col">Next retry</th><th scope="col">Created</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead><tbody>
      ${deliveries.items.map(
        (
          d,
        ) => html`<tr><td><code>${d.event_type}</code>${d.redelivery_of ? html`<br><span class="muted">redelivery of #${d.redelivery_of}</span>` : ''}</td>
        <td>${STATUS_WORDS[d.status]}${d.error ? html`<br><span class="muted">${d.error}</span>` : ''}</td>
        <td>${d.response_code ?? '—'}${d.duration_ms !== null ? html` in ${d.duration_ms} ms` : ''}${d.response_excerpt ? html`<br><code>${d.response_excerpt.slice(0, 120)}</code>` : ''}</td>
        <td>${d.attempts}</td><td>${when(d.next_attempt_at)}</td><td>${when(d.created_at)}</td>
        <td><form method="post" action="/account/webhook-deliveries/${d.id}/redeliver">${csrfField(csrf)}<button class="secondary" aria-label="Redeliver delivery ${d.id}">Redeliver</button></form></td></tr>`,
      )}
    </tbody></table>
    ${pagination(`/account/webhooks/${e.id}`, {}, deliveries.page, deliveries.total_pages)}`
        : html`<p class="muted">Nothing was sent to this endpoint yet.</p>`
    }

    <h2 id="delete">Delete</h2>
    <form method="post" action="/account/webhooks/${e.id}/delete">${csrfField(csrf)}
      <button class="secondary">Delete this endpoint and its delivery log</button></form>`;
}
