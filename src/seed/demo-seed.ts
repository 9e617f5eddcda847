import type { AppContext } from '../app-context.js';
import type { NoRows, Queryable } from '../db/client.js';
import { reindexBlogPosts } from '../domain/blog/blog-repository.js';
import { addDays, addWeeks, isoDate, mondayOf } from '../domain/weeks/weeks.js';
import { awardFinishedWeeks } from '../jobs/scheduler.js';
import { reindexEveryListing } from '../jobs/reindex-job.js';
import { buildDemoData } from './demo-data.js';
import type { DemoData } from './demo-types.js';
import { demoScreenshotMasters, insertDemoMedia } from './demo-media.js';

const VOTERS = 800;
/** Paid launches shown as featured, and for how long from the demo's loading. */
const FEATURED = 4;
const FEATURED_DAYS = 14;
const json = (v: unknown) => JSON.stringify(v);

/** Loads the demo set when the site has no listings yet; returns whether it did. */
export async function seedDemoIfEmpty(ctx: AppContext, log: (m: string) => void = () => {}): Promise<boolean> {
  const rows = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM listings WHERE site_id = $1', [
    ctx.site.id,
  ]);
  if (rows[0].n > 0) return false;
  await seedDemo(ctx, log);
  return true;
}

/** Inserts the demo data set, dated around the current week so the calendar always looks alive. */
export async function seedDemo(
  ctx: AppContext,
  log: (m: string) => void = () => {},
  data: DemoData = buildDemoData(),
): Promise<void> {
  const started = Date.now();
  const now = ctx.now();
  const siteId = ctx.site.id;
  // Drawn while the rows go in: image work runs off the main thread.
  const shots = demoScreenshotMasters(data);
  shots.catch(() => {}); // awaited below; a failure must not surface as unhandled meanwhile
  await ctx.db.transaction(async (tx) => {
    await insertCategories(tx, siteId, data);
    log(`${data.categories.length} categories`);
    await tx.query<NoRows>(
      `INSERT INTO founders (slug, name, title, bio, country, socials)
       SELECT slug, name, title, bio, country, socials FROM jsonb_to_recordset($1::jsonb)
         AS x(slug text, name text, title text, bio text, country text, socials jsonb)
       ON CONFLICT (slug) DO NOTHING`,
      [json(data.founders)],
    );
    log(`${data.founders.length} founders`);
    await insertListings(tx, siteId, data, now);
    log(`${data.listings.length} listings`);
    const media = await shots;
    await insertDemoMedia(tx, siteId, data, media);
    log(`${media.length} screenshots and the demo videos`);
    await insertVotesAndFollowers(tx, siteId, data, now);
    log('votes and followers');
    await insertContent(tx, siteId, data, now);
    log(`${data.blogPosts.length} blog posts, ${data.interviewQuestions.length} interview questions`);
  });
  // The search index, and the language of each listing's text (none is stated).
  await reindexEveryListing(ctx.db);
  await reindexBlogPosts(ctx.db, siteId);
  await ctx.db.query<NoRows>('ANALYZE');
  const awarded = await awardFinishedWeeks(ctx, 12);
  log(`search index built, ${awarded} awards given, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function insertCategories(tx: Queryable, siteId: number, data: DemoData) {
  const rows = data.categories.map((c, i) => ({
    slug: c.slug,
    name: c.name,
    description: c.description,
    attributes: c.attributes,
    position: i,
  }));
  await tx.query<NoRows>(
    `INSERT INTO categories (site_id, slug, name, description, attributes, position)
     SELECT $1, slug, name, description, attributes, position FROM jsonb_to_recordset($2::jsonb)
       AS x(slug text, name text, description text, attributes jsonb, position int)
     ON CONFLICT (site_id, slug) DO NOTHING`,
    [siteId, json(rows)],
  );
  const parents = data.categories.filter((c) => c.parentSlug).map((c) => ({ slug: c.slug, parent: c.parentSlug }));
  await tx.query<NoRows>(
    `UPDATE categories c SET parent_id = p.id FROM jsonb_to_recordset($2::jsonb) AS x(slug text, parent text)
       JOIN categories p ON p.slug = x.parent AND p.site_id = $1
      WHERE c.site_id = $1 AND c.slug = x.slug`,
    [siteId, json(parents)],
  );
  const faqs = data.categories.flatMap((c) =>
    c.faqs.map((f, i) => ({ slug: c.slug, question: f.question, answer: f.answer, position: i })),
  );
  await tx.query<NoRows>(
    `INSERT INTO category_faqs (category_id, question, answer, position)
     SELECT c.id, x.question, x.answer, x.position
     FROM jsonb_to_recordset($2::jsonb) AS x(slug text, question text, answer text, position int)
       JOIN categories c ON c.slug = x.slug AND c.site_id = $1`,
    [siteId, json(faqs)],
  );
}

/** A day from 0 to `last` picked by the slug: stable for a listing, even across the days so far. */
function spreadDay(slug: string, last: number): number {
  let h = 0;
  for (const ch of slug) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return h % (last + 1);
}

async function insertListings(tx: Queryable, siteId: number, data: DemoData, now: Date) {
  const current = mondayOf(now);
  const companies = data.listings.map((l) => ({
    name: l.name,
    domain: l.domain,
    website_url: l.websiteUrl,
    logo_url: l.logoUrl,
    tagline: l.tagline,
    short_description: l.shortDescription,
    description: l.description,
    stage: l.stage,
    pricing_model: l.pricingModel,
    pricing_summary: l.pricingSummary,
    country: l.country,
    city: l.city,
    founded_year: l.foundedYear,
    contact_email: l.contactEmail,
    demo_video_url: l.demoVideoUrl,
    features: l.features,
    usps: l.usps,
    keywords: l.keywords,
    tags: l.tags,
    socials: l.socials,
    attributes: l.attributes,
    not_found_on_website: l.notFoundOnWebsite,
  }));
  await tx.query<NoRows>(
    `INSERT INTO companies (name, domain, website_url, logo_url, tagline, short_description, description, stage,
     pricing_model, pricing_summary,
        country, city, founded_year, contact_email, demo_video_url, features, usps, keywords, tags, socials, attributes,
        not_found_on_website)
     SELECT name, domain, website_url, logo_url, tagline, short_description, description, stage, pricing_model,
     pricing_summary,
        country, city, founded_year, contact_email, demo_video_url, features, usps, keywords, tags, socials, attributes,
        not_found_on_website
       FROM jsonb_to_recordset($1::jsonb) AS x(name text, domain text, website_url text, logo_url text, tagline text,
       short_description text,
        description text, stage text, pricing_model text, pricing_summary text, country text, city text,
        founded_year int, contact_email text,
        demo_video_url text, features text[], usps text[], keywords text[], tags text[], socials jsonb,
        attributes jsonb, not_found_on_website text[])
     ON CONFLICT (domain) DO NOTHING`,
    [json(companies)],
  );
  const daysSoFar = Math.round((Date.parse(isoDate(now)) - Date.parse(current)) / 86_400_000);
  const listings = data.listings.map((l) => {
    const week = addWeeks(current, l.launchWeekOffset);
    // This week's launches are spread over its days so far, today's from midnight: "launching
    // today" always has some, whatever day the demo is loaded on.
    const thisWeek = l.launchWeekOffset === 0;
    const day = thisWeek ? spreadDay(l.slug, daysSoFar) : l.launchDayOffset;
    const at = thisWeek && day === daysSoFar ? '00:00:00' : '08:00:00';
    const launchedAt = l.status === 'live' ? `${addDays(week, day)}T${at}Z` : null;
    return {
      domain: l.domain,
      slug: l.slug,
      status: l.status,
      plan: l.plan,
      headline: l.headline,
      summary: l.summary,
      seo_title: l.seoTitle,
      seo_description: l.seoDescription,
      category: l.primaryCategory,
      launch_week: week,
      // A launch later today has not happened yet: it is still scheduled.
      launched_at: launchedAt && Date.parse(launchedAt) > now.getTime() ? null : launchedAt,
      unlocked: l.unlockedSections,
      views: l.views,
    };
  });
  await tx.query<NoRows>(
    `INSERT INTO listings (site_id, company_id, slug, status, plan, headline, summary, seo_title, seo_description,
     primary_category_id,
        launch_week, launched_at, unlocked_sections, views_count, is_verified)
     SELECT $1, co.id, x.slug, CASE WHEN x.status = 'live' AND x.launched_at IS NULL THEN 'scheduled'
     ELSE x.status END, x.plan, x.headline, x.summary, x.seo_title, x.seo_description, cat.id,
        x.launch_week, x.launched_at, x.unlocked, x.views, x.plan = 'paid'
       FROM jsonb_to_recordset($2::jsonb) AS x(domain text, slug text, status text, plan text, headline text,
       summary text, seo_title text,
        seo_description text, category text, launch_week date, launched_at timestamptz, unlocked text[], views int)
       JOIN companies co ON co.domain = x.domain
       LEFT JOIN categories cat ON cat.slug = x.category AND cat.site_id = $1
     ON CONFLICT (site_id, slug) DO NOTHING`,
    [siteId, json(listings)],
  );

  const extra = data.listings.flatMap((l) => l.extraCategories.map((c) => ({ slug: l.slug, category: c })));
  await tx.query<NoRows>(
    `INSERT INTO listing_extra_categories (listing_id, category_id)
     SELECT l.id, c.id FROM jsonb_to_recordset($2::jsonb) AS x(slug text, category text)
       JOIN listings l ON l.slug = x.slug AND l.site_id = $1 JOIN categories c ON c.slug = x.category AND c.site_id = $1
     ON CONFLICT DO NOTHING`,
    [siteId, json(extra)],
  );
  const founders = data.listings.flatMap((l) =>
    l.founderSlugs.map((f, i) => ({ domain: l.domain, founder: f, position: i })),
  );
  await tx.query<NoRows>(
    `INSERT INTO company_founders (company_id, founder_id, position)
     SELECT co.id, f.id, x.position FROM jsonb_to_recordset($1::jsonb) AS x(domain text, founder text, position int)
       JOIN companies co ON co.domain = x.domain JOIN founders f ON f.slug = x.founder
     ON CONFLICT DO NOTHING`,
    [json(founders)],
  );
  const perListing = async (rows: unknown[], sql: string) => {
    if (rows.length) await tx.query<NoRows>(sql, [siteId, json(rows)]);
  };
  await perListing(
    data.listings.flatMap((l) =>
      l.faqs.map((f, i) => ({ slug: l.slug, question: f.question, answer: f.answer, position: i })),
    ),
    `INSERT INTO listing_faqs (listing_id, question, answer, position)
     SELECT l.id, x.question, x.answer, x.position
     FROM jsonb_to_recordset($2::jsonb) AS x(slug text, question text, answer text, position int)
       JOIN listings l ON l.slug = x.slug AND l.site_id = $1`,
  );
  await perListing(
    data.listings.flatMap((l) =>
      l.alternatives.map((a, i) => ({ slug: l.slug, alt: a.slug, approved: a.approved, position: i })),
    ),
    `INSERT INTO listing_alternatives (listing_id, alternative_id, approved, position)
     SELECT l.id, a.id, x.approved, x.position
     FROM jsonb_to_recordset($2::jsonb) AS x(slug text, alt text, approved boolean, position int)
       JOIN listings l ON l.slug = x.slug AND l.site_id = $1 JOIN listings a ON a.slug = x.alt AND a.site_id = $1
     ON CONFLICT DO NOTHING`,
  );
  const monthsAgo = (m: number) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - m, 1));
    return d.toISOString().slice(0, 10);
  };
  const perCompany = async (rows: unknown[], sql: string) => {
    if (rows.length) await tx.query<NoRows>(sql, [json(rows)]);
  };
  await perCompany(
    data.listings.flatMap((l) =>
      l.domainRatings.map((d) => ({ domain: l.domain, on: monthsAgo(d.monthsAgo), rating: d.rating })),
    ),
    `INSERT INTO domain_ratings (company_id, measured_on, rating)
     SELECT co.id, x.on, x.rating FROM jsonb_to_recordset($1::jsonb) AS x(domain text, "on" date, rating int)
       JOIN companies co ON co.domain = x.domain ON CONFLICT DO NOTHING`,
  );
  await perCompany(
    data.listings.flatMap((l) =>
      l.revenue.map((r) => ({ domain: l.domain, month: monthsAgo(r.monthsAgo), mrr: r.mrrCents })),
    ),
    `INSERT INTO revenue_figures (company_id, month, mrr_cents)
     SELECT co.id, x.month, x.mrr FROM jsonb_to_recordset($1::jsonb) AS x(domain text, month date, mrr bigint)
       JOIN companies co ON co.domain = x.domain ON CONFLICT DO NOTHING`,
  );
  // Demo figures are stated, not verified (self-reported): the demo board ranks them, labelled, so
  // it is not empty; a real site ranks only verified figures unless the administrator says otherwise.
  await tx.query<NoRows>(
    `INSERT INTO site_settings (site_id, key, value) VALUES ($1, 'revenue_board_self_reported', 'true') ON CONFLICT
      DO NOTHING`,
    [siteId],
  );
  await perListing(
    data.listings.flatMap((l) =>
      l.reviews.map((r, i) => ({ slug: l.slug, rating: r.rating, body: r.body, genuine: r.genuine, days: i * 3 + 1 })),
    ),
    `INSERT INTO reviews (listing_id, rating, body, is_genuine, created_at)
     SELECT l.id, x.rating, x.body, x.genuine, now() - make_interval(days => x.days)
     FROM jsonb_to_recordset($2::jsonb) AS x(slug text, rating int, body text, genuine boolean, days int)
       JOIN listings l ON l.slug = x.slug AND l.site_id = $1`,
  );
  await perListing(
    data.listings.filter((l) => l.story).map((l) => ({ slug: l.slug, ...l.story })),
    `INSERT INTO stories (listing_id, title, story, why_started, problem, journey, challenges, achievements, lessons,
     whats_next)
     SELECT l.id, x.title, x.story, x.why_started, x.problem, x.journey, x.challenges, x.achievements, x.lessons,
     x.whats_next
       FROM jsonb_to_recordset($2::jsonb) AS x(slug text, title text, story text, why_started text, problem text,
       journey text, challenges text, achievements text, lessons text, whats_next text)
       JOIN listings l ON l.slug = x.slug AND l.site_id = $1 ON CONFLICT DO NOTHING`,
  );
  await perListing(
    data.listings.flatMap((l) =>
      l.milestones.map((m) => ({
        slug: l.slug,
        date: m.date,
        title: m.title,
        description: m.description,
        url: m.url ?? null,
      })),
    ),
    `INSERT INTO milestones (listing_id, date, title, description, url)
     SELECT l.id, x.date, x.title, x.description, x.url
     FROM jsonb_to_recordset($2::jsonb) AS x(slug text, date date, title text, description text, url text)
       JOIN listings l ON l.slug = x.slug AND l.site_id = $1`,
  );
  await perListing(
    data.listings.flatMap((l) =>
      l.updates.map((u) => ({
        slug: l.slug,
        title: u.title,
        body: u.body,
        at: new Date(now.getTime() - u.daysAgo * 86_400_000).toISOString(),
      })),
    ),
    `INSERT INTO listing_updates (listing_id, title, body, created_at)
     SELECT l.id, x.title, x.body, x.at
     FROM jsonb_to_recordset($2::jsonb) AS x(slug text, title text, body text, at timestamptz)
       JOIN listings l ON l.slug = x.slug AND l.site_id = $1`,
  );
}

/**
 * Votes and follows come from demo community members, so counts, weekly boards and awards all
 * derive from real rows. Most votes land during the listing's launch week.
 */
async function insertVotesAndFollowers(tx: Queryable, siteId: number, data: DemoData, now: Date) {
  await tx.query<NoRows>(
    `INSERT INTO users (email, name) SELECT 'member' || g || '@demo.invalid', 'Demo member ' || g
     FROM generate_series(1, $1::int) g
     ON CONFLICT DO NOTHING`,
    [VOTERS],
  );
  const plan = data.listings
    .filter((l) => l.status === 'live')
    .map((l) => ({
      slug: l.slug,
      votes: Math.min(l.votes, VOTERS),
      followers: Math.min(l.followers, VOTERS),
    }));
  // Deterministic pseudo-random voters per listing: order members by a hash of (member, listing).
  await tx.query<NoRows>(
    `INSERT INTO votes (listing_id, user_id, launch_week, created_at)
     SELECT l.id, u.id, l.launch_week,
            least(l.launched_at + make_interval(secs => ((u.id * 7919 + l.id * 104729) % 432000)), $3::timestamptz)
       FROM jsonb_to_recordset($2::jsonb) AS x(slug text, votes int, followers int)
       JOIN listings l ON l.slug = x.slug AND l.site_id = $1
       CROSS JOIN LATERAL (SELECT id FROM users WHERE email LIKE 'member%@demo.invalid'
                            ORDER BY (id * 2654435761 + l.id * 40503) % 1000003 LIMIT x.votes) u
      WHERE l.launched_at IS NOT NULL
     ON CONFLICT DO NOTHING`,
    [siteId, json(plan), now.toISOString()],
  );
  await tx.query<NoRows>(
    `INSERT INTO followers (listing_id, user_id, created_at)
     SELECT l.id, u.id, l.launched_at
       FROM jsonb_to_recordset($2::jsonb) AS x(slug text, votes int, followers int)
       JOIN listings l ON l.slug = x.slug AND l.site_id = $1
       CROSS JOIN LATERAL (SELECT id FROM users WHERE email LIKE 'member%@demo.invalid'
                            ORDER BY (id * 40503 + l.id * 2654435761) % 1000003 LIMIT x.followers) u
     ON CONFLICT DO NOTHING`,
    [siteId, json(plan)],
  );
  await tx.query<NoRows>(
    `UPDATE listings l SET votes_count = (SELECT count(*) FROM votes v WHERE v.listing_id = l.id),
                           followers_count = (SELECT count(*) FROM followers f WHERE f.listing_id = l.id)
      WHERE l.site_id = $1`,
    [siteId],
  );
  // The newest paid launches also bought the featured placement: the home page's paid strip.
  await tx.query<NoRows>(
    `UPDATE listings SET featured_until = $2
      WHERE id IN (SELECT id FROM listings WHERE site_id = $1 AND status = 'live' AND plan = 'paid'
                    ORDER BY launch_week DESC, votes_count DESC, id LIMIT $3)`,
    [siteId, new Date(now.getTime() + FEATURED_DAYS * 86_400_000).toISOString(), FEATURED],
  );
}

async function insertContent(tx: Queryable, siteId: number, data: DemoData, now: Date) {
  const posts = data.blogPosts.map((p) => ({
    ...p,
    at: new Date(now.getTime() - p.publishedDaysAgo * 86_400_000).toISOString(),
  }));
  await tx.query<NoRows>(
    `INSERT INTO blog_posts (site_id, slug, title, excerpt, body_markdown, author_name, tags, published_at)
     SELECT $1, slug, title, excerpt, "bodyMarkdown", author, tags, at FROM jsonb_to_recordset($2::jsonb)
       AS x(slug text, title text, excerpt text, "bodyMarkdown" text, author text, tags text[], at timestamptz)
     ON CONFLICT (site_id, slug) DO NOTHING`,
    [siteId, json(posts)],
  );
  const faqs = data.blogPosts.flatMap((p) =>
    p.faqs.map((f, i) => ({ slug: p.slug, question: f.question, answer: f.answer, position: i })),
  );
  await tx.query<NoRows>(
    `INSERT INTO blog_faqs (post_id, question, answer, position)
     SELECT b.id, x.question, x.answer, x.position
     FROM jsonb_to_recordset($2::jsonb) AS x(slug text, question text, answer text, position int)
       JOIN blog_posts b ON b.slug = x.slug AND b.site_id = $1`,
    [siteId, json(faqs)],
  );
  await tx.query<NoRows>(
    `INSERT INTO interview_questions (site_id, question, position)
     SELECT $1, q, ord FROM unnest($2::text[]) WITH ORDINALITY AS t(q, ord)`,
    [siteId, data.interviewQuestions],
  );
}
