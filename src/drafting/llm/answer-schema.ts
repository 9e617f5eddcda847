import { LIST_FIELDS, SOCIAL_KEYS, STORY_SECTIONS, type ProfileField } from '../draft-content.js';

/**
 * The JSON schema the model must answer in. Written for OpenAI's strict mode, which the other
 * compatible servers accept too: every property required, no extra properties, "not found" as
 * null. Length and count limits are stated in descriptions only, because strict mode rejects
 * maxLength/maxItems on some servers; refine-draft enforces them on the answer instead.
 *
 * Every value carries `quotes`: sentences copied from the pages, which are verified afterwards.
 * List fields give quotes per item, so one invented feature costs only that feature.
 */

type Schema = Record<string, unknown>;

const obj = (properties: Record<string, Schema>, description?: string): Schema => ({
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties),
  properties,
  ...(description ? { description } : {}),
});
const str = (description?: string): Schema => ({ type: 'string', ...(description ? { description } : {}) });
const nullableStr = (description?: string): Schema => ({
  type: ['string', 'null'],
  ...(description ? { description } : {}),
});
const arr = (items: Schema, description?: string): Schema => ({
  type: 'array',
  items,
  ...(description ? { description } : {}),
});

const quotes = arr(
  obj({
    quote: str('A sentence copied character for character from one page, long enough to show the value.'),
    url: str('The address of the page the quote comes from.'),
  }),
  'Verbatim quotes from the pages that state this value. A value without a quote is discarded.',
);

const FIELD_HINTS: Partial<Record<ProfileField, string>> = {
  name: 'Product name as the site writes it.',
  tagline: 'One-line pitch, max 200 characters.',
  short_description: 'Max 300 characters.',
  description: 'A few paragraphs, plain text, only facts from the pages.',
  stage: 'e.g. Beta, Launched, Early access: only if a page says so.',
  categories: 'Only names from the category list given; the first is the primary one.',
  tags: 'Short labels, max 20.',
  pricing_model: 'e.g. Free, Freemium, Subscription, One-time, Free trial, Open source, Contact sales.',
  pricing_summary: 'Plans and prices exactly as the pages give them, max 300 characters.',
  country: "ISO 3166-1 alpha-2 code of the company's country (e.g. PT), only if a page names the country.",
  city: 'City of the company, only if a page names it.',
  founded_year: 'Four digits, only if a page states the year the company or product started.',
  features: 'Max 20, each max 200 characters.',
  usps: 'What sets the product apart, max 20.',
  keywords: 'Search keywords, max 20.',
  contact_email: 'An address shown on the pages.',
  demo_video_url: 'A YouTube, Vimeo, Loom… link shown on the pages.',
  logo_url: 'Address of the logo image as given on the pages.',
};

export interface AnswerSchemaOptions {
  fields: readonly ProfileField[];
  categoryNames: string[];
  /** Also ask for FAQs, founders, socials, story, milestones and SEO (a full draft, not a regenerate). */
  withParts: boolean;
}

/** Category names become an enum when there is a list, so a well-behaved model cannot stray from it. */
const MAX_ENUM = 500;

export function answerSchema(opts: AnswerSchemaOptions): Schema {
  const fields: Record<string, Schema> = {};
  for (const f of opts.fields) {
    const hint = FIELD_HINTS[f];
    if (LIST_FIELDS.includes(f)) {
      const value =
        f === 'categories' && opts.categoryNames.length > 0 && opts.categoryNames.length <= MAX_ENUM
          ? { type: 'string', enum: opts.categoryNames }
          : str();
      fields[f] = obj({ items: arr(obj({ value, quotes })) }, hint);
    } else {
      fields[f] = obj({ value: nullableStr(hint), quotes }, 'value null when the pages do not say.');
    }
  }
  const properties: Record<string, Schema> = { fields: obj(fields) };
  if (opts.withParts) {
    const platform = { type: 'string', enum: [...SOCIAL_KEYS] };
    const link = str('The full link as shown on the pages.');
    properties.faqs = arr(
      obj({ question: str('Max 300 characters.'), answer: str('Max 1500 characters.'), quotes }),
      'Max 10.',
    );
    properties.founders = arr(
      obj({
        name: str(),
        title: nullableStr('Role, e.g. CEO.'),
        bio: nullableStr('Max 3000 characters.'),
        socials: arr(obj({ platform, url: link })),
        quotes,
      }),
      'People who founded or lead the company, max 6, first is the primary founder.',
    );
    properties.company_socials = arr(obj({ platform, url: link, quotes }), 'Links of the company or product.');
    properties.founder_socials = arr(obj({ platform, url: link, quotes }), 'Links of the primary founder.');
    properties.story = arr(
      obj({ section: { type: 'string', enum: [...STORY_SECTIONS] }, text: str('Max 8000 characters.'), quotes }),
      'The founding story, only as the pages tell it.',
    );
    properties.milestones = arr(
      obj({
        date: str('YYYY-MM-DD; use the 1st for a month or January 1st for a year when the page gives no day.'),
        title: str('Max 200 characters.'),
        description: nullableStr('Max 2000 characters.'),
        url: nullableStr('An https link shown on the pages.'),
        quotes,
      }),
      'Dated events the pages mention, max 50.',
    );
    properties.seo = obj({
      title: obj({ value: nullableStr('Max 70 characters.'), quotes }),
      meta: obj({ value: nullableStr('Max 170 characters.'), quotes }),
    });
  }
  return obj(properties);
}
