import type { TestEnv } from './app.js';
import { addListing } from './fixtures.js';
import { ownedListing } from './orders.js';
import { ensureSite } from '../../src/domain/site/site-repository.js';
import type { WeekMove } from '../../src/domain/free-queue/free-queue-repository.js';

/** A saved, unpublished listing (status draft) owned by the user with this email; its homepage is `websiteUrl`. */
export async function draftListing(
  env: TestEnv,
  ownerEmail: string,
  slug: string,
  websiteUrl?: string,
): Promise<number> {
  const listingId = await ownedListing(env, ownerEmail, slug);
  if (websiteUrl)
    await env.ctx.db.query(
      'UPDATE companies SET website_url = $2 WHERE id = (SELECT company_id FROM listings WHERE id = $1)',
      [listingId, websiteUrl],
    );
  return listingId;
}

/** `count` free listings already taking places in that launch week. */
export async function fillWeek(env: TestEnv, week: string, count: number, prefix = `fill-${week}`): Promise<void> {
  for (let i = 0; i < count; i++) {
    await addListing(env.ctx.db, env.ctx.site.id, {
      slug: `${prefix}-${i}-${Math.random().toString(36).slice(2, 7)}`,
      name: `Filler ${i}`,
      status: 'scheduled',
      plan: 'free',
      launchWeek: week,
    });
  }
}

/** A homepage showing our badge (image and link, as the embed code has it) for this listing. */
export const homepageWithBadge = (slug: string, publicUrl = 'http://launchdeck.test') =>
  `<!doctype html><html><head><title>Home</title></head><body><h1>Our product</h1>
   <a href="${publicUrl}/p/${slug}" target="_blank" rel="noopener"><img src="${publicUrl}/badges/${slug}/listed.svg?shape=standard&amp;mode=auto&amp;size=m" alt="Listed"></a></body></html>`;

export const homepageWithoutBadge =
  '<!doctype html><html><head><title>Home</title></head><body><h1>Our product</h1><p>No badge here yet.</p></body></html>';

/** Forgets every listing, queued job and free-queue setting, so each test starts from an empty queue. */
export async function emptyFreeQueue(env: TestEnv): Promise<void> {
  await env.ctx.db.query('DELETE FROM listings');
  await env.ctx.db.query('DELETE FROM jobs');
  await env.ctx.db.query(`DELETE FROM site_settings WHERE key LIKE 'free_queue%'`);
  env.ctx.listingCache.clear();
}

/** Another site in the same database (as another process with its own SITE_KEY would serve), with a listing awaiting its badge. */
export async function otherSiteListing(
  env: TestEnv,
  slug: string,
  siteKey = 'elsewhere',
): Promise<{ siteKey: string; siteId: number; listingId: number }> {
  const site = await ensureSite(env.ctx.db, siteKey);
  const { listingId } = await addListing(env.ctx.db, site.id, {
    slug,
    name: `Product ${slug}`,
    status: 'awaiting_badge',
    plan: 'free',
    launchWeek: '2027-01-04',
  });
  return { siteKey, siteId: site.id, listingId };
}

/** Gives a queued listing `count` earlier moves of its launch week, ending in the week it has now. */
export async function alreadyMoved(env: TestEnv, listingId: number, count: number): Promise<WeekMove[]> {
  const rows = await env.ctx.db.query<{ week: string }>(
    `SELECT to_char(launch_week, 'YYYY-MM-DD') AS week FROM listings WHERE id = $1`,
    [listingId],
  );
  const weeks = Array.from({ length: count + 1 }, (_, i) =>
    new Date(Date.parse(`${rows[0].week}T00:00:00Z`) - (count - i) * 7 * 86_400_000).toISOString().slice(0, 10),
  );
  const moves = weeks.slice(1).map((to, i) => ({
    from: weeks[i],
    to,
    at: `${weeks[i]}T00:01:00.000Z`,
    reason: `our badge was not found on the homepage before the week of ${weeks[i]} began`,
  }));
  await env.ctx.db.query('UPDATE listings SET launch_week_moves = $2 WHERE id = $1', [
    listingId,
    JSON.stringify(moves),
  ]);
  return moves;
}
