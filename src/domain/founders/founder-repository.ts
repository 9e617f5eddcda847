import type { Queryable } from '../../db/client.js';
import { SUMMARY_COLUMNS, SUMMARY_FROM, toSummary, type ListingSummary } from '../listings/listing-summary.js';

export interface FounderSummary { slug: string; name: string; title: string; country: string | null; avatar_url: string | null; companies: string[] }

/** Founders of live listings, matched by name (accent- and case-insensitive) and country. */
export async function listFounders(db: Queryable, siteId: number, q: string | undefined, country: string | undefined, limit: number, offset: number): Promise<{ items: FounderSummary[]; total: number }> {
  const params: unknown[] = [siteId, limit, offset];
  const where: string[] = [];
  if (q && q.trim()) {
    params.push(`%${q.trim().toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`);
    where.push(`lower(unaccent(f.name)) LIKE unaccent($${params.length})`);
  }
  if (country) { params.push(country.toUpperCase()); where.push(`f.country = $${params.length}`); }
  const rows = await db.query(
    `SELECT f.slug, f.name, f.title, f.country, f.avatar_url, array_agg(DISTINCT c.name ORDER BY c.name) AS companies, count(*) OVER () AS total_count
       FROM founders f
       JOIN company_founders cf ON cf.founder_id = f.id
       JOIN companies c ON c.id = cf.company_id
       JOIN listings l ON l.company_id = c.id AND l.site_id = $1 AND l.status = 'live'
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      GROUP BY f.id ORDER BY f.name, f.id LIMIT $2 OFFSET $3`, params);
  return { items: rows.map(({ total_count, ...f }) => f as FounderSummary), total: rows[0]?.total_count ?? 0 };
}

export interface FounderProfile {
  slug: string; name: string; title: string; bio: string; country: string | null; avatar_url: string | null;
  socials: Record<string, string>;
  companies: ListingSummary[];
  stories: { listing: string; title: string; story: string }[];
  interview: { question_id: number; question: string; answer: string }[];
}

export async function getFounder(db: Queryable, siteId: number, slug: string): Promise<FounderProfile | null> {
  const rows = await db.query<{ id: number; user_id: number | null; slug: string; name: string; title: string; bio: string; country: string | null; avatar_url: string | null; socials: Record<string, string> }>(
    'SELECT id, user_id, slug, name, title, bio, country, avatar_url, socials FROM founders WHERE slug = $1', [slug]);
  const f = rows[0];
  if (!f) return null;
  const [companies, stories, interview] = await Promise.all([
    db.query(`SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM} JOIN company_founders cf ON cf.company_id = l.company_id
               WHERE cf.founder_id = $1 AND l.site_id = $2 AND l.status IN ('live', 'scheduled') ORDER BY l.votes_count DESC, l.id`, [f.id, siteId]),
    // Stories are published with the listing: only those of listings whose story section is public.
    db.query<{ listing: string; title: string; story: string }>(
      `SELECT l.slug AS listing, s.title, s.story FROM stories s JOIN listings l ON l.id = s.listing_id
         JOIN company_founders cf ON cf.company_id = l.company_id
        WHERE cf.founder_id = $1 AND l.site_id = $2 AND l.status = 'live' AND (l.plan = 'paid' OR 'story' = ANY(l.unlocked_sections))
        ORDER BY s.updated_at DESC`, [f.id, siteId]),
    f.user_id == null ? Promise.resolve([]) : db.query<{ question_id: number; question: string; answer: string }>(
      `SELECT q.id AS question_id, q.question, a.answer FROM interview_answers a JOIN interview_questions q ON q.id = a.question_id
        WHERE a.user_id = $1 AND q.site_id = $2 ORDER BY q.position, q.id`, [f.user_id, siteId]),
  ]);
  if (companies.length === 0) return null; // founders are public through their listed companies
  return { slug: f.slug, name: f.name, title: f.title, bio: f.bio, country: f.country, avatar_url: f.avatar_url, socials: f.socials, companies: companies.map(toSummary), stories, interview };
}
