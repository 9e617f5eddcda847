import { Type } from '@sinclair/typebox';
import { defineOperation } from '../registry.js';
import { notFound } from '../errors.js';
import { Nullable, PaginationQuery, Params, Query, Slug, Paginated } from '../schemas/common.js';
import { FounderSummarySchema, ListingSummarySchema } from '../schemas/records.js';
import { pageBounds, pageOf } from '../pagination.js';
import { getFounder, listFounders } from '../../domain/founders/founder-repository.js';

export const listFoundersOperation = defineOperation({
  operationId: 'list_founders',
  method: 'GET',
  path: '/founders',
  tag: 'People',
  title: 'List founders',
  summary: 'Founders of live listings, by name.',
  scope: null,
  paginated: true,
  query: Query({
    q: Type.Optional(Type.String({ maxLength: 120, description: 'Part of the name' })),
    country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2 code' })),
    ...PaginationQuery,
  }),
  response: Paginated(FounderSummarySchema),
  handler: async (input, ctx) => {
    const { perPage, offset } = pageBounds(input);
    const r = await listFounders(ctx.db, ctx.site.id, input.q, input.country, perPage, offset);
    return pageOf(r.items, r.total, input);
  },
});

export const getFounderOperation = defineOperation({
  operationId: 'get_founder',
  method: 'GET',
  path: '/founders/{slug}',
  tag: 'People',
  title: 'Get a founder',
  summary: 'Bio, socials, companies, published stories and interview answers.',
  scope: null,
  notFound: true,
  params: Params({ slug: Slug('Founder slug') }),
  response: Type.Object({
    slug: Type.String(),
    name: Type.String(),
    title: Type.String(),
    bio: Type.String(),
    country: Nullable(Type.String()),
    avatar_url: Nullable(Type.String()),
    socials: Type.Record(Type.String(), Type.String()),
    companies: Type.Array(ListingSummarySchema),
    stories: Type.Array(Type.Object({ listing: Type.String(), title: Type.String(), story: Type.String() })),
    interview: Type.Array(Type.Object({ question_id: Type.Integer(), question: Type.String(), answer: Type.String() })),
  }),
  handler: async ({ slug }, ctx) => {
    const f = await getFounder(ctx.db, ctx.site.id, slug);
    if (!f) throw notFound(`There is no founder "${slug}".`);
    return f;
  },
});

export const peopleOperations = [listFoundersOperation, getFounderOperation];
