import { fromJson, type Queryable } from '../../db/client.js';
import { SUMMARY_COLUMNS, SUMMARY_FROM, toSummary, type ListingSummary, type SummaryRow } from './listing-summary.js';
import { STORY_SECTIONS } from '../../drafting/draft-content.js';
import { communityRating } from '../reviews/community-rating.js';
import { latestFigure } from '../revenue/revenue-repository.js';
import { domainRatingTrend, type DomainRating } from '../domain-ratings/trend.js';
import { listMedia } from '../media/media-repository.js';
import { toMediaItem, type MediaItem } from '../media/media-item.js';

export { domainRatingTrend, type DomainRating };

export const PAID_SECTIONS = ['story', 'milestones', 'media'] as const;
export type PaidSection = (typeof PAID_SECTIONS)[number];

export interface ListingProfile extends ListingSummary {
  headline: string;
  summary: string;
  short_description: string;
  description: string;
  features: string[];
  usps: string[];
  keywords: string[];
  tags: string[];
  pricing: { model: string | null; summary: string | null };
  city: string | null;
  founded_year: number | null;
  contact_email: string | null;
  demo_video_url: string | null;
  categories: { slug: string; name: string; primary: boolean }[];
  founders: { slug: string; name: string; title: string; avatar_url: string | null }[];
  faqs: { question: string; answer: string }[];
  socials: Record<string, string>;
  latest_updates: { id: number; title: string; body: string; created_at: string }[];
  community_rating: { average: number | null; count: number };
  domain_rating: DomainRating;
  /** The latest MRR with its month and provenance; null when there is none or the owner hides it. */
  revenue: { mrr_cents: number; month: string; verified: boolean; source: string } | null;
  awards: { id: number; week: string; rank: number; title: string }[];
  trophy_cabinet: { style: string; award: string; caption: string | null } | null;
  seo: { title: string; description: string };
  not_found_on_website: string[];
  unlocked_sections: PaidSection[];
  links: { website: string; page: string; api: string; badges: string; alternatives: string };
  story?: Record<string, string>;
  milestones?: { id: number; date: string; title: string; description: string; url: string | null }[];
  media?: MediaItem[];
}

export function unlockedSections(plan: string | null, unlocked: string[]): PaidSection[] {
  return PAID_SECTIONS.filter((s) => plan === 'paid' || unlocked.includes(s));
}

const STORY_FIELDS = STORY_SECTIONS;

const PROFILE_SELECT = `SELECT ${SUMMARY_COLUMNS}, l.company_id, l.primary_category_id, l.revenue_hidden, l.headline,
       l.summary, l.seo_title, l.seo_description, l.unlocked_sections,
            c.short_description, c.description, c.features, c.usps, c.keywords, c.tags, c.pricing_summary, c.city,
            c.founded_year, c.contact_email, c.demo_video_url, c.socials, c.not_found_on_website
       FROM ${SUMMARY_FROM}`;

/** A row as PROFILE_SELECT reads it. */
interface ProfileRow
  extends SummaryRow,
    Pick<
      ListingProfile,
      | 'headline'
      | 'summary'
      | 'short_description'
      | 'description'
      | 'features'
      | 'usps'
      | 'keywords'
      | 'tags'
      | 'city'
      | 'founded_year'
      | 'contact_email'
      | 'demo_video_url'
      | 'socials'
      | 'not_found_on_website'
    > {
  company_id: number;
  primary_category_id: number | null;
  revenue_hidden: boolean;
  seo_title: string;
  seo_description: string;
  unlocked_sections: string[];
  pricing_summary: string | null;
}

/** The full public profile of a live or scheduled listing; null when there is none by that slug. */
export async function loadListingProfile(
  db: Queryable,
  siteId: number,
  slug: string,
  publicUrl: string,
): Promise<ListingProfile | null> {
  const rows = await db.query<ProfileRow>(
    `${PROFILE_SELECT} WHERE l.site_id = $1 AND l.slug = $2 AND l.status IN ('live', 'scheduled')`,
    [siteId, slug],
  );
  return rows[0] ? buildProfile(db, rows[0], publicUrl) : null;
}

/**
 * The profile a listing shows (or will show once published) whatever its status — for its owners,
 * who see a draft's content before anyone else can. The same paid-section rules apply.
 */
export async function loadListingProfileAnyStatus(
  db: Queryable,
  siteId: number,
  listingId: number,
  publicUrl: string,
): Promise<ListingProfile | null> {
  const rows = await db.query<ProfileRow>(`${PROFILE_SELECT} WHERE l.site_id = $1 AND l.id = $2`, [siteId, listingId]);
  return rows[0] ? buildProfile(db, rows[0], publicUrl) : null;
}

async function buildProfile(db: Queryable, r: ProfileRow, publicUrl: string): Promise<ListingProfile> {
  const sections = unlockedSections(r.plan, r.unlocked_sections);
  const [cats, founders, faqs, updates, rating, ratings, awards, story, milestones, media, cabinets] =
    await Promise.all([
      db.query<{ slug: string; name: string; primary: boolean }>(
        `SELECT c.slug, c.name, c.id = $2 AS primary FROM categories c
        WHERE c.id = $2 OR c.id IN (SELECT category_id FROM listing_extra_categories WHERE listing_id = $1)
        ORDER BY (c.id = $2) DESC, c.name`,
        [r.id, r.primary_category_id ?? null],
      ),
      db.query<{ slug: string; name: string; title: string; avatar_url: string | null }>(
        `SELECT f.slug, f.name, f.title, f.avatar_url FROM company_founders cf JOIN founders f ON f.id = cf.founder_id
        WHERE cf.company_id = $1 ORDER BY cf.position, f.name`,
        [r.company_id],
      ),
      db.query<{ question: string; answer: string }>(
        'SELECT question, answer FROM listing_faqs WHERE listing_id = $1 ORDER BY position, id',
        [r.id],
      ),
      db.query<{ id: number; title: string; body: string; created_at: string }>(
        'SELECT id, title, body, created_at FROM listing_updates WHERE listing_id = $1 ORDER BY created_at ' +
          'DESC, id DESC LIMIT 5',
        [r.id],
      ),
      // Genuine reviews only: the rule lives with the reviews.
      communityRating(db, r.id),
      // The readings of the latest reading's provider only: a trend never mixes two scales. 120
      // readings reach back 90 days even at one reading a day.
      db.query<{ date: string; rating: number; provider: string; scale: number }>(
        `SELECT measured_on AS date, rating, provider, scale FROM domain_ratings
        WHERE company_id = $1 AND provider = (SELECT provider FROM domain_ratings WHERE company_id = $1
        ORDER BY measured_on DESC, fetched_at DESC NULLS LAST, provider LIMIT 1)
        ORDER BY measured_on DESC LIMIT 120`,
        [r.company_id],
      ),
      db.query<{ id: number; week: string; rank: number }>(
        'SELECT id, week_start AS week, rank FROM awards WHERE listing_id = $1 ORDER BY week_start DESC',
        [r.id],
      ),
      sections.includes('story')
        ? db.query<Record<(typeof STORY_FIELDS)[number], string | null>>(
            `SELECT ${STORY_FIELDS.join(', ')} FROM stories WHERE listing_id = $1`,
            [r.id],
          )
        : Promise.resolve([]),
      sections.includes('milestones')
        ? db.query<{ id: number; date: string; title: string; description: string; url: string | null }>(
            'SELECT id, date, title, description, url FROM milestones WHERE listing_id = $1 ORDER BY date ' +
              'DESC, id DESC',
            [r.id],
          )
        : Promise.resolve(null),
      sections.includes('media') ? listMedia(db, r.id) : Promise.resolve(null),
      db.query<{ options: unknown }>(
        'SELECT options FROM trophy_cabinets WHERE listing_id = $1 ORDER BY id DESC LIMIT 1',
        [r.id],
      ),
    ]);
  const cabinet = cabinets[0] ? fromJson<Record<string, unknown>>(cabinets[0].options) : null;
  const figure = r.revenue_hidden ? null : await latestFigure(db, r.company_id);
  // The listing has this row's id, company_id and primary_category_id: drop what is not public.
  const api = `${publicUrl}/api/v1/listings/${r.slug}`;
  const profile: ListingProfile = {
    ...toSummary(r),
    headline: r.headline,
    summary: r.summary,
    short_description: r.short_description,
    description: r.description,
    features: r.features,
    usps: r.usps,
    keywords: r.keywords,
    tags: r.tags,
    pricing: { model: r.pricing_model, summary: r.pricing_summary },
    city: r.city,
    founded_year: r.founded_year,
    contact_email: r.contact_email,
    demo_video_url: r.demo_video_url,
    categories: cats,
    founders,
    faqs,
    socials: r.socials,
    latest_updates: updates,
    community_rating: rating,
    domain_rating: domainRatingTrend(
      ratings.map((x) => ({ date: x.date, rating: Number(x.rating) })),
      ratings[0] ? { provider: ratings[0].provider, scale: ratings[0].scale } : undefined,
    ),
    revenue: figure
      ? {
          mrr_cents: Number(figure.mrr_cents),
          month: String(figure.month).slice(0, 10),
          verified: figure.verified,
          source: figure.source,
        }
      : null,
    awards: awards.map((a) => ({ id: a.id, week: a.week, rank: a.rank, title: `Launch of the Week #${a.rank}` })),
    trophy_cabinet: cabinet
      ? {
          style: String(cabinet.style ?? 'classic'),
          award: String(cabinet.award ?? 'all'),
          caption: typeof cabinet.caption === 'string' ? cabinet.caption : null,
        }
      : null,
    seo: { title: r.seo_title, description: r.seo_description },
    not_found_on_website: r.not_found_on_website,
    unlocked_sections: sections,
    links: {
      website: r.website_url,
      page: `${publicUrl}/p/${r.slug}`,
      api,
      badges: `${api}/badges`,
      alternatives: `${api}/alternatives`,
    },
  };
  if (story.length > 0)
    profile.story = Object.fromEntries(
      STORY_FIELDS.map((f) => [f, (story[0] as Record<string, string>)[f]]).filter(([, v]) => v),
    );
  if (milestones) profile.milestones = milestones;
  if (media) profile.media = media.map((m) => toMediaItem(m, publicUrl));
  return profile;
}

/**
 * Owner-approved alternatives first (in the owner's order), then other live listings of the same
 * primary category by votes. Two index-friendly reads instead of one OR over every live listing.
 */
export async function loadAlternatives(
  db: Queryable,
  siteId: number,
  slug: string,
  limit: number,
  offset: number,
): Promise<{ items: (ListingSummary & { approved: boolean })[]; total: number } | null> {
  const base = await db.query<{ id: number; primary_category_id: number | null }>(
    `SELECT id, primary_category_id FROM listings WHERE site_id = $1 AND slug = $2 AND status IN ('live', 'scheduled')`,
    [siteId, slug],
  );
  if (!base[0]) return null;
  const { id, primary_category_id: category } = base[0];
  const approved = await db.query<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM} JOIN listing_alternatives a ON a.alternative_id = l.id
      AND a.listing_id = $2 AND a.approved
      WHERE l.site_id = $1 AND l.status = 'live' AND l.id <> $2 ORDER BY a.position, l.votes_count DESC, l.id`,
    [siteId, id],
  );
  const approvedIds = approved.map((r) => r.id);
  const items: (ListingSummary & { approved: boolean })[] = approved
    .slice(offset, offset + limit)
    .map((r) => ({ ...toSummary(r), approved: true }));
  let sameCategory = 0;
  if (category !== null) {
    const exclude = [id, ...approvedIds];
    const rest = limit - items.length;
    const [rows, counted] = await Promise.all([
      rest > 0
        ? db.query<SummaryRow>(
            `SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM}
          WHERE l.site_id = $1 AND l.status = 'live' AND l.primary_category_id = $2 AND l.id <> ALL($3::int[])
          ORDER BY l.votes_count DESC, l.id LIMIT $4 OFFSET $5`,
            [siteId, category, exclude, rest, Math.max(0, offset - approved.length)],
          )
        : Promise.resolve([]),
      db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM listings l WHERE l.site_id = $1 AND l.status = 'live'
          AND l.primary_category_id = $2 AND l.id <> ALL($3::int[])`,
        [siteId, category, exclude],
      ),
    ]);
    items.push(...rows.map((r) => ({ ...toSummary(r), approved: false })));
    sameCategory = counted[0]?.n ?? 0;
  }
  return { items, total: approved.length + sameCategory };
}
