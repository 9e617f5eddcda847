import { html, type SafeHtml } from '../html.js';
import type { FieldError } from '../../api/errors.js';
import { SOCIAL_KEYS, STORY_SECTION_TITLES } from '../../drafting/draft-content.js';
import { COMPANY_FIELDS, SITE_FIELDS, type EditableField } from '../../domain/my-listings/listing-edit-checks.js';
import type { MyListingSummary } from '../../domain/my-listings/my-listing-view.js';
import type { MyListingDetail } from '../../domain/my-listings/my-listing.js';
import type { ListingVersion } from '../../domain/my-listings/listing-versions.js';
import { STORY_PARTS } from '../../domain/my-listings/founder-story.js';
import { VIDEO_HOSTS } from '../../domain/drafts/field-checks.js';
import {
  LISTING_FIELD_LABELS,
  LIST_LISTING_FIELDS,
  LONG_LISTING_FIELDS,
  faqsHash,
  shownFieldHash,
  socialsHash,
} from './my-listing-form.js';
import { formText } from '../form-text.js';
import { pager, versionsTable } from './my-listing-version-view.js';

const MAX_FAQS = 10;
const MAX_LENGTH: Record<EditableField, number> = {
  tagline: 200,
  short_description: 300,
  description: 20000,
  pricing_model: 40,
  pricing_summary: 300,
  country: 2,
  city: 120,
  founded_year: 4,
  demo_video_url: 500,
  contact_email: 254,
  features: 200,
  usps: 200,
  keywords: 200,
  headline: 200,
  summary: 20000,
  seo_title: 200,
  seo_description: 320,
};

const csrfInput = (csrf: string) => html`<input type="hidden" name="_csrf" value="${csrf}">`;

/** One form's errors and what was typed into it, when a post is refused and the page is shown again. */
export interface FormState {
  errors: FieldError[];
  typed: Record<string, string>;
}

export interface EditorOptions {
  csrf: string;
  notice?: string;
  versions: ListingVersion[];
  versionTotal: number;
  /** Other sites where this company is listed (apply_to choices). */
  otherSites: { key: string; name: string }[];
  listing?: FormState & {
    socialsTyped: Record<string, string>;
    faqsTyped: { question: string; answer: string }[];
    shown: Record<string, string>;
    applyTo: string[];
  };
  update?: FormState;
  milestone?: FormState;
  story?: FormState;
}

const errorsAt = (errors: FieldError[] | undefined, path: string) =>
  (errors ?? []).filter((e) => e.path === path || e.path.startsWith(`${path}.`) || e.path.startsWith(`${path}[`));
const errorList = (errors: FieldError[], label: (e: FieldError) => string) =>
  errors.length
    ? html`${errors.map((e) => html`<p class="field-error" role="alert">${label(e)}: ${e.message}</p>`)}`
    : '';

function statusLine(l: MyListingSummary): SafeHtml {
  return html`<p><span class="badge">${l.status}</span> · plan ${l.plan ?? 'none yet'}${l.launch_week ? html` · launch week ${l.launch_week}` : ''}
    ${l.role === 'cofounder' ? html` · you are a co-founder` : ''}</p>
    ${l.next_step ? html`<p class="notice next-step"><strong>Next step:</strong> ${l.next_step}</p>` : ''}`;
}

export function myListingsView(items: MyListingSummary[], page: number, totalPages: number): SafeHtml {
  return html`<h1>My listings</h1>
    ${
      items.length
        ? html`<table><thead><tr><th>Listing</th><th>Status</th><th>Plan</th><th>Launch week</th><th>Next step</th></tr></thead><tbody>
      ${items.map(
        (
          l,
        ) => html`<tr><td><a href="/my/listings/${l.listing_id}"><strong>${l.name}</strong></a><br><span class="muted">${l.tagline}</span>
          <br><a class="small" href="/my/listings/${l.listing_id}/analytics">Analytics<span class="sr-only"> of ${l.name}</span></a></td>
        <td>${l.status}</td><td>${l.plan ?? '—'}</td><td>${l.launch_week ?? '—'}</td><td>${l.next_step ?? ''}</td></tr>`,
      )}
    </tbody></table>${pager('/my/listings', page, totalPages)}`
        : html`<p>You have no listings yet. <a href="/submit">Submit a product</a>: its draft becomes your listing.</p>`
    }
    <p><a href="/my/interview">Answer the founder interview</a></p>`;
}

function hint(f: EditableField): string {
  if (LIST_LISTING_FIELDS.includes(f)) return 'One per line, at most 20 items of up to 200 characters.';
  if (f === 'country') return 'Two-letter ISO code, e.g. PT or US.';
  if (f === 'founded_year') return 'A year from 1800 to 2100.';
  if (f === 'demo_video_url') return `A link on a video site (${VIDEO_HOSTS.slice(0, 4).join(', ')}…).`;
  return `Up to ${MAX_LENGTH[f].toLocaleString('en')} characters.`;
}

function fieldInput(f: EditableField, text: string, shown: string, errors: FieldError[]): SafeHtml {
  const label = LISTING_FIELD_LABELS[f];
  const mine = errorsAt(errors, `fields.${f}`);
  const box = LIST_LISTING_FIELDS.includes(f) || LONG_LISTING_FIELDS.includes(f);
  const describedBy = `hint-${f}${mine.length ? ` error-${f}` : ''}`;
  return html`<div class="field${mine.length ? ' has-error' : ''}" id="field-${f}">
    <label for="value-${f}">${label}</label>
    ${
      box
        ? html`<textarea id="value-${f}" name="value.${f}" rows="${f === 'description' || f === 'summary' ? 8 : 4}" aria-describedby="${describedBy}">${text}</textarea>`
        : html`<input id="value-${f}" name="value.${f}" value="${text}" aria-describedby="${describedBy}"${f === 'founded_year' ? ' inputmode="numeric"' : ''}>`
    }
    <input type="hidden" name="shown.${f}" value="${shown}">
    <p class="small muted" id="hint-${f}">${hint(f)}</p>
    ${mine.length ? html`<div id="error-${f}">${errorList(mine, () => label)}</div>` : ''}
  </div>`;
}

function listingForm(l: MyListingDetail, o: EditorOptions): SafeHtml {
  const st = o.listing;
  const current = (f: EditableField): unknown => {
    const p = l.public;
    switch (f) {
      case 'pricing_model':
        return p.pricing.model;
      case 'pricing_summary':
        return p.pricing.summary;
      case 'seo_title':
        return p.seo.title;
      case 'seo_description':
        return p.seo.description;
      default:
        return (p as unknown as Record<string, unknown>)[f];
    }
  };
  const text = (f: EditableField) => st?.typed[f] ?? formText(current(f));
  const shown = (f: EditableField) => st?.shown[f] ?? shownFieldHash(f, formText(current(f)));
  const errors = st?.errors ?? [];
  const socials = st?.socialsTyped ?? l.public.socials;
  const faqs = st?.faqsTyped ?? l.public.faqs;
  const slots = [
    ...faqs,
    ...Array.from({ length: Math.max(0, MAX_FAQS - faqs.length) }, () => ({ question: '', answer: '' })),
  ].slice(0, Math.max(MAX_FAQS, faqs.length));
  const faqErrors = errorsAt(errors, 'faqs');
  const applyErrors = errorsAt(errors, 'apply_to');
  // Errors with no input of their own to sit by (apply_to without choices shown: a hand-made post) go on top.
  const other = errors.filter(
    (e) => !/^(fields|socials|faqs)\b/.test(e.path) && !(o.otherSites.length && e.path.startsWith('apply_to')),
  );
  return html`<form id="listing-form" method="post" action="/my/listings/${l.listing_id}" class="editor">${csrfInput(o.csrf)}
    ${errors.length ? html`<p class="error" role="alert">Nothing was saved: please correct the ${errors.length === 1 ? 'field' : `${errors.length} fields`} marked below.</p>` : ''}
    ${errorList(other, (e) => e.path)}
    <h3>Company facts</h3><p class="small muted">Shared by this company's listings on every site.</p>
    ${COMPANY_FIELDS.map((f) => fieldInput(f, text(f), shown(f), errors))}
    <h3>On this site</h3><p class="small muted">Headline, summary and SEO belong to this site's listing.</p>
    ${SITE_FIELDS.map((f) => fieldInput(f, text(f), shown(f), errors))}
    ${
      o.otherSites.length
        ? html`<fieldset id="field-apply_to"${applyErrors.length ? html` class="has-error"` : ''}><legend>Also write the headline, summary and SEO fields changed here to</legend>
      ${o.otherSites.map((s) => html`<label class="check"><input type="checkbox" name="apply_to" value="${s.key}"${st?.applyTo.includes(s.key) ? ' checked' : ''}> ${s.name} (<code>${s.key}</code>)</label> `)}
      ${errorList(applyErrors, (e) => e.path)}</fieldset>`
        : ''
    }
    <h3>Social links</h3>
    <input type="hidden" name="shown.socials" value="${st?.shown.socials ?? socialsHash(l.public.socials)}">
    ${SOCIAL_KEYS.map((k) => {
      const mine = errorsAt(errors, `socials.${k}`);
      return html`<div class="field${mine.length ? ' has-error' : ''}" id="field-social-${k}"><label for="social-${k}">${k}</label>
        <input id="social-${k}" name="social.${k}" value="${socials[k] ?? ''}" placeholder="https://">${errorList(mine, () => k)}</div>`;
    })}
    <h3 id="faqs">FAQs</h3><p class="small muted">Up to ${MAX_FAQS}; a question up to 300 characters, its answer up to 1,500. Leave a row empty to drop it.</p>
    <input type="hidden" name="shown.faqs" value="${st?.shown.faqs ?? faqsHash(l.public.faqs)}">
    ${errorList(
      faqErrors.filter((e) => e.path === 'faqs'),
      () => 'FAQs',
    )}
    ${slots.map((f, i) => {
      const mine = errorsAt(errors, `faqs[${i}]`);
      return html`<fieldset class="faq${mine.length ? ' has-error' : ''}" id="faq-${i}"><legend>FAQ ${i + 1}</legend>
        <label>Question <input name="faq.question" value="${f.question}"></label>
        <label>Answer <textarea name="faq.answer" rows="2">${f.answer}</textarea></label>${errorList(mine, () => `FAQ ${i + 1}`)}</fieldset>`;
    })}
    <p><button type="submit">Save and publish</button> <span class="small muted">Edits publish at once and are kept in the version history.</span></p>
  </form>`;
}

function updateForm(l: MyListingDetail, o: EditorOptions): SafeHtml {
  const st = o.update;
  return html`<h2 id="updates">Post an update</h2>
    <p class="small muted">Shown on your listing's latest updates; everyone following it gets it by email.</p>
    <form id="update-form" method="post" action="/my/listings/${l.listing_id}/updates" class="editor">${csrfInput(o.csrf)}
      <div class="field${errorsAt(st?.errors, 'title').length ? ' has-error' : ''}"><label for="update-title">Title</label>
        <input id="update-title" name="title" value="${st?.typed.title ?? ''}" maxlength="200">${errorList(errorsAt(st?.errors, 'title'), () => 'Title')}</div>
      <div class="field${errorsAt(st?.errors, 'body').length ? ' has-error' : ''}"><label for="update-body">Text</label>
        <textarea id="update-body" name="body" rows="5">${st?.typed.body ?? ''}</textarea>${errorList(errorsAt(st?.errors, 'body'), () => 'Text')}</div>
      <button type="submit">Post the update</button>
    </form>
    ${l.public.latest_updates.length ? html`<ul>${l.public.latest_updates.map((u) => html`<li><strong>${u.title}</strong> <span class="muted">${u.created_at.slice(0, 10)}</span></li>`)}</ul>` : ''}`;
}

function milestonesSection(l: MyListingDetail, o: EditorOptions): SafeHtml {
  const st = o.milestone;
  const isPublic = l.unlocked_sections.includes('milestones');
  const field = (name: string, label: string, input: SafeHtml) => {
    const mine = errorsAt(st?.errors, name);
    return html`<div class="field${mine.length ? ' has-error' : ''}"><label for="milestone-${name}">${label}</label>${input}${errorList(mine, () => label)}</div>`;
  };
  return html`<h2 id="milestones">Milestones</h2>
    <p class="small muted">${isPublic ? 'Shown on your public listing.' : 'Saved, but shown publicly only on paid listings or when the milestones section is unlocked.'}</p>
    ${
      l.milestones.length
        ? html`<ul class="list">${l.milestones.map(
            (
              m,
            ) => html`<li><div class="body"><strong>${m.date}</strong> — ${m.title}${m.description ? html`<br><span class="muted">${m.description}</span>` : ''}</div>
      <form method="post" action="/my/listings/${l.listing_id}/milestones/${m.id}/delete">${csrfInput(o.csrf)}<button class="secondary small" aria-label="Delete the milestone ${m.title}">Delete</button></form></li>`,
          )}</ul>`
        : html`<p class="muted">No milestones yet.</p>`
    }
    <form id="milestone-form" method="post" action="/my/listings/${l.listing_id}/milestones" class="editor">${csrfInput(o.csrf)}
      ${field('date', 'Date', html`<input id="milestone-date" name="date" type="date" value="${st?.typed.date ?? ''}" required>`)}
      ${field('title', 'Title', html`<input id="milestone-title" name="title" value="${st?.typed.title ?? ''}" maxlength="200" required>`)}
      ${field('description', 'Description', html`<textarea id="milestone-description" name="description" rows="2">${st?.typed.description ?? ''}</textarea>`)}
      ${field('url', 'Link (https)', html`<input id="milestone-url" name="url" value="${st?.typed.url ?? ''}" placeholder="https://">`)}
      <button type="submit">Add the milestone</button>
    </form>`;
}

function storyForm(l: MyListingDetail, o: EditorOptions): SafeHtml {
  const st = o.story;
  const isPublic = l.unlocked_sections.includes('story');
  return html`<h2 id="story">Founder story</h2>
    <p class="small muted">${isPublic ? 'Shown on your public listing.' : 'Saved, but shown publicly only on paid listings or when the story section is unlocked.'} Title up to 200 characters, each section up to 8,000.</p>
    <form id="story-form" method="post" action="/my/listings/${l.listing_id}/story" class="editor">${csrfInput(o.csrf)}
      ${STORY_PARTS.map((p) => {
        const mine = errorsAt(st?.errors, p);
        const value = st?.typed[p] ?? l.story[p];
        return html`<div class="field${mine.length ? ' has-error' : ''}" id="story-${p}"><label for="story-value-${p}">${STORY_SECTION_TITLES[p]}</label>
          ${p === 'title' ? html`<input id="story-value-${p}" name="${p}" value="${value}">` : html`<textarea id="story-value-${p}" name="${p}" rows="4">${value}</textarea>`}
          ${errorList(mine, () => STORY_SECTION_TITLES[p])}</div>`;
      })}
      <button type="submit">Save the story</button>
    </form>`;
}

export function editorView(l: MyListingDetail, o: EditorOptions): SafeHtml {
  return html`<p><a href="/my/listings">← My listings</a></p>
    <h1>${l.name}</h1>
    ${statusLine(l)}
    <p>${l.page_url ? html`<a href="/p/${l.slug}">See the public page</a>` : html`<span class="muted">Not public yet.</span>`}
      ${l.status === 'draft' ? html` · <a href="/my/listings/${l.listing_id}/launch">Launch for free</a>` : ''}
      · <a href="/my/listings/${l.listing_id}/media">Screenshots and video</a>
      · <a href="/my/listings/${l.listing_id}/revenue">Revenue</a>
      · <a href="/my/listings/${l.listing_id}/analytics">Analytics</a></p>
    ${o.notice ? html`<p class="notice" role="status">${o.notice}</p>` : ''}
    <h2 id="edit">Edit the listing</h2>
    ${listingForm(l, o)}
    ${updateForm(l, o)}
    ${milestonesSection(l, o)}
    ${storyForm(l, o)}
    <h2 id="versions">Version history</h2>
    ${versionsTable(o.versions, { showListing: false })}
    ${o.versionTotal > o.versions.length ? html`<p class="small muted">The ${o.versions.length} most recent of ${o.versionTotal} edits.</p>` : ''}`;
}

export interface InterviewOptions {
  csrf: string;
  questions: { id: number; question: string }[];
  answers: Record<number, string>;
  errors?: Record<number, string>;
  /** Errors about no question on the page (a hand-made post). */
  problems?: string[];
  notice?: string;
}

export function interviewView(o: InterviewOptions): SafeHtml {
  const count = Object.keys(o.errors ?? {}).length + (o.problems?.length ?? 0);
  return html`<p><a href="/my/listings">← My listings</a></p><h1>Founder interview</h1>
    <p>Your answers appear on your founder page once one of your listings is public. Leave a box empty to remove that answer.</p>
    ${o.notice ? html`<p class="notice" role="status">${o.notice}</p>` : ''}
    ${count ? html`<p class="error" role="alert">Nothing was saved: please correct the ${count === 1 ? 'answer' : `${count} answers`} marked below.</p>` : ''}
    ${o.problems?.map((p) => html`<p class="field-error" role="alert">${p}</p>`)}
    ${
      o.questions.length
        ? html`<form id="interview-form" method="post" action="/my/interview" class="editor">${csrfInput(o.csrf)}
      ${o.questions.map(
        (
          q,
        ) => html`<div class="field${o.errors?.[q.id] ? ' has-error' : ''}" id="question-${q.id}"><label for="answer-${q.id}">${q.question}</label>
        <textarea id="answer-${q.id}" name="answer.${q.id}" rows="4">${o.answers[q.id] ?? ''}</textarea>
        ${o.errors?.[q.id] ? html`<p class="field-error" role="alert">${o.errors[q.id]}</p>` : ''}</div>`,
      )}
      <button type="submit">Save my answers</button></form>`
        : html`<p class="muted">There are no interview questions yet.</p>`
    }`;
}
