import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../../support/app.js';
import { assertPage, canonical } from '../../support/html-page.js';
import { seedPublicWorld, WEEK } from '../../support/public-world.js';
import { addWeeks } from '../../../src/domain/weeks/weeks.js';

const BASE = 'http://launchdeck.test';

describeEachDatabase(
  'award pages: verification and Hall of Fame',
  (env) => {
    const get = (url: string) => env().get(url);
    /** The id of a listing's award of a week. */
    const awardId = async (slug: string, week: string) =>
      (
        await env().ctx.db.query<{ id: number }>(
          'SELECT a.id FROM awards a JOIN listings l ON l.id = a.listing_id WHERE l.slug = $1 AND a.week_start = $2',
          [slug, week],
        )
      )[0].id;

    test('an award has a public page saying who won what, with the votes of that week and links to the listing, the week and the Hall of Fame', async () => {
      const id = await awardId('pipelane', WEEK.last);
      const res = await get(`/awards/${id}`);
      assertPage(res);
      assert.equal(canonical(res.body), `${BASE}/awards/${id}`);
      assert.match(res.body, /<h1>Pipelane won Launch of the Week #1 for the week of 2026-11-09<\/h1>/);
      assert.match(
        res.body,
        /<dt>Community votes that week<\/dt><dd>5 votes, as counted when the award was given<\/dd>/,
      );
      for (const href of ['/p/pipelane', `/launches/weeks/${WEEK.last}`, '/hall-of-fame'])
        assert.ok(res.body.includes(`href="${href}"`), href);
    });

    test('an unknown or unreadable award id is an HTML 404 page, never an error', async () => {
      for (const id of ['999999', '0', '-1', '1.5', 'abc', '1e3', '99999999999999999999', '%27%20OR%201=1']) {
        const res = await get(`/awards/${id}`);
        assertPage(res, 404);
        assert.match(res.body, /Page not found/, id);
      }
    });

    test('the award of a listing that is no longer public cannot be verified', async () => {
      const id = await awardId('rowboat', WEEK.twoAgo);
      await env().ctx.db.query(`UPDATE listings SET status = 'hidden' WHERE slug = 'rowboat'`);
      try {
        assertPage(await get(`/awards/${id}`), 404);
      } finally {
        await env().ctx.db.query(`UPDATE listings SET status = 'live' WHERE slug = 'rowboat'`);
      }
    });

    test("the Hall of Fame lists every week's winners, newest week first, each linking to its verification page", async () => {
      const res = await get('/hall-of-fame');
      assertPage(res);
      assert.equal(canonical(res.body), `${BASE}/hall-of-fame`);
      const byWeek = res.body.slice(res.body.indexOf('id="by-week-h"'));
      const weeks = [
        ...byWeek.matchAll(/<h3 id="hof-([\d-]+)-h"><a href="\/launches\/weeks\/\1">Week of \1<\/a><\/h3>/g),
      ].map((m) => m[1]);
      assert.deepEqual(weeks, [WEEK.last, WEEK.twoAgo]);
      const winners = [
        ...byWeek.matchAll(
          /<a href="\/p\/([a-z-]+)">[^<]+<\/a><\/p>\s*<p class="award-title"><a href="\/awards\/(\d+)">([^<]+)</g,
        ),
      ].map((m) => [m[1], Number(m[2]), m[3]]);
      assert.deepEqual(winners, [
        ['pipelane', await awardId('pipelane', WEEK.last), 'Launch of the Week #1'],
        ['tablewise', await awardId('tablewise', WEEK.last), 'Launch of the Week #2'],
        ['rowboat', await awardId('rowboat', WEEK.twoAgo), 'Launch of the Week #1'],
      ]);
    });

    test('the all-time top ranks by #1 awards, then #2s, then #3s, then all-time counted votes', async () => {
      const res = await get('/hall-of-fame');
      const top = res.body.slice(res.body.indexOf('id="all-time-h"'), res.body.indexOf('id="by-week-h"'));
      const order = [...top.matchAll(/<a href="\/p\/([a-z-]+)">/g)].map((m) => m[1]);
      // Rowboat and Pipelane won one #1 each; Rowboat has more votes (6 to 5). Tablewise won a #2.
      assert.deepEqual(order, ['rowboat', 'pipelane', 'tablewise']);
      assert.match(top, /<a href="\/awards\?listing=tablewise">1 × #2/);
    });

    test('the Hall of Fame shows 20 weeks a page', async () => {
      const db = env().ctx.db;
      const [rowboat] = await db.query<{ id: number }>(`SELECT id FROM listings WHERE slug = 'rowboat'`);
      // 20 more weeks of #3s before the fixture's weeks: 22 weeks in all.
      const older = Array.from({ length: 20 }, (_, i) => addWeeks(WEEK.twoAgo, -(i + 1)));
      await db.query(
        `INSERT INTO awards (site_id, week_start, rank, listing_id, votes) SELECT $1, w::date, 3, $2, 1 FROM unnest($3::text[]) AS w`,
        [env().ctx.site.id, rowboat.id, older],
      );
      try {
        const first = await get('/hall-of-fame');
        assert.equal([...first.body.matchAll(/<h3 id="hof-/g)].length, 20);
        assert.match(first.body, /<a rel="next" href="\/hall-of-fame\?page=2">/);
        const second = await get('/hall-of-fame?page=2');
        assertPage(second);
        assert.equal(canonical(second.body), `${BASE}/hall-of-fame?page=2`);
        assert.deepEqual(
          [...second.body.matchAll(/<h3 id="hof-([\d-]+)-h">/g)].map((m) => m[1]),
          older.slice(-2),
        );
        assertPage(await get('/hall-of-fame?page=0'), 400);
        assertPage(await get('/hall-of-fame?page=two'), 400);
      } finally {
        await db.query('DELETE FROM awards WHERE week_start = ANY($1::date[])', [older]);
      }
    });

    test('the award badge links to the verification page of the award it shows', async () => {
      const { body } = await env().json('/api/v1/listings/tablewise/badges');
      const badge = body.badges.find((b: { kind: string }) => b.kind === 'launch-of-the-week');
      const id = await awardId('tablewise', WEEK.last);
      assert.match(badge.html, new RegExp(`^<a href="${BASE}/awards/${id}"`));
      assert.match(badge.markdown, new RegExp(`\\(${BASE}/awards/${id}\\)$`));
      const listed = body.badges.find((b: { kind: string }) => b.kind === 'listed');
      assert.match(
        listed.html,
        new RegExp(`^<a href="${BASE}/p/tablewise"`),
        'other badges still link to the listing page',
      );
    });

    test('a listing that never won has no award badge to show', async () => {
      const res = await get('/badges/quillnote/launch-of-the-week.svg');
      assert.equal(res.statusCode, 404);
      assert.match(res.body, /has not earned this badge/);
    });

    test("the listing page's awards link to their verification pages", async () => {
      const res = await get('/p/tablewise');
      assert.match(
        res.body,
        new RegExp(`<a href="/awards/${await awardId('tablewise', WEEK.last)}">Launch of the Week #2</a>`),
      );
    });

    test('the Hall of Fame is linked from the awards page and the footer, and is in the sitemap', async () => {
      const awards = await get('/awards');
      assert.match(awards.body, /<main[\s\S]*<a href="\/hall-of-fame">Hall of Fame<\/a>[\s\S]*<\/main>/);
      assert.match(awards.body, new RegExp(`<a href="/awards/${await awardId('pipelane', WEEK.last)}">Verify`));
      assert.match(awards.body, /<nav aria-label="Footer">[\s\S]*?<a href="\/hall-of-fame">Hall of Fame<\/a>/);
      assert.ok((await get('/sitemaps/pages.xml')).body.includes(`<loc>${BASE}/hall-of-fame</loc>`));
    });
  },
  {
    seed: async (ctx) => {
      await seedPublicWorld(ctx);
    },
  },
);
