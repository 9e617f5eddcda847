import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, type TestEnv } from '../support/app.js';
import { founder } from '../support/draft-client.js';
import { createUser } from '../support/credentials.js';
import { addCategory, addListing, finishFixtures } from '../support/fixtures.js';
import { callTool, toolProblem } from '../support/mcp-rpc.js';

type Client = Awaited<ReturnType<typeof founder>>;

const x = (n: number) => 'x'.repeat(n);

async function userId(env: TestEnv, email: string): Promise<number> {
  return (await env.ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]))[0].id;
}

async function own(env: TestEnv, email: string, listingId: number, role = 'owner') {
  await env.ctx.db.query('INSERT INTO listing_owners (listing_id, user_id, role) VALUES ($1, $2, $3)', [
    listingId,
    await userId(env, email),
    role,
  ]);
}

/** Everything update_my_listing could touch on a listing, to prove a refused edit changed nothing. */
async function snapshot(env: TestEnv, listingId: number): Promise<string> {
  const db = env.ctx.db;
  const [listing] = await db.query<Record<string, any>>(
    'SELECT row_to_json(l.*)::text AS l, row_to_json(c.*)::text AS c FROM listings l JOIN companies c ON c.id = l.company_id WHERE l.id = $1',
    [listingId],
  );
  const faqs = await db.query<Record<string, any>>(
    'SELECT question, answer, position FROM listing_faqs WHERE listing_id = $1 ORDER BY id',
    [listingId],
  );
  const versions = await db.query<Record<string, any>>('SELECT count(*)::int AS n FROM listing_versions');
  return JSON.stringify({ listing, faqs, versions });
}

const BOUNDS: [string, Record<string, unknown>, string][] = [
  ['a tagline over 200 characters', { fields: { tagline: x(201) } }, 'fields.tagline'],
  ['a short description over 300 characters', { fields: { short_description: x(301) } }, 'fields.short_description'],
  ['a description over 20000 characters', { fields: { description: x(20001) } }, 'fields.description'],
  ['a pricing model over 40 characters', { fields: { pricing_model: x(41) } }, 'fields.pricing_model'],
  ['a pricing summary over 300 characters', { fields: { pricing_summary: x(301) } }, 'fields.pricing_summary'],
  ['a country over 2 characters', { fields: { country: 'PRT' } }, 'fields.country'],
  ['a country that is not an ISO code', { fields: { country: 'ZZ' } }, 'fields.country'],
  ['a city over 120 characters', { fields: { city: x(121) } }, 'fields.city'],
  ['a founded year before 1800', { fields: { founded_year: 1799 } }, 'fields.founded_year'],
  ['a founded year after 2100', { fields: { founded_year: 2101 } }, 'fields.founded_year'],
  ['a founded year that is not an integer', { fields: { founded_year: '2020' } }, 'fields.founded_year'],
  [
    'a demo video URL over 500 characters',
    { fields: { demo_video_url: `https://youtube.com/${x(481)}` } },
    'fields.demo_video_url',
  ],
  [
    'a demo video URL not on a video site',
    { fields: { demo_video_url: 'https://example.com/demo.mp4' } },
    'fields.demo_video_url',
  ],
  ['a contact email over 254 characters', { fields: { contact_email: `${x(250)}@a.io` } }, 'fields.contact_email'],
  ['a contact email that is not an address', { fields: { contact_email: 'hello at example' } }, 'fields.contact_email'],
  ['more than 20 features', { fields: { features: Array.from({ length: 21 }, (_, i) => `f${i}`) } }, 'fields.features'],
  ['a feature over 200 characters', { fields: { features: [x(201)] } }, 'fields.features[0]'],
  ['more than 20 usps', { fields: { usps: Array.from({ length: 21 }, (_, i) => `u${i}`) } }, 'fields.usps'],
  ['a keyword over 200 characters', { fields: { keywords: ['ok', x(201)] } }, 'fields.keywords[1]'],
  ['a headline over 200 characters', { fields: { headline: x(201) } }, 'fields.headline'],
  ['a summary over 20000 characters', { fields: { summary: x(20001) } }, 'fields.summary'],
  ['an SEO title over 200 characters', { fields: { seo_title: x(201) } }, 'fields.seo_title'],
  ['an SEO description over 320 characters', { fields: { seo_description: x(321) } }, 'fields.seo_description'],
  ['an unknown field', { fields: { name: 'Renamed' } }, 'fields.name'],
  ['a social link over 500 characters', { socials: { x: `https://x.com/${x(490)}` } }, 'socials.x'],
  ['a social link that is not http(s)', { socials: { x: 'ftp://x.example/me' } }, 'socials.x'],
  ['an unknown social platform', { socials: { myspace: 'https://myspace.example/me' } }, 'socials.myspace'],
  ['more than 10 FAQs', { faqs: Array.from({ length: 11 }, (_, i) => ({ question: `Q${i}?`, answer: 'A.' })) }, 'faqs'],
  ['an FAQ question over 300 characters', { faqs: [{ question: x(301), answer: 'A.' }] }, 'faqs[0].question'],
  ['an FAQ answer over 1500 characters', { faqs: [{ question: 'Q?', answer: x(1501) }] }, 'faqs[0].answer'],
  ['a blank FAQ question', { faqs: [{ question: '   ', answer: 'A.' }] }, 'faqs[0].question'],
  ['an unknown apply_to site', { fields: { headline: 'Everywhere' }, apply_to: ['nowhere'] }, 'apply_to[0]'],
  ['a language that is no known subtag', { fields: { language: 'qq' } }, 'fields.language'],
  ['a language with a region', { fields: { language: 'pt-BR' } }, 'fields.language'],
];

describeEachDatabase('My listings operations', (env) => {
  let owner: Client;
  let other: Client;
  const ids: Record<string, { listingId: number; companyId: number }> = {};
  let questions: number[] = [];

  before(async () => {
    const e = env();
    const db = e.ctx.db;
    const s = e.ctx.site.id;
    owner = await founder(e, 'owner');
    other = await founder(e, 'other');
    await addCategory(db, s, { slug: 'tools', name: 'Tools' });
    const add = async (key: string, f: Parameters<typeof addListing>[2], who = owner.email) => {
      ids[key] = await addListing(db, s, { category: 'tools', ...f });
      await own(e, who, ids[key].listingId);
    };
    // Created oldest first: list_my_listings shows them newest first.
    await add('live', {
      slug: 'lumen',
      name: 'Lumen',
      status: 'live',
      launchWeek: '2026-11-09',
      launchedAt: '2026-11-09T09:00:00Z',
    });
    await add('awaiting', { slug: 'badgewait', name: 'Badgewait', status: 'awaiting_badge', launchWeek: '2027-01-04' });
    await add('scheduled', { slug: 'soonish', name: 'Soonish', status: 'scheduled', launchWeek: '2026-11-23' });
    await add('paid', { slug: 'paidly', name: 'Paidly', status: 'live', plan: 'paid', launchWeek: '2026-11-09' });
    await add('unlocked', {
      slug: 'unlockt',
      name: 'Unlockt',
      status: 'live',
      unlocked: ['milestones'],
      launchWeek: '2026-11-09',
    });
    await add('edit', { slug: 'editable', name: 'Editable', status: 'live', launchWeek: '2026-11-09' });
    await add('bounds', { slug: 'bounded', name: 'Bounded', status: 'live', launchWeek: '2026-11-09' });
    await add('shared', { slug: 'sharedco', name: 'SharedCo', status: 'live', launchWeek: '2026-11-09' });
    await add('theirs', { slug: 'theirs', name: 'Theirs', status: 'live', launchWeek: '2026-11-09' }, other.email);
    await add('draft', { slug: 'drafty', name: 'Drafty', status: 'draft', plan: null });
    await db.query(
      `INSERT INTO listing_faqs (listing_id, question, answer) VALUES ($1, 'Old question?', 'Old answer.')`,
      [ids.draft.listingId],
    );
    questions = (
      await db.query<{ id: number }>(
        `INSERT INTO interview_questions (site_id, question, position) VALUES ($1, 'Why this product?', 0), ($1, 'What surprised you?', 1) RETURNING id`,
        [s],
      )
    ).map((r) => r.id);
    await finishFixtures(e.ctx);
  });

  // ---------------------------------------------------------------- list_my_listings, get_my_listing

  test('list_my_listings lists every listing you own in any status, newest first', async () => {
    const { status, body } = await owner.call('GET', '/me/listings?per_page=100');
    assert.equal(status, 200);
    assert.deepEqual(
      body.items.map((l: { slug: string }) => l.slug),
      ['drafty', 'sharedco', 'bounded', 'editable', 'unlockt', 'paidly', 'soonish', 'badgewait', 'lumen'],
    );
    assert.equal(body.total, 9);
  });

  test('list_my_listings gives each listing its plan, launch week, unlocked sections and next step', async () => {
    const { body } = await owner.call('GET', '/me/listings?per_page=100');
    const by = (slug: string) => body.items.find((l: { slug: string }) => l.slug === slug);
    assert.equal(by('drafty').next_step, 'Publish: choose_free_listing or an order');
    assert.equal(by('drafty').page_url, null);
    assert.match(by('badgewait').next_step, /^Put the badge on your homepage/);
    assert.equal(by('soonish').next_step, 'Launches on 2026-11-23');
    assert.equal(by('lumen').next_step, 'Live since 2026-11-09');
    assert.equal(by('lumen').page_url, 'http://launchdeck.test/p/lumen');
    assert.deepEqual(by('paidly').unlocked_sections, ['story', 'milestones', 'media']);
    assert.deepEqual(by('unlockt').unlocked_sections, ['milestones']);
    assert.equal(by('lumen').plan, 'free');
    assert.equal(by('lumen').launch_week, '2026-11-09');
  });

  test('list_my_listings is paginated', async () => {
    const { body, headers } = await owner.call('GET', '/me/listings?per_page=2&page=2');
    assert.deepEqual(
      body.items.map((l: { slug: string }) => l.slug),
      ['bounded', 'editable'],
    );
    assert.equal(body.total_pages, 5);
    assert.match(String(headers.link), /rel="next"/);
  });

  test('list_my_listings leaves out listings of other people', async () => {
    const { body } = await other.call('GET', '/me/listings');
    assert.deepEqual(
      body.items.map((l: { slug: string }) => l.slug),
      ['theirs'],
    );
  });

  test('a co-founder sees the listing among theirs', async () => {
    const co = await founder(env(), 'cofounder');
    await own(env(), co.email, ids.scheduled.listingId, 'cofounder');
    const { body } = await co.call('GET', '/me/listings');
    assert.deepEqual(
      body.items.map((l: { slug: string; role: string }) => [l.slug, l.role]),
      [['soonish', 'cofounder']],
    );
  });

  test('get_my_listing shows a draft listing with its full public content', async () => {
    const { status, body } = await owner.call('GET', `/me/listings/${ids.draft.listingId}`);
    assert.equal(status, 200);
    assert.equal(body.status, 'draft');
    assert.equal(body.next_step, 'Publish: choose_free_listing or an order');
    assert.equal(body.public.name, 'Drafty');
    assert.equal(body.public.tagline, 'Drafty does things');
    assert.deepEqual(body.public.faqs, [{ question: 'Old question?', answer: 'Old answer.' }]);
    assert.equal(body.public.links.website, 'https://drafty.example');
    assert.deepEqual(body.milestones, []);
    assert.equal(body.story.title, '');
  });

  test('get_my_listing answers on MCP exactly as on REST', async () => {
    const rest = await owner.call('GET', `/me/listings/${ids.draft.listingId}`);
    const mcp = await callTool(
      env(),
      'get_my_listing',
      { listing_id: ids.draft.listingId },
      { authorization: `Bearer ${owner.key}` },
    );
    assert.equal(mcp.body.result.isError, undefined, JSON.stringify(mcp.body));
    assert.deepEqual(mcp.body.result.structuredContent, rest.body);
  });

  test("an MCP call on someone else's listing is a 403 problem", async () => {
    const mcp = await callTool(
      env(),
      'set_founder_story',
      { listing_id: ids.theirs.listingId, title: 'Mine now' },
      { authorization: `Bearer ${owner.key}` },
    );
    assert.equal(mcp.body.result.isError, true);
    assert.equal(toolProblem(mcp.body.result).status, 403);
  });

  // ---------------------------------------------------------------- who may call

  const LISTING_OPS: [string, string, (id: number, milestone: number) => string, unknown][] = [
    ['get_my_listing', 'GET', (id) => `/me/listings/${id}`, undefined],
    ['update_my_listing', 'PATCH', (id) => `/me/listings/${id}`, { fields: { city: 'Porto' } }],
    ['post_listing_update', 'POST', (id) => `/me/listings/${id}/updates`, { title: 'Hello', body: 'News.' }],
    ['add_milestone', 'POST', (id) => `/me/listings/${id}/milestones`, { date: '2026-01-01', title: 'Started' }],
    ['delete_milestone', 'DELETE', (id, m) => `/me/listings/${id}/milestones/${m}`, undefined],
    ['set_founder_story', 'PUT', (id) => `/me/listings/${id}/story`, { title: 'Ours' }],
  ];

  for (const [op, method, path, body] of LISTING_OPS) {
    test(`${op} answers 403 on someone else's listing and changes nothing`, async () => {
      const m = (
        await env().ctx.db.query<{ id: number }>(
          `INSERT INTO milestones (listing_id, date, title) VALUES ($1, '2026-02-02', 'Keep me') RETURNING id`,
          [ids.live.listingId],
        )
      )[0].id;
      const before = await snapshot(env(), ids.live.listingId);
      const counts = async () =>
        (
          await env().ctx.db.query<Record<string, any>>(
            `SELECT (SELECT count(*)::int FROM milestones) AS m, (SELECT count(*)::int FROM listing_updates) AS u, (SELECT count(*)::int FROM stories) AS s`,
          )
        )[0];
      const was = await counts();
      const res = await other.call(method, path(ids.live.listingId, m), body);
      assert.equal(res.status, 403, JSON.stringify(res.body));
      assert.equal(res.body.status, 403);
      assert.equal(await snapshot(env(), ids.live.listingId), before);
      assert.deepEqual(await counts(), was);
    });

    test(`${op} answers 404 for an unknown listing`, async () => {
      const res = await owner.call(method, path(987654, 1), body);
      assert.equal(res.status, 404, JSON.stringify(res.body));
      assert.match(String(res.headers['content-type']), /problem\+json/);
    });
  }

  test('a listing of another site is a 404 even to its owner', async () => {
    const db = env().ctx.db;
    const site = (
      await db.query<{ id: number }>(`INSERT INTO sites (key, name) VALUES ('elsewhere', 'Elsewhere') RETURNING id`)
    )[0].id;
    const there = await addListing(db, site, { slug: 'far-away', name: 'Far Away' });
    await own(env(), owner.email, there.listingId);
    const res = await owner.call('GET', `/me/listings/${there.listingId}`);
    assert.equal(res.status, 404);
  });

  // ---------------------------------------------------------------- update_my_listing

  test('update_my_listing writes company facts to the company and site fields to this listing', async () => {
    const { status, body } = await owner.call('PATCH', `/me/listings/${ids.edit.listingId}`, {
      fields: {
        tagline: 'Edited tagline',
        city: 'Lisbon',
        founded_year: 2019,
        features: ['One', 'Two'],
        headline: 'A new headline',
        seo_title: 'New SEO',
      },
    });
    assert.equal(status, 200, JSON.stringify(body));
    assert.deepEqual(body.changed.sort(), ['city', 'features', 'founded_year', 'headline', 'seo_title', 'tagline']);
    const [row] = await env().ctx.db.query<Record<string, any>>(
      'SELECT c.tagline, c.city, c.founded_year, c.features, l.headline, l.seo_title FROM listings l JOIN companies c ON c.id = l.company_id WHERE l.id = $1',
      [ids.edit.listingId],
    );
    assert.deepEqual(row, {
      tagline: 'Edited tagline',
      city: 'Lisbon',
      founded_year: 2019,
      features: ['One', 'Two'],
      headline: 'A new headline',
      seo_title: 'New SEO',
    });
    assert.equal(body.public.headline, 'A new headline');
    assert.equal(body.public.seo.title, 'New SEO');
  });

  test('update_my_listing publishes at once: get_listing shows the edit even when cached', async () => {
    const slug = 'editable';
    await env().json(`/api/v1/listings/${slug}`); // warms the cache
    await owner.call('PATCH', `/me/listings/${ids.edit.listingId}`, {
      fields: { short_description: 'Shown right away' },
    });
    const { body } = await env().json(`/api/v1/listings/${slug}`);
    assert.equal(body.short_description, 'Shown right away');
  });

  test('update_my_listing upper-cases the country code', async () => {
    const { status, body } = await owner.call('PATCH', `/me/listings/${ids.edit.listingId}`, {
      fields: { country: 'pt' },
    });
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.public.country, 'PT');
  });

  test('update_my_listing re-indexes search after a text change', async () => {
    await owner.call('PATCH', `/me/listings/${ids.edit.listingId}`, { fields: { keywords: ['zephyrine'] } });
    const { body } = await env().json('/api/v1/listings?q=zephyrine');
    assert.deepEqual(
      body.items.map((l: { slug: string }) => l.slug),
      ['editable'],
    );
  });

  test('update_my_listing replaces all socials', async () => {
    const { status, body } = await owner.call('PATCH', `/me/listings/${ids.edit.listingId}`, {
      socials: { github: 'https://github.com/editable', linkedin: 'https://linkedin.com/company/editable' },
    });
    assert.equal(status, 200, JSON.stringify(body));
    assert.deepEqual(body.public.socials, {
      github: 'https://github.com/editable',
      linkedin: 'https://linkedin.com/company/editable',
    });
  });

  test('update_my_listing replaces all FAQs', async () => {
    await owner.call('PATCH', `/me/listings/${ids.edit.listingId}`, {
      faqs: [
        { question: 'One?', answer: 'Yes.' },
        { question: 'Two?', answer: 'No.' },
      ],
    });
    const { body } = await owner.call('PATCH', `/me/listings/${ids.edit.listingId}`, {
      faqs: [{ question: 'Only?', answer: 'Only.' }],
    });
    assert.deepEqual(body.public.faqs, [{ question: 'Only?', answer: 'Only.' }]);
  });

  test('update_my_listing records a version with the fields changed, before, after and who', async () => {
    await owner.call('PATCH', `/me/listings/${ids.edit.listingId}`, {
      fields: { pricing_model: 'freemium', headline: 'Versioned headline' },
    });
    const [v] = await env().ctx.db.query<Record<string, any>>(
      'SELECT fields, before, after, user_id FROM listing_versions WHERE listing_id = $1 ORDER BY id DESC LIMIT 1',
      [ids.edit.listingId],
    );
    assert.deepEqual(v.fields, ['pricing_model', 'headline']);
    assert.deepEqual(v.before, { pricing_model: null, headline: 'A new headline' });
    assert.deepEqual(v.after, { pricing_model: 'freemium', headline: 'Versioned headline' });
    assert.equal(v.user_id, await userId(env(), owner.email));
  });

  test('update_my_listing with nothing different records no version', async () => {
    const count = async () =>
      (
        await env().ctx.db.query<Record<string, any>>(
          'SELECT count(*)::int AS n FROM listing_versions WHERE listing_id = $1',
          [ids.edit.listingId],
        )
      )[0].n;
    const was = await count();
    const { status, body } = await owner.call('PATCH', `/me/listings/${ids.edit.listingId}`, {
      fields: { pricing_model: 'freemium' },
    });
    assert.equal(status, 200);
    assert.deepEqual(body.changed, []);
    assert.equal(await count(), was);
  });

  test('update_my_listing clears an optional fact with an empty string', async () => {
    await owner.call('PATCH', `/me/listings/${ids.edit.listingId}`, { fields: { city: 'Braga' } });
    const { body } = await owner.call('PATCH', `/me/listings/${ids.edit.listingId}`, { fields: { city: '' } });
    assert.equal(body.public.city, null);
  });

  for (const [name, edit, path] of BOUNDS) {
    test(`update_my_listing refuses ${name} with a 400 naming ${path}, and changes nothing`, async () => {
      const before = await snapshot(env(), ids.bounds.listingId);
      // A valid change rides along: the whole edit is refused, not just the bad field.
      const body = {
        ...edit,
        fields: { short_description: 'Must not be saved', ...(edit.fields as object | undefined) },
      };
      const res = await owner.call('PATCH', `/me/listings/${ids.bounds.listingId}`, body);
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.ok(
        res.body.errors.some((e: { path: string }) => e.path === path),
        JSON.stringify(res.body.errors),
      );
      assert.equal(await snapshot(env(), ids.bounds.listingId), before);
    });
  }

  // ---------------------------------------------------------------- apply_to

  test('apply_to writes the site fields sent to the same company on the named site, and only those', async () => {
    const db = env().ctx.db;
    const second = (
      await db.query<{ id: number }>(`INSERT INTO sites (key, name) VALUES ('second', 'Second Deck') RETURNING id`)
    )[0].id;
    await db.query(`INSERT INTO sites (key, name) VALUES ('third', 'Third Deck')`);
    const there = (
      await db.query<{ id: number }>(
        `INSERT INTO listings (site_id, company_id, slug, status, headline, summary, seo_title) VALUES ($1, $2, 'sharedco', 'live', 'Old there', 'Summary there', 'SEO there') RETURNING id`,
        [second, ids.shared.companyId],
      )
    )[0].id;
    await db.query('INSERT INTO listing_owners (listing_id, user_id) VALUES ($1, $2)', [
      there,
      await userId(env(), owner.email),
    ]);
    const { status, body } = await owner.call('PATCH', `/me/listings/${ids.shared.listingId}`, {
      fields: { headline: 'Everywhere now', tagline: 'Shared tagline' },
      apply_to: ['second', 'third'],
    });
    assert.equal(status, 200, JSON.stringify(body));
    assert.deepEqual(body.applied_to, [
      { site: 'second', listing_id: there, slug: 'sharedco', result: 'updated' },
      { site: 'third', listing_id: null, slug: null, result: 'not_listed' },
    ]);
    const [row] = await db.query<Record<string, any>>(
      'SELECT headline, summary, seo_title FROM listings WHERE id = $1',
      [there],
    );
    assert.deepEqual(row, { headline: 'Everywhere now', summary: 'Summary there', seo_title: 'SEO there' });
  });

  test("apply_to records a version on the other site's listing", async () => {
    const [v] = await env().ctx.db.query<Record<string, any>>(
      `SELECT v.fields, v.before, v.after FROM listing_versions v JOIN listings l ON l.id = v.listing_id JOIN sites s ON s.id = l.site_id
        WHERE s.key = 'second' ORDER BY v.id DESC LIMIT 1`,
    );
    assert.deepEqual(v, {
      fields: ['headline'],
      before: { headline: 'Old there' },
      after: { headline: 'Everywhere now' },
    });
  });

  test('apply_to ["all"] reaches every other site of the company', async () => {
    const { body } = await owner.call('PATCH', `/me/listings/${ids.shared.listingId}`, {
      fields: { seo_description: 'Same SEO everywhere' },
      apply_to: ['all'],
    });
    const second = body.applied_to.find((a: { site: string }) => a.site === 'second');
    assert.equal(second.result, 'updated');
    const [row] = await env().ctx.db.query<Record<string, any>>(`SELECT seo_description FROM listings WHERE id = $1`, [
      second.listing_id,
    ]);
    assert.equal(row.seo_description, 'Same SEO everywhere');
  });

  test('apply_to leaves the company facts to the company: they are not copied as listing fields', async () => {
    const { body } = await owner.call('PATCH', `/me/listings/${ids.shared.listingId}`, {
      fields: { city: 'Faro' },
      apply_to: ['second'],
    });
    assert.deepEqual(body.applied_to, [
      { site: 'second', listing_id: body.applied_to[0].listing_id, slug: 'sharedco', result: 'unchanged' },
    ]);
  });

  test("apply_to leaves alone the company's listing on a site where it belongs to someone else", async () => {
    const db = env().ctx.db;
    const elsewhere = (
      await db.query<{ id: number }>(`INSERT INTO sites (key, name) VALUES ('fourth', 'Fourth Deck') RETURNING id`)
    )[0].id;
    const theirs = (
      await db.query<{ id: number }>(
        `INSERT INTO listings (site_id, company_id, slug, status, headline) VALUES ($1, $2, 'sharedco', 'live', 'Their headline') RETURNING id`,
        [elsewhere, ids.shared.companyId],
      )
    )[0].id;
    const { body } = await owner.call('PATCH', `/me/listings/${ids.shared.listingId}`, {
      fields: { headline: 'Mine everywhere' },
      apply_to: ['fourth'],
    });
    assert.deepEqual(body.applied_to, [{ site: 'fourth', listing_id: theirs, slug: 'sharedco', result: 'not_owner' }]);
    const [row] = await db.query<Record<string, any>>('SELECT headline FROM listings WHERE id = $1', [theirs]);
    assert.equal(row.headline, 'Their headline');
  });

  test("company facts shared with another owner's listing on another site are refused; this site's fields still save", async () => {
    const db = env().ctx.db;
    const theirs = (
      await db.query<{ id: number }>(
        `SELECT id FROM listings WHERE site_id = (SELECT id FROM sites WHERE key = 'fourth')`,
      )
    )[0].id;
    await db.query('INSERT INTO listing_owners (listing_id, user_id) VALUES ($1, $2)', [
      theirs,
      await userId(env(), await createUser(env(), 'rival')),
    ]);
    const refused = await owner.call('PATCH', `/me/listings/${ids.shared.listingId}`, {
      fields: { tagline: 'Hijacked everywhere' },
    });
    assert.equal(refused.status, 403, JSON.stringify(refused.body));
    assert.match(refused.body.detail, /tagline.*fourth/);
    const [company] = await db.query<Record<string, any>>('SELECT tagline FROM companies WHERE id = $1', [
      ids.shared.companyId,
    ]);
    assert.notEqual(company.tagline, 'Hijacked everywhere');
    assert.equal(
      (await owner.call('PATCH', `/me/listings/${ids.shared.listingId}`, { fields: { headline: 'Only here' } })).status,
      200,
    );
  });

  test('an id beyond the database integer range is a 400, not a 500', async () => {
    for (const [method, path] of [
      ['GET', '/me/listings/3000000000'],
      ['PATCH', '/me/listings/3000000000'],
      ['DELETE', `/me/listings/${ids.shared.listingId}/milestones/3000000000`],
    ] as const) {
      const res = await owner.call(method, path, method === 'PATCH' ? { fields: { headline: 'x' } } : undefined);
      assert.equal(res.status, 400, `${method} ${path}: ${JSON.stringify(res.body)}`);
    }
  });

  // ---------------------------------------------------------------- post_listing_update

  test('post_listing_update stores the update, emails every follower and counts them', async () => {
    const db = env().ctx.db;
    const fans = [await createUser(env(), 'fan'), await createUser(env(), 'fan')];
    for (const fan of fans)
      await db.query('INSERT INTO followers (listing_id, user_id) VALUES ($1, $2)', [
        ids.live.listingId,
        await userId(env(), fan),
      ]);
    const { status, body } = await owner.call('POST', `/me/listings/${ids.live.listingId}/updates`, {
      title: 'Dark mode ships',
      body: 'Everything is darker now.',
    });
    assert.equal(status, 201, JSON.stringify(body));
    assert.equal(body.followers_notified, 2);
    assert.equal(body.title, 'Dark mode ships');
    for (const fan of fans) {
      const mail = await db.query<{ subject: string; text_body: string }>(
        'SELECT subject, text_body FROM mail_outbox WHERE to_address = $1',
        [fan],
      );
      assert.equal(mail.length, 1);
      assert.equal(mail[0].subject, 'Lumen: Dark mode ships');
      assert.match(mail[0].text_body, /Everything is darker now\./);
      assert.match(mail[0].text_body, /http:\/\/launchdeck\.test\/p\/lumen/);
    }
  });

  test('a posted update shows among the public latest updates', async () => {
    const { body } = await env().json('/api/v1/listings/lumen');
    assert.equal(body.latest_updates[0].title, 'Dark mode ships');
  });

  test('post_listing_update does not mail the author their own update', async () => {
    await env().ctx.db.query('INSERT INTO followers (listing_id, user_id) VALUES ($1, $2)', [
      ids.paid.listingId,
      await userId(env(), owner.email),
    ]);
    const { body } = await owner.call('POST', `/me/listings/${ids.paid.listingId}/updates`, {
      title: 'Note',
      body: 'To self.',
    });
    assert.equal(body.followers_notified, 0);
  });

  test('post_listing_update refuses a title over 200 characters', async () => {
    const res = await owner.call('POST', `/me/listings/${ids.live.listingId}/updates`, { title: x(201), body: 'Body' });
    assert.equal(res.status, 400);
    assert.equal(res.body.errors[0].path, 'title');
  });

  // ---------------------------------------------------------------- milestones

  test('add_milestone on a free listing is saved but not public', async () => {
    const { status, body } = await owner.call('POST', `/me/listings/${ids.live.listingId}/milestones`, {
      date: '2026-03-01',
      title: 'First sale',
      url: 'https://lumen.example/first',
    });
    assert.equal(status, 201, JSON.stringify(body));
    assert.deepEqual(
      { ...body, id: 0 },
      {
        id: 0,
        date: '2026-03-01',
        title: 'First sale',
        description: '',
        url: 'https://lumen.example/first',
        public: false,
      },
    );
  });

  test('add_milestone is public when the milestones section is unlocked', async () => {
    const { body } = await owner.call('POST', `/me/listings/${ids.unlocked.listingId}/milestones`, {
      date: '2026-03-01',
      title: 'Unlocked one',
    });
    assert.equal(body.public, true);
    const profile = (await env().json('/api/v1/listings/unlockt')).body;
    assert.equal(profile.milestones[0].title, 'Unlocked one');
  });

  test('add_milestone is public on a paid listing', async () => {
    const { body } = await owner.call('POST', `/me/listings/${ids.paid.listingId}/milestones`, {
      date: '2026-04-01',
      title: 'Paid one',
    });
    assert.equal(body.public, true);
  });

  test('add_milestone refuses a non-https link', async () => {
    const res = await owner.call('POST', `/me/listings/${ids.live.listingId}/milestones`, {
      date: '2026-03-01',
      title: 'Bad',
      url: 'http://lumen.example',
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.errors[0].path, 'url');
  });

  test('delete_milestone removes the milestone', async () => {
    const added = (
      await owner.call('POST', `/me/listings/${ids.live.listingId}/milestones`, {
        date: '2026-05-01',
        title: 'Short-lived',
      })
    ).body;
    const { status, body } = await owner.call('DELETE', `/me/listings/${ids.live.listingId}/milestones/${added.id}`);
    assert.equal(status, 200);
    assert.deepEqual(body, { deleted: true, milestone_id: added.id });
    const again = await owner.call('DELETE', `/me/listings/${ids.live.listingId}/milestones/${added.id}`);
    assert.equal(again.status, 404);
  });

  test('delete_milestone answers 404 for a milestone of another listing', async () => {
    const added = (
      await owner.call('POST', `/me/listings/${ids.paid.listingId}/milestones`, {
        date: '2026-05-01',
        title: 'Paid only',
      })
    ).body;
    const res = await owner.call('DELETE', `/me/listings/${ids.live.listingId}/milestones/${added.id}`);
    assert.equal(res.status, 404);
    assert.equal(
      (await env().ctx.db.query<Record<string, any>>('SELECT 1 FROM milestones WHERE id = $1', [added.id])).length,
      1,
    );
  });

  test('get_my_listing lists every milestone with its id, public or not', async () => {
    const { body } = await owner.call('GET', `/me/listings/${ids.live.listingId}`);
    assert.ok(body.milestones.some((m: { title: string }) => m.title === 'First sale'));
    assert.equal(body.public.milestones, undefined);
  });

  // ---------------------------------------------------------------- set_founder_story

  test('set_founder_story saves the story; on a free listing it is not public', async () => {
    const { status, body } = await owner.call('PUT', `/me/listings/${ids.live.listingId}/story`, {
      title: 'How Lumen began',
      why_started: 'We were in the dark.',
    });
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.public, false);
    assert.equal(body.story.title, 'How Lumen began');
    const [row] = await env().ctx.db.query<Record<string, any>>(
      'SELECT title, why_started FROM stories WHERE listing_id = $1',
      [ids.live.listingId],
    );
    assert.deepEqual(row, { title: 'How Lumen began', why_started: 'We were in the dark.' });
  });

  test('set_founder_story on a paid listing is public and shows on the listing', async () => {
    const { body } = await owner.call('PUT', `/me/listings/${ids.paid.listingId}/story`, {
      title: 'Paid story',
      story: 'It paid off.',
    });
    assert.equal(body.public, true);
    const profile = (await env().json('/api/v1/listings/paidly')).body;
    assert.deepEqual(profile.story, { title: 'Paid story', story: 'It paid off.' });
  });

  test('set_founder_story replaces the whole story', async () => {
    await owner.call('PUT', `/me/listings/${ids.live.listingId}/story`, { title: 'Second take' });
    const [row] = await env().ctx.db.query<Record<string, any>>(
      'SELECT title, why_started FROM stories WHERE listing_id = $1',
      [ids.live.listingId],
    );
    assert.deepEqual(row, { title: 'Second take', why_started: '' });
  });

  test('set_founder_story refuses a title over 200 characters', async () => {
    const res = await owner.call('PUT', `/me/listings/${ids.live.listingId}/story`, { title: x(201) });
    assert.equal(res.status, 400);
    assert.equal(res.body.errors[0].path, 'title');
  });

  test('set_founder_story refuses a section over 8000 characters', async () => {
    const res = await owner.call('PUT', `/me/listings/${ids.live.listingId}/story`, { lessons: x(8001) });
    assert.equal(res.status, 400);
    assert.equal(res.body.errors[0].path, 'lessons');
  });

  // ---------------------------------------------------------------- answer_interview

  test('answer_interview refuses an unknown question, naming it, and saves nothing', async () => {
    const res = await owner.call('PUT', '/me/interview', {
      answers: [
        { question_id: questions[0], answer: 'Fine' },
        { question_id: 999999, answer: 'Nope' },
      ],
    });
    assert.equal(res.status, 400);
    assert.deepEqual(
      res.body.errors.map((e: { path: string }) => e.path),
      ['answers[1].question_id'],
    );
    assert.equal((await env().ctx.db.query<Record<string, any>>('SELECT 1 FROM interview_answers')).length, 0);
  });

  test('answer_interview refuses a question answered twice in one call', async () => {
    const res = await owner.call('PUT', '/me/interview', {
      answers: [
        { question_id: questions[0], answer: 'One' },
        { question_id: questions[0], answer: 'Two' },
      ],
    });
    assert.equal(res.status, 400);
    assert.deepEqual(
      res.body.errors.map((e: { path: string }) => e.path),
      ['answers[1].question_id'],
    );
  });

  test('answer_interview refuses more than 30 answers', async () => {
    const res = await owner.call('PUT', '/me/interview', {
      answers: Array.from({ length: 31 }, (_, i) => ({ question_id: i + 1, answer: 'A' })),
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.errors[0].path, 'answers');
  });

  test('answer_interview stores the answers and they appear on the founder page', async () => {
    const { status, body } = await owner.call('PUT', '/me/interview', {
      answers: [{ question_id: questions[1], answer: 'How much people care.' }],
    });
    assert.equal(status, 200, JSON.stringify(body));
    assert.deepEqual(body.answers, [
      { question_id: questions[1], question: 'What surprised you?', answer: 'How much people care.' },
    ]);
    const page = await env().json(`/api/v1/founders/${body.founder_slug}`);
    assert.equal(page.status, 200, JSON.stringify(page.body));
    assert.deepEqual(page.body.interview, [
      { question_id: questions[1], question: 'What surprised you?', answer: 'How much people care.' },
    ]);
    assert.ok(page.body.companies.some((c: { slug: string }) => c.slug === 'lumen'));
  });

  test('answering again replaces the earlier answer and keeps the others', async () => {
    await owner.call('PUT', '/me/interview', { answers: [{ question_id: questions[0], answer: 'First answer.' }] });
    const { body } = await owner.call('PUT', '/me/interview', {
      answers: [{ question_id: questions[0], answer: 'Better answer.' }],
    });
    assert.deepEqual(
      body.answers.map((a: { answer: string }) => a.answer),
      ['Better answer.', 'How much people care.'],
    );
  });

  test('answer_interview takes the founder of your company with your name as your founder profile', async () => {
    const db = env().ctx.db;
    const ada = await founder(env(), 'ada');
    await db.query(`UPDATE users SET name = 'Ada Lantern' WHERE email = $1`, [ada.email]);
    const co = await addListing(db, env().ctx.site.id, { slug: 'lantern', name: 'Lantern', launchWeek: '2026-11-09' });
    await own(env(), ada.email, co.listingId);
    const f = (
      await db.query<{ id: number }>(
        `INSERT INTO founders (slug, name) VALUES ('ada-lantern', 'Ada Lantern') RETURNING id`,
      )
    )[0].id;
    await db.query('INSERT INTO company_founders (company_id, founder_id) VALUES ($1, $2)', [co.companyId, f]);
    const { body } = await ada.call('PUT', '/me/interview', {
      answers: [{ question_id: questions[0], answer: 'Light.' }],
    });
    assert.equal(body.founder_slug, 'ada-lantern');
    const page = (await env().json('/api/v1/founders/ada-lantern')).body;
    assert.equal(page.interview[0].answer, 'Light.');
  });
});
