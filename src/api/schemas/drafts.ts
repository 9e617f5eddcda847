import { Type } from '@sinclair/typebox';
import {
  STORY_SECTIONS as STORY_PARTS,
  STORY_SECTION_TITLES,
  type StorySection,
} from '../../drafting/draft-content.js';
import { Body, DateTime, Faq, LanguageInput, Nullable, Socials, StringEnum } from './common.js';

/**
 * Profile fields of a draft with their limits (as FIELD_LIMITS); every one accepts null (removes it).
 * A field whose name says it all goes undescribed: `fields` says what sending one does.
 */
const described = (description?: string) => (description ? { description } : {});
const text = (max: number, description?: string) => Nullable(Type.String({ maxLength: max }), described(description));
const list = (description?: string) =>
  Nullable(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 20 }), described(description));

export const DRAFT_FIELDS = {
  name: text(500),
  tagline: text(500, 'One-line pitch'),
  short_description: text(500, 'A sentence or two'),
  description: text(20000, 'What it does and for whom, plain text'),
  stage: text(500, 'e.g. Beta, Launched, Early access'),
  categories: list('Category names from list_categories; the first is primary'),
  tags: list(),
  pricing_model: text(500, 'e.g. Free, Freemium, Subscription'),
  pricing_summary: text(500, 'Plans and prices in words'),
  country: text(500, 'ISO 3166-1 alpha-2 code, e.g. PT'),
  city: text(500),
  founded_year: text(500, 'Four digits from 1800 to 2100, as text, e.g. "2021"'),
  features: list(),
  usps: list('What sets the product apart'),
  keywords: list(),
  contact_email: text(500, 'A public contact address'),
  demo_video_url: text(500, 'A YouTube, Vimeo, Loom… link'),
  logo_url: text(500, 'An http(s) link to the logo image'),
};
export const DRAFT_FIELD_NAMES = Object.keys(DRAFT_FIELDS) as (keyof typeof DRAFT_FIELDS)[];
export const FIELD_STATES = ['ai', 'not_found', 'edited', 'manual', 'override', 'deleted'] as const;

const FieldName = StringEnum(DRAFT_FIELD_NAMES as unknown as readonly string[]);

export const FounderInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 160, description: 'Full name' }),
    title: Type.Optional(Type.String({ maxLength: 160, description: 'Role, e.g. CEO' })),
    bio: Type.Optional(Type.String({ maxLength: 3000, description: 'Short biography, plain text' })),
  },
  { additionalProperties: false },
);

export const MilestoneInput = Type.Object(
  {
    // The pattern keeps years to 1800-2100: the format alone lets year 0000 through, which PostgreSQL refuses.
    date: Type.String({ format: 'date', pattern: '^(18\\d\\d|19\\d\\d|20\\d\\d|2100)-', description: 'YYYY-MM-DD' }),
    title: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'What happened, e.g. "Reached 1,000 users"',
    }),
    description: Type.Optional(Type.String({ maxLength: 2000, description: 'More about it, plain text' })),
    url: Type.Optional(Type.String({ maxLength: 500, pattern: '^https://', description: 'A link about it' })),
  },
  { additionalProperties: false },
);

const section = (part: StorySection, max: number, titled: boolean) =>
  Type.Optional(Type.String({ maxLength: max, ...described(titled ? STORY_SECTION_TITLES[part] : undefined) }));
/** Story sections besides the title (which has its own bound). */
export const STORY_SECTIONS = STORY_PARTS.filter((s) => s !== 'title');
/**
 * A founder story's sections: as a body of their own, each described by its heading; as one property
 * (`description` given), the sections' names say enough and only the whole is described.
 */
export const storyInput = (titleMax: number, description?: string) =>
  Type.Object(
    {
      title: section('title', titleMax, !description),
      ...Object.fromEntries(STORY_SECTIONS.map((s) => [s, section(s, 8000, !description)])),
    } as Record<string, ReturnType<typeof section>>,
    { additionalProperties: false, ...described(description) },
  );

export const UpdateDraftBody = Body(
  {
    fields: Type.Optional(
      Type.Partial(Type.Object(DRAFT_FIELDS), {
        additionalProperties: false,
        description: 'A value sent becomes edited (over an AI value) or manual; null removes the field',
      }),
    ),
    lock_fields: Type.Optional(
      Type.Array(FieldName, { maxItems: 20, description: 'Lock against AI redrafts (state override)' }),
    ),
    regenerate: Type.Optional(
      Type.Array(FieldName, { maxItems: 5, description: 'Redraft from website evidence (takes seconds)' }),
    ),
    restore: Type.Optional(Type.Array(FieldName, { maxItems: 20, description: "Restore the AI's original value" })),
    faqs: Type.Optional(Type.Array(Faq, { maxItems: 10, description: 'Replaces all FAQs' })),
    company_socials: Type.Optional(Socials("The company's")),
    founder_socials: Type.Optional(Socials("The primary founder's")),
    founders: Type.Optional(
      Type.Array(FounderInput, { maxItems: 6, description: 'Replaces the list; the first is primary' }),
    ),
    story: Type.Optional(
      storyInput(
        8000,
        'Each section sent replaces that one ("" removes it); plain text, blank line between paragraphs',
      ),
    ),
    milestones: Type.Optional(Type.Array(MilestoneInput, { maxItems: 50, description: 'Replaces all milestones' })),
    competitor_url: Type.Optional(
      Type.String({ maxLength: 2048, description: 'A competitor to compare with; empty string clears' }),
    ),
    language: Type.Optional(LanguageInput('A BCP 47 primary subtag (ja, pt); the listing takes it')),
    seo: Type.Optional(
      Type.Object(
        {
          title: Type.Optional(Type.String({ maxLength: 70 })),
          meta: Type.Optional(Type.String({ maxLength: 170 })),
        },
        {
          additionalProperties: false,
          description: 'Search-engine title and meta description; each sent replaces that one ("" removes it)',
        },
      ),
    ),
  },
  'Only send what changes',
);

const Evidence = Type.Object({
  quote: Type.String({ description: 'Verbatim (whitespace-normalised) text from the page' }),
  url: Type.String(),
  start: Type.Optional(Type.Integer({ description: 'Position of the quote in that source text' })),
  end: Type.Optional(Type.Integer()),
  source: Type.Optional(
    Type.String({
      description: 'text (visible page text), head (title, meta tags, JSON-LD) or links (link addresses)',
    }),
  ),
});
const Quoted = { evidence: Type.Array(Evidence) };
/**
 * What a draft field holds: text, a list of texts (categories, tags, features, usps, keywords) or
 * null (not found or removed). The drafter and update_draft store nothing else; each branch has
 * one `type` so MCP clients that map schemas onto a single-type dialect keep them.
 */
const fieldValue = (description: string) =>
  Type.Union([Type.String(), Type.Array(Type.String()), Type.Null()], { description });
export const DraftFieldSchema = Type.Object({
  value: fieldValue('Text, a list of texts (list fields), or null when not found or removed'),
  state: StringEnum(FIELD_STATES),
  evidence: Type.Array(Evidence),
  ai_value: fieldValue("The AI's original value (what restore brings back), or null"),
});
const Loose = Type.Object({}, { additionalProperties: true });

export const DraftSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    status: Type.String({ description: 'crawling, drafting or ready' }),
    url: Type.String(),
    domain: Type.String(),
    progress: Type.Object(
      {
        phase: Type.Optional(Type.String()),
        pages_read: Type.Optional(Type.Integer()),
        pages_planned: Type.Optional(Type.Integer()),
        current_url: Type.Optional(Type.String()),
        message: Type.Optional(Type.String()),
        read_urls: Type.Optional(
          Type.Array(Type.String(), { description: 'The pages read, in the order they were ranked (home first)' }),
        ),
        skipped: Type.Optional(
          Type.Array(
            Type.Object({
              url: Type.String(),
              reason: Type.String({
                description:
                  'page_limit, time_limit, robots, not_html, too_large, timeout, off_site_redirect, ' +
                  'http_error, blocked_address, unreachable or duplicate',
              }),
              detail: Type.String({ description: 'The reason in words' }),
            }),
            { description: 'Pages found on the site and not read, each with the reason (at most 50)' },
          ),
        ),
        skipped_more: Type.Optional(
          Type.Integer({ description: 'How many more pages were skipped than `skipped` lists' }),
        ),
      },
      { additionalProperties: true },
    ),
    notice: Nullable(
      Type.String({
        description:
          'Why the website could not be read, or what of it could not be (pages rendered by JavaScript), when so',
      }),
    ),
    language: Nullable(Type.String(), {
      description:
        "The site's language (BCP 47), as read from the site or set with update_draft; values stay in that language",
    }),
    completeness: Type.Integer({ minimum: 0, maximum: 100 }),
    missing: Type.Array(Type.String()),
    fields: Type.Record(Type.String(), DraftFieldSchema),
    faqs: Type.Array(Type.Object({ question: Type.String(), answer: Type.String(), ...Quoted })),
    founders: Type.Array(
      Type.Object({
        name: Type.String(),
        title: Type.Optional(Type.String()),
        bio: Type.Optional(Type.String()),
        socials: Type.Optional(Type.Record(Type.String(), Type.String())),
        ...Quoted,
      }),
    ),
    company_socials: Type.Record(Type.String(), Type.String()),
    founder_socials: Type.Record(Type.String(), Type.String()),
    story: Type.Record(Type.String(), Type.String()),
    milestones: Type.Array(
      Type.Object({
        date: Type.String(),
        title: Type.String(),
        description: Type.Optional(Type.String()),
        url: Type.Optional(Type.String()),
        ...Quoted,
      }),
    ),
    seo: Type.Object({ title: Type.Optional(Type.String()), meta: Type.Optional(Type.String()) }),
    evidence: Type.Object(
      {
        company_socials: Type.Record(Type.String(), Type.Array(Evidence)),
        founder_socials: Type.Record(Type.String(), Type.Array(Evidence)),
        story: Type.Record(Type.String(), Type.Array(Evidence)),
        seo: Type.Record(Type.String(), Type.Array(Evidence)),
      },
      { description: 'Quotes behind socials, story sections and SEO' },
    ),
    edited_parts: Type.Array(Type.String(), {
      description: 'Parts you replaced by hand (a redraft leaves them alone)',
    }),
    competitor_url: Nullable(Type.String()),
    competitor: Nullable(Loose),
    existing_listing: Nullable(Type.Object({ slug: Type.String(), claim_with: Type.String(), message: Type.String() })),
    listing_id: Nullable(Type.Integer()),
    submitted_at: Nullable(DateTime),
    pages: Type.Array(
      Type.Object({
        url: Type.String(),
        kind: Type.String(),
        status: Nullable(Type.Integer()),
        skipped: Nullable(Type.String()),
      }),
      { description: 'The pages read' },
    ),
    next_steps: Type.Array(Type.String()),
    created_at: DateTime,
    updated_at: DateTime,
  },
  { additionalProperties: true },
);

export const DraftSummarySchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  url: Type.String(),
  domain: Type.String(),
  status: Type.String(),
  completeness: Type.Integer(),
  listing_id: Nullable(Type.Integer()),
  role: Type.String({ description: 'owner, or cofounder (invited)' }),
  created_at: DateTime,
  updated_at: DateTime,
});
