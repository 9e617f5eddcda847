import { Type } from '@sinclair/typebox';
import { DateString, DateTime, Faq, Nullable, StringEnum } from './common.js';
import type { CategoryNode } from '../../domain/categories/category-repository.js';

const Str = Type.String();
const StrList = Type.Array(Type.String());
const Named = Type.Object({ slug: Str, name: Str });

/** A screenshot or the demo video (domain/media/media-item.ts). */
export const MediaItemSchema = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(['image', 'video'] as const),
  caption: Str,
  url: Type.String({ description: 'image: full size (WebP) on our origin; video: its link' }),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  embed_url: Nullable(
    Type.String({ description: "video: the privacy-enhanced player, to load on the visitor's click" }),
  ),
});

export const ListingSummarySchema = Type.Object({
  id: Type.Integer(),
  slug: Str,
  name: Str,
  url: Type.String({ description: "The product's own website" }),
  tagline: Str,
  logo_url: Nullable(Str),
  status: Type.String({ description: 'live, scheduled, …' }),
  plan: Nullable(Str),
  votes: Type.Integer(),
  followers: Type.Integer(),
  views: Type.Integer(),
  verified: Type.Boolean({ description: 'Ownership verified (not the same as paid)' }),
  launch_week: Nullable(DateString),
  launched_at: Nullable(DateTime),
  primary_category: Nullable(Named),
  pricing_model: Nullable(Str),
  stage: Nullable(Str),
  country: Nullable(Str),
  featured_until: Nullable(
    Type.String({ format: 'date-time', description: 'Paid featured placement: the listing is featured until then' }),
  ),
  language: Nullable(Type.String({ description: 'Language of its text, a BCP 47 primary subtag (ja, fr)' })),
});

const DomainRatingSchema = Type.Object(
  {
    current: Nullable(Type.Number({ description: "The latest reading, on the provider's own scale" })),
    measured_on: Nullable(DateString),
    as_of: Nullable(Type.String({ format: 'date', description: 'The day of the latest reading' })),
    provider: Nullable(
      Type.String({
        description:
          "`ahrefs`, `openpagerank`, `import` (an administrator's CSV), `demo`, or an imported provider name",
      }),
    ),
    provider_label: Nullable(
      Type.String({
        description:
          'The name to show next to the value, e.g. "Open PageRank" — never relabelled as another provider\'s rating',
      }),
    ),
    scale: Nullable(
      Type.Integer({ description: "The best possible rating on this provider's scale (Ahrefs 100, Open PageRank 10)" }),
    ),
    change: Nullable(Type.Number({ description: 'The same as change_30d' })),
    change_30d: Nullable(
      Type.Number({
        description: 'Latest reading minus the newest stored reading at least 30 days older; null without one',
      }),
    ),
    change_90d: Nullable(
      Type.Number({
        description: 'Latest reading minus the newest stored reading at least 90 days older; null without one',
      }),
    ),
    trend: Nullable(StringEnum(['up', 'down', 'flat'] as const)),
    history: Type.Array(Type.Object({ date: DateString, rating: Type.Number() }), {
      description: 'Stored readings of the same provider, oldest first',
    }),
  },
  {
    description:
      'Third-party Domain Rating with its source, date and change over 30 and 90 days, from stored readings only',
  },
);

export const ListingProfileSchema = Type.Composite([
  ListingSummarySchema,
  Type.Object({
    headline: Str,
    summary: Str,
    short_description: Str,
    description: Str,
    features: StrList,
    usps: StrList,
    keywords: StrList,
    tags: StrList,
    pricing: Type.Object({ model: Nullable(Str), summary: Nullable(Str) }),
    city: Nullable(Str),
    founded_year: Nullable(Type.Integer()),
    contact_email: Nullable(Str),
    demo_video_url: Nullable(Str),
    categories: Type.Array(Type.Object({ slug: Str, name: Str, primary: Type.Boolean() })),
    founders: Type.Array(Type.Object({ slug: Str, name: Str, title: Str, avatar_url: Nullable(Str) })),
    faqs: Type.Array(Faq),
    socials: Type.Record(Type.String(), Type.String()),
    latest_updates: Type.Array(Type.Object({ id: Type.Integer(), title: Str, body: Str, created_at: DateTime })),
    community_rating: Type.Object(
      { average: Nullable(Type.Number()), count: Type.Integer() },
      { description: 'From genuine reviews only' },
    ),
    domain_rating: DomainRatingSchema,
    revenue: Nullable(
      Type.Object(
        {
          mrr_cents: Type.Integer({ description: 'Monthly recurring revenue in USD cents' }),
          month: DateString,
          verified: Type.Boolean({
            description:
              'True when read from the payment provider with a read-only key; false when the owner stated it',
          }),
          source: Str,
        },
        {
          description:
            'The latest MRR with its month (first day) and source (`stripe`, or `self-reported`); null when ' +
            'there is none or the owner hides it',
        },
      ),
    ),
    awards: Type.Array(
      Type.Object({
        id: Type.Integer({ description: 'The award; its public verification page is /awards/{id}' }),
        week: DateString,
        rank: Type.Integer(),
        title: Str,
      }),
    ),
    trophy_cabinet: Nullable(
      Type.Object(
        {
          style: Str,
          award: Str,
          caption: Nullable(Str),
        },
        {
          description: 'A trophy cabinet the owners bought (trophy_cabinet): how the listing page displays its awards',
        },
      ),
    ),
    seo: Type.Object({ title: Str, description: Str }),
    not_found_on_website: Type.Array(Str, {
      description: "Profile facts the company's own website did not state (left blank, never invented)",
    }),
    unlocked_sections: Type.Array(StringEnum(['story', 'milestones', 'media'] as const)),
    links: Type.Object({ website: Str, page: Str, api: Str, badges: Str, alternatives: Str }),
    story: Type.Optional(
      Type.Record(Type.String(), Type.String(), { description: 'Paid-only section: present when unlocked' }),
    ),
    milestones: Type.Optional(
      Type.Array(
        Type.Object({ id: Type.Integer(), date: DateString, title: Str, description: Str, url: Nullable(Str) }),
        { description: 'Paid-only section: present when unlocked' },
      ),
    ),
    media: Type.Optional(
      Type.Array(MediaItemSchema, { description: 'Paid-only section: present when unlocked; the video first' }),
    ),
  }),
]);

const Count = Type.Integer({ minimum: 0 });

/** How a launch's rank is made (domain/ranking/launch-ranking.ts): get_listing and each get_launch_week item. */
export const RankingSchema = Type.Object(
  {
    rule: Type.Literal('launch-week-votes', {
      description:
        'Counted votes cast in the launch week (Mon–Sun UTC), most first; ties: more counted votes of all time, ' +
        'then the lower listing id. Nothing paid (featuring, billboard) enters it',
    }),
    week: DateString,
    rank: Type.Integer({ minimum: 1 }),
    of: Type.Integer({ description: 'Live launches ranked that week' }),
    votes_counted: Count,
    votes_held: Count,
    votes_voided: Count,
    not_counted: Type.Object(
      { new_account_hold: Count, owner_vote: Count, moderator_voided: Count },
      { description: "Votes cast that week that do not count, by reason (no voter's identity)" },
    ),
    votes_per_hour: Type.Object(
      { start: DateTime, counts: Type.Array(Count) },
      { description: 'Counted votes per hour from start; they add up to votes_counted' },
    ),
  },
  { description: 'How the rank in its launch week is made; null when it is not a live launch' },
);

// Written out to a fixed depth rather than with $ref recursion, so the same schema works inline
// in OpenAPI, in Fastify's serializer and as an MCP outputSchema.
const categoryNode = (depth: number): ReturnType<typeof Type.Object> =>
  Type.Object({
    slug: Str,
    name: Str,
    description: Str,
    live_listings: Type.Integer({ description: 'Live listings here and in subcategories' }),
    children:
      depth > 0 ? Type.Array(categoryNode(depth - 1)) : Type.Array(Type.Object({}, { additionalProperties: true })),
  });
// Its static type is the recursive CategoryNode the tree is built as (the schema's depth is deeper than any tree).
export const CategoryNodeSchema = Type.Unsafe<CategoryNode>(categoryNode(4));

export const FounderSummarySchema = Type.Object({
  slug: Str,
  name: Str,
  title: Str,
  country: Nullable(Str),
  avatar_url: Nullable(Str),
  companies: StrList,
  products: Type.Array(Type.Object({ slug: Str, name: Str }), {
    description: 'Their live listings here (get_listing by slug)',
  }),
});
export const BlogPostSummarySchema = Type.Object({
  slug: Str,
  title: Str,
  excerpt: Str,
  author: Str,
  tags: StrList,
  published_at: DateTime,
  url: Str,
});
export const AwardSchema = Type.Object({
  id: Type.Integer({ description: 'The award; its public verification page is /awards/{id}' }),
  week: DateString,
  rank: Type.Integer(),
  title: Str,
  votes: Type.Integer(),
  listing: ListingSummarySchema,
});
