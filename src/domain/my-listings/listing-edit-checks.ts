import type { FieldError } from '../../errors/app-error.js';
import type { ProfileField } from '../../drafting/draft-content.js';
import { checkSocialLinks, checkTypedFields } from '../drafts/field-checks.js';
import { languageError, primaryLanguage } from '../listings/listing-language.js';

/** Company facts (shared by the company's listings on every site) among update_my_listing's fields. */
export const COMPANY_FIELDS = [
  'tagline',
  'short_description',
  'description',
  'pricing_model',
  'pricing_summary',
  'country',
  'city',
  'founded_year',
  'demo_video_url',
  'contact_email',
  'features',
  'usps',
  'keywords',
] as const;
/** Fields of this site's listing only; the ones apply_to can copy to the company's listings elsewhere. */
export const SITE_FIELDS = ['headline', 'summary', 'seo_title', 'seo_description'] as const;
export type CompanyField = (typeof COMPANY_FIELDS)[number];
export type SiteField = (typeof SITE_FIELDS)[number];
export type EditableField = CompanyField | SiteField;
export const EDITABLE_FIELDS: readonly EditableField[] = [...COMPANY_FIELDS, ...SITE_FIELDS];

// Columns that may be empty (NULL) rather than '' or '{}' — an empty value removes the fact.
const NULLABLE: readonly string[] = [
  'pricing_model',
  'pricing_summary',
  'country',
  'city',
  'founded_year',
  'demo_video_url',
  'contact_email',
];
const LISTS: readonly string[] = ['features', 'usps', 'keywords'];

export interface ListingEditInput {
  fields?: Partial<Record<EditableField | 'language', unknown>>;
  socials?: Record<string, string | undefined>;
  faqs?: { question: string; answer: string }[];
  apply_to?: string[];
}

export interface CheckedEdit {
  company: Partial<Record<CompanyField, unknown>>;
  site: Partial<Record<SiteField, string>>;
  socials?: Record<string, string>;
  faqs?: { question: string; answer: string }[];
  /** The language stated for this listing's text (listing-language.ts); null withdraws it. */
  language?: string | null;
  errors: FieldError[];
}

/**
 * The checks beyond lengths (the schema holds those): country an ISO code (upper-cased), contact
 * email an address, demo video a video-site link, socials http(s) links, FAQs not blank. Returns the
 * values as they will be stored — trimmed, list items de-duplicated — and every error found, so
 * the caller can refuse the whole edit before writing anything.
 */
export function checkListingEdit(input: ListingEditInput): CheckedEdit {
  const fields = input.fields ?? {};
  const out: CheckedEdit = { company: {}, site: {}, errors: [] };
  const typed: Partial<Record<ProfileField, unknown>> = {};
  for (const f of COMPANY_FIELDS) if (f in fields && f !== 'founded_year') typed[f] = fields[f];
  // The draft editor's checks are the same rules for the same facts.
  const { values, errors } = checkTypedFields(typed, []);
  out.errors.push(...errors);
  for (const f of Object.keys(typed) as CompanyField[]) {
    const v = values[f as ProfileField];
    out.company[f] = v ?? (NULLABLE.includes(f) ? null : LISTS.includes(f) ? [] : '');
  }
  if ('founded_year' in fields) out.company.founded_year = fields.founded_year ?? null;
  for (const f of SITE_FIELDS) if (f in fields) out.site[f] = String(fields[f] ?? '').trim();
  if ('language' in fields) {
    const stated = fields.language === null ? null : String(fields.language);
    const error = languageError('fields.language', stated);
    if (error) out.errors.push(error);
    else out.language = stated === null ? null : primaryLanguage(stated);
  }

  if (input.socials) {
    const socials = Object.fromEntries(
      Object.entries(input.socials)
        .map(([k, v]) => [k, (v ?? '').trim()])
        .filter(([, v]) => v),
    );
    out.errors.push(...checkSocialLinks('socials', socials));
    out.socials = socials;
  }
  if (input.faqs) {
    out.faqs = input.faqs.map((f, i) => {
      const faq = { question: f.question.trim(), answer: f.answer.trim() };
      if (!faq.question) out.errors.push({ path: `faqs[${i}].question`, message: 'must not be empty' });
      if (!faq.answer) out.errors.push({ path: `faqs[${i}].answer`, message: 'must not be empty' });
      return faq;
    });
  }
  return out;
}
