import type { NoRows, Db, Queryable } from '../../db/client.js';
import type { FieldError } from '../../errors/app-error.js';
import type { Faq } from '../content/faq-list.js';
import { cleanText, SLUG_RE, SLUG_RULE, textProblem } from '../content/text-limits.js';
import { BLOG_SEARCH_VECTOR } from './blog-repository.js';

export const BLOG_LIMITS = { title: 200, excerpt: 320, body: 100_000, author: 120, tags: 10, tag: 40 } as const;

/** The post form as typed. `status` is draft or published; `published_at` optional, in UTC. */
export interface BlogPostForm {
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  author: string;
  tags: string;
  status: string;
  published_at: string;
}

/**
 * `publishedAt` null with `published`: keep the date of a post already out, else now. A draft
 * has no date (see migration 018), which keeps it off every public read.
 */
export interface BlogPostValues {
  slug: string;
  title: string;
  excerpt: string;
  body_markdown: string;
  author_name: string;
  tags: string[];
  published: boolean;
  publishedAt: string | null;
}

/** `2026-11-18T09:30` (what a datetime-local field sends), optionally with seconds and a Z: a UTC instant. */
export function parseUtcDateTime(typed: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?Z?$/.exec(typed);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0));
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  // Date.UTC rolls 31 February over into March: only a date that reads back the same is real.
  const real =
    t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
  return real && y >= 1970 && y <= 9999 ? t.toISOString() : null;
}

export function readBlogPostForm(typed: BlogPostForm): { values: BlogPostValues; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const check = (path: string, problem: string | null) => {
    if (problem) errors.push({ path, message: problem });
  };
  const slug = typed.slug.trim();
  if (!SLUG_RE.test(slug)) errors.push({ path: 'slug', message: slug ? `must be ${SLUG_RULE}` : 'must not be empty' });
  const title = cleanText(typed.title);
  check('title', textProblem(title, { max: BLOG_LIMITS.title, required: true, oneLine: true }));
  const excerpt = cleanText(typed.excerpt);
  check('excerpt', textProblem(excerpt, { max: BLOG_LIMITS.excerpt }));
  const body = cleanText(typed.body);
  check('body', textProblem(body, { max: BLOG_LIMITS.body, required: true }));
  const author = cleanText(typed.author);
  check('author', textProblem(author, { max: BLOG_LIMITS.author, oneLine: true }));
  const tags = [
    ...new Set(
      typed.tags
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  const badTag = tags.find((t) => textProblem(t, { max: BLOG_LIMITS.tag, oneLine: true }));
  if (tags.length > BLOG_LIMITS.tags)
    errors.push({ path: 'tags', message: `at most ${BLOG_LIMITS.tags} tags (${tags.length} given)` });
  else if (badTag !== undefined)
    errors.push({
      path: 'tags',
      message: `each tag is one line of at most ${BLOG_LIMITS.tag} characters (“${badTag.slice(0, 60)}” is not)`,
    });
  if (typed.status !== 'draft' && typed.status !== 'published')
    errors.push({ path: 'status', message: 'must be draft or published' });
  const published = typed.status === 'published';
  const when = typed.published_at.trim();
  const publishedAt = when && published ? parseUtcDateTime(when) : null;
  if (when && published && !publishedAt)
    errors.push({ path: 'published_at', message: 'must be a date and time such as 2026-11-18T09:30 (UTC), or empty' });
  return {
    values: { slug, title, excerpt, body_markdown: body, author_name: author, tags, published, publishedAt },
    errors,
  };
}

export interface AdminBlogPostRow {
  id: number;
  slug: string;
  title: string;
  published_at: string | null;
  faqs: number;
}
export interface AdminBlogPost {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  body_markdown: string;
  author_name: string;
  tags: string[];
  published_at: string | null;
  faqs: Faq[];
}

/** Every post of the site, drafts (no date) first, then newest first. */
export async function adminBlogPosts(db: Queryable, siteId: number): Promise<AdminBlogPostRow[]> {
  return db.query<AdminBlogPostRow>(
    `SELECT p.id, p.slug, p.title, p.published_at, (SELECT count(*)::int FROM blog_faqs f
       WHERE f.post_id = p.id) AS faqs
       FROM blog_posts p WHERE p.site_id = $1 ORDER BY p.published_at DESC NULLS FIRST, p.id DESC`,
    [siteId],
  );
}

export async function findBlogPost(db: Queryable, siteId: number, id: number): Promise<AdminBlogPost | null> {
  const rows = await db.query<Omit<AdminBlogPost, 'faqs'>>(
    'SELECT id, slug, title, excerpt, body_markdown, author_name, tags, published_at FROM blog_posts WHERE ' +
      'site_id = $1 AND id = $2',
    [siteId, id],
  );
  if (!rows[0]) return null;
  const faqs = await db.query<Faq>('SELECT question, answer FROM blog_faqs WHERE post_id = $1 ORDER BY position, id', [
    id,
  ]);
  return { ...rows[0], faqs };
}

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';
const SLUG_TAKEN: FieldError = { path: 'slug', message: 'is already used by another post of this site' };

export type BlogWriteResult = { ok: true; id: number; slug: string } | { ok: false; errors: FieldError[] };

/**
 * Creates the post (id null) or rewrites it, with its FAQs replaced and its search text
 * recomputed, in one transaction; null when the post to rewrite is not of this site.
 */
export async function saveBlogPost(
  db: Db,
  siteId: number,
  id: number | null,
  v: BlogPostValues,
  faqs: Faq[],
  now: Date,
): Promise<BlogWriteResult | null> {
  try {
    return await db.transaction(async (tx) => {
      const taken = await tx.query<{ one: number }>(
        'SELECT 1 AS one FROM blog_posts WHERE site_id = $1 AND slug = $2 AND id IS DISTINCT FROM $3::int',
        [siteId, v.slug, id],
      );
      if (taken.length) return { ok: false, errors: [SLUG_TAKEN] };
      const params = [
        siteId,
        v.slug,
        v.title,
        v.excerpt,
        v.body_markdown,
        v.author_name,
        v.tags,
        v.published,
        v.publishedAt,
        now.toISOString(),
      ];
      const rows =
        id === null
          ? await tx.query<{ id: number }>(
              `INSERT INTO blog_posts (site_id, slug, title, excerpt, body_markdown, author_name, tags, published_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7::text[], CASE
           WHEN $8::boolean THEN COALESCE($9::timestamptz, $10::timestamptz) END) RETURNING id`,
              params,
            )
          : await tx.query<{ id: number }>(
              `UPDATE blog_posts
            SET slug = $2, title = $3, excerpt = $4, body_markdown = $5, author_name = $6, tags = $7::text[],
                  published_at = CASE
                  WHEN $8::boolean THEN COALESCE($9::timestamptz, published_at, $10::timestamptz) END
            WHERE site_id = $1 AND id = $11 RETURNING id`,
              [...params, id],
            );
      const postId = rows[0]?.id;
      if (postId === undefined) return null;
      await tx.query<NoRows>(`UPDATE blog_posts SET search_vector = ${BLOG_SEARCH_VECTOR} WHERE id = $1`, [postId]);
      await tx.query<NoRows>('DELETE FROM blog_faqs WHERE post_id = $1', [postId]);
      for (const [i, f] of faqs.entries()) {
        await tx.query<NoRows>('INSERT INTO blog_faqs (post_id, question, answer, position) VALUES ($1, $2, $3, $4)', [
          postId,
          f.question,
          f.answer,
          i,
        ]);
      }
      // The blog's pages are memoised: they go once this commits.
      tx.changed({ kind: 'content' });
      return { ok: true, id: postId, slug: v.slug };
    });
  } catch (err) {
    // Another admin took the slug between the check and the write.
    if (isUniqueViolation(err)) return { ok: false, errors: [SLUG_TAKEN] };
    throw err;
  }
}

/** Deletes the post and its FAQs; the slug it had, or null when it is not of this site. */
export async function deleteBlogPost(db: Queryable, siteId: number, id: number): Promise<string | null> {
  const rows = await db.query<{ slug: string }>(
    'DELETE FROM blog_posts WHERE site_id = $1 AND id = $2 RETURNING slug',
    [siteId, id],
  );
  if (rows[0]) db.changed({ kind: 'content' });
  return rows[0]?.slug ?? null;
}
