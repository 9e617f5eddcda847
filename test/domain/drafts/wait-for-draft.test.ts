import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../../support/app.js';
import { createUser } from '../../support/credentials.js';
import { runJobs } from '../../support/draft-client.js';
import { startFixtureSite } from '../../support/fixture-site.js';
import type { DraftProgressRow } from '../../../src/domain/drafts/draft-repository.js';
import { startDraft } from '../../../src/domain/drafts/start-draft.js';
import {
  nextProgressNote,
  waitForDraft,
  type ProgressNote,
  type ProgressSeen,
} from '../../../src/domain/drafts/wait-for-draft.js';

const URL_ = 'https://tallyflow.example/';
const row = (status: DraftProgressRow['status'], progress: DraftProgressRow['progress'], found: number | null = null) =>
  ({ status, url: URL_, progress, fields_found: found }) satisfies DraftProgressRow;

/** The notes a waiting caller would send for these successive looks at a draft. */
function notesFor(rows: DraftProgressRow[]): ProgressNote[] {
  const notes: ProgressNote[] = [];
  let seen: ProgressSeen | null = null;
  for (const r of rows) {
    const next = nextProgressNote(r, seen);
    if (next) {
      seen = next;
      notes.push(next.note);
    }
  }
  return notes;
}

describe('progress notes of a draft', () => {
  test('say in words what is happening, from waiting to ready', () => {
    const notes = notesFor([
      row('crawling', { phase: 'queued', message: 'Waiting for the crawler' }),
      row('crawling', { phase: 'crawling', pages_read: 0, message: `Reading ${URL_}` }),
      row('crawling', { phase: 'crawling', pages_read: 3, pages_planned: 8, current_url: `${URL_}pricing` }),
      row('drafting', { phase: 'drafting', pages_read: 8, pages_planned: 8, message: 'Read 8 pages; drafting' }),
      row('ready', { phase: 'done', pages_read: 8, message: 'Drafted from 8 pages' }, 14),
    ]);
    assert.deepEqual(
      notes.map((n) => n.message),
      [
        `Waiting for the crawler to start reading ${URL_}`,
        `Reading ${URL_}`,
        `Read 3 of 8 pages: ${URL_}pricing`,
        'Read 8 pages; drafting',
        'Draft ready: 14 of 18 fields found. Drafted from 8 pages',
      ],
    );
  });

  test('count one for the crawl starting, one per page read, one for drafting and one for done', () => {
    const notes = notesFor([
      row('crawling', { phase: 'queued' }),
      row('crawling', { phase: 'crawling', pages_read: 0 }),
      row('crawling', { phase: 'crawling', pages_read: 3, pages_planned: 8 }),
      row('drafting', { phase: 'drafting', pages_read: 8, pages_planned: 8 }),
      row('ready', { phase: 'done', pages_read: 8 }, 14),
    ]);
    assert.deepEqual(
      notes.map((n) => [n.progress, n.total]),
      [
        [0, undefined],
        [1, undefined],
        [4, 11],
        [10, 11],
        [11, 11],
      ],
    );
  });

  test('a look that finds nothing new makes no note', () => {
    const looks = [row('crawling', { phase: 'crawling', pages_read: 2, pages_planned: 5 })];
    assert.equal(notesFor([...looks, ...looks, ...looks]).length, 1);
  });

  test('progress still grows when the crawl starts over or fewer pages were read than fetched', () => {
    const notes = notesFor([
      row('crawling', { phase: 'crawling', pages_read: 4, pages_planned: 12 }),
      // A retried crawl: the same phase with fewer pages says nothing until it passes where it was.
      row('crawling', {
        phase: 'crawling',
        pages_read: 0,
        message: 'The website did not answer. Trying again shortly.',
      }),
      row('crawling', { phase: 'crawling', pages_read: 2, pages_planned: 12 }),
      row('crawling', { phase: 'crawling', pages_read: 11, pages_planned: 12 }),
      // Drafting from the 6 pages that had text, of the 12 fetched.
      row('drafting', { phase: 'drafting', pages_read: 6, pages_planned: 6 }),
      row('ready', { phase: 'done', pages_read: 6 }, 9),
    ]);
    assert.deepEqual(
      notes.map((n) => n.progress),
      [5, 12, 13, 14],
    );
    for (const n of notes) assert.ok(n.total === undefined || n.total >= n.progress, JSON.stringify(n));
    assert.equal(notes.at(-1)?.total, notes.at(-1)?.progress);
  });
});

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;
let opened = Promise.resolve();
let openSlowPage = () => {};
let site: Awaited<ReturnType<typeof startFixtureSite>>;
before(async () => {
  site = await startFixtureSite({
    '/': {
      body: page(
        'Tallyflow — Invoices that chase themselves',
        '<h1>Invoices that chase themselves</h1><p>Tallyflow sends polite reminders.</p>' +
          '<a href="/about">About</a> <a href="/pricing">Pricing</a>',
      ),
    },
    '/about': { body: page('About', '<p>Founded in 2021 in Lisbon, Portugal.</p>') },
    '/pricing': () => ({ body: page('Pricing', '<p>Free, or $12 per month.</p>'), waitFor: opened }),
  });
});
after(async () => {
  await site.close();
});

describeEachDatabase(
  'waiting for a draft',
  (env) => {
    let userId = 0;
    before(async () => {
      const email = await createUser(env(), 'waiter');
      userId = (await env().ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))[0].id;
    });

    test('past its time limit, it ends having reported the draft as it stands', async () => {
      const id = await startDraft(env().ctx, userId, 'https://tallyflow.example/');
      const notes: ProgressNote[] = [];
      const end = await waitForDraft(env().ctx.db, id, { onProgress: (n) => void notes.push(n), limitMs: 0 });
      assert.equal(end, 'time_limit');
      assert.deepEqual(notes, [
        { progress: 0, message: 'Waiting for the crawler to start reading https://tallyflow.example/' },
      ]);
    });

    test('once its caller has gone, it stops without reading the draft', async () => {
      const id = await startDraft(env().ctx, userId, 'https://tallyflow.example/');
      const notes: ProgressNote[] = [];
      const end = await waitForDraft(env().ctx.db, id, {
        onProgress: (n) => void notes.push(n),
        signal: AbortSignal.abort(),
        limitMs: 60_000,
      });
      assert.equal(end, 'aborted');
      assert.deepEqual(notes, []);
    });

    test('a caller leaving mid-wait ends the wait', async () => {
      const id = await startDraft(env().ctx, userId, 'https://tallyflow.example/');
      const leaving = new AbortController();
      const end = await waitForDraft(env().ctx.db, id, {
        onProgress: () => leaving.abort(),
        signal: leaving.signal,
        limitMs: 60_000,
      });
      assert.equal(end, 'aborted');
    });

    test('reports each page read while the crawl waits for a slow one, then the ready draft', async () => {
      opened = new Promise((resolve) => {
        openSlowPage = resolve;
      });
      const id = await startDraft(env().ctx, userId, `${site.origin}/`);
      const jobs = runJobs(env());
      const notes: ProgressNote[] = [];
      const end = await waitForDraft(env().ctx.db, id, {
        limitMs: 60_000,
        onProgress: (n) => {
          notes.push(n);
          // The page read just before the crawl stalls is reported though no page follows it for a while.
          if (n.message === `Read 2 of 3 pages: ${site.origin}/about`) openSlowPage();
        },
      });
      await jobs;
      assert.equal(end, 'ready');
      const messages = notes.map((n) => n.message);
      assert.ok(messages.includes(`Read 2 of 3 pages: ${site.origin}/about`), messages.join('\n'));
      assert.match(messages.at(-1) ?? '', /^Draft ready: \d+ of 18 fields found\. Drafted from 3 pages/);
    });

    test('a draft that does not exist ends the wait at once', async () => {
      const end = await waitForDraft(env().ctx.db, crypto.randomUUID(), { onProgress: () => {}, limitMs: 60_000 });
      assert.equal(end, 'gone');
    });
  },
  { env: { CRAWL_ALLOW_HOSTS: '127.0.0.1' } },
);
