import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DATABASE_KINDS, openTestDatabase } from '../support/databases.js';
import { migrate, readMigrations } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/client.js';
import { Worker } from '../../src/jobs/queue.js';
import { REINDEX_LISTINGS_JOB, reindexEveryListing } from '../../src/jobs/reindex-job.js';
import { searchListings } from '../../src/domain/search/search-listings.js';

const EN =
  'Keep every receipt, invoice and bank line of your café in one ledger, reconciled automatically, every month.';

/** A listing as the app before migration 029 left it: indexed in SQL, unspaced runs as whole words. */
async function oldListing(db: Db, slug: string, name: string, description: string): Promise<void> {
  const [company] = await db.query<{ id: number }>(
    `INSERT INTO companies (name, domain, website_url, description) VALUES ($1, $2, $3, $4) RETURNING id`,
    [name, `${slug}.example`, `https://${slug}.example`, description],
  );
  await db.query(
    `INSERT INTO listings (site_id, company_id, slug, status, search_vector)
     VALUES ((SELECT id FROM sites WHERE key = 'main'), $1, $2, 'live',
             to_tsvector('english', unaccent($3 || ' ' || $4)))`,
    [company.id, slug, name, description],
  );
}

const search = (db: Db, q: string) =>
  searchListings(db, { siteId: 1, q, limit: 20, offset: 0, now: new Date() }).then((r) => r.items.map((i) => i.slug));

for (const kind of DATABASE_KINDS) {
  test(`[${kind}] migration 029 queues the job that indexes the listings already there in every script, and detects their language`, async () => {
    const { db, close } = await openTestDatabase(kind);
    try {
      await migrate(
        db,
        readMigrations().filter((m) => m.version <= 28),
      );
      await oldListing(db, 'gamen', '画面共有アプリ', 'パソコンの画面を、ブラウザのあるあらゆる端末に無料で映せます。');
      await oldListing(db, 'ledger', 'Cafe Ledger', EN);
      const [{ n }] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM listings WHERE search_vector @@ '''共有'''::tsquery`,
      );
      assert.equal(n, 0, 'a part of a Japanese run was never indexed');

      await migrate(db);
      const queued = await db.query<{ kind: string }>('SELECT kind FROM jobs WHERE done_at IS NULL');
      assert.deepEqual(
        queued.map((j) => j.kind),
        [REINDEX_LISTINGS_JOB],
      );
      const worker = new Worker(db, { [REINDEX_LISTINGS_JOB]: () => reindexEveryListing(db) }, { id: 't' });
      assert.equal(await worker.drain(new Date()), 1);

      assert.deepEqual(await search(db, '共有'), ['gamen']);
      assert.deepEqual(await search(db, 'ledger'), ['ledger']);
      const languages = await db.query<{ slug: string; language: string | null }>(
        'SELECT slug, language FROM listings ORDER BY slug',
      );
      assert.deepEqual(languages, [
        { slug: 'gamen', language: 'ja' },
        { slug: 'ledger', language: 'en' },
      ]);
    } finally {
      await close();
    }
  });

  test(`[${kind}] a database without listings has nothing to index again`, async () => {
    const { db, close } = await openTestDatabase(kind);
    try {
      await migrate(db);
      assert.deepEqual(await db.query('SELECT kind FROM jobs'), []);
    } finally {
      await close();
    }
  });
}
