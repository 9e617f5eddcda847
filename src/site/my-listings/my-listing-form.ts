import crypto from 'node:crypto';
import { canonicalText } from '../form-text.js';
import { SOCIAL_KEYS } from '../../drafting/draft-content.js';
import { EDITABLE_FIELDS, type EditableField } from '../../domain/my-listings/listing-edit-checks.js';
import { firstValue } from '../forms/form-values.js';

/**
 * The listing editor's form, both ways. Each group of inputs carries a short hash of what the page
 * showed, so a save sends only what the owner changed: a value a co-owner changed in the meantime
 * is not overwritten with this page's stale copy, and apply_to copies only what was edited here.
 */

export const LISTING_FIELD_LABELS: Record<EditableField, string> = {
  tagline: 'Tagline',
  short_description: 'Short description',
  description: 'Description',
  pricing_model: 'Pricing model',
  pricing_summary: 'Pricing summary',
  country: 'Country',
  city: 'City',
  founded_year: 'Founded year',
  demo_video_url: 'Demo video URL',
  contact_email: 'Contact email',
  features: 'Features',
  usps: 'What makes it different',
  keywords: 'Keywords',
  headline: 'Headline',
  summary: 'Summary',
  seo_title: 'SEO title',
  seo_description: 'SEO description',
};
export const LONG_LISTING_FIELDS: readonly EditableField[] = [
  'short_description',
  'description',
  'pricing_summary',
  'summary',
  'seo_description',
];
export const LIST_LISTING_FIELDS: readonly EditableField[] = ['features', 'usps', 'keywords'];

type Form = Record<string, string | string[] | undefined>;
const all = (v: string | string[] | undefined) => ([] as string[]).concat(v ?? []);

/** The text as compared (see canonicalText). */
const canonical = (field: string, text: string) =>
  canonicalText(
    (LIST_LISTING_FIELDS as string[]).includes(field)
      ? 'list'
      : (LONG_LISTING_FIELDS as string[]).includes(field)
        ? 'long'
        : 'line',
    text,
  );

const hash = (text: string) => crypto.createHash('sha256').update(text).digest('base64url').slice(0, 16);
export const shownFieldHash = (field: string, text: string) => hash(canonical(field, text));
export const socialsHash = (socials: Record<string, string>) =>
  hash(SOCIAL_KEYS.map((k) => (socials[k] ?? '').trim()).join('\n'));
export const faqsHash = (faqs: { question: string; answer: string }[]) =>
  hash(JSON.stringify(faqs.map((f) => [f.question.trim(), f.answer.trim()])));

function fieldValue(field: EditableField, text: string): unknown {
  if ((LIST_LISTING_FIELDS as string[]).includes(field)) return canonical(field, text).split('\n').filter(Boolean);
  if (field === 'founded_year') {
    const t = text.trim();
    // Not a number: sent as typed so the schema's own message ("must be integer or null") names it.
    return t === '' ? null : /^\d+$/.test(t) ? Number(t) : t;
  }
  return text.trim();
}

export interface ListingForm {
  /** What was typed, to show again after an error. */
  typed: Record<string, string>;
  socialsTyped: Record<string, string>;
  faqsTyped: { question: string; answer: string }[];
  /** The hashes the page was shown with, kept when it is shown again after an error. */
  shown: Record<string, string>;
  /** The update_my_listing body: only what changed. */
  body: {
    fields?: Record<string, unknown>;
    socials?: Record<string, string>;
    faqs?: { question: string; answer: string }[];
    apply_to?: string[];
  };
}

export function readListingForm(form: Form): ListingForm {
  const out: ListingForm = { typed: {}, socialsTyped: {}, faqsTyped: [], shown: {}, body: {} };
  for (const [k, v] of Object.entries(form))
    if (k.startsWith('shown.') && firstValue(v) !== undefined) out.shown[k.slice(6)] = firstValue(v)!;
  const fields: Record<string, unknown> = {};
  for (const f of EDITABLE_FIELDS) {
    const typed = firstValue(form[`value.${f}`]);
    if (typed === undefined) continue;
    out.typed[f] = typed;
    if (shownFieldHash(f, typed) !== out.shown[f]) fields[f] = fieldValue(f, typed);
  }
  if (Object.keys(fields).length) out.body.fields = fields;
  for (const k of SOCIAL_KEYS) out.socialsTyped[k] = firstValue(form[`social.${k}`]) ?? '';
  if (socialsHash(out.socialsTyped) !== out.shown.socials) {
    out.body.socials = Object.fromEntries(
      Object.entries(out.socialsTyped)
        .map(([k, v]) => [k, v.trim()])
        .filter(([, v]) => v),
    );
  }
  const questions = all(form['faq.question']);
  const answers = all(form['faq.answer']);
  // Empty slots are the form's spare rows, not FAQs.
  out.faqsTyped = questions
    .map((q, i) => ({ question: q, answer: answers[i] ?? '' }))
    .filter((f) => f.question.trim() || f.answer.trim());
  if (faqsHash(out.faqsTyped) !== out.shown.faqs)
    out.body.faqs = out.faqsTyped.map((f) => ({ question: f.question.trim(), answer: f.answer.trim() }));
  const applyTo = all(form.apply_to).filter(Boolean);
  if (applyTo.length) out.body.apply_to = applyTo;
  return out;
}

/** The milestone form as add_milestone takes it: empty optional inputs are left out. */
export function readMilestoneForm(form: Form): Record<string, string> {
  const m: Record<string, string> = {};
  for (const k of ['date', 'title', 'description', 'url']) {
    const v = (firstValue(form[k]) ?? '').trim();
    if (v || k === 'date' || k === 'title') m[k] = v;
  }
  return m;
}
