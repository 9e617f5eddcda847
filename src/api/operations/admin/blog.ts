import { Type } from '@sinclair/typebox';
import { defineOperation, type OperationContext } from '../../registry.js';
import { AppError } from '../../../errors/app-error.js';
import { checkFaqs } from '../../../domain/content/faq-list.js';
import { deleteBlogPost, readBlogPostForm, saveBlogPost } from '../../../domain/blog/blog-edits.js';

import { FaqRows, faqRows, idParams, notSaved, Saved } from './shared.js';

/** Blog posts, written and scheduled by the site's administrators. */

/** The post form's fields; the domain reads and checks them (readBlogPostForm), in its words. */
const BlogPostBody = Type.Object({
  slug: Type.Optional(Type.String()),
  title: Type.Optional(Type.String()),
  excerpt: Type.Optional(Type.String()),
  body: Type.Optional(Type.String({ description: 'Markdown' })),
  author: Type.Optional(Type.String()),
  tags: Type.Optional(Type.String({ description: 'Separated by commas' })),
  status: Type.Optional(Type.String({ description: 'draft or published' })),
  published_at: Type.Optional(Type.String({ description: 'UTC, e.g. 2026-11-18T09:30; empty: now' })),
  faq: Type.Optional(FaqRows),
});
type BlogPostInput = typeof BlogPostBody.static;

/** Checks and saves a post, new (id null) or over the post with this id. */
async function savePost(ctx: OperationContext, id: number | null, b: BlogPostInput) {
  const { values, errors } = readBlogPostForm({
    slug: b.slug ?? '',
    title: b.title ?? '',
    excerpt: b.excerpt ?? '',
    body: b.body ?? '',
    author: b.author ?? '',
    tags: b.tags ?? '',
    status: b.status ?? '',
    published_at: b.published_at ?? '',
  });
  const faqs = checkFaqs(faqRows(b.faq));
  if (errors.length || faqs.errors.length) throw notSaved([...errors, ...faqs.errors]);
  const r = await saveBlogPost(ctx.db, ctx.site.id, id, values, faqs.faqs, ctx.now());
  if (!r) throw new AppError(404, 'No such post.');
  if (!r.ok) throw notSaved(r.errors);
  return { id: r.id, slug: r.slug };
}

export const createBlogPostOperation = defineOperation({
  operationId: 'create_blog_post',
  surfaces: ['site'],
  adminOnly: true,
  method: 'POST',
  path: '/admin/blog',
  tag: 'Admin',
  title: 'Write a blog post',
  summary: 'A draft, or published now or at a set time, with its FAQs.',
  scope: 'listings:write',
  body: BlogPostBody,
  response: Saved,
  status: 201,
  handler: async (input, ctx) => savePost(ctx, null, input),
});

export const updateBlogPostOperation = defineOperation({
  operationId: 'update_blog_post',
  surfaces: ['site'],
  adminOnly: true,
  method: 'PUT',
  path: '/admin/blog/{id}',
  tag: 'Admin',
  title: 'Edit a blog post',
  summary: 'Replaces the post, its FAQs and its status; the public blog shows it at once.',
  scope: 'listings:write',
  notFound: true,
  params: idParams,
  body: BlogPostBody,
  response: Saved,
  handler: async ({ id, ...input }, ctx) => savePost(ctx, id, input),
});

export const deleteBlogPostOperation = defineOperation({
  operationId: 'delete_blog_post',
  surfaces: ['site'],
  adminOnly: true,
  method: 'DELETE',
  path: '/admin/blog/{id}',
  tag: 'Admin',
  title: 'Delete a blog post',
  summary: 'It leaves the blog at once, with its FAQs.',
  scope: 'listings:write',
  notFound: true,
  params: idParams,
  response: Type.Object({ slug: Type.String() }),
  handler: async ({ id }, ctx) => {
    const slug = await deleteBlogPost(ctx.db, ctx.site.id, id);
    if (slug === null) throw new AppError(404, 'No such post.');
    return { slug };
  },
});
