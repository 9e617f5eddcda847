import type { AppContext } from '../../src/app-context.js';
import { addCategory, addListing, addVotes, finishFixtures } from './fixtures.js';

/** Weeks around FIXED_NOW (Wednesday 2026-11-18). */
export const WEEK = { last: '2026-11-09', this: '2026-11-16', next: '2026-11-23', twoAgo: '2026-11-02' };

/**
 * A small, fully known directory for the public read API tests:
 * developer-tools ⊃ {databases, ci-cd}, productivity ⊃ {notes}, design (empty).
 */
export async function seedPublicWorld(ctx: AppContext) {
  const db = ctx.db;
  const s = ctx.site.id;
  await addCategory(db, s, {
    slug: 'developer-tools',
    name: 'Developer Tools',
    position: 0,
    attributes: [
      { key: 'open_source', label: 'Open source' },
      { key: 'api', label: 'Public API' },
    ],
    faqs: [{ question: 'What is a developer tool?', answer: 'Software for software makers.' }],
  });
  await addCategory(db, s, {
    slug: 'databases',
    name: 'Databases',
    parent: 'developer-tools',
    attributes: [{ key: 'self_hosted', label: 'Self-hosted' }],
  });
  await addCategory(db, s, { slug: 'ci-cd', name: 'CI/CD', parent: 'developer-tools' });
  await addCategory(db, s, { slug: 'productivity', name: 'Productivity', position: 1 });
  await addCategory(db, s, { slug: 'notes', name: 'Notes', parent: 'productivity' });
  await addCategory(db, s, { slug: 'design', name: 'Design', position: 2 });

  const tablewise = await addListing(db, s, {
    slug: 'tablewise',
    name: 'Tablewise',
    tagline: 'Postgres hosting for small teams',
    description: 'Managed PostgreSQL databases with branching and backups.',
    keywords: ['postgres', 'database', 'hosting'],
    category: 'databases',
    launchWeek: WEEK.last,
    country: 'DE',
    stage: 'growing',
    pricingModel: 'subscription',
    attributes: { self_hosted: 'no', open_source: 'no', api: 'yes' },
    plan: 'paid',
    views: 50,
    followers: 3,
  });
  const pipelane = await addListing(db, s, {
    slug: 'pipelane',
    name: 'Pipelane',
    tagline: 'Continuous delivery pipelines in minutes',
    description: 'Build, test and deploy every commit.',
    keywords: ['ci', 'deploy', 'pipelines'],
    category: 'ci-cd',
    launchWeek: WEEK.last,
    country: 'US',
    stage: 'beta',
    pricingModel: 'freemium',
    attributes: { open_source: 'yes' },
    notFound: ['city', 'founded_year'],
    views: 500,
    followers: 1,
  });
  const quillnote = await addListing(db, s, {
    slug: 'quillnote',
    name: 'Quillnote',
    tagline: 'Notes that write themselves',
    description: 'A note-taking app with smart summaries.',
    keywords: ['notes', 'writing'],
    category: 'notes',
    extraCategories: ['design'],
    launchWeek: WEEK.this,
    country: 'FR',
    stage: 'launched',
    pricingModel: 'freemium',
    plan: 'paid',
    followers: 40,
  });
  const cafe = await addListing(db, s, {
    slug: 'cafe-ledger',
    name: 'Café Ledger',
    tagline: 'Bookkeeping for coffee shops',
    description: 'Track every espresso sold.',
    keywords: ['accounting', 'bookkeeping'],
    category: 'productivity',
    launchWeek: WEEK.this,
    country: 'IT',
    stage: 'launched',
    pricingModel: 'paid',
    unlocked: ['milestones'],
  });
  const dbmate = await addListing(db, s, {
    slug: 'rowboat',
    name: 'Rowboat',
    tagline: 'Spreadsheets on top of your database',
    description: 'Edit database rows like a spreadsheet.',
    keywords: ['database', 'spreadsheet'],
    category: 'databases',
    launchWeek: WEEK.twoAgo,
    country: 'DE',
    stage: 'growing',
    pricingModel: 'subscription',
  });
  const orbit = await addListing(db, s, {
    slug: 'orbitly',
    name: 'Orbitly',
    tagline: 'Satellite analytics for everyone',
    description: 'Upcoming analytics product.',
    keywords: ['analytics'],
    category: 'developer-tools',
    status: 'scheduled',
    launchWeek: WEEK.next,
    country: 'GB',
  });
  await addListing(db, s, {
    slug: 'secret-draft',
    name: 'Secret Draft',
    tagline: 'Not published yet',
    category: 'databases',
    status: 'draft',
  });
  await addListing(db, s, {
    slug: 'queued-free',
    name: 'Queued Free',
    tagline: 'Waiting for its badge',
    category: 'databases',
    status: 'awaiting_badge',
    launchWeek: '2027-01-04',
  });

  // Votes: last week Pipelane beat Tablewise; Rowboat (two weeks ago) has old votes only.
  await addVotes(db, pipelane.listingId, 5, `${WEEK.last}T10:00:00Z`);
  await addVotes(db, tablewise.listingId, 3, `${WEEK.last}T11:00:00Z`);
  await addVotes(db, tablewise.listingId, 4, `${WEEK.this}T09:30:00Z`); // after its week: counts all-time, trending
  await addVotes(db, quillnote.listingId, 2, `${WEEK.this}T10:00:00Z`);
  await addVotes(db, cafe.listingId, 1, `${WEEK.this}T10:00:00Z`);
  await addVotes(db, dbmate.listingId, 6, `${WEEK.twoAgo}T10:00:00Z`);

  // Founders, FAQs, updates, reviews, ratings, revenue, billboard, paid sections, alternatives.
  const f = await db.query<{ id: number }>(`INSERT INTO founders (slug, name, title, bio, country, socials) VALUES
    ('ada-row', 'Ada Row', 'CEO', 'Builds databases.', 'DE', '{"github":"https://github.example/ada"}'),
    ('elodie-quill', 'Élodie Quill', 'Founder', 'Writes notes.', 'FR', '{}'),
    ('hidden-founder', 'Hidden Founder', 'CTO', 'Only on a draft.', 'US', '{}') RETURNING id`);
  await db.query(
    'INSERT INTO company_founders (company_id, founder_id, position) VALUES ($1, $2, 0), ($3, $2, 1), ($4, $5, 0)',
    [tablewise.companyId, f[0].id, dbmate.companyId, quillnote.companyId, f[1].id],
  );
  const draftCo = await db.query<{ company_id: number }>(`SELECT company_id FROM listings WHERE slug = 'secret-draft'`);
  await db.query('INSERT INTO company_founders (company_id, founder_id) VALUES ($1, $2)', [
    draftCo[0].company_id,
    f[2].id,
  ]);
  await db.query(
    `INSERT INTO listing_faqs (listing_id, question, answer, position) VALUES ($1, 'Is there a free tier?', 'Yes, one database.', 0)`,
    [tablewise.listingId],
  );
  await db.query(
    `INSERT INTO listing_updates (listing_id, title, body, created_at) VALUES ($1, 'Branching is live', 'You can now branch databases.', '2026-11-17T08:00:00Z')`,
    [tablewise.listingId],
  );
  await db.query(
    `INSERT INTO reviews (listing_id, rating, body, is_genuine) VALUES ($1, 5, 'Great', true), ($1, 4, 'Good', true), ($1, 1, 'Spam', false)`,
    [tablewise.listingId],
  );
  await db.query(
    `INSERT INTO domain_ratings (company_id, measured_on, rating) VALUES ($1, '2026-09-01', 30), ($1, '2026-10-01', 34), ($1, '2026-11-01', 41), ($2, '2026-11-01', 55)`,
    [tablewise.companyId, pipelane.companyId],
  );
  await db.query(
    `INSERT INTO revenue_figures (company_id, month, mrr_cents, verified, source) VALUES ($1, '2026-10-01', 500000, true, 'stripe'), ($2, '2026-10-01', 900000, true, 'stripe')`,
    [tablewise.companyId, cafe.companyId],
  );
  await db.query(
    `INSERT INTO billboard_entries (site_id, listing_id, amount_cents) VALUES ($1, $2, 5000), ($1, $3, 20000)`,
    [s, quillnote.listingId, pipelane.listingId],
  );
  await db.query(
    `INSERT INTO stories (listing_id, title, story) VALUES ($1, 'Why we built Tablewise', 'Because hosting is hard.'), ($2, 'Hidden story', 'Not unlocked.')`,
    [tablewise.listingId, pipelane.listingId],
  );
  await db.query(
    `INSERT INTO milestones (listing_id, date, title) VALUES ($1, '2026-01-10', 'First customer'), ($2, '2026-02-01', 'Cafe milestone'), ($3, '2026-03-01', 'Hidden milestone')`,
    [tablewise.listingId, cafe.listingId, pipelane.listingId],
  );
  await db.query(
    `INSERT INTO listing_media (listing_id, kind, url, caption) VALUES ($1, 'video', 'https://www.youtube.com/watch?v=tablewise01', 'A two-minute tour')`,
    [tablewise.listingId],
  );
  await db.query(
    `INSERT INTO listing_alternatives (listing_id, alternative_id, approved, position) VALUES ($1, $2, true, 0)`,
    [tablewise.listingId, pipelane.listingId],
  );
  await db.query(
    `INSERT INTO awards (site_id, week_start, rank, listing_id, votes) VALUES ($1, $2, 1, $3, 5), ($1, $2, 2, $4, 3), ($1, $5, 1, $6, 6)`,
    [s, WEEK.last, pipelane.listingId, tablewise.listingId, WEEK.twoAgo, dbmate.listingId],
  );
  await db.query(
    `INSERT INTO blog_posts (site_id, slug, title, excerpt, body_markdown, author_name, tags, published_at) VALUES
    ($1, 'how-to-launch', 'How to launch a product', 'A checklist.', '# Launch day\n\n- Prepare\n- Ship', 'Team', '{launch}', '2026-11-10T10:00:00Z'),
    ($1, 'pricing-pages', 'Writing pricing pages', 'Make pricing clear.', 'Pricing should be **simple**.', 'Team', '{pricing}', '2026-11-01T10:00:00Z'),
    ($1, 'future-post', 'Not yet published', 'Soon.', 'Soon.', 'Team', '{}', '2027-01-01T10:00:00Z')`,
    [s],
  );
  await db.query(
    `INSERT INTO blog_faqs (post_id, question, answer) SELECT id, 'When should I launch?', 'On a Tuesday.' FROM blog_posts WHERE slug = 'how-to-launch'`,
  );
  await db.query(
    `INSERT INTO interview_questions (site_id, question, position) VALUES ($1, 'What problem are you solving?', 0), ($1, 'What did you learn?', 1), ($1, 'Retired question', 2)`,
    [s],
  );
  await db.query(`UPDATE interview_questions SET active = false WHERE question = 'Retired question'`);
  await finishFixtures(ctx);
  return { tablewise, pipelane, quillnote, cafe, rowboat: dbmate, orbit };
}
