import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as cheerio from 'cheerio';
import { describeEachDatabase, FIXED_NOW } from '../../support/app.js';
import { assertPage } from '../../support/html-page.js';
import { addListing } from '../../support/fixtures.js';
import { launchVoting, VOTER_IP } from '../../support/launch-votes.js';
import { mondayOf } from '../../../src/domain/weeks/weeks.js';

const MONDAY = mondayOf(FIXED_NOW);

describeEachDatabase(
  'the "How this rank is made" panel of a launch',
  (env) => {
    let voting: ReturnType<typeof launchVoting>;
    const panel = async (slug: string) => {
      const res = await env().get(`/p/${slug}`);
      assertPage(res);
      return { res, $: cheerio.load(res.body) };
    };

    test('setting up this week: two launches with counted, held and voided votes', async () => {
      const { ctx } = env();
      voting = launchVoting(ctx, MONDAY);
      for (const slug of ['panel-one', 'panel-two'])
        await addListing(ctx.db, ctx.site.id, { slug, name: slug, launchWeek: MONDAY });
      await addListing(ctx.db, ctx.site.id, { slug: 'panel-none', name: 'Panel none' });
      for (const hour of ['09:10', '09:50', '11:00', '14:30']) await voting.vote('panel-one', hour);
      await voting.vote('panel-one', '12:00', { young: true });
      await voting.vote('panel-one', '15:00');
      await voting.voidLatest('panel-one', 'Votes bought on a forum', FIXED_NOW);
      await voting.vote('panel-two', '10:00');
    });

    test("the panel's rank and counted votes are the launch week's", async () => {
      const week = (await env().json(`/api/v1/launches/weeks/${MONDAY}`)).body;
      const item = week.items.find((i: { slug: string }) => i.slug === 'panel-one');
      const { $ } = await panel('panel-one');
      const figure = $('#ranking .ranking-figure').text().replace(/\s+/g, ' ');
      assert.match(
        figure,
        new RegExp(`^#${item.rank} of 2 launches in the week of .+, with ${item.week_votes} votes counted\\.$`),
      );
      assert.equal($('#ranking h2').text(), 'How this rank is made');
      assert.equal($('.facts a[href="#ranking"]').text(), `#${item.rank} of 2`);
    });

    test('the rule is said in plain words: what counts, ties, and that nothing paid moves it', async () => {
      const { $ } = await panel('panel-one');
      const rule = $('#ranking .ranking-rule').text();
      for (const words of ['during the launch week', 'On equal counts', 'Nothing paid moves it', 'rate limit'])
        assert.ok(rule.includes(words), words);
    });

    test('the counted votes per hour are a chart whose bars add up to the counted votes', async () => {
      const { $ } = await panel('panel-one');
      const svg = $('#ranking svg[role="img"]');
      assert.equal(svg.length, 1);
      assert.match($(`#${svg.attr('aria-describedby')}`).text(), /^4 votes counted from Mon 09:00 to Mon 14:00 UTC/);
      const cells = $('#ranking figure.chart tbody td')
        .map((_, td) => Number($(td).text()))
        .get();
      assert.deepEqual(cells, [2, 1, 1], 'the hours with counted votes; hours of 0 are left out of the table');
      assert.equal($('#ranking rect.bar').length, 3);
    });

    test('the votes that did not count are shown as counts by reason', async () => {
      const { $ } = await panel('panel-one');
      const rows = $('#ranking table.ranking-uncounted tbody tr')
        .map((_, tr) => Number($(tr).find('td').text()))
        .get();
      assert.deepEqual(rows, [1, 0, 1], 'held, owner, voided');
      assert.match($('#ranking table.ranking-uncounted caption').text(), /1 held, 1 voided/);
    });

    test('the page names no voter, no address and no moderator reason', async () => {
      const { res } = await panel('panel-one');
      for (const e of voting.emails) assert.ok(!res.body.includes(e), e);
      for (const text of [VOTER_IP, 'Vera Voter', 'Votes bought']) assert.ok(!res.body.includes(text), text);
    });

    test('a listing that is not a launch has no panel', async () => {
      const { $ } = await panel('panel-none');
      assert.equal($('#ranking').length, 0);
    });

    test("a vote for another launch redraws the signed-out copy of this launch's page", async () => {
      assert.match((await panel('panel-two')).$('#ranking .ranking-figure').text(), /^#2 of 2/);
      for (const hour of ['16:00', '16:01', '16:02', '16:03']) await voting.vote('panel-two', hour);
      assert.match((await panel('panel-two')).$('#ranking .ranking-figure').text(), /^#1 of 2/);
      assert.match((await panel('panel-one')).$('#ranking .ranking-figure').text(), /^#2 of 2/);
    });
  },
  // Cached as in production: signed-out pages are memoised and list answers kept.
  { env: { READ_CACHE_SECONDS: '60' } },
);
