import { type NoRows, fromJson, type Queryable } from '../../db/client.js';
import {
  SUMMARY_COLUMNS,
  SUMMARY_FROM,
  toSummary,
  type ListingSummary,
  type SummaryRow,
} from '../listings/listing-summary.js';
import { slugify } from '../listings/slugs.js';

export interface FounderSummary {
  slug: string;
  name: string;
  title: string;
  country: string | null;
  avatar_url: string | null;
  companies: string[];
  products: { slug: string; name: string }[];
}

/** Founders of live listings, matched by name (accent- and case-insensitive) and country. */
export async function listFounders(
  db: Queryable,
  siteId: number,
  q: string | undefined,
  country: string | undefined,
  limit: number,
  offset: number,
): Promise<{ items: FounderSummary[]; total: number }> {
  const params: unknown[] = [siteId, limit, offset];
  const where: string[] = [];
  if (q?.trim()) {
    params.push(
      `%${q
        .trim()
        .toLowerCase()
        .replace(/[\\%_]/g, (m) => `\\${m}`)}%`,
    );
    where.push(`lower(unaccent(f.name)) LIKE unaccent($${params.length})`);
  }
  if (country) {
    params.push(country.toUpperCase());
    where.push(`f.country = $${params.length}`);
  }
  const rows = await db.query<Omit<FounderSummary, 'products'> & { products: unknown; total_count: number }>(
    `SELECT f.slug, f.name, f.title, f.country, f.avatar_url, array_agg(DISTINCT c.name ORDER BY c.name) AS companies,
            json_agg(json_build_object('slug', l.slug, 'name', c.name)
            ORDER BY c.name, l.slug) AS products, count(*) OVER () AS total_count
       FROM founders f
       JOIN company_founders cf ON cf.founder_id = f.id
       JOIN companies c ON c.id = cf.company_id
       JOIN listings l ON l.company_id = c.id AND l.site_id = $1 AND l.status = 'live'
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      GROUP BY f.id ORDER BY f.name, f.id LIMIT $2 OFFSET $3`,
    params,
  );
  return {
    items: rows.map(({ total_count, products, ...f }) => ({
      ...f,
      products: fromJson<FounderSummary['products']>(products),
    })),
    total: rows[0]?.total_count ?? 0,
  };
}

export interface FounderProfile {
  slug: string;
  name: string;
  title: string;
  bio: string;
  country: string | null;
  avatar_url: string | null;
  socials: Record<string, string>;
  companies: ListingSummary[];
  stories: { listing: string; title: string; story: string }[];
  interview: { question_id: number; question: string; answer: string }[];
}

export async function getFounder(db: Queryable, siteId: number, slug: string): Promise<FounderProfile | null> {
  const rows = await db.query<{
    id: number;
    user_id: number | null;
    slug: string;
    name: string;
    title: string;
    bio: string;
    country: string | null;
    avatar_url: string | null;
    socials: Record<string, string>;
  }>('SELECT id, user_id, slug, name, title, bio, country, avatar_url, socials FROM founders WHERE slug = $1', [slug]);
  const f = rows[0];
  if (!f) return null;
  const [companies, stories, interview] = await Promise.all([
    db.query<SummaryRow>(
      `SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM} JOIN company_founders cf ON cf.company_id = l.company_id
               WHERE cf.founder_id = $1 AND l.site_id = $2 AND l.status IN ('live', 'scheduled')
               ORDER BY l.votes_count DESC, l.id`,
      [f.id, siteId],
    ),
    // Stories are published with the listing: only those of listings whose story section is public.
    db.query<{ listing: string; title: string; story: string }>(
      `SELECT l.slug AS listing, s.title, s.story FROM stories s JOIN listings l ON l.id = s.listing_id
         JOIN company_founders cf ON cf.company_id = l.company_id
        WHERE cf.founder_id = $1 AND l.site_id = $2 AND l.status = 'live' AND (l.plan = 'paid'
        OR 'story' = ANY(l.unlocked_sections))
        ORDER BY s.updated_at DESC`,
      [f.id, siteId],
    ),
    f.user_id == null
      ? Promise.resolve([])
      : db.query<{ question_id: number; question: string; answer: string }>(
          `SELECT q.id AS question_id, q.question, a.answer FROM interview_answers a
        JOIN interview_questions q ON q.id = a.question_id
        WHERE a.user_id = $1 AND q.site_id = $2 ORDER BY q.position, q.id`,
          [f.user_id, siteId],
        ),
  ]);
  if (companies.length === 0) return null; // founders are public through their listed companies
  return {
    slug: f.slug,
    name: f.name,
    title: f.title,
    bio: f.bio,
    country: f.country,
    avatar_url: f.avatar_url,
    socials: f.socials,
    companies: companies.map(toSummary),
    stories,
    interview,
  };
}

async function uniqueFounderSlug(db: Queryable, name: string): Promise<string> {
  const base = slugify(name) || 'founder';
  for (let i = 1; ; i++) {
    const slug = i === 1 ? base : `${base.slice(0, 215)}-${i}`;
    if ((await db.query<{ one: number }>('SELECT 1 AS one FROM founders WHERE slug = $1', [slug])).length === 0)
      return slug;
  }
}

/**
 * The founder profile of a signed-up user (founders.user_id), where their interview answers show.
 * When they have none yet: the founder of one of their companies with their name is taken as
 * theirs (drafts create founders without users); failing that, one is created from their name (or
 * the local part of their email). Owners are founders of what they list, so the profile is linked
 * to the companies of the listings they own on this site — which is also what makes it public.
 */
export async function ensureFounderOfUser(
  db: Queryable,
  siteId: number,
  userId: number,
): Promise<{ id: number; slug: string }> {
  const companies = (
    await db.query<{ company_id: number }>(
      'SELECT DISTINCT l.company_id FROM listings l JOIN listing_owners o ON o.listing_id = l.id WHERE ' +
        'o.user_id = $1 AND l.site_id = $2',
      [userId, siteId],
    )
  ).map((r) => r.company_id);
  let founder = (
    await db.query<{ id: number; slug: string }>('SELECT id, slug FROM founders WHERE user_id = $1', [userId])
  )[0];
  if (!founder) {
    const user = (
      await db.query<{ name: string; email: string }>('SELECT name, email FROM users WHERE id = $1', [userId])
    )[0];
    const name = user.name.trim() || user.email.split('@')[0];
    founder = (
      await db.query<{ id: number; slug: string }>(
        `UPDATE founders SET user_id = $1 WHERE id = (
         SELECT f.id FROM founders f JOIN company_founders cf ON cf.founder_id = f.id
          WHERE cf.company_id = ANY($2::int[]) AND f.user_id IS NULL AND lower(f.name) = lower($3)
          ORDER BY cf.position, f.id LIMIT 1)
       RETURNING id, slug`,
        [userId, companies, name],
      )
    )[0];
    founder ??= (
      await db.query<{ id: number; slug: string }>(
        'INSERT INTO founders (slug, user_id, name) VALUES ($1, $2, $3) RETURNING id, slug',
        [await uniqueFounderSlug(db, name), userId, name],
      )
    )[0];
  }
  await db.query<NoRows>(
    `INSERT INTO company_founders (company_id, founder_id, position)
     SELECT c, $2, coalesce((SELECT max(position) + 1 FROM company_founders WHERE company_id = c), 0)
     FROM unnest($1::int[]) AS c
     ON CONFLICT (company_id, founder_id) DO NOTHING`,
    [companies, founder.id],
  );
  return founder;
}
