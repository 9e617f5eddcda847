import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describeEachDatabase, type TestEnv } from '../support/app.js';
import { admin, TEST_PASSWORD } from '../support/credentials.js';
import { founder } from '../support/draft-client.js';
import { addCategory, addListing, finishFixtures } from '../support/fixtures.js';
import { FormClient } from '../support/form-client.js';
import { signedIn } from '../support/signed-in.js';
import { STORY_SECTIONS } from '../../src/api/schemas/drafts.js';
import { BADGE_MODES, BADGE_SHAPES, BADGE_SIZES } from '../../src/domain/badges/kinds.js';

/**
 * Stored XSS: one payload in every field a person or the AI writes (listing fields, FAQs,
 * founders, story, updates, milestones, reviews, comments, category names), then every page,
 * feed and badge that shows them is read: the payload's markup must never come back unescaped.
 */

const PAYLOAD = `<script>alert(1)</script>"'><img src=x onerror=alert(1)>`;
// What must never appear raw: either would run in a browser (or an SVG, or a feed reader's HTML view).
// (JSON-LD may keep `>` and quotes: inside its script element only `<` matters, written \u003c.)
const DANGEROUS = ['<script>alert(1)', '<img src=x onerror'];
const SLUG = 'xss-listing';
const WEEK = '2026-11-16'; // this week at FIXED_NOW

const raw = (body: string) => DANGEROUS.filter((d) => body.includes(d));

describeEachDatabase('stored XSS', (env) => {
  let owner: Awaited<ReturnType<typeof founder>>;
  let listingId = 0;
  let categoryId = 0;
  let ownerBrowser: FormClient;
  let adminBrowser: FormClient;

  before(async () => {
    const { ctx } = env();
    const db = ctx.db;
    categoryId = await addCategory(db, ctx.site.id, {
      slug: 'xss-category',
      name: `Cat ${PAYLOAD}`,
      faqs: [{ question: PAYLOAD, answer: PAYLOAD }],
    });
    ({ listingId } = await addListing(db, ctx.site.id, {
      slug: SLUG,
      name: `Evil ${PAYLOAD}`,
      tagline: PAYLOAD,
      description: PAYLOAD,
      keywords: ['xss', PAYLOAD],
      category: 'xss-category',
      launchWeek: WEEK,
      plan: 'paid',
      unlocked: ['milestones'],
    }));
    // What the AI drafts and founders edit, straight into the columns the pages read.
    await db.query(
      `UPDATE companies SET short_description = $2, pricing_summary = $2, city = $2, features = ARRAY[$2], usps = ARRAY[$2], pricing_model = 'subscription'
      WHERE id = (SELECT company_id FROM listings WHERE id = $1)`,
      [listingId, PAYLOAD],
    );
    await db.query('UPDATE listings SET headline = $2, seo_title = $2, seo_description = $2 WHERE id = $1', [
      listingId,
      PAYLOAD,
    ]);
    await db.query('INSERT INTO listing_faqs (listing_id, question, answer, position) VALUES ($1, $2, $2, 0)', [
      listingId,
      PAYLOAD,
    ]);
    const [f] = await db.query<{ id: number }>(
      `INSERT INTO founders (slug, name, title, bio) VALUES ('xss-founder', $1, $1, $1) RETURNING id`,
      [`Mallory ${PAYLOAD}`],
    );
    await db.query(
      'INSERT INTO company_founders (company_id, founder_id) SELECT company_id, $2 FROM listings WHERE id = $1',
      [listingId, f.id],
    );

    owner = await founder(env(), 'xss-owner');
    await db.query(
      `INSERT INTO listing_owners (listing_id, user_id, role) SELECT $1, id, 'owner' FROM users WHERE email = $2`,
      [listingId, owner.email],
    );
    const story = Object.fromEntries(['title', ...STORY_SECTIONS].map((s) => [s, PAYLOAD]));
    for (const [method, path, body] of [
      ['PUT', `/me/listings/${listingId}/story`, story],
      ['POST', `/me/listings/${listingId}/updates`, { title: PAYLOAD, body: PAYLOAD }],
      ['POST', `/me/listings/${listingId}/milestones`, { title: PAYLOAD, description: PAYLOAD, date: '2026-10-01' }],
      ['PATCH', `/me/listings/${listingId}`, { faqs: [{ question: `Q ${PAYLOAD}`, answer: `A ${PAYLOAD}` }] }],
    ] as const) {
      const res = await owner.call(method, path, body);
      assert.ok(res.status < 300, `${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    await finishFixtures(ctx);

    // A member reviews and comments (markdown, where the renderer must not let HTML through either).
    const { b } = await signedIn(env(), 'xss-member');
    assert.equal(
      (
        await b.submit(`/p/${SLUG}`, `/p/${SLUG}/reviews`, {
          rating: '4',
          body: `${PAYLOAD}\n\n[click](javascript:alert(1)) ${PAYLOAD}`,
        })
      ).statusCode,
      303,
    );
    assert.equal(
      (await b.submit(`/p/${SLUG}`, `/p/${SLUG}/comments`, { body: `${PAYLOAD}\n\n**bold** ${PAYLOAD}` })).statusCode,
      303,
    );

    ownerBrowser = new FormClient(env().app);
    await ownerBrowser.submit('/signin', '/signin', { email: owner.email, password: TEST_PASSWORD });
    const adminEmail = `xss-admin-${crypto.randomUUID()}@example.com`;
    await admin(env(), ['create-user', '--email', adminEmail, '--password', TEST_PASSWORD, '--admin']);
    adminBrowser = new FormClient(env().app);
    await adminBrowser.submit('/signin', '/signin', { email: adminEmail, password: TEST_PASSWORD });
  });

  async function check(env: TestEnv, browser: FormClient | null, paths: string[]) {
    const found: string[] = [];
    const shown: string[] = [];
    for (const path of paths) {
      const res = browser ? await browser.get(path) : await env.get(path);
      assert.ok(res.statusCode < 400, `${path} → ${res.statusCode}`);
      if (raw(res.body).length)
        found.push(
          `${path}: ${raw(res.body).join(', ')} … ${res.body.slice(Math.max(0, res.body.indexOf(raw(res.body)[0]) - 120), res.body.indexOf(raw(res.body)[0]) + 60)}`,
        );
      if (/alert\(1\)/.test(res.body)) shown.push(path);
    }
    assert.deepEqual(found, [], 'the payload came back unescaped');
    return shown;
  }

  test('the listing page and its reviews page show every field escaped', async () => {
    const shown = await check(env(), null, [`/p/${SLUG}`, `/p/${SLUG}/reviews`]);
    assert.ok(
      shown.includes(`/p/${SLUG}`),
      'the listing page does show the (escaped) text, so the check is not vacuous',
    );
  });

  test('public lists, search, category, week, leaderboard and founder pages show it escaped', async () => {
    await check(env(), null, [
      '/',
      '/categories',
      '/categories/xss-category',
      '/launches',
      `/launches/weeks/${WEEK}`,
      '/leaderboards',
      '/founders',
      '/founders/xss-founder',
      `/search?q=${encodeURIComponent(PAYLOAD)}`,
      '/search?q=evil',
      `/compare?slugs=${SLUG}`,
      '/hall-of-fame',
      '/sitemap.xml',
      '/llms.txt',
    ]);
  });

  test('every page reachable by links from the home page shows it escaped', async () => {
    const seen = new Set<string>();
    const queue = ['/', `/p/${SLUG}`];
    while (queue.length && seen.size < 150) {
      const path = queue.shift()!;
      if (seen.has(path)) continue;
      seen.add(path);
      const res = await env().get(path);
      assert.deepEqual(raw(res.body), [], path);
      if (!String(res.headers['content-type']).startsWith('text/html')) continue;
      for (const m of res.body.matchAll(/href="(\/[^"#]*)"/g)) {
        const href = m[1].replace(/&amp;/g, '&');
        if (/^\/(api|assets|mcp|oauth|images|favicon)/.test(href)) continue;
        if (!seen.has(href)) queue.push(href);
      }
    }
    assert.ok(seen.size > 20, `${seen.size} pages`);
  });

  test('the RSS/Atom feeds escape it as XML text', async () => {
    for (const path of ['/feed.xml', '/blog/feed.xml']) {
      const res = await env().get(path);
      assert.equal(res.statusCode, 200, path);
      assert.deepEqual(raw(res.body), [], path);
      assert.doesNotMatch(res.body, /<!\[CDATA\[[^\]]*<script/i, `${path}: no markup hidden in CDATA either`);
    }
  });

  test('every badge SVG, in every shape, mode and size, and its embed code escape the listing name', async () => {
    let svgs = 0;
    for (const shape of BADGE_SHAPES)
      for (const mode of BADGE_MODES)
        for (const size of BADGE_SIZES) {
          const { body } = await env().json(`/api/v1/listings/${SLUG}/badges?shape=${shape}&mode=${mode}&size=${size}`);
          for (const badge of body.badges as { svg_url: string; html: string; markdown: string }[]) {
            assert.deepEqual(raw(badge.html), [], `embed HTML of ${badge.svg_url}`);
            const res = await env().get(new URL(badge.svg_url).pathname + new URL(badge.svg_url).search);
            assert.equal(res.statusCode, 200, badge.svg_url);
            assert.doesNotMatch(res.body, /<script|<img|<foreignObject|javascript:/i, badge.svg_url);
            svgs++;
          }
        }
    assert.ok(svgs >= 45, `${svgs} badge images checked`);
  });

  test("the owner's pages show it escaped", async () => {
    await check(env(), ownerBrowser, [
      '/my/listings',
      `/my/listings/${listingId}`,
      `/my/listings/${listingId}/launch`,
      `/my/listings/${listingId}/revenue`,
      '/account',
    ]);
  });

  test('the admin pages show it escaped', async () => {
    await check(env(), adminBrowser, [
      '/admin',
      '/admin/moderation',
      '/admin/categories',
      `/admin/categories/${categoryId}`,
      '/admin/listing-versions',
      '/admin/votes',
      '/admin/orders',
    ]);
  });
});
