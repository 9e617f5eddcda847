import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { FieldError } from '../../api/errors.js';
import type { User } from '../../domain/accounts/user-repository.js';
import type { Faq } from '../../domain/content/faq-list.js';
import {
  adminBlogPosts,
  BLOG_LIMITS,
  findBlogPost,
  type AdminBlogPost,
  type BlogPostForm,
} from '../../domain/blog/blog-edits.js';
import { html, type SafeHtml } from '../html.js';
import { adminOf, adminPageSender, flash, idParam } from './admin-guard.js';
import {
  csrfInput,
  errorSummary,
  faqFieldsets,
  field,
  fieldErrors,
  gone,
  savedNotice,
  typedFaqs,
  utcText,
  type Refused,
} from './admin-form-parts.js';
import { firstText, type PostedForm } from '../forms/form-values.js';
import { runForm } from '../forms/run-form.js';
import {
  createBlogPostOperation,
  deleteBlogPostOperation,
  updateBlogPostOperation,
} from '../../api/operations/admin/index.js';

const CURRENT = '/admin/blog';
const LABELS: Record<string, string> = {
  slug: 'Slug',
  title: 'Title',
  excerpt: 'Excerpt',
  body: 'Body',
  author: 'Author',
  tags: 'Tags',
  status: 'Status',
  published_at: 'Publication date',
  faqs: 'FAQs',
};
const NOTICES: Record<string, string> = { created: 'Post created.', saved: 'Post saved.', deleted: 'Post deleted.' };
// A post's body may be 100,000 characters; form-encoded, non-Latin text takes up to 9 bytes each.
const BODY_LIMIT = 2 * 1_048_576;

const typedForm = (b: PostedForm | undefined): BlogPostForm => ({
  slug: firstText(b?.slug),
  title: firstText(b?.title),
  excerpt: firstText(b?.excerpt),
  body: firstText(b?.body),
  author: firstText(b?.author),
  tags: firstText(b?.tags),
  status: firstText(b?.status),
  published_at: firstText(b?.published_at),
});

const stored = (p: AdminBlogPost): BlogPostForm => ({
  slug: p.slug,
  title: p.title,
  excerpt: p.excerpt,
  body: p.body_markdown,
  author: p.author_name,
  tags: p.tags.join(', '),
  status: p.published_at ? 'published' : 'draft',
  published_at: p.published_at ? p.published_at.slice(0, 16) : '',
});

/**
 * /admin/blog: every post, drafts first then newest; writing, editing (Markdown body, FAQs,
 * draft or published, optionally at a set time) and deleting posts. The public blog and the API
 * read posts uncached, so a save shows there at once.
 */
export function registerAdminBlogRoutes(app: FastifyInstance, ctx: AppContext) {
  const send = adminPageSender(ctx);

  function state(publishedAt: string | null): SafeHtml {
    if (!publishedAt) return html`Draft`;
    return Date.parse(publishedAt) > ctx.now().getTime()
      ? html`Scheduled for ${utcText(publishedAt)}`
      : html`Published ${utcText(publishedAt)}`;
  }

  function notFound(reply: FastifyReply, user: User) {
    return send(
      reply,
      user,
      CURRENT,
      'No such post',
      html`<h1>No such post</h1><p>There is no blog post with this id. <a href="/admin/blog">All posts</a></p>`,
      404,
    );
  }

  app.get('/admin/blog', async (req, reply) => {
    const user = adminOf(req);
    const posts = await adminBlogPosts(ctx.db, ctx.site.id);
    return send(
      reply,
      user,
      CURRENT,
      'Blog',
      html`<h1>Blog</h1>${flash({ notice: savedNotice(req.query, NOTICES) })}
      <p><a class="button" href="/admin/blog/new">Write a new post</a></p>
      ${
        posts.length
          ? html`<div class="table-wrap"><table class="stack"><caption class="sr-only">Blog posts, drafts first, then newest first</caption>
        <thead><tr><th scope="col">Title</th><th scope="col">Slug</th><th scope="col">Status</th><th scope="col">FAQs</th></tr></thead><tbody>
        ${posts.map((p) => html`<tr><td><a href="/admin/blog/${p.id}">${p.title}</a></td><td><code>${p.slug}</code></td><td>${state(p.published_at)}</td><td>${p.faqs} ${p.faqs === 1 ? 'FAQ' : 'FAQs'}</td></tr>`)}
        </tbody></table></div>`
          : html`<p class="muted">No posts yet.</p>`
      }`,
    );
  });

  function editor(
    reply: FastifyReply,
    user: User,
    post: AdminBlogPost | null,
    o: { typed?: BlogPostForm; errors?: FieldError[]; faqTyped?: Faq[]; notice?: string } = {},
    status = 200,
  ) {
    const typed =
      o.typed ??
      (post
        ? stored(post)
        : { slug: '', title: '', excerpt: '', body: '', author: '', tags: '', status: 'draft', published_at: '' });
    const errors = o.errors ?? [];
    const statusError = errors.find((e) => e.path === 'status');
    const live = post?.published_at && Date.parse(post.published_at) <= ctx.now().getTime();
    const action = post ? `/admin/blog/${post.id}` : '/admin/blog';
    return send(
      reply,
      user,
      CURRENT,
      post ? `Edit ${post.title}` : 'New post',
      html`<p><a href="/admin/blog">← All posts</a></p>
      <h1>${post ? post.title : 'New post'}</h1>${flash({ notice: o.notice })}
      ${post ? html`<p class="muted">${state(post.published_at)}${live ? html` · <a href="/blog/${post.slug}">on the blog</a>` : ' · not on the public blog yet'}</p>` : ''}
      ${errorSummary(errors, LABELS)}
      <form method="post" action="${action}" class="form wide">${csrfInput(reply)}
        ${field({ id: 'post-title', name: 'title', label: 'Title', value: typed.title, errors, max: BLOG_LIMITS.title, required: true })}
        ${field({ id: 'post-slug', name: 'slug', label: 'Slug', value: typed.slug, errors, max: 220, required: true, pattern: '[a-z0-9][a-z0-9\\-]{0,219}', hint: 'Its address: /blog/slug. Lowercase letters, digits and hyphens.' })}
        ${field({ id: 'post-excerpt', name: 'excerpt', label: 'Excerpt', value: typed.excerpt, errors, max: BLOG_LIMITS.excerpt, rows: 3, hint: `Shown in the list of posts and as the page description; up to ${BLOG_LIMITS.excerpt} characters.` })}
        ${field({ id: 'post-body', name: 'body', label: 'Body (Markdown)', value: typed.body, errors, max: BLOG_LIMITS.body, required: true, rows: 20, hint: 'Markdown; HTML is shown as text. "#" headings become the page\'s second level.' })}
        ${field({ id: 'post-author', name: 'author', label: 'Author', value: typed.author, errors, max: BLOG_LIMITS.author })}
        ${field({ id: 'post-tags', name: 'tags', label: 'Tags', value: typed.tags, errors, hint: `Separated by commas; at most ${BLOG_LIMITS.tags}, each up to ${BLOG_LIMITS.tag} characters.` })}
        <fieldset${statusError ? html` class="has-error" aria-describedby="post-status-error"` : ''}><legend>Status</legend>
          <label class="check"><input type="radio" name="status" value="draft"${typed.status === 'published' ? '' : html` checked`}> Draft: not on the public blog</label>
          <label class="check"><input type="radio" name="status" value="published"${typed.status === 'published' ? html` checked` : ''}> Published</label>
          ${statusError ? html`<p class="field-error" id="post-status-error">${statusError.message}</p>` : ''}
        </fieldset>
        ${field({ id: 'post-published-at', name: 'published_at', label: 'Publication date and time (UTC)', value: typed.published_at, errors, type: 'datetime-local', hint: 'For a published post. Empty: now, or the date it already has. A future time schedules the post.' })}
        <h2 id="faqs">FAQs</h2>
        ${faqFieldsets(o.faqTyped ?? post?.faqs ?? [], errors)}
        <p><button type="submit">${post ? 'Save post' : 'Create post'}</button></p>
      </form>
      ${
        post
          ? html`<h2 id="delete">Delete</h2><form method="post" action="/admin/blog/${post.id}/delete" class="inline">${csrfInput(reply)}
        <button type="submit" class="secondary">Delete this post</button></form><p class="small muted">It leaves the blog at once, with its FAQs; this cannot be undone.</p>`
          : ''
      }`,
      status,
    );
  }

  /** Shows the editor again after a refused save: what was typed, with the errors by field. */
  function refused(
    reply: FastifyReply,
    user: User,
    post: AdminBlogPost | null,
    body: PostedForm | undefined,
    r: Refused,
  ) {
    const faqTyped = typedFaqs(createBlogPostOperation.body!, body);
    return editor(reply, user, post, { typed: typedForm(body), faqTyped, errors: fieldErrors(r.fields) }, r.status);
  }

  app.get('/admin/blog/new', async (req, reply) => {
    const user = adminOf(req);
    return editor(reply, user, null);
  });

  app.post<{ Body: PostedForm }>(
    '/admin/blog',
    { preHandler: app.csrfProtection, bodyLimit: BODY_LIMIT },
    async (req, reply) => {
      const user = adminOf(req);
      const r = await runForm(ctx, user, createBlogPostOperation, req.body);
      if (!r.ok) return refused(reply, user, null, req.body, r);
      return reply.redirect(`/admin/blog/${r.value.id}?saved=created`, 303);
    },
  );

  app.get<{ Params: { id: string } }>('/admin/blog/:id', async (req, reply) => {
    const user = adminOf(req);
    const id = idParam(req.params.id);
    const post = id === null ? null : await findBlogPost(ctx.db, ctx.site.id, id);
    return post ? editor(reply, user, post, { notice: savedNotice(req.query, NOTICES) }) : notFound(reply, user);
  });

  app.post<{ Params: { id: string }; Body: PostedForm }>(
    '/admin/blog/:id',
    { preHandler: app.csrfProtection, bodyLimit: BODY_LIMIT },
    async (req, reply) => {
      const user = adminOf(req);
      const r = await runForm(ctx, user, updateBlogPostOperation, req.body, { id: req.params.id });
      if (r.ok) return reply.redirect(`/admin/blog/${r.value.id}?saved=saved`, 303);
      // The editor shows the post as stored above what was typed.
      const post = gone(r) ? null : await findBlogPost(ctx.db, ctx.site.id, Number(req.params.id));
      return post ? refused(reply, user, post, req.body, r) : notFound(reply, user);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/admin/blog/:id/delete',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const user = adminOf(req);
      const r = await runForm(ctx, user, deleteBlogPostOperation, {}, { id: req.params.id });
      return r.ok ? reply.redirect('/admin/blog?saved=deleted', 303) : notFound(reply, user);
    },
  );
}
