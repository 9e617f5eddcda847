import { Type } from '@sinclair/typebox';
import { profileCacheKey } from '../../domain/listings/listing-cache.js';
import { defineOperation } from '../registry.js';
import { notFound, badRequest } from '../errors.js';
import { Nullable, PaginationQuery, Params, Query, Slug, StringEnum, Paginated } from '../schemas/common.js';
import { ListingProfileSchema, ListingSummarySchema, RankingSchema } from '../schemas/records.js';
import { pageBounds, pageOf } from '../pagination.js';
import { withJsonText } from '../pre-serialized.js';
import { withLaunchRanking } from '../ranked-profile.js';
import { LISTING_SORTS, searchListings } from '../../domain/search/search-listings.js';
import { loadAlternatives, loadListingProfile } from '../../domain/listings/listing-profile.js';
import { compareListings } from '../../domain/listings/compare.js';

export const searchListingsOperation = defineOperation({
  operationId: 'search_listings',
  method: 'GET',
  path: '/listings',
  tag: 'Listings',
  title: 'Search listings',
  summary:
    'Full-text, typo-tolerant search over name, tagline, description and keywords; `corrected` shows words read as others.',
  scope: null,
  cached: true,
  paginated: true,
  query: Query({
    q: Type.Optional(Type.String({ maxLength: 200, description: 'Search text; empty browses' })),
    category: Type.Optional(Slug('Category slug; includes its subcategories')),
    stage: Type.Optional(Slug('e.g. idea, beta, launched, growing, established')),
    country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2 code' })),
    pricing_model: Type.Optional(
      Type.String({ maxLength: 40, description: 'Any case, e.g. free, freemium, subscription' }),
    ),
    domain: Type.Optional(
      Type.String({
        maxLength: 253,
        description: 'e.g. example.com (a URL works too); subdomains match too',
      }),
    ),
    status: Type.Optional(
      StringEnum(['live', 'upcoming'] as const, {
        default: 'live',
        description: 'live (published) or upcoming (scheduled)',
      }),
    ),
    sort: Type.Optional(
      StringEnum(LISTING_SORTS, {
        default: 'relevance',
        description: 'relevance is by votes when q is empty',
      }),
    ),
    ...PaginationQuery,
  }),
  response: Paginated(ListingSummarySchema, {
    corrected: Type.Optional(
      Type.Record(Type.String(), Type.Array(Type.String()), {
        description: 'Query words read as other words (typo tolerance)',
      }),
    ),
  }),
  handler: async (input, ctx) => {
    const { perPage, offset } = pageBounds(input);
    const r = await searchListings(ctx.db, { siteId: ctx.site.id, ...input, limit: perPage, offset, now: ctx.now() });
    return { ...pageOf(r.items, r.total, input), ...(r.corrected ? { corrected: r.corrected } : {}) };
  },
});

export const getListingOperation = defineOperation({
  operationId: 'get_listing',
  method: 'GET',
  path: '/listings/{slug}',
  tag: 'Listings',
  title: 'Get a listing',
  summary:
    'The full public profile (rating from genuine reviews only); paid sections (story, milestones, media) only when unlocked.',
  scope: null,
  notFound: true,
  params: Params({ slug: Slug('Listing slug') }),
  response: Type.Composite([ListingProfileSchema, Type.Object({ ranking: Nullable(RankingSchema) })]),
  handler: async ({ slug }, ctx) => {
    const hit = await ctx.listingCache.getOrLoad(profileCacheKey(ctx.site.id, slug), () =>
      loadListingProfile(ctx.db, ctx.site.id, slug, ctx.config.publicUrl),
    );
    if (!hit) throw notFound(`There is no listing "${slug}". search_listings finds listings by name.`);
    ctx.views.count(hit.value.id);
    const pair = withLaunchRanking(ctx, hit);
    const ranked = pair instanceof Promise ? await pair : pair;
    return withJsonText(ranked.value, ranked.json);
  },
});

export const getAlternativesOperation = defineOperation({
  operationId: 'get_alternatives',
  method: 'GET',
  path: '/listings/{slug}/alternatives',
  tag: 'Listings',
  title: 'Alternatives to a listing',
  summary:
    'Owner-approved alternatives (approved) first, then live listings of its primary category, most voted first.',
  scope: null,
  cached: true,
  notFound: true,
  paginated: true,
  params: Params({ slug: Slug('Listing slug') }),
  query: Query({ ...PaginationQuery }),
  response: Paginated(Type.Composite([ListingSummarySchema, Type.Object({ approved: Type.Boolean() })])),
  handler: async (input, ctx) => {
    const { perPage, offset } = pageBounds(input);
    const r = await loadAlternatives(ctx.db, ctx.site.id, input.slug, perPage, offset);
    if (!r) throw notFound(`There is no listing "${input.slug}".`);
    return pageOf(r.items, r.total, input);
  },
});

export const compareListingsOperation = defineOperation({
  operationId: 'compare_listings',
  method: 'GET',
  path: '/compare',
  tag: 'Listings',
  title: 'Compare two listings',
  summary: "Side by side on their categories' attributes; null means the listing does not state it.",
  scope: null,
  notFound: true,
  query: Query({ a: Slug('First listing slug'), b: Slug('Second listing slug') }),
  response: Type.Object({
    a: Type.Object({
      slug: Type.String(),
      name: Type.String(),
      url: Type.String(),
      category: Type.Union([Type.String(), Type.Null()]),
    }),
    b: Type.Object({
      slug: Type.String(),
      name: Type.String(),
      url: Type.String(),
      category: Type.Union([Type.String(), Type.Null()]),
    }),
    rows: Type.Array(
      Type.Object({
        key: Type.String(),
        label: Type.String(),
        a: Type.Union([Type.String(), Type.Null()]),
        b: Type.Union([Type.String(), Type.Null()]),
      }),
    ),
  }),
  handler: async ({ a, b }, ctx) => {
    if (a === b) throw badRequest('b: compare two different listings.', [{ path: 'b', message: 'must differ from a' }]);
    const r = await compareListings(ctx.db, ctx.site.id, a, b);
    if ('missing' in r) throw notFound(`There is no listing "${r.missing}".`);
    return r;
  },
});

export const listingOperations = [
  searchListingsOperation,
  getListingOperation,
  getAlternativesOperation,
  compareListingsOperation,
];
