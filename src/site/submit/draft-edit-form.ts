import crypto from 'node:crypto';
import { canonicalText, formText } from '../form-text.js';
import type { FieldError } from '../../api/errors.js';
import { FIELD_LIMITS, LIST_FIELDS, PROFILE_FIELDS, type ProfileField } from '../../drafting/draft-content.js';
import { firstValue } from '../forms/form-values.js';

/**
 * The draft editor's form, both ways: how a field value is shown in an input, and which typed
 * values really changed. Every input carries a short hash of the value it showed, so a save sends
 * only what the founder changed — an untouched AI value stays `ai`, and a value a co-founder or a
 * redraft changed in the meantime is not overwritten with the stale copy on this page.
 */

export const FIELD_LABELS: Record<ProfileField, string> = {
  name: 'Name',
  tagline: 'Tagline',
  short_description: 'Short description',
  description: 'Description',
  stage: 'Stage',
  categories: 'Categories',
  tags: 'Tags',
  pricing_model: 'Pricing model',
  pricing_summary: 'Pricing summary',
  country: 'Country',
  city: 'City',
  founded_year: 'Founded year',
  features: 'Features',
  usps: 'What makes it different',
  keywords: 'Keywords',
  contact_email: 'Contact email',
  demo_video_url: 'Demo video URL',
  logo_url: 'Logo URL',
};

/** Fields edited in a multi-line box (lists are always one item per line). */
export const LONG_FIELDS: readonly ProfileField[] = ['short_description', 'description', 'pricing_summary'];

export const isListField = (f: ProfileField) => LIST_FIELDS.includes(f);
export const isProfileField = (f: unknown): f is ProfileField =>
  typeof f === 'string' && (PROFILE_FIELDS as readonly string[]).includes(f);

/** The text as compared (see canonicalText). */
const canonical = (field: ProfileField, text: string) =>
  canonicalText(isListField(field) ? 'list' : LONG_FIELDS.includes(field) ? 'long' : 'line', text);

export const shownHash = (field: ProfileField, value: unknown) =>
  crypto
    .createHash('sha256')
    .update(canonical(field, formText(value)))
    .digest('base64url')
    .slice(0, 16);

type Form = Record<string, string | string[] | undefined>;

/** The field limits (FIELD_LIMITS) that the API's schema checks; the editor's form has to check them itself. */
function limitProblem(field: ProfileField, typed: string): string | null {
  const limit = FIELD_LIMITS[field];
  if (isListField(field)) {
    const items = canonical(field, typed).split('\n').filter(Boolean);
    if (limit.items && items.length > limit.items)
      return `at most ${limit.items} items, one per line (you have ${items.length})`;
    const long = items.findIndex((s) => s.length > limit.max);
    if (long >= 0) return `each item at most ${limit.max} characters (item ${long + 1} has ${items[long].length})`;
    return null;
  }
  const len = typed.trim().length;
  return len > limit.max ? `at most ${limit.max} characters (you have ${len})` : null;
}

export interface FieldForm {
  /** What the form typed for every field it carried, kept to show again after an error. */
  typed: Partial<Record<ProfileField, string>>;
  /** The hashes of the values the page showed, passed back so a re-shown form compares the same way. */
  shown: Partial<Record<ProfileField, string>>;
  /** Only the fields whose value changed, as editDraft takes them (null removes the field). */
  changes: Partial<Record<ProfileField, unknown>>;
  errors: FieldError[];
}

/**
 * Reads the editor's `value.<field>` inputs. A field counts as changed when its text differs from
 * what the page showed (`shown.<field>`), or — for a form without hashes — from the current value.
 */
export function readFieldForm(body: Form, current: Record<ProfileField, { value: unknown }>): FieldForm {
  const out: FieldForm = { typed: {}, shown: {}, changes: {}, errors: [] };
  for (const field of PROFILE_FIELDS) {
    const typed = firstValue(body[`value.${field}`]);
    if (typed === undefined) continue;
    out.typed[field] = typed;
    const shown = firstValue(body[`shown.${field}`]) ?? shownHash(field, current[field].value);
    out.shown[field] = shown;
    if (shownHash(field, typed) === shown) continue;
    const problem = limitProblem(field, typed);
    if (problem) {
      out.errors.push({ path: `fields.${field}`, message: problem });
      continue;
    }
    const text = canonical(field, typed);
    if (text === '') out.changes[field] = null;
    else
      out.changes[field] = isListField(field)
        ? text.split('\n')
        : LONG_FIELDS.includes(field)
          ? typed.replace(/\r\n?/g, '\n').trim()
          : typed.trim();
  }
  return out;
}

/** The field an error of editDraft is about (`fields.categories[0]` → categories), if any. */
export function errorField(path: string): ProfileField | null {
  const m = /^(?:body\.)?fields\.([a-z_]+)/.exec(path);
  return m && isProfileField(m[1]) ? m[1] : null;
}

/** FAQ limits (a question up to 300 characters, its answer up to 1,500) and update_draft's maximum number of FAQs. */
export const FAQ_LIMITS = { items: 10, question: 300, answer: 1500 };
export type FaqPair = { question: string; answer: string };

export const faqsHash = (faqs: FaqPair[]) =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify(faqs.map((f) => [f.question.trim(), f.answer.trim()])))
    .digest('base64url')
    .slice(0, 16);

export interface FaqForm {
  typed: FaqPair[];
  shown: string;
  faqs: FaqPair[];
  changed: boolean;
  errors: string[];
}

/**
 * Reads the FAQ form (`faq.<i>.question`, `faq.<i>.answer`): a row with both boxes empty is
 * dropped, a row with only one filled is an error. Changed when the list differs from what the
 * page showed, so saving untouched FAQs keeps their quotes.
 */
export function readFaqForm(body: Form, current: FaqPair[]): FaqForm {
  const typed: FaqPair[] = [];
  const faqs: FaqPair[] = [];
  const errors: string[] = [];
  for (let i = 0; i < FAQ_LIMITS.items + 5; i++) {
    const question = firstValue(body[`faq.${i}.question`]);
    const answer = firstValue(body[`faq.${i}.answer`]);
    if (question === undefined && answer === undefined) continue;
    const q = (question ?? '').replace(/\r\n?/g, '\n').trim();
    const a = (answer ?? '').replace(/\r\n?/g, '\n').trim();
    typed.push({ question: question ?? '', answer: answer ?? '' });
    if (!q && !a) continue;
    const n = typed.length;
    if (!q || !a) errors.push(`FAQ ${n}: both a question and an answer are needed (empty both to remove it).`);
    if (q.length > FAQ_LIMITS.question)
      errors.push(`FAQ ${n}: the question is at most ${FAQ_LIMITS.question} characters (it has ${q.length}).`);
    if (a.length > FAQ_LIMITS.answer)
      errors.push(`FAQ ${n}: the answer is at most ${FAQ_LIMITS.answer} characters (it has ${a.length}).`);
    faqs.push({ question: q, answer: a });
  }
  if (faqs.length > FAQ_LIMITS.items) errors.push(`At most ${FAQ_LIMITS.items} FAQs.`);
  const shown = firstValue(body['shown.faqs']) ?? faqsHash(current);
  return { typed, shown, faqs, changed: faqsHash(faqs) !== shown, errors };
}
