import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Change } from '../../src/db/changes.js';
import { DATABASE_KINDS, openTestDatabase } from '../support/databases.js';

const listing = (slug: string): Change => ({ kind: 'listing', siteId: 1, slug });

for (const kind of DATABASE_KINDS) {
  test(`a change is told at once on the database, after the commit in a transaction, never after a rollback [${kind}]`, async () => {
    const { db, close } = await openTestDatabase(kind);
    try {
      const seen: Change[] = [];
      const unsubscribe = db.onChange((c) => seen.push(c));
      db.changed(listing('direct'));
      assert.deepEqual(seen, [listing('direct')]);

      await db.transaction(async (tx) => {
        await tx.query('CREATE TEMP TABLE t (n int)');
        tx.changed(listing('committed'));
        // Not before the commit: a cache reloading now would read the rows as they were.
        assert.deepEqual(seen, [listing('direct')]);
      });
      assert.deepEqual(seen, [listing('direct'), listing('committed')]);

      await assert.rejects(
        db.transaction(async (tx) => {
          tx.changed(listing('rolled back'));
          throw new Error('no');
        }),
      );
      assert.deepEqual(seen, [listing('direct'), listing('committed')]);

      // A failing subscriber does not fail the write that was already made.
      const stop = db.onChange(() => {
        throw new Error('broken cache');
      });
      await db.transaction(async (tx) => tx.changed(listing('after')));
      assert.deepEqual(seen.at(-1), listing('after'));
      stop();
      unsubscribe();
      db.changed(listing('unheard'));
      assert.equal(seen.length, 3);
    } finally {
      await close();
    }
  });
}
