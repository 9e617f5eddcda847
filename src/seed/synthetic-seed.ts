import type { NoRows } from '../db/client.js';
import type { AppContext } from '../app-context.js';
import { reindexListings } from '../domain/search/search-index.js';
import { addDays, addWeeks, mondayOf } from '../domain/weeks/weeks.js';
import { syntheticListings } from './synthetic-data.js';

const BATCH = 2_000;

/** Adds `count` generated live listings (for benchmarks), in batches, printing progress. */
export async function seedSynthetic(
  ctx: AppContext,
  count: number,
  log: (m: string) => void = () => {},
): Promise<void> {
  const started = Date.now();
  const current = mondayOf(ctx.now());
  let batch: Record<string, unknown>[] = [];
  let done = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = JSON.stringify(batch);
    await ctx.db.transaction(async (tx) => {
      await tx.query<NoRows>(
        `INSERT INTO companies (name, domain, website_url, tagline, description, keywords, country, stage,
         pricing_model)
         SELECT name, domain, 'https://' || domain, tagline, description, keywords, country, stage, pricing_model
           FROM jsonb_to_recordset($1::jsonb) AS x(name text, domain text, tagline text, description text,
           keywords text[], country text, stage text, pricing_model text)
         ON CONFLICT (domain) DO NOTHING`,
        [rows],
      );
      await tx.query<NoRows>(
        `INSERT INTO listings (site_id, company_id, slug, status, plan, primary_category_id, launch_week, launched_at,
         votes_count)
         SELECT $1, co.id, x.slug, 'live', 'free', cat.id, x.week, x.week::timestamptz + interval '9 hours', x.votes
           FROM jsonb_to_recordset($2::jsonb) AS x(slug text, domain text, category text, week date, votes int)
           JOIN companies co ON co.domain = x.domain
           LEFT JOIN categories cat ON cat.slug = x.category AND cat.site_id = $1
         ON CONFLICT DO NOTHING`,
        [ctx.site.id, rows],
      );
    });
    done += batch.length;
    batch = [];
    log(
      `  ${done.toLocaleString('en')} / ${count.toLocaleString('en')} listings inserted ` +
        `(${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
  };
  // A directory with many listings has gathered them over years, about 2,000 launches a week: the
  // generator's offsets span 11 weeks and would put a quarter of a million listings in this very
  // week. Up to 22,000 listings the generator's weeks are kept as they are.
  const spanWeeks = Math.ceil(count / 2000);
  let index = 0;
  for (const l of syntheticListings(count)) {
    const weeksBack = spanWeeks <= 11 ? -Math.min(0, l.launchWeekOffset) : (index * 7919) % spanWeeks;
    index++;
    batch.push({ ...l, week: addDays(addWeeks(current, -weeksBack), 0) });
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  log('building the search index…');
  await reindexListings(ctx.db, { all: true });
  // Fresh statistics, or the planner guesses (PGlite has no autovacuum to gather them). On
  // PostgreSQL, VACUUM also marks the new pages all-visible, so counts are index-only at once
  // instead of after autovacuum gets round to a million fresh rows.
  await ctx.db.query<NoRows>(ctx.db.kind === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE');
  log(`done: ${count.toLocaleString('en')} synthetic listings in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
