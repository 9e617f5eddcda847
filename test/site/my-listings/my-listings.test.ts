import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, type TestEnv } from '../../support/app.js';
import { FormClient } from '../../support/form-client.js';
import { admin, createUser, TEST_PASSWORD } from '../../support/credentials.js';
import { addCategory, addListing, finishFixtures } from '../../support/fixtures.js';

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The inputs and textareas of the form with that id, as a browser would post them (repeated names kept). */
function formFields(html: string, id: string): Record<string, string[]> {
  const start = html.indexOf(`<form id="${id}"`);
  assert.ok(start >= 0, `no form #${id}`);
  const form = html.slice(start, html.indexOf('</form>', start));
  const out: Record<string, string[]> = {};
  const put = (name: string, value: string) => {
    (out[decode(name)] ??= []).push(decode(value));
  };
  for (const [, attrs] of form.matchAll(/<input([^>]*)>/g)) {
    const name = /\sname="([^"]*)"/.exec(attrs)?.[1];
    if (name && !/type="checkbox"/.test(attrs)) put(name, /\svalue="([^"]*)"/.exec(attrs)?.[1] ?? '');
  }
  for (const [, attrs, text] of form.matchAll(/<textarea([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = /\sname="([^"]*)"/.exec(attrs)?.[1];
    if (name) put(name, text);
  }
  return out;
}

async function signedIn(env: TestEnv, label = 'owner', opts: { admin?: boolean } = {}) {
  let email: string;
  if (opts.admin) {
    email = `${label}-${Math.random().toString(36).slice(2)}@example.com`;
    await admin(env, ['create-user', '--email', email, '--password', TEST_PASSWORD, '--admin']);
  } else {
    email = await createUser(env, label);
  }
  const b = new FormClient(env.app);
  const res = await b.submit('/signin', '/signin', { email, password: TEST_PASSWORD });
  assert.equal(res.statusCode, 303);
  return { b, email };
}

async function own(env: TestEnv, email: string, listingId: number) {
  await env.ctx.db.query('INSERT INTO listing_owners (listing_id, user_id) SELECT $1, id FROM users WHERE email = $2', [
    listingId,
    email,
  ]);
}

describeEachDatabase('my listings pages', (env) => {
  let owner: Awaited<ReturnType<typeof signedIn>>;
  const ids: Record<string, number> = {};

  before(async () => {
    const e = env();
    const db = e.ctx.db;
    await addCategory(db, e.ctx.site.id, { slug: 'tools', name: 'Tools' });
    owner = await signedIn(e);
    for (const [key, f] of Object.entries({
      live: { slug: 'beacon', name: 'Beacon', status: 'live', launchWeek: '2026-11-09' },
      scheduled: { slug: 'later', name: 'Later', status: 'scheduled', launchWeek: '2026-11-23' },
      draft: { slug: 'sketch', name: 'Sketch', status: 'draft', plan: null },
    } as const)) {
      ids[key] = (await addListing(db, e.ctx.site.id, { category: 'tools', ...f })).listingId;
      await own(e, owner.email, ids[key]);
    }
    ids.theirs = (
      await addListing(db, e.ctx.site.id, { slug: 'not-yours', name: 'Not Yours', launchWeek: '2026-11-09' })
    ).listingId;
    await db.query(`INSERT INTO interview_questions (site_id, question) VALUES ($1, 'What keeps you going?')`, [
      e.ctx.site.id,
    ]);
    await finishFixtures(e.ctx);
  });

  test('my listings asks for sign-in first', async () => {
    const res = await new FormClient(env().app).get('/my/listings');
    assert.equal(res.statusCode, 303);
    assert.equal(decodeURIComponent(String(res.headers.location)), '/signin?next=/my/listings');
  });

  test('my listings shows each listing with its status and next step', async () => {
    const res = await owner.b.get('/my/listings');
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /href="\/my\/listings\/\d+"><strong>Sketch<\/strong>/);
    assert.match(res.body, /Publish: choose_free_listing or an order/);
    assert.match(res.body, /Launches on 2026-11-23/);
    assert.doesNotMatch(res.body, /Not Yours/);
  });

  test('signed-in pages link to my listings', async () => {
    const res = await owner.b.get('/account');
    assert.match(res.body, /<a href="\/my\/listings">My listings<\/a>/);
  });

  test('the editor saves a changed field, publishes it and shows it in the version history', async () => {
    const page = await owner.b.get(`/my/listings/${ids.live}`);
    assert.equal(page.statusCode, 200);
    const fields = formFields(page.body, 'listing-form');
    fields['value.tagline'] = ['Lights the way'];
    const res = await owner.b.submit(`/my/listings/${ids.live}`, `/my/listings/${ids.live}`, fields);
    assert.equal(res.statusCode, 303, res.body);
    const after = await owner.b.get(String(res.headers.location));
    assert.match(after.body, /Your changes are published/);
    assert.match(after.body, /<code>tagline<\/code><\/td><td>Beacon does things<\/td><td>Lights the way<\/td>/);
    const { body } = await env().json('/api/v1/listings/beacon');
    assert.equal(body.tagline, 'Lights the way');
  });

  test('the editor sends only what was changed on the page', async () => {
    const page = await owner.b.get(`/my/listings/${ids.live}`);
    const fields = formFields(page.body, 'listing-form');
    // A co-owner changes the city meanwhile; this page still shows the old one.
    await env().ctx.db.query(
      `UPDATE companies SET city = 'Porto' WHERE id = (SELECT company_id FROM listings WHERE id = $1)`,
      [ids.live],
    );
    fields['value.headline'] = ['Only the headline'];
    const res = await owner.b.submit(`/my/listings/${ids.live}`, `/my/listings/${ids.live}`, fields);
    assert.equal(res.statusCode, 303);
    const [row] = await env().ctx.db.query(
      'SELECT l.headline, c.city FROM listings l JOIN companies c ON c.id = l.company_id WHERE l.id = $1',
      [ids.live],
    );
    assert.deepEqual(row, { headline: 'Only the headline', city: 'Porto' });
  });

  test('the editor keeps a refused value next to its field with the error, and saves nothing', async () => {
    const page = await owner.b.get(`/my/listings/${ids.live}`);
    const fields = formFields(page.body, 'listing-form');
    fields['value.country'] = ['ZZ'];
    fields['value.city'] = ['Would be Braga'];
    const res = await owner.b.submit(`/my/listings/${ids.live}`, `/my/listings/${ids.live}`, fields);
    assert.equal(res.statusCode, 400);
    assert.match(
      res.body,
      /id="field-country">[\s\S]*?value="ZZ"[\s\S]*?id="error-country"><p class="field-error" role="alert">Country: must be an ISO 3166-1 alpha-2 country code/,
    );
    assert.match(res.body, /value="Would be Braga"/);
    const [row] = await env().ctx.db.query(
      'SELECT c.city, c.country FROM listings l JOIN companies c ON c.id = l.company_id WHERE l.id = $1',
      [ids.live],
    );
    assert.deepEqual(row, { city: 'Porto', country: null });
  });

  test('the editor refuses a field over its length with the error by the field', async () => {
    const page = await owner.b.get(`/my/listings/${ids.live}`);
    const fields = formFields(page.body, 'listing-form');
    fields['value.seo_title'] = ['x'.repeat(201)];
    const res = await owner.b.submit(`/my/listings/${ids.live}`, `/my/listings/${ids.live}`, fields);
    assert.equal(res.statusCode, 400);
    assert.match(
      res.body,
      /id="error-seo_title"><p class="field-error" role="alert">SEO title: must be at most 200 characters/,
    );
  });

  test('the editor replaces social links and FAQs', async () => {
    const page = await owner.b.get(`/my/listings/${ids.live}`);
    const fields = formFields(page.body, 'listing-form');
    fields['social.x'] = [''];
    fields['social.github'] = ['https://github.com/beacon'];
    fields['faq.question'] = ['Is it bright?', ...fields['faq.question'].slice(1)];
    fields['faq.answer'] = ['Very.', ...fields['faq.answer'].slice(1)];
    const res = await owner.b.submit(`/my/listings/${ids.live}`, `/my/listings/${ids.live}`, fields);
    assert.equal(res.statusCode, 303, res.body);
    const { body } = await env().json('/api/v1/listings/beacon');
    assert.deepEqual(body.socials, { github: 'https://github.com/beacon' });
    assert.deepEqual(body.faqs, [{ question: 'Is it bright?', answer: 'Very.' }]);
  });

  test("someone else's listing is a 403 page and an unknown one a 404", async () => {
    assert.equal((await owner.b.get(`/my/listings/${ids.theirs}`)).statusCode, 403);
    assert.equal((await owner.b.get('/my/listings/987654')).statusCode, 404);
    assert.equal((await owner.b.get('/my/listings/abc')).statusCode, 404);
  });

  test("posting to someone else's listing is refused and changes nothing", async () => {
    const res = await owner.b.submit('/my/listings', `/my/listings/${ids.theirs}/updates`, {
      title: 'Hijack',
      body: 'No.',
    });
    assert.equal(res.statusCode, 403);
    assert.equal(
      (await env().ctx.db.query('SELECT 1 FROM listing_updates WHERE listing_id = $1', [ids.theirs])).length,
      0,
    );
  });

  test('a draft listing links to the free launch page', async () => {
    const page = await owner.b.get(`/my/listings/${ids.draft}`);
    assert.match(page.body, new RegExp(`href="/my/listings/${ids.draft}/launch"`));
  });

  test('an update posted from the editor is stored and listed', async () => {
    const res = await owner.b.submit(`/my/listings/${ids.live}`, `/my/listings/${ids.live}/updates`, {
      title: 'We shipped <b>v2</b>',
      body: 'Lots of news.',
    });
    assert.equal(res.statusCode, 303);
    const page = await owner.b.get(String(res.headers.location));
    assert.match(page.body, /Your update is posted/);
    assert.match(page.body, /<strong>We shipped &lt;b&gt;v2&lt;\/b&gt;<\/strong>/);
  });

  test('an empty update keeps the typed text and names the missing part', async () => {
    const res = await owner.b.submit(`/my/listings/${ids.live}`, `/my/listings/${ids.live}/updates`, {
      title: 'Half done',
      body: '',
    });
    assert.equal(res.statusCode, 400);
    assert.match(res.body, /value="Half done"/);
    assert.match(res.body, /Text: must not be empty/);
  });

  test('milestones are added and deleted from the editor', async () => {
    const res = await owner.b.submit(`/my/listings/${ids.live}`, `/my/listings/${ids.live}/milestones`, {
      date: '2026-06-01',
      title: 'Ten customers',
      description: '',
      url: '',
    });
    assert.equal(res.statusCode, 303, res.body);
    const page = await owner.b.get(`/my/listings/${ids.live}`);
    assert.match(page.body, /<strong>2026-06-01<\/strong> — Ten customers/);
    assert.match(page.body, /shown publicly only on paid listings/);
    const action = /action="(\/my\/listings\/\d+\/milestones\/\d+\/delete)"/.exec(page.body)![1];
    const del = await owner.b.submit(`/my/listings/${ids.live}`, action, {});
    assert.equal(del.statusCode, 303);
    assert.doesNotMatch((await owner.b.get(`/my/listings/${ids.live}`)).body, /Ten customers/);
  });

  test('a milestone with a bad date is refused by the field', async () => {
    const res = await owner.b.submit(`/my/listings/${ids.live}`, `/my/listings/${ids.live}/milestones`, {
      date: 'soon',
      title: 'Someday',
    });
    assert.equal(res.statusCode, 400);
    assert.match(res.body, /Date: must be a valid date/);
    assert.match(res.body, /value="Someday"/);
  });

  test('the story form saves the founder story', async () => {
    const page = await owner.b.get(`/my/listings/${ids.live}`);
    const fields = formFields(page.body, 'story-form');
    fields.title = ['Our beginning'];
    fields.problem = ['It was too dark.'];
    const res = await owner.b.submit(`/my/listings/${ids.live}`, `/my/listings/${ids.live}/story`, fields);
    assert.equal(res.statusCode, 303);
    const [row] = await env().ctx.db.query('SELECT title, problem FROM stories WHERE listing_id = $1', [ids.live]);
    assert.deepEqual(row, { title: 'Our beginning', problem: 'It was too dark.' });
  });

  test('the interview page saves answers and an emptied box removes one', async () => {
    const page = await owner.b.get('/my/interview');
    assert.equal(page.statusCode, 200);
    const name = /name="(answer\.\d+)"/.exec(page.body)![1];
    const saved = await owner.b.submit('/my/interview', '/my/interview', { [name]: 'Curiosity.' });
    assert.equal(saved.statusCode, 303);
    assert.match((await owner.b.get('/my/interview')).body, />Curiosity\.<\/textarea>/);
    await owner.b.submit('/my/interview', '/my/interview', { [name]: '' });
    assert.equal((await env().ctx.db.query('SELECT 1 FROM interview_answers')).length, 0);
  });

  test('an interview answer over 4000 characters is refused by its question', async () => {
    const page = await owner.b.get('/my/interview');
    const name = /name="(answer\.\d+)"/.exec(page.body)![1];
    const res = await owner.b.submit('/my/interview', '/my/interview', { [name]: 'x'.repeat(4001) });
    assert.equal(res.statusCode, 400);
    assert.match(res.body, /Your answer must be at most 4000 characters/);
  });

  test('signed-out visitors get a Follow button that signs them in first', async () => {
    const res = await new FormClient(env().app).get('/p/not-yours');
    assert.match(
      res.body,
      /<form method="post" action="\/p\/not-yours\/follow" class="follow"><button>Follow<\/button>/,
    );
  });

  test('an account whose email is not confirmed cannot follow: updates go by email', async () => {
    const b = new FormClient(env().app);
    const unconfirmedEmail = `unconfirmed-${Date.now()}@example.com`;
    await b.submit('/signup', '/signup', { email: unconfirmedEmail, password: TEST_PASSWORD });
    await b.submit('/signin', '/signin', { email: unconfirmedEmail, password: TEST_PASSWORD }); // sign-up itself does not sign in
    const res = await b.submit('/p/not-yours', '/p/not-yours/follow', {});
    assert.equal(res.statusCode, 403);
    assert.match(res.body, /Confirm your email first/);
  });

  test('following and unfollowing a listing keeps its follower count in step', async () => {
    const fan = await signedIn(env(), 'fan');
    const count = async () =>
      (
        await env().ctx.db.query<{ n: number }>('SELECT followers_count AS n FROM listings WHERE id = $1', [ids.theirs])
      )[0].n;
    const was = await count();
    const res = await fan.b.submit('/p/not-yours', '/p/not-yours/follow', {});
    assert.equal(res.statusCode, 303);
    assert.equal(await count(), was + 1);
    await fan.b.submit('/p/not-yours', '/p/not-yours/follow', {});
    assert.equal(await count(), was + 1, 'following twice counts once');
    const page = await fan.b.get('/p/not-yours');
    assert.match(page.body, /action="\/p\/not-yours\/unfollow"/);
    await fan.b.submit('/p/not-yours', '/p/not-yours/unfollow', {});
    assert.equal(await count(), was);
  });

  test('following needs a CSRF token', async () => {
    const fan = await signedIn(env(), 'fan');
    const res = await fan.b.submit('/p/not-yours', '/p/not-yours/follow', {}, { csrf: false });
    assert.equal(res.statusCode, 403);
  });

  test('a follower gets the updates posted from the editor by email', async () => {
    const fan = await signedIn(env(), 'fan');
    await fan.b.submit('/p/beacon', '/p/beacon/follow', {});
    await owner.b.submit(`/my/listings/${ids.live}`, `/my/listings/${ids.live}/updates`, {
      title: 'For followers',
      body: 'Hello fans.',
    });
    const mail = await env().ctx.db.query('SELECT subject FROM mail_outbox WHERE to_address = $1', [fan.email]);
    assert.deepEqual(mail, [{ subject: 'Beacon: For followers' }]);
  });

  test('the listing edits page asks for sign-in, and is refused to people who are not administrators', async () => {
    const anon = await new FormClient(env().app).get('/admin/listing-versions');
    assert.equal(anon.statusCode, 303);
    assert.equal(decodeURIComponent(String(anon.headers.location)), '/signin?next=/admin/listing-versions');
    assert.equal((await owner.b.get('/admin/listing-versions')).statusCode, 403);
  });

  test('administrators see recent edits newest first with before and after, escaped', async () => {
    const page = await owner.b.get(`/my/listings/${ids.scheduled}`);
    const fields = formFields(page.body, 'listing-form');
    fields['value.headline'] = ['<script>alert(1)</script>'];
    assert.equal(
      (await owner.b.submit(`/my/listings/${ids.scheduled}`, `/my/listings/${ids.scheduled}`, fields)).statusCode,
      303,
    );
    const boss = await signedIn(env(), 'boss', { admin: true });
    const res = await boss.b.get('/admin/listing-versions');
    assert.equal(res.statusCode, 200);
    assert.doesNotMatch(res.body, /<script>alert/);
    const first = res.body.indexOf('&lt;script&gt;alert(1)&lt;/script&gt;');
    const older = res.body.indexOf('Lights the way');
    assert.ok(first > 0 && older > first, 'newest edit first');
    assert.match(res.body, /<a href="\/p\/later">later<\/a>/);
  });
});
