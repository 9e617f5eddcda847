import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, type TestEnv } from '../../support/app.js';
import { seedPublicWorld } from '../../support/public-world.js';
import { finishFixtures } from '../../support/fixtures.js';
import type { AppContext } from '../../../src/app-context.js';

async function seed(ctx: AppContext) {
  await seedPublicWorld(ctx);
  await ctx.db.query(
    `INSERT INTO blog_posts (site_id, slug, title, excerpt, body_markdown, author_name, tags, published_at) VALUES
    ($1, 'hostile-post', 'A hostile post', 'Tries its luck.', $2, 'Mallory', '{security}', '2026-10-01T10:00:00Z')`,
    [
      ctx.site.id,
      'Before <script>alert(1)</script> after.\n\n[click me](javascript:alert(1)) and <img src=x onerror=alert(2)>',
    ],
  );
  await finishFixtures(ctx);
}

/** A page as a visitor gets it: status, HTML content type, body. */
async function htmlPage(env: TestEnv, url: string, status = 200) {
  const res = await env.get(url);
  assert.equal(res.statusCode, status, `${url}: ${res.body.slice(0, 300)}`);
  assert.match(String(res.headers['content-type']), /^text\/html/);
  return res.body;
}

/** The `<main>` of a page, where the page's own content is. */
const main = (body: string) => /<main id="main">([\s\S]*)<\/main>/.exec(body)?.[1] ?? '';

describeEachDatabase(
  'founder, blog and compare pages',
  (env) => {
    test('the founders page lists founders of live listings with their products linked', async () => {
      const body = main(await htmlPage(env(), '/founders'));
      assert.match(body, /<h1>Founders<\/h1>/);
      assert.match(body, /<a href="\/founders\/ada-row">Ada Row<\/a>/);
      assert.match(body, /<a href="\/founders\/elodie-quill">Élodie Quill<\/a>/);
      assert.doesNotMatch(body, /Hidden Founder/);
      assert.match(body, /CEO · Germany/);
      assert.match(body, /<a href="\/p\/tablewise">Tablewise<\/a>/);
      assert.match(body, /<a href="\/p\/quillnote">Quillnote<\/a>/);
    });

    test('the founders search form filters by name and by country', async () => {
      const form = main(await htmlPage(env(), '/founders'));
      assert.match(form, /<form class="search-form" method="get" action="\/founders"/);
      assert.match(form, /<label for="founders-q">Name<\/label><input id="founders-q" type="search" name="q"/);
      assert.match(
        form,
        /<label for="founders-country">Country code<\/label><input id="founders-country" name="country"/,
      );

      const byName = main(await htmlPage(env(), '/founders?q=elodie'));
      assert.match(byName, /Élodie Quill/);
      assert.doesNotMatch(byName, /Ada Row/);
      assert.match(byName, /value="elodie"/);
      const byCountry = main(await htmlPage(env(), '/founders?country=DE'));
      assert.match(byCountry, /Ada Row/);
      assert.doesNotMatch(byCountry, /Élodie Quill/);
    });

    test('the founders list is paginated', async () => {
      const body = main(await htmlPage(env(), '/founders?per_page=1'));
      assert.match(body, /Ada Row/);
      assert.doesNotMatch(body, /Élodie Quill/);
      assert.match(body, /Page 1 of 2/);
      assert.match(body, /<a rel="next" href="\/founders\?per_page=1&amp;page=2">/);
    });

    test('a founder page shows bio, socials, products linked, stories and breadcrumbs', async () => {
      const page = await htmlPage(env(), '/founders/ada-row');
      assert.match(page, /<link rel="canonical" href="http:\/\/launchdeck\.test\/founders\/ada-row">/);
      const body = main(page);
      assert.match(body, /<h1>Ada Row<\/h1>/);
      assert.match(body, /<p>Builds databases\.<\/p>/);
      assert.match(body, /<a href="https:\/\/github\.example\/ada" rel="nofollow noopener">GitHub/);
      assert.match(body, /<h3 class="name"><a href="\/p\/tablewise">Tablewise<\/a><\/h3>/);
      assert.match(body, /<h3 class="name"><a href="\/p\/rowboat">Rowboat<\/a><\/h3>/);
      assert.match(body, /<h3>Why we built Tablewise<\/h3><p>Because hosting is hard\.<\/p>/);
      assert.doesNotMatch(body, /Hidden story/);
      assert.match(
        body,
        /<nav class="breadcrumbs" aria-label="Breadcrumb">.*<a href="\/founders">Founders<\/a>.*<span aria-current="page">Ada Row<\/span>/s,
      );
    });

    test('a founder page shows interview answers', async () => {
      const ctx = env().ctx;
      const u = await ctx.db.query<{ id: number }>(
        `INSERT INTO users (email, name) VALUES ('elodie@quill.example', 'Élodie Quill') RETURNING id`,
      );
      await ctx.db.query(`UPDATE founders SET user_id = $1 WHERE slug = 'elodie-quill'`, [u[0].id]);
      await ctx.db.query(
        `INSERT INTO interview_answers (user_id, question_id, answer)
      SELECT $1, id, 'Notes that never get read.' FROM interview_questions WHERE site_id = $2 AND question = 'What problem are you solving?'`,
        [u[0].id, ctx.site.id],
      );
      const body = main(await htmlPage(env(), '/founders/elodie-quill'));
      assert.match(
        body,
        /<h2>Interview<\/h2><dl class="qa"><dt>What problem are you solving\?<\/dt><dd><p>Notes that never get read\.<\/p><\/dd><\/dl>/,
      );
    });

    test('an unknown founder is an HTML 404 page', async () => {
      const body = await htmlPage(env(), '/founders/nobody-here', 404);
      assert.match(body, /<h1>Page not found<\/h1>/);
      assert.match(String((await env().get('/founders/hidden-founder')).headers['content-type']), /^text\/html/);
    });

    test('the blog lists published posts newest first', async () => {
      const body = main(await htmlPage(env(), '/blog'));
      const order = [...body.matchAll(/<h2><a href="\/blog\/([a-z-]+)">/g)].map((m) => m[1]);
      assert.deepEqual(order, ['how-to-launch', 'pricing-pages', 'hostile-post']);
      assert.match(body, /<time datetime="2026-11-10">10 November 2026<\/time> · by Team/);
      assert.match(body, /<p>A checklist\.<\/p>/);
      assert.doesNotMatch(body, /Not yet published/);
    });

    test('the blog search finds posts by their words', async () => {
      const body = main(await htmlPage(env(), '/blog?q=pricing'));
      assert.match(body, /<a href="\/blog\/pricing-pages">Writing pricing pages<\/a>/);
      assert.doesNotMatch(body, /how-to-launch/);
      assert.match(
        body,
        /<label for="blog-q">Search posts<\/label><input id="blog-q" type="search" name="q" value="pricing"/,
      );
    });

    test('a post renders its Markdown and its FAQs', async () => {
      const page = await htmlPage(env(), '/blog/how-to-launch');
      assert.match(page, /<title>How to launch a product — Launchdeck<\/title>/);
      assert.match(page, /<meta name="description" content="A checklist\.">/);
      const body = main(page);
      assert.match(body, /<h1>How to launch a product<\/h1>/);
      assert.match(body, /<div class="prose"><h2>Launch day<\/h2>\s*<ul>\s*<li>Prepare<\/li>\s*<li>Ship<\/li>/);
      assert.match(body, /<a class="chip" href="\/blog\?q=launch">launch<\/a>/);
      assert.match(body, /<details><summary>When should I launch\?<\/summary><p>On a Tuesday\.<\/p><\/details>/);
      assert.match(body, /<span aria-current="page">How to launch a product<\/span>/);
    });

    test('a post with a script tag and a javascript: link renders them inert', async () => {
      const body = main(await htmlPage(env(), '/blog/hostile-post'));
      assert.match(body, /Before &lt;script&gt;alert\(1\)&lt;\/script&gt; after\./);
      assert.match(body, /&lt;img src=x onerror=alert\(2\)&gt;/);
      assert.doesNotMatch(body, /<script/i);
      assert.doesNotMatch(body, /href="javascript:/i);
      assert.doesNotMatch(body, /<img[^>]*onerror/i);
    });

    test('an unknown post is an HTML 404 page', async () => {
      await htmlPage(env(), '/blog/future-post', 404);
    });

    test('the compare page shows both listings side by side, with Not stated for missing facts', async () => {
      const page = await htmlPage(env(), '/compare?a=tablewise&b=pipelane');
      assert.match(
        page,
        /<link rel="canonical" href="http:\/\/launchdeck\.test\/compare\?a=tablewise&amp;b=pipelane">/,
      );
      const body = main(page);
      assert.match(body, /<h1>Tablewise vs Pipelane<\/h1>/);
      assert.match(body, /<div class="table-wrap"><table class="compare">\s*<caption>/);
      assert.match(
        body,
        /<th scope="col"><a href="\/p\/tablewise">Tablewise<\/a><\/th><th scope="col"><a href="\/p\/pipelane">Pipelane<\/a><\/th>/,
      );
      assert.match(body, /<tr><th scope="row">Country<\/th><td>DE<\/td><td>US<\/td><\/tr>/);
      assert.match(body, /<tr><th scope="row">Open source<\/th><td>no<\/td><td>yes<\/td><\/tr>/);
      assert.match(
        body,
        /<tr><th scope="row">Public API<\/th><td>yes<\/td><td class="not-stated">Not stated<\/td><\/tr>/,
      );
      assert.match(
        body,
        /<tr><th scope="row">Founded<\/th><td class="not-stated">Not stated<\/td><td class="not-stated">Not stated<\/td><\/tr>/,
      );
    });

    test('the compare page without two listings offers a form to choose them', async () => {
      const body = main(await htmlPage(env(), '/compare?a=tablewise'));
      assert.match(body, /<h1>Compare two products<\/h1>/);
      assert.match(body, /<form class="compare-form" method="get" action="\/compare">/);
      assert.match(
        body,
        /<label for="compare-a">First product<\/label><input id="compare-a" name="a" value="tablewise"/,
      );
      assert.match(body, /<label for="compare-b">Second product<\/label><input id="compare-b" name="b" value=""/);
    });

    test('comparing with an unknown listing is an HTML 404 page', async () => {
      await htmlPage(env(), '/compare?a=tablewise&b=no-such-product', 404);
    });

    test('a bad parameter is an HTML 400 page that says what was wrong', async () => {
      for (const url of ['/founders?per_page=500', '/blog?per_page=500']) {
        const body = await htmlPage(env(), url, 400);
        assert.match(body, /per_page/);
      }
      await htmlPage(env(), '/compare?a=tablewise&b=tablewise', 400);
    });

    test('every page has one h1, a title, a description, a canonical URL, breadcrumbs and no inline style or script', async () => {
      for (const url of [
        '/founders',
        '/founders/ada-row',
        '/blog',
        '/blog/how-to-launch',
        '/compare',
        '/compare?a=tablewise&b=pipelane',
      ]) {
        const page = await htmlPage(env(), url);
        assert.equal(page.match(/<h1[\s>]/g)?.length, 1, url);
        assert.match(page, /<title>[^<]+<\/title>/, url);
        assert.match(page, /<meta name="description" content="[^"]+">/, url);
        assert.match(page, /<link rel="canonical" href="http:\/\/launchdeck\.test\//, url);
        // JSON-LD data blocks (the breadcrumbs) are the only script: data, never run.
        assert.doesNotMatch(page, /\sstyle=|<style|<script(?! type="application\/ld\+json">)/i, url);
        assert.match(page, /<nav class="breadcrumbs" aria-label="Breadcrumb">/, url);
      }
    });
  },
  { seed },
);
