import type { FastifyReply } from 'fastify';
import type { TObject } from '@sinclair/typebox';
import { formToBody } from '../forms/run-form.js';
import type { PostedForm } from '../forms/form-values.js';
import type { FieldError } from '../../api/errors.js';
import { FAQ_LIMITS, type Faq } from '../../domain/content/faq-list.js';
import { html, type SafeHtml } from '../html.js';

/**
 * Pieces shared by the admin content editors (categories, blog, interview questions): fields
 * that show their own error and keep what was typed, replace-all FAQ rows, and the CSRF input.
 */

export const csrfInput = (reply: FastifyReply) =>
  html`<input type="hidden" name="_csrf" value="${reply.generateCsrf()}">`;

/** How an error path reads to a person: `faqs[2].answer` → "FAQ 3 answer". */
export function pathLabel(path: string, labels: Record<string, string>): string {
  const faq = /^faqs\[(\d+)\]\.(question|answer)$/.exec(path);
  if (faq) return `FAQ ${Number(faq[1]) + 1} ${faq[2]}`;
  return labels[path] ?? path;
}

/** The list of what is wrong, above a form that was not saved. */
export function errorSummary(errors: FieldError[] | undefined, labels: Record<string, string>): SafeHtml {
  if (!errors?.length) return html``;
  return html`<div class="error" role="alert"><p>Not saved: fix what is marked below; what you typed is kept.</p>
    <ul>${errors.map((e) => html`<li>${pathLabel(e.path, labels)}: ${e.message}</li>`)}</ul></div>`;
}

export interface FieldOptions {
  /** The element id, also the prefix of its hint and error ids. */
  id: string;
  name: string;
  label: string;
  value: string;
  /** The errors of the whole form; those at `path` (default: name) are shown with this field. */
  errors?: FieldError[];
  path?: string;
  max?: number;
  required?: boolean;
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number;
  hint?: string;
  pattern?: string;
  inputmode?: 'numeric';
  type?: 'datetime-local';
}

/** A labelled input or textarea with its hint and, after a failed save, its error. */
export function field(o: FieldOptions): SafeHtml {
  const mine = (o.errors ?? []).filter((e) => e.path === (o.path ?? o.name));
  const describedBy = [o.hint ? `${o.id}-hint` : '', mine.length ? `${o.id}-error` : ''].filter(Boolean).join(' ');
  const attrs = html`id="${o.id}" name="${o.name}"${o.max ? html` maxlength="${o.max}"` : ''}${o.required ? html` required` : ''}${describedBy ? html` aria-describedby="${describedBy}"` : ''}${mine.length ? html` aria-invalid="true"` : ''}`;
  const control = o.rows
    ? html`<textarea ${attrs} rows="${o.rows}">${o.value}</textarea>`
    : html`<input ${attrs} value="${o.value}"${o.pattern ? html` pattern="${o.pattern}"` : ''}${o.inputmode ? html` inputmode="${o.inputmode}"` : ''}${o.type ? html` type="${o.type}"` : ''}>`;
  return html`<div class="field${mine.length ? ' has-error' : ''}"><label for="${o.id}">${o.label}</label>${control}
    ${o.hint ? html`<p class="small muted" id="${o.id}-hint">${o.hint}</p>` : ''}
    ${mine.length ? html`<p class="field-error" id="${o.id}-error">${mine.map((e) => e.message).join('; ')}</p>` : ''}</div>`;
}

/** The FAQ rows of a replace-all form as the operation reads them (its `faq` list), to show again after a failed save. */
export function typedFaqs(body: TObject, form: PostedForm | undefined): Faq[] {
  const rows = (formToBody(body, form ?? {}).faq ?? []) as Partial<Faq>[];
  return rows.map((r) => ({ question: r.question ?? '', answer: r.answer ?? '' }));
}

/** A refused form's errors by field, in the order given, as the editors show them. */
export const fieldErrors = (fields: Record<string, string>): FieldError[] =>
  Object.entries(fields).map(([path, message]) => ({ path, message }));

/** A form the operation refused (runForm). */
export type Refused = { ok: false; status: number; message: string; fields: Record<string, string> };

/** The operation found nothing at the page's address: a bad id, or no such row. */
export const gone = (r: Refused) => r.status === 404 || Boolean(r.fields.id);

/**
 * Fieldsets for the FAQs, then a few empty rows to add more (never past the limit, but all typed
 * rows are shown again after a failed save, even too many). Emptying a row removes that FAQ.
 */
export function faqFieldsets(rows: Faq[], errors: FieldError[] = []): SafeHtml {
  const blanks = Math.max(0, Math.min(3, FAQ_LIMITS.items - rows.length));
  const all = [...rows, ...Array.from({ length: blanks }, () => ({ question: '', answer: '' }))];
  const listError = errors.find((e) => e.path === 'faqs');
  return html`<p class="small muted" id="faq-rules">At most ${FAQ_LIMITS.items}; a question up to ${FAQ_LIMITS.question} characters, its answer up to ${FAQ_LIMITS.answer}. Empty both boxes of a row to remove it. Saving replaces the whole list.</p>
    ${listError ? html`<p class="field-error" role="alert">FAQs: ${listError.message}</p>` : ''}
    ${all.map(
      (f, i) => html`<fieldset class="faq"><legend>FAQ ${i + 1}</legend>
      ${field({ id: `faq-${i}-question`, name: `faq.${i}.question`, path: `faqs[${i}].question`, label: `Question ${i + 1}`, value: f.question, errors, max: FAQ_LIMITS.question })}
      ${field({ id: `faq-${i}-answer`, name: `faq.${i}.answer`, path: `faqs[${i}].answer`, label: `Answer ${i + 1}`, value: f.answer, errors, max: FAQ_LIMITS.answer, rows: 3 })}
    </fieldset>`,
    )}`;
}

/** The line above a page after a redirect: only fixed texts, picked by a short code in the address. */
export function savedNotice(query: unknown, notices: Record<string, string>): string | undefined {
  const code = (query as { saved?: unknown } | undefined)?.saved;
  return typeof code === 'string' && Object.hasOwn(notices, code) ? notices[code] : undefined;
}

/** A UTC instant as people read it on these pages: 2026-11-18 09:30 UTC. */
export const utcText = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
