/** The compact listing record of search results, boards and calendars, and the SQL that reads it. */
export interface ListingSummary {
  id: number;
  slug: string;
  name: string;
  url: string;
  tagline: string;
  logo_url: string | null;
  status: string;
  plan: string | null;
  votes: number;
  followers: number;
  views: number;
  verified: boolean;
  launch_week: string | null;
  launched_at: string | null;
  primary_category: { slug: string; name: string } | null;
  pricing_model: string | null;
  stage: string | null;
  country: string | null;
  /** Featured placement bought with an order runs until then (shown while it is in the future). */
  featured_until: string | null;
  /** The language of its text (listing-language.ts), a BCP 47 primary subtag; null when unknown. */
  language: string | null;
}

/** Columns for `FROM listings l JOIN companies c ON c.id = l.company_id LEFT JOIN categories pc ON pc.id =
 *  l.primary_category_id`. */
export const SUMMARY_COLUMNS = `l.id, l.slug, c.name, c.website_url, c.tagline, c.logo_url, l.status, l.plan,
  l.votes_count,
  l.followers_count, l.views_count, l.is_verified, l.launch_week, l.launched_at, pc.slug AS category_slug,
  pc.name AS category_name,
  c.pricing_model, c.stage, c.country, l.featured_until, l.language`;

export const SUMMARY_FROM = `listings l JOIN companies c ON c.id = l.company_id LEFT JOIN categories pc ON pc.id = l.primary_category_id`;

/** A row as SUMMARY_COLUMNS reads it. */
export interface SummaryRow {
  id: number;
  slug: string;
  name: string;
  website_url: string;
  tagline: string;
  logo_url: string | null;
  status: string;
  plan: string | null;
  votes_count: number;
  followers_count: number;
  views_count: number;
  is_verified: boolean;
  launch_week: string | null;
  launched_at: string | null;
  category_slug: string | null;
  category_name: string | null;
  pricing_model: string | null;
  stage: string | null;
  country: string | null;
  featured_until: string | null;
  language: string | null;
}

export function toSummary(r: SummaryRow): ListingSummary {
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    url: r.website_url,
    tagline: r.tagline,
    logo_url: r.logo_url,
    status: r.status,
    plan: r.plan,
    votes: r.votes_count,
    followers: r.followers_count,
    views: r.views_count,
    verified: r.is_verified,
    launch_week: r.launch_week,
    launched_at: r.launched_at,
    // Both come from one LEFT JOIN: both are there or neither is.
    primary_category:
      r.category_slug && r.category_name !== null ? { slug: r.category_slug, name: r.category_name } : null,
    pricing_model: r.pricing_model,
    stage: r.stage,
    country: r.country,
    featured_until: r.featured_until ?? null,
    language: r.language ?? null,
  };
}
