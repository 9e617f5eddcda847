import type { NoRows, Queryable } from '../../db/client.js';
import { queryWords } from '../search/query-terms.js';

export interface BlogPostSummary {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  tags: string[];
  published_at: string;
  url: string;
}
export interface BlogPost extends BlogPostSummary {
  body_markdown: string;
  faqs: { question: string; answer: string }[];
}

/** A post's search text, computed from its own columns (an UPDATE's SET expression). */
export const BLOG_SEARCH_VECTOR = `setweight(to_tsvector('english', unaccent(title)), 'A') ||
       setweight(to_tsvector('english', unaccent(excerpt || ' ' || array_to_string(tags, ' '))), 'B') ||
       setweight(to_tsvector('english', unaccent(body_markdown)), 'C')`;

export async function reindexBlogPosts(db: Queryable, siteId: number): Promise<void> {
  await db.query<NoRows>(`UPDATE blog_posts SET search_vector = ${BLOG_SEARCH_VECTOR} WHERE site_id = $1`, [siteId]);
}

/** Newest first; with q, full-text matches ranked by relevance (prefix-matching the words typed). */
export async function listBlogPosts(
  db: Queryable,
  siteId: number,
  q: string | undefined,
  now: Date,
  limit: number,
  offset: number,
  publicUrl: string,
): Promise<{ items: BlogPostSummary[]; total: number }> {
  const words = q ? queryWords(q) : [];
  const params: unknown[] = [siteId, now.toISOString(), limit, offset];
  let where = 'site_id = $1 AND published_at <= $2';
  let order = 'published_at DESC, id DESC';
  if (words.length) {
    params.push(words.map((w) => `${w}:*`).join(' & '));
    where += ` AND search_vector @@ to_tsquery('english', $5)`;
    order = `ts_rank(search_vector, to_tsquery('english', $5)) DESC, published_at DESC`;
  }
  const rows = await db.query<PostSummaryRow & { total_count: number }>(
    `SELECT slug, title, excerpt, author_name, tags, published_at, count(*) OVER () AS total_count
       FROM blog_posts WHERE ${where} ORDER BY ${order} LIMIT $3 OFFSET $4`,
    params,
  );
  return { items: rows.map((r) => toSummary(r, publicUrl)), total: rows[0]?.total_count ?? 0 };
}

interface PostSummaryRow {
  slug: string;
  title: string;
  excerpt: string;
  author_name: string;
  tags: string[];
  published_at: string;
}

function toSummary(r: PostSummaryRow, publicUrl: string): BlogPostSummary {
  return {
    slug: r.slug,
    title: r.title,
    excerpt: r.excerpt,
    author: r.author_name,
    tags: r.tags,
    published_at: r.published_at,
    url: `${publicUrl}/blog/${r.slug}`,
  };
}

export async function getBlogPost(
  db: Queryable,
  siteId: number,
  slug: string,
  now: Date,
  publicUrl: string,
): Promise<BlogPost | null> {
  const rows = await db.query<PostSummaryRow & { id: number; body_markdown: string }>(
    'SELECT id, slug, title, excerpt, author_name, tags, published_at, body_markdown FROM blog_posts WHERE ' +
      'site_id = $1 AND slug = $2 AND published_at <= $3',
    [siteId, slug, now.toISOString()],
  );
  if (!rows[0]) return null;
  const faqs = await db.query<{ question: string; answer: string }>(
    'SELECT question, answer FROM blog_faqs WHERE post_id = $1 ORDER BY position, id',
    [rows[0].id],
  );
  return { ...toSummary(rows[0], publicUrl), body_markdown: rows[0].body_markdown, faqs };
}
