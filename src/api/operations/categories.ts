import { Type } from '@sinclair/typebox';
import { defineOperation } from '../registry.js';
import { notFound } from '../errors.js';
import { Faq, PaginationQuery, Params, Query, Slug, Nullable, Paginated } from '../schemas/common.js';
import { CategoryNodeSchema, ListingSummarySchema } from '../schemas/records.js';
import { pageBounds, pageOf } from '../pagination.js';
import {
  categoryAndDescendantIds,
  categoryListings,
  categoryTree,
  getCategory,
} from '../../domain/categories/category-repository.js';

export const listCategoriesOperation = defineOperation({
  operationId: 'list_categories',
  method: 'GET',
  path: '/categories',
  tag: 'Categories',
  title: 'List categories',
  summary: "The category tree with live listing counts (a parent's count includes its subcategories').",
  scope: null,
  cached: true,
  query: Query({
    include_empty: Type.Optional(
      Type.Boolean({ default: true, description: 'Include categories without live listings' }),
    ),
  }),
  response: Type.Object({
    items: Type.Array(CategoryNodeSchema),
    total: Type.Integer({ description: 'Categories in the tree returned' }),
  }),
  handler: async ({ include_empty }, ctx) => {
    const items = await categoryTree(ctx.db, ctx.site.id, include_empty ?? true);
    const count = (nodes: { children: unknown[] }[]): number =>
      nodes.reduce((n, c) => n + 1 + count(c.children as never), 0);
    // The schema spells the tree out to a fixed depth; CategoryNode is the same shape, recursively.
    return { items: items as never[], total: count(items) };
  },
});

export const getCategoryOperation = defineOperation({
  operationId: 'get_category',
  method: 'GET',
  path: '/categories/{slug}',
  tag: 'Categories',
  title: 'Get a category',
  summary: 'The category with its subcategories, and its live listings (theirs included), most voted first.',
  scope: null,
  cached: true,
  notFound: true,
  paginated: true,
  params: Params({ slug: Slug('Category slug') }),
  query: Query({ ...PaginationQuery }),
  response: Type.Object({
    slug: Type.String(),
    name: Type.String(),
    description: Type.String(),
    parent: Nullable(Type.Object({ slug: Type.String(), name: Type.String() })),
    subcategories: Type.Array(Type.Object({ slug: Type.String(), name: Type.String(), live_listings: Type.Integer() })),
    faqs: Type.Array(Faq),
    attributes: Type.Array(Type.Object({ key: Type.String(), label: Type.String() })),
    live_listings: Type.Integer(),
    listings: Paginated(ListingSummarySchema),
    page: Type.Integer(),
    total_pages: Type.Integer(),
  }),
  handler: async (input, ctx) => {
    const cat = await getCategory(ctx.db, ctx.site.id, input.slug);
    if (!cat) throw notFound(`There is no category "${input.slug}". list_categories shows them all.`);
    const ids = (await categoryAndDescendantIds(ctx.db, ctx.site.id, input.slug)) ?? [cat.id];
    const { perPage, offset } = pageBounds(input);
    const items = await categoryListings(ctx.db, ctx.site.id, ids, perPage, offset);
    // Its live listings are exactly those its count covers (itself and below, each once).
    const listings = pageOf(items, cat.live_listings, input);
    const { id: _id, ...detail } = cat;
    return { ...detail, listings, page: listings.page, total_pages: listings.total_pages };
  },
});

export const categoryOperations = [listCategoriesOperation, getCategoryOperation];
