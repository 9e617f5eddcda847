import type { TestEnv } from './app.js';
import { addCategory, addListing } from './fixtures.js';
import { FormClient } from './form-client.js';
import { TEST_PASSWORD } from './credentials.js';

/** A listing owned by the user with this email (status and plan as given; draft by default). */
export async function ownedListing(
  env: TestEnv,
  email: string,
  slug: string,
  f: {
    status?: string;
    plan?: 'free' | 'paid' | null;
    launchWeek?: string | null;
    launchedAt?: string | null;
    category?: string;
    extraCategories?: string[];
  } = {},
): Promise<number> {
  const { listingId } = await addListing(env.ctx.db, env.ctx.site.id, {
    slug,
    name: `Product ${slug}`,
    status: f.status ?? 'draft',
    plan: f.plan ?? null,
    launchWeek: f.launchWeek ?? null,
    launchedAt: f.launchedAt,
    category: f.category,
    extraCategories: f.extraCategories,
  });
  await env.ctx.db.query(
    `INSERT INTO listing_owners (listing_id, user_id, role) SELECT $1, id, 'owner' FROM users WHERE email = $2`,
    [listingId, email],
  );
  return listingId;
}

/** Categories the order tests pick from (created once per database). */
export async function orderCategories(env: TestEnv): Promise<void> {
  const have = await env.ctx.db.query('SELECT 1 FROM categories WHERE site_id = $1 AND slug = $2', [
    env.ctx.site.id,
    'dev-tools',
  ]);
  if (have.length) return;
  for (const slug of ['dev-tools', 'analytics', 'marketing', 'design', 'ai'])
    await addCategory(env.ctx.db, env.ctx.site.id, { slug, name: slug });
}

/** Signs in through the site form as that user and pays a pending order with the test provider on its checkout page. */
export async function payOnCheckoutPage(
  env: TestEnv,
  email: string,
  number: string,
  billing: Record<string, string> = { name: 'Ada Buyer', address: '1 Main St, Springfield', country: 'US' },
) {
  const b = new FormClient(env.app);
  await b.submit('/signin', '/signin', { email, password: TEST_PASSWORD });
  const saved = await b.submit(`/checkout/${number}`, `/checkout/${number}/billing`, billing);
  if (saved.statusCode !== 303) throw new Error(`billing refused: ${saved.statusCode} ${saved.body.slice(0, 400)}`);
  const paid = await b.submit(`/checkout/${number}`, `/checkout/${number}/pay`, {});
  if (paid.statusCode !== 303) throw new Error(`payment refused: ${paid.statusCode} ${paid.body.slice(0, 400)}`);
  return { browser: b, location: String(paid.headers.location) };
}
