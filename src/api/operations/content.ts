import { Type } from '@sinclair/typebox';
import { defineOperation } from '../registry.js';
import { notFound } from '../errors.js';
import { Faq, PaginationQuery, Params, Query, Slug, Paginated } from '../schemas/common.js';
import { AwardSchema, BlogPostSummarySchema } from '../schemas/records.js';
import { pageBounds, pageOf } from '../pagination.js';
import { getBlogPost, listBlogPosts } from '../../domain/blog/blog-repository.js';
import { listAwards } from '../../domain/awards/award-repository.js';
import { listInterviewQuestions } from '../../domain/interview/interview-repository.js';

export const listBlogPostsOperation = defineOperation({
  operationId: 'list_blog_posts',
  method: 'GET',
  path: '/blog',
  tag: 'Content',
  title: 'List blog posts',
  summary: 'Newest first, or matched by q (full text).',
  scope: null,
  paginated: true,
  query: Query({
    q: Type.Optional(Type.String({ maxLength: 200, description: 'Search text' })),
    ...PaginationQuery,
  }),
  response: Paginated(BlogPostSummarySchema),
  handler: async (input, ctx) => {
    const { perPage, offset } = pageBounds(input);
    const r = await listBlogPosts(ctx.db, ctx.site.id, input.q, ctx.now(), perPage, offset, ctx.config.publicUrl);
    return pageOf(r.items, r.total, input);
  },
});

export const getBlogPostOperation = defineOperation({
  operationId: 'get_blog_post',
  method: 'GET',
  path: '/blog/{slug}',
  tag: 'Content',
  title: 'Get a blog post',
  summary: 'The full text as Markdown, and its FAQs.',
  scope: null,
  notFound: true,
  params: Params({ slug: Slug('Blog post slug') }),
  response: Type.Composite([
    BlogPostSummarySchema,
    Type.Object({ body_markdown: Type.String(), faqs: Type.Array(Faq) }),
  ]),
  handler: async ({ slug }, ctx) => {
    const post = await getBlogPost(ctx.db, ctx.site.id, slug, ctx.now(), ctx.config.publicUrl);
    if (!post) throw notFound(`There is no blog post "${slug}".`);
    return post;
  },
});

export const listAwardsOperation = defineOperation({
  operationId: 'list_awards',
  method: 'GET',
  path: '/awards',
  tag: 'Content',
  title: 'List awards',
  summary: 'Launch of the Week #1, #2 and #3 by community votes, newest week first.',
  scope: null,
  notFound: true,
  paginated: true,
  query: Query({ listing: Type.Optional(Slug('Only awards of this listing')), ...PaginationQuery }),
  response: Paginated(AwardSchema),
  handler: async (input, ctx) => {
    const { perPage, offset } = pageBounds(input);
    const r = await listAwards(ctx.db, ctx.site.id, input.listing, perPage, offset);
    if (!r) throw notFound(`There is no listing "${input.listing}".`);
    return pageOf(r.items, r.total, input);
  },
});

export const listInterviewQuestionsOperation = defineOperation({
  operationId: 'list_interview_questions',
  method: 'GET',
  path: '/interview-questions',
  tag: 'Content',
  title: 'Interview questions',
  summary: 'Questions founders answer with answer_interview.',
  scope: null,
  response: Type.Object({
    items: Type.Array(Type.Object({ id: Type.Integer(), question: Type.String() })),
    total: Type.Integer(),
  }),
  handler: async (_input, ctx) => {
    const items = await listInterviewQuestions(ctx.db, ctx.site.id);
    return { items, total: items.length };
  },
});

export const contentOperations = [
  listBlogPostsOperation,
  getBlogPostOperation,
  listAwardsOperation,
  listInterviewQuestionsOperation,
];
