import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../../support/app.js';
import { seedPublicWorld, WEEK } from '../../support/public-world.js';
import { addListing, addVotes, finishFixtures } from '../../support/fixtures.js';
import { BOARDS } from '../../../src/domain/leaderboards/leaderboards.js';
import { assertPage, canonical } from '../../support/html-page.js';

const BASE = 'http://launchdeck.test';

/** The ranked cards of a page, in order: rank, listing slug and the number shown on the right. */
function cards(body: string) {
  return [...body.matchAll(/<li class="listing-card">([\s\S]*?)<\/li>/g)].map(([, c]) => ({
    rank: Number(c.match(/aria-label="Rank (\d+)"/)?.[1] ?? 0),
    slug: c.match(/<h3 class="name"><a href="\/p\/([^"]+)"/)?.[1],
    metric: c
      .match(
        /<div class="votes"[^>]*><span aria-hidden="true">[^<]*<\/span>([^<]*)<span class="sr-only"> ([^<]*)<\/span>/,
      )
      ?.slice(1, 3)
      .join(' '),
  }));
}

describeEachDatabase(
  'calendar pages: launch weeks, leaderboards, awards',
  (env) => {
    const get = (url: string) => env().get(url);

    test('a week page lists its launches ranked by the votes cast that week and links the weeks around it', async () => {
      const res = await get(`/launches/weeks/${WEEK.last}`);
      assertPage(res);
      assert.match(res.body, /<h1>Launches of the week of 2026-11-09<\/h1>/);
      assert.match(res.body, /2026-11-09<\/time> to Sunday <time datetime="2026-11-15">2026-11-15/);
      // Tablewise's four votes of the following week do not count for this one.
      assert.deepEqual(cards(res.body), [
        { rank: 1, slug: 'pipelane', metric: '5 votes that week' },
        { rank: 2, slug: 'tablewise', metric: '3 votes that week' },
      ]);
      assert.match(res.body, /<a rel="prev" href="\/launches\/weeks\/2026-11-02">/);
      assert.match(res.body, /<a rel="next" href="\/launches\/weeks\/2026-11-16">/);
      assert.match(
        res.body,
        /<span class="chip paid" title="Launched on the paid plan">Paid launch<\/span>/,
        'Tablewise is on the paid plan',
      );
    });

    test('the current week page labels its numbers as votes this week', async () => {
      const res = await get('/launches/weeks/this');
      assertPage(res);
      assert.deepEqual(cards(res.body), [
        { rank: 1, slug: 'quillnote', metric: '2 votes this week' },
        { rank: 2, slug: 'cafe-ledger', metric: '1 votes this week' },
      ]);
    });

    test('this and any date resolve to the Monday, and the canonical URL says so', async () => {
      for (const week of ['this', '2026-11-19', '2026-11-22']) {
        const res = await get(`/launches/weeks/${week}`);
        assertPage(res);
        assert.equal(canonical(res.body), `${BASE}/launches/weeks/2026-11-16`, week);
        assert.match(res.body, /<h1>Launches of the week of 2026-11-16<\/h1>/);
      }
    });

    test('the launch calendar links the weeks around the one shown with their launch counts, and marks it', async () => {
      const res = await get('/launches/weeks/next');
      const calendar = res.body.match(/<div class="calendar">([\s\S]*?)<\/ol><\/div><\/div>/)?.[1] ?? '';
      const linked = [...calendar.matchAll(/href="\/launches\/weeks\/([\d-]+)"/g)].map((m) => m[1]);
      // Eight weeks either side; a past week without launches has no page, so no link.
      assert.deepEqual(linked.slice(0, 4), ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23']);
      assert.equal(linked.at(-1), '2027-01-18');
      assert.match(
        calendar,
        /<span class="cal-empty"><span class="sr-only">Week of <\/span><span class="cal-day">26<\/span>/,
      );
      assert.match(
        calendar,
        /href="\/launches\/weeks\/2026-11-09"><span class="sr-only">Week of <\/span><span class="cal-day">9<\/span><span class="sr-only"> Nov, <\/span><span class="cal-count">2<\/span><span class="sr-only"> launches<\/span>/,
      );
      assert.match(calendar, /href="\/launches\/weeks\/2026-11-23" aria-current="page">/);
    });

    test('a week that has begun shows its launches day by day, and a finished one its winners', async () => {
      const current = await get('/launches/weeks/this');
      const days = current.body.match(/<ol class="days">([\s\S]*?)<\/ol><\/section>/)?.[1] ?? '';
      assert.equal([...days.matchAll(/<p class="day-name">/g)].length, 7);
      assert.match(days, /<li class="today"><p class="day-name"><time datetime="2026-11-18">Wed Nov 18<\/time>/);
      assert.match(days, /datetime="2026-11-22">Sun Nov 22<\/time><\/p>\s*<p class="day-count muted">Still to come/);
      // Before the current week is awarded, the latest winners stand beside it.
      assert.match(current.body, /<h2 id="latest-winners-h">Latest winners<\/h2>/);
      const past = await get(`/launches/weeks/${WEEK.last}`);
      assert.match(
        past.body,
        /<h2 id="winners-h">Launch of the Week winners<\/h2>[\s\S]*?<a href="\/awards\/\d+">Launch of the Week #1/,
      );
      const upcoming = await get('/launches/weeks/next');
      assert.doesNotMatch(upcoming.body, /Day by day/);
    });

    test('an upcoming week lists the scheduled launches', async () => {
      const res = await get('/launches/weeks/next');
      assertPage(res);
      assert.equal(canonical(res.body), `${BASE}/launches/weeks/2026-11-23`);
      assert.match(res.body, /<h2 id="week-list-h">Scheduled to launch<\/h2>/);
      assert.deepEqual(
        cards(res.body).map((c) => c.slug),
        ['orbitly'],
      );
      assert.match(res.body, /<span class="chip">Launches 2026-11-23<\/span>/);
    });

    test('a week page pages like the API', async () => {
      const first = await get(`/launches/weeks/${WEEK.last}?per_page=1`);
      assertPage(first);
      assert.deepEqual(
        cards(first.body).map((c) => c.slug),
        ['pipelane'],
      );
      assert.match(first.body, /<a rel="next" href="\/launches\/weeks\/2026-11-09\?per_page=1&amp;page=2">Next →<\/a>/);
      const second = await get(`/launches/weeks/${WEEK.last}?per_page=1&page=2`);
      assertPage(second);
      assert.deepEqual(
        cards(second.body).map((c) => [c.rank, c.slug]),
        [[2, 'tablewise']],
      );
      assert.equal(canonical(second.body), `${BASE}/launches/weeks/2026-11-09?page=2`);
    });

    test('an empty past week is an HTML 404 page', async () => {
      const res = await get('/launches/weeks/2026-10-05');
      assertPage(res, 404);
      assert.match(res.body, /Page not found/);
    });

    test('an unreadable week is an HTML 400 page', async () => {
      const res = await get('/launches/weeks/someday');
      assertPage(res, 400);
      assert.match(res.body, /week: &quot;someday&quot; is not this, next, last or a date/);
    });

    test('the leaderboards index shows the five boards with their top three, the billboard labelled paid', async () => {
      const res = await get('/leaderboards');
      assertPage(res);
      const sections = [
        ...res.body.matchAll(
          /<section class="board-summary( paid)?" aria-labelledby="board-([a-z-]+)-h">([\s\S]*?)<\/section>/g,
        ),
      ];
      assert.deepEqual(
        sections.map((s) => s[2]),
        [...BOARDS],
      );
      for (const [, paid, board, body] of sections) {
        assert.match(body, new RegExp(`<h2 id="board-${board}-h"><a href="/leaderboards/${board}">`));
        assert.ok(cards(body).length <= 3, board);
        if (board === 'billboard') {
          assert.equal(paid, ' paid');
          assert.match(body, /<span class="chip paid">Paid placement<\/span>/);
          assert.match(body, /Paid ranking<\/strong> — this is advertising, not a community vote/);
        } else {
          assert.equal(paid, undefined, board);
          assert.doesNotMatch(body, /advertising/, board);
        }
      }
      const top = Object.fromEntries(
        sections.map(([, , board, body]) => [board, cards(body).map((c) => `${c.rank}. ${c.slug} ${c.metric}`)]),
      );
      assert.deepEqual(top['community-all-time'], [
        '1. tablewise 7 votes',
        '2. rowboat 6 votes',
        '3. pipelane 5 votes',
      ]);
      assert.deepEqual(top.billboard, [
        '1. pipelane $200 contributed (paid placement)',
        '2. quillnote $50 contributed (paid placement)',
      ]);
    });

    test('each board page renders its ranks with the metric formatted', async () => {
      const expected: Record<string, string[]> = {
        'community-weekly': ['1. tablewise 4 votes', '2. quillnote 2 votes', '3. cafe-ledger 1 votes'],
        'community-all-time': [
          '1. tablewise 7 votes',
          '2. rowboat 6 votes',
          '3. pipelane 5 votes',
          '4. quillnote 2 votes',
          '5. cafe-ledger 1 votes',
        ],
        billboard: ['1. pipelane $200 contributed (paid placement)', '2. quillnote $50 contributed (paid placement)'],
        // A rating names its source, scale and date: the fixture's readings carry the demo provider.
        'domain-rating': [
          '1. pipelane 55 / 100 Domain Rating (demo data), read 2026-11-01',
          '2. tablewise 41 / 100 Domain Rating (demo data), read 2026-11-01',
        ],
        revenue: [
          '1. cafe-ledger $9,000 monthly recurring revenue, Oct 2026, verified by Stripe',
          '2. tablewise $5,000 monthly recurring revenue, Oct 2026, verified by Stripe',
        ],
      };
      for (const board of BOARDS) {
        const res = await get(`/leaderboards/${board}`);
        assertPage(res);
        assert.equal(canonical(res.body), `${BASE}/leaderboards/${board}`);
        assert.deepEqual(
          cards(res.body).map((c) => `${c.rank}. ${c.slug} ${c.metric}`),
          expected[board],
          board,
        );
      }
    });

    test('the billboard page says it is a paid ranking, not a community vote', async () => {
      const res = await get('/leaderboards/billboard');
      assertPage(res);
      assert.match(
        res.body,
        /<h1>Billboard \(paid\)<\/h1>\s*<p class="notice paid-notice" id="paid-notice"><strong>Paid ranking<\/strong> — this is advertising, not a community vote\./,
      );
      assert.match(res.body, /<meta name="description" content="[^"]*Paid placement/);
      assert.doesNotMatch((await get('/leaderboards/community-all-time')).body, /paid-notice/);
    });

    test('the weekly board of a past week ranks that week and links the weeks around it', async () => {
      const res = await get(`/leaderboards/community-weekly?week=${WEEK.last}`);
      assertPage(res);
      assert.match(res.body, /<h1>Community — week of 2026-11-09<\/h1>/);
      assert.deepEqual(
        cards(res.body).map((c) => `${c.rank}. ${c.slug} ${c.metric}`),
        ['1. pipelane 5 votes', '2. tablewise 3 votes'],
      );
      assert.match(res.body, /<a rel="prev" href="\/leaderboards\/community-weekly\?week=2026-11-02">/);
      assert.match(res.body, /<a rel="next" href="\/leaderboards\/community-weekly\?week=2026-11-16">/);
      assert.equal(canonical(res.body), `${BASE}/leaderboards/community-weekly?week=2026-11-09`);
      // The current week has no next week yet.
      assert.doesNotMatch((await get('/leaderboards/community-weekly')).body, /rel="next" href="\/leaderboards/);
    });

    test('an unknown board is an HTML 404 page', async () => {
      const res = await get('/leaderboards/most-loved');
      assertPage(res, 404);
      assert.match(res.body, /Page not found/);
    });

    test('the awards page lists the awards newest week first, linking the listings and the weeks', async () => {
      const res = await get('/awards');
      assertPage(res);
      assert.equal(canonical(res.body), `${BASE}/awards`);
      const weeks = [
        ...res.body.matchAll(/<h2 id="awards-([\d-]+)-h"><a href="\/launches\/weeks\/\1">Week of \1<\/a><\/h2>/g),
      ].map((m) => m[1]);
      assert.deepEqual(weeks, [WEEK.last, WEEK.twoAgo]);
      const awards = [
        ...res.body.matchAll(
          /<li class="award rank-\d">[\s\S]*?<a href="\/p\/([a-z-]+)">[^<]+<\/a><\/h3>\s*<p class="award-title"><a href="\/launches\/weeks\/([\d-]+)">([^<]+)</g,
        ),
      ].map((m) => `${m[2]} ${m[3]} ${m[1]}`);
      assert.deepEqual(awards, [
        '2026-11-09 Launch of the Week #1 pipelane',
        '2026-11-09 Launch of the Week #2 tablewise',
        '2026-11-02 Launch of the Week #1 rowboat',
      ]);
    });

    test('the awards page filters to one listing', async () => {
      const res = await get('/awards?listing=rowboat');
      assertPage(res);
      assert.match(res.body, /<h1>Launch of the Week awards of Rowboat<\/h1>/);
      assert.deepEqual(
        [...res.body.matchAll(/<li class="award rank-(\d)">/g)].map((m) => m[1]),
        ['1'],
      );
      assert.equal(canonical(res.body), `${BASE}/awards?listing=rowboat`);
      assertPage(await get('/awards?listing=no-such-listing'), 404);
    });

    test('a bad parameter is an HTML 400 page naming the parameter', async () => {
      for (const url of [
        '/launches/weeks/this?per_page=500',
        '/leaderboards/revenue?per_page=500',
        '/awards?per_page=500',
        '/leaderboards/revenue?week=last',
      ]) {
        const res = await get(url);
        assertPage(res, 400);
        assert.match(
          res.body,
          url.includes('week=') ? /week: only the community-weekly board takes a week/ : /per_page must be at most 100/,
          url,
        );
      }
    });
  },
  {
    seed: async (ctx) => {
      await seedPublicWorld(ctx);
    },
  },
);

const EVIL = '<img src=x onerror=alert(1)>';

describeEachDatabase(
  'calendar pages escape listing names',
  (env) => {
    test('no page lets a listing name inject markup', async () => {
      const pages = [
        '/launches/weeks/this',
        '/leaderboards',
        ...BOARDS.map((b) => `/leaderboards/${b}`),
        '/awards',
        '/awards?listing=evil',
      ];
      for (const url of pages) {
        const res = await env().get(url);
        assertPage(res);
        assert.ok(!res.body.includes('<img src=x'), `${url} shows the raw tag`);
        assert.ok(res.body.includes('&lt;img src=x onerror=alert(1)&gt;'), `${url} shows the escaped name`);
      }
    });
  },
  {
    async seed(ctx) {
      await seedPublicWorld(ctx);
      const s = ctx.site.id;
      const evil = await addListing(ctx.db, s, {
        slug: 'evil',
        name: EVIL,
        tagline: EVIL,
        category: 'databases',
        launchWeek: WEEK.this,
      });
      await addVotes(ctx.db, evil.listingId, 3, `${WEEK.this}T11:00:00Z`);
      await ctx.db.query(`INSERT INTO billboard_entries (site_id, listing_id, amount_cents) VALUES ($1, $2, 100000)`, [
        s,
        evil.listingId,
      ]);
      await ctx.db.query(`INSERT INTO domain_ratings (company_id, measured_on, rating) VALUES ($1, '2026-11-01', 90)`, [
        evil.companyId,
      ]);
      await ctx.db.query(
        `INSERT INTO revenue_figures (company_id, month, mrr_cents, verified, source) VALUES ($1, '2026-10-01', 9900000, true, 'stripe')`,
        [evil.companyId],
      );
      await ctx.db.query(
        `INSERT INTO awards (site_id, week_start, rank, listing_id, votes) VALUES ($1, $2, 3, $3, 1)`,
        [s, WEEK.last, evil.listingId],
      );
      await finishFixtures(ctx);
    },
  },
);
