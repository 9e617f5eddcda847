import { html, type SafeHtml } from '../html.js';
import type { FieldError } from '../../api/errors.js';
import type { Evidence } from '../../drafting/evidence.js';
import { FIELD_LIMITS, PROFILE_FIELDS, type ProfileField } from '../../drafting/draft-content.js';
import type { DraftView } from '../../domain/drafts/draft-view.js';
import type { DraftProgress } from '../../domain/drafts/draft-repository.js';
import type { FieldState } from '../../domain/drafts/field-states.js';
import { MAX_INVITES } from '../../domain/drafts/draft-invites.js';
import {
  FAQ_LIMITS,
  FIELD_LABELS,
  LONG_FIELDS,
  errorField,
  faqsHash,
  isListField,
  shownHash,
  type FaqPair,
} from './draft-edit-form.js';
import { formText } from '../form-text.js';
import { SOURCE_WORDS } from './draft-evidence-view.js';

/** Field states (FieldState of src/domain/drafts/field-states.ts) in plain words. */
export const STATE_WORDS: Record<FieldState, string> = {
  ai: 'Quoted from your website',
  not_found: 'Not found on your website',
  edited: 'Edited by you',
  manual: 'Added by you',
  override: 'Locked — AI redrafts skip it',
  deleted: 'Removed by you',
};

const PART_LABELS: Record<string, string> = {
  faqs: 'FAQs',
  founders: 'Founders',
  company_socials: 'Company social links',
};
export const missingLabel = (m: string) => FIELD_LABELS[m as ProfileField] ?? PART_LABELS[m] ?? m;

const hasValue = (v: unknown) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0);
const isWebLink = (u: string) => /^https?:\/\//i.test(u);
const extLink = (u: string) =>
  isWebLink(u) ? html`<a href="${u}" rel="nofollow noopener noreferrer">${u}</a>` : html`${u}`;

export interface EditorOptions {
  csrf: string;
  role: 'owner' | 'cofounder';
  categories: string[];
  invites: { email: string; accepted: boolean }[];
  /** Typed values and the hashes of what the page showed, kept when a save is refused. */
  typed?: Partial<Record<ProfileField, string>>;
  shown?: Partial<Record<ProfileField, string>>;
  errors?: FieldError[];
  /** Problems not about one field (a 409, an invite refused…), shown at the top. */
  problems?: string[];
  notice?: string;
  inviteEmail?: string;
  inviteError?: string;
  /** The FAQ form as typed, the hash of the FAQs it showed and its problems, when a save was refused. */
  faqTyped?: FaqPair[];
  faqShown?: string;
  faqErrors?: string[];
}

/** The quotes behind a value, each with its page and a link to see it marked on that page. */
export function evidenceList(draftId: string, key: string, evidence: Evidence[] | undefined): SafeHtml | '' {
  if (!evidence?.length) return '';
  return html`<ul class="evidence">${evidence.map(
    (e, i) => html`<li><q>${e.quote}</q>
    <span class="muted">— ${e.source && e.source !== 'text' ? html`in ${SOURCE_WORDS[e.source]} of ` : ''}${extLink(e.url)}</span>
    · <a href="/drafts/${draftId}/evidence?field=${encodeURIComponent(key)}&amp;i=${i}">show it on the page</a></li>`,
  )}</ul>`;
}

function fieldHint(f: ProfileField, categories: string[]): string {
  const limit = FIELD_LIMITS[f];
  if (f === 'categories')
    return `One per line, at most ${limit.items}; the first is the primary category.${categories.length ? ` Choose from: ${categories.join(', ')}.` : ''}`;
  if (isListField(f)) return `One per line, at most ${limit.items} items of up to ${limit.max} characters.`;
  if (f === 'country') return 'Two-letter ISO code, e.g. PT or US.';
  if (f === 'founded_year') return 'A year, e.g. 2021.';
  if (f === 'demo_video_url') return 'A link on a video site (YouTube, Vimeo, Loom…).';
  return `Up to ${limit.max} characters.`;
}

function fieldBlock(v: DraftView, f: ProfileField, o: EditorOptions): SafeHtml {
  const row = v.fields[f] as { value: unknown; state: FieldState; evidence: Evidence[]; ai_value: unknown };
  const error = o.errors
    ?.filter((e) => errorField(e.path) === f)
    .map((e) => e.message)
    .join('; ');
  const text = o.typed?.[f] ?? formText(row.value);
  const shown = o.shown?.[f] ?? shownHash(f, row.value);
  const id = `value-${f}`;
  const described = [`state-${f}`, `hint-${f}`, error ? `error-${f}` : ''].filter(Boolean).join(' ');
  const input =
    isListField(f) || LONG_FIELDS.includes(f)
      ? html`<textarea id="${id}" name="value.${f}" rows="${f === 'description' ? 8 : isListField(f) ? 4 : 3}" ${isListField(f) ? '' : html`maxlength="${FIELD_LIMITS[f].max}"`} aria-describedby="${described}" ${error ? html`aria-invalid="true"` : ''}>${text}</textarea>`
      : html`<input id="${id}" name="value.${f}" value="${text}" maxlength="${FIELD_LIMITS[f].max}" ${f === 'contact_email' ? html`type="email"` : ''} aria-describedby="${described}" ${error ? html`aria-invalid="true"` : ''}>`;
  const canRestore = hasValue(row.ai_value) && row.state !== 'ai';
  return html`<section class="field state-${row.state}${error ? ' has-error' : ''}" id="field-${f}" aria-labelledby="label-${f}">
    <div class="field-head"><label id="label-${f}" for="${id}">${FIELD_LABELS[f]}</label>
      <span class="badge state-${row.state}" id="state-${f}" data-state="${row.state}">${STATE_WORDS[row.state] ?? row.state}</span></div>
    ${input}<input type="hidden" name="shown.${f}" value="${shown}">
    ${error ? html`<p class="field-error" id="error-${f}" role="alert">${FIELD_LABELS[f]}: ${error}</p>` : ''}
    <p class="muted small" id="hint-${f}">${fieldHint(f, o.categories)}</p>
    ${evidenceList(v.id, f, row.evidence)}
    ${canRestore && formText(row.ai_value) !== formText(row.value) ? html`<p class="muted small">Your website's value: <q>${formText(row.ai_value)}</q></p>` : ''}
    <div class="field-actions">
      ${row.state !== 'override' ? html`<button class="secondary small" form="act-lock" name="field" value="${f}" title="Keep this value when the AI redrafts">Lock</button>` : ''}
      ${canRestore ? html`<button class="secondary small" form="act-restore" name="field" value="${f}" title="Go back to the value quoted from your website">Restore the website's value</button>` : ''}
      ${v.status === 'ready' && row.state !== 'override' ? html`<button class="secondary small" form="act-regenerate" name="field" value="${f}" title="Ask the AI to draft this field again from your website">Redraft</button>` : ''}
      ${hasValue(row.value) ? html`<button class="secondary small" form="act-delete" name="field" value="${f}" title="Remove this value from the profile">Remove</button>` : ''}
    </div>
  </section>`;
}

/** FAQs, founders, socials, story, milestones and SEO: shown with their quotes; edited through the API. */
function faqForm(v: DraftView, o: EditorOptions): SafeHtml {
  const rows: FaqPair[] = o.faqTyped ?? v.faqs.map((f) => ({ question: f.question, answer: f.answer }));
  const blanks = o.faqTyped ? 0 : Math.max(0, Math.min(2, FAQ_LIMITS.items - rows.length));
  const all = [...rows, ...Array.from({ length: blanks }, () => ({ question: '', answer: '' }))];
  return html`${o.faqErrors?.length ? html`<div class="error" role="alert"><p>The FAQs were not saved; what you typed is kept.</p><ul>${o.faqErrors.map((e) => html`<li>${e}</li>`)}</ul></div>` : ''}
    <form id="faqs-form" method="post" action="/drafts/${v.id}/faqs" class="editor"><input type="hidden" name="_csrf" value="${o.csrf}">
      <input type="hidden" name="shown.faqs" value="${o.faqShown ?? faqsHash(v.faqs)}">
      ${all.map(
        (f, i) => html`<fieldset class="faq"><legend>FAQ ${i + 1}</legend>
        <label>Question <input name="faq.${i}.question" maxlength="${FAQ_LIMITS.question}" value="${f.question}"></label>
        <label>Answer <textarea name="faq.${i}.answer" rows="3" maxlength="${FAQ_LIMITS.answer}">${f.answer}</textarea></label>
        ${!o.faqTyped && v.faqs[i] ? evidenceList(v.id, `faqs.${i}`, v.faqs[i].evidence) : ''}
      </fieldset>`,
      )}
      <p class="muted small">Empty both boxes to remove an FAQ; at most ${FAQ_LIMITS.items}. Saving replaces the list, which is then marked as edited by you.</p>
      <p><button type="submit">Save the FAQs</button></p>
    </form>`;
}

function partsBlock(v: DraftView, o: EditorOptions): SafeHtml {
  const edited = (p: string) =>
    v.edited_parts.includes(p as never) ? html` <span class="badge state-edited">Edited by you</span>` : '';
  const socials = (key: 'company_socials' | 'founder_socials', title: string) => {
    const entries = Object.entries(v[key]);
    return html`<h3>${title}${edited(key)}</h3>${entries.length ? html`<ul>${entries.map(([k, link]) => html`<li><strong>${k}</strong>: ${extLink(String(link))}${evidenceList(v.id, `${key}.${k}`, v.evidence[key][k])}</li>`)}</ul>` : html`<p class="muted">Not found on your website.</p>`}`;
  };
  const story = Object.entries(v.story);
  const seo = Object.entries(v.seo) as [string, string][];
  return html`<section class="card" id="parts">
    <h2>FAQs, founders, links and story</h2>
    <h3 id="faqs">FAQs${edited('faqs')}</h3>
    ${v.faqs.length || o.faqTyped ? '' : html`<p class="muted">None found on your website; add your own below.</p>`}
    ${faqForm(v, o)}
    <p class="muted">Founders, links, story, milestones and search engine text are shown with the quotes they come from. To change them, use <code>update_draft</code> in the <a href="/docs#op-update_draft">API</a> (or the MCP server).</p>
    <h3>Founders${edited('founders')}</h3>
    ${v.founders.length ? html`<ul>${v.founders.map((p, i) => html`<li><strong>${p.name}</strong>${p.title ? html` — ${p.title}` : ''}${p.bio ? html`<br>${p.bio}` : ''}${evidenceList(v.id, `founders.${i}`, p.evidence)}</li>`)}</ul>` : html`<p class="muted">Not found on your website.</p>`}
    ${socials('company_socials', 'Company social links')}
    ${socials('founder_socials', 'Founder social links')}
    <h3>Story${edited('story')}</h3>
    ${story.length ? html`<dl>${story.map(([k, text]) => html`<dt>${k.replace(/_/g, ' ')}</dt><dd>${text}${evidenceList(v.id, `story.${k}`, v.evidence.story[k])}</dd>`)}</dl>` : html`<p class="muted">Not found on your website.</p>`}
    <h3>Milestones${edited('milestones')}</h3>
    ${v.milestones.length ? html`<ul>${v.milestones.map((m, i) => html`<li><strong>${m.date}</strong> ${m.title}${m.description ? html` — ${m.description}` : ''}${m.url ? html` (${extLink(m.url)})` : ''}${evidenceList(v.id, `milestones.${i}`, m.evidence)}</li>`)}</ul>` : html`<p class="muted">Not found on your website.</p>`}
    <h3>Search engine text${edited('seo')}</h3>
    ${seo.length ? html`<dl>${seo.map(([k, text]) => html`<dt>${k === 'meta' ? 'Meta description' : 'Title'}</dt><dd>${text}${evidenceList(v.id, `seo.${k}`, v.evidence.seo[k])}</dd>`)}</dl>` : html`<p class="muted">None yet.</p>`}
  </section>`;
}

/** The pages found but never fetched (over the limit, robots.txt, files), with the reason for each. */
export function skippedList(p: DraftProgress | undefined, fetched: { url: string }[]): SafeHtml | string {
  const never = (p?.skipped ?? []).filter((s) => !fetched.some((f) => f.url === s.url));
  if (!never.length) return '';
  return html`<p>Found but not read:</p>
    <ul class="skipped-pages">${never.map((s) => html`<li>${extLink(s.url)} <span class="muted">${s.detail}</span></li>`)}</ul>
    ${p?.skipped_more ? html`<p class="muted">…and ${p.skipped_more} more.</p>` : ''}`;
}

/** The editor of a ready draft: every profile field with its state and quotes, plus invites and saving as a listing. */
export function editorView(v: DraftView, o: EditorOptions): SafeHtml {
  const title = typeof v.fields.name.value === 'string' && v.fields.name.value ? v.fields.name.value : v.domain;
  const csrfInput = html`<input type="hidden" name="_csrf" value="${o.csrf}">`;
  const actionForm = (action: string) =>
    html`<form id="act-${action}" method="post" action="/drafts/${v.id}/edit" hidden>${csrfInput}<input type="hidden" name="action" value="${action}"></form>`;
  const unplaced = (o.errors ?? []).filter(
    (e) => !errorField(e.path) || !(PROFILE_FIELDS as readonly string[]).includes(errorField(e.path)!),
  );
  const problems = [...(o.problems ?? []), ...unplaced.map((e) => `${e.path}: ${e.message}`)];
  const fieldErrors = (o.errors ?? []).length - unplaced.length;
  const invitesLeft = Math.max(0, MAX_INVITES - o.invites.length);
  return html`
    <h1>${title}</h1>
    <p class="muted">Draft of <a href="${v.url}" rel="nofollow noopener noreferrer">${v.url}</a> · status ${v.status} · ${o.role === 'owner' ? 'you started it' : 'shared with you as a co-founder'}</p>
    ${o.notice ? html`<p class="notice" role="status">${o.notice}</p>` : ''}
    ${problems.length || fieldErrors ? html`<div class="error" role="alert">${problems.length ? html`<ul>${problems.map((p) => html`<li>${p}</li>`)}</ul>` : html`<p>Nothing was saved: check the fields marked below. What you typed is kept.</p>`}</div>` : ''}
    ${v.notice ? html`<p class="notice" role="status"><strong>${v.pages.some((p) => !p.skipped) ? 'Not everything on your website could be read:' : 'We could not read your website:'}</strong> ${v.notice}</p>` : ''}
    ${v.existing_listing ? html`<div class="card"><p><strong>${v.domain} is already listed</strong> as <a href="/p/${v.existing_listing.slug}">${v.existing_listing.slug}</a>. If it is yours, claim that listing instead of saving a duplicate: use <code>claim_listing</code> (slug <code>${v.existing_listing.slug}</code>) in the <a href="/docs#op-claim_listing">API</a>.</p></div>` : ''}

    <section class="card" id="completeness">
      <p><strong>Completeness: ${v.completeness}%</strong> <progress max="100" value="${v.completeness}">${v.completeness}%</progress></p>
      ${
        v.missing.length
          ? html`<p>Still missing: ${v.missing.map((m, i) => html`${i ? ', ' : ''}${(PROFILE_FIELDS as readonly string[]).includes(m) ? html`<a href="#field-${m}">${missingLabel(m)}</a>` : missingLabel(m)}`)}.
        <span class="muted">Your website did not state these; nothing is invented — fill them in yourself.</span></p>`
          : html`<p>Nothing is missing.</p>`
      }
      ${v.listing_id ? html`<p>Saved as your listing (not published yet). Changes you save here update it too.</p>` : ''}
    </section>

    <h2>Profile</h2>
    <p class="muted">Every value the AI wrote is quoted from your website; the quotes are shown under each field. Change what you like and save: only the fields you changed are marked as yours. <strong>Lock</strong> keeps a value when the AI redrafts; <strong>Redraft</strong> asks the AI to draft a field again.</p>
    <form id="draft-fields" method="post" action="/drafts/${v.id}/edit" class="editor">${csrfInput}<input type="hidden" name="action" value="save">
      ${PROFILE_FIELDS.map((f) => fieldBlock(v, f, o))}
      <p><button type="submit">Save changes</button></p>
    </form>
    ${['lock', 'restore', 'regenerate', 'delete'].map(actionForm)}

    ${partsBlock(v, o)}

    <section class="card" id="invite">
      <h2>Invite a co-founder</h2>
      <p>They get an email with a link; once they accept, they can edit this draft and own the listing with you. ${invitesLeft} of ${MAX_INVITES} invites left.</p>
      ${o.invites.length ? html`<ul>${o.invites.map((i) => html`<li>${i.email} — ${i.accepted ? 'accepted' : 'invited'}</li>`)}</ul>` : ''}
      <form method="post" action="/drafts/${v.id}/invites" class="form">${csrfInput}
        <label>Their email <input type="email" name="email" required maxlength="254" value="${o.inviteEmail ?? ''}" ${o.inviteError ? html`aria-invalid="true" aria-describedby="invite-error"` : ''}></label>
        ${o.inviteError ? html`<p class="field-error" id="invite-error" role="alert">${o.inviteError}</p>` : ''}
        <button type="submit">Send the invite</button>
      </form>
    </section>

    <section class="card" id="save-listing">
      <h2>${v.listing_id ? 'Your listing' : 'Save as my listing'}</h2>
      <p>${
        v.listing_id
          ? 'This draft is saved as your listing, not yet published. Saving again copies the draft over it.'
          : 'Saves this draft as your listing. Nothing is published or charged: you choose how to launch afterwards.'
      }</p>
      <form method="post" action="/drafts/${v.id}/submit">${csrfInput}<button type="submit">${v.listing_id ? 'Save again' : 'Save as my listing'}</button></form>
    </section>

    <details class="card"><summary>Pages we read (${v.pages.length})</summary>
      <ul>${v.pages.map((p) => html`<li>${extLink(p.url)} <span class="muted">${p.kind}${p.status ? ` · HTTP ${p.status}` : ''}${p.skipped ? ` · skipped: ${p.skipped}` : ''}</span></li>`)}</ul>
      ${skippedList(v.progress, v.pages)}
    </details>
    <p><a href="/drafts">All your drafts</a></p>`;
}
