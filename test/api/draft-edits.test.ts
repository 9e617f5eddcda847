import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, type TestEnv } from '../support/app.js';
import { startFixtureSite } from '../support/fixture-site.js';
import { founder, runJobs } from '../support/draft-client.js';
import { addCategory } from '../support/fixtures.js';

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;
let site: Awaited<ReturnType<typeof startFixtureSite>>;
let otherSite: Awaited<ReturnType<typeof startFixtureSite>>;
const routes = () => ({
  '/': (o: string) => ({
    body: page(
      'Tallyflow — Invoices that chase themselves',
      `<h1>Invoices that chase themselves</h1>
      <p>Tallyflow sends polite invoice reminders so you get paid on time.</p><a href="${o}/about">About</a>
      <a href="mailto:hello@tallyflow.example">Email us</a>`,
    ),
  }),
  '/about': { body: page('About', '<h1>About</h1><p>Founded in 2021 in Lisbon, Portugal.</p>') },
});
before(async () => {
  site = await startFixtureSite(routes());
  otherSite = await startFixtureSite(routes());
});
after(async () => {
  await site.close();
  await otherSite.close();
});

type Founder = Awaited<ReturnType<typeof founder>>;
async function ready(env: TestEnv, f: Founder, origin = site.origin): Promise<string> {
  const { body } = await f.call('POST', '/drafts', { url: `${origin}/` });
  await runJobs(env);
  return body.id;
}

describeEachDatabase(
  'update_draft',
  (env) => {
    let f: Founder;
    before(async () => {
      await addCategory(env().ctx.db, env().ctx.site.id, { slug: 'invoicing', name: 'Invoicing' });
      f = await founder(env());
    });
    const patch = (id: string, body: unknown) => f.call('PATCH', `/drafts/${id}`, body);

    test('a typed value over an AI value is edited, over nothing is manual', async () => {
      const id = await ready(env(), f);
      const { status, body } = await patch(id, {
        fields: { contact_email: 'sales@tallyflow.example', stage: 'Public beta' },
      });
      assert.equal(status, 200, JSON.stringify(body));
      assert.deepEqual(
        [body.fields.contact_email.state, body.fields.contact_email.value],
        ['edited', 'sales@tallyflow.example'],
      );
      assert.equal(body.fields.contact_email.ai_value, 'hello@tallyflow.example');
      assert.deepEqual(body.fields.contact_email.evidence, []);
      assert.deepEqual([body.fields.stage.state, body.fields.stage.value], ['manual', 'Public beta']);
    });

    test('null removes a field and marks it deleted', async () => {
      const id = await ready(env(), f);
      const { body } = await patch(id, { fields: { founded_year: null } });
      assert.deepEqual([body.fields.founded_year.state, body.fields.founded_year.value], ['deleted', null]);
      assert.ok(body.missing.includes('founded_year'));
    });

    test("restore brings back the AI's original value and its evidence", async () => {
      const id = await ready(env(), f);
      await patch(id, { fields: { founded_year: '2019' } });
      const { body } = await patch(id, { restore: ['founded_year'] });
      assert.deepEqual([body.fields.founded_year.state, body.fields.founded_year.value], ['ai', '2021']);
      assert.ok(body.fields.founded_year.evidence.length > 0);
    });

    test('a locked field is override and regenerate leaves it alone', async () => {
      const id = await ready(env(), f);
      await patch(id, { fields: { founded_year: '2019' }, lock_fields: ['founded_year'] });
      const { body } = await patch(id, { regenerate: ['founded_year'] });
      assert.deepEqual([body.fields.founded_year.state, body.fields.founded_year.value], ['override', '2019']);
    });

    test('regenerate redrafts an edited field from the website', async () => {
      const id = await ready(env(), f);
      await patch(id, { fields: { contact_email: 'typo@example.com' } });
      const { body } = await patch(id, { regenerate: ['contact_email'] });
      assert.deepEqual(
        [body.fields.contact_email.state, body.fields.contact_email.value],
        ['ai', 'hello@tallyflow.example'],
      );
    });

    test('faqs, founders, milestones, socials, story and seo replace the drafted parts', async () => {
      const id = await ready(env(), f);
      const { status, body } = await patch(id, {
        faqs: [{ question: 'Is there a trial?', answer: 'Yes, 14 days.' }],
        founders: [{ name: 'Ana Silva', title: 'CEO' }],
        milestones: [{ date: '2022-03-01', title: 'Launched v1' }],
        company_socials: { x: 'https://x.com/tallyflow' },
        story: { title: 'Why invoices', story: 'We were tired of chasing invoices.' },
        seo: { title: 'Tallyflow: invoice reminders' },
      });
      assert.equal(status, 200, JSON.stringify(body));
      assert.equal(body.faqs[0].question, 'Is there a trial?');
      assert.equal(body.founders[0].name, 'Ana Silva');
      assert.equal(body.milestones[0].title, 'Launched v1');
      assert.deepEqual(body.company_socials, { x: 'https://x.com/tallyflow' });
      assert.equal(body.story.story, 'We were tired of chasing invoices.');
      assert.equal(body.seo.title, 'Tallyflow: invoice reminders');
      assert.ok(body.edited_parts.includes('faqs'));
      assert.ok(!body.missing.includes('faqs'));
    });

    test('every limit is a 400 naming the field, and a refused edit changes nothing', async () => {
      const id = await ready(env(), f);
      const before = (await f.call('GET', `/drafts/${id}`)).body;
      const cases: [unknown, string][] = [
        [{ faqs: Array.from({ length: 11 }, () => ({ question: 'q', answer: 'a' })) }, 'faqs'],
        [{ founders: Array.from({ length: 7 }, () => ({ name: 'n' })) }, 'founders'],
        [{ milestones: Array.from({ length: 51 }, () => ({ date: '2022-01-01', title: 't' })) }, 'milestones'],
        [{ company_socials: { x: `https://x.com/${'a'.repeat(500)}` } }, 'company_socials.x'],
        [{ company_socials: { myspace: 'https://myspace.com/a' } }, 'company_socials'],
        [{ story: { story: 'a'.repeat(8001) } }, 'story.story'],
        [{ seo: { title: 'a'.repeat(71) } }, 'seo.title'],
        [{ seo: { meta: 'a'.repeat(171) } }, 'seo.meta'],
        [{ fields: { tagline: 'a'.repeat(501) } }, 'fields.tagline'],
        [{ fields: { description: 'a'.repeat(20001) } }, 'fields.description'],
        [{ fields: { features: Array.from({ length: 21 }, (_, i) => `f${i}`) } }, 'fields.features'],
        [{ fields: { categories: ['Not a category'] } }, 'fields.categories[0]'],
        [{ fields: { country: 'Portugal' } }, 'fields.country'],
        [{ fields: { demo_video_url: 'https://example.com/video.mp4' } }, 'fields.demo_video_url'],
        [{ fields: { founded_year: 'last year' } }, 'fields.founded_year'],
        [{ regenerate: ['name', 'tagline', 'stage', 'city', 'country', 'tags'] }, 'regenerate'],
        [{ lock_fields: ['nonsense'] }, 'lock_fields[0]'],
        [{ competitor_url: 'http://192.168.1.1/' }, 'competitor_url'],
        [{ competitor_url: `https://a.example/${'a'.repeat(2048)}` }, 'competitor_url'],
        [{ milestones: [{ date: '2022-13-45', title: 't' }] }, 'milestones[0].date'],
        [{ surprise: true }, 'surprise'],
        [{ fields: { tagline: 'nul \u0000 byte' } }, 'fields.tagline'],
        [{ faqs: [{ question: 'broken \ud800 surrogate', answer: 'a' }] }, 'faqs[0].question'],
        [{ milestones: [{ date: '0000-01-01', title: 't' }] }, 'milestones[0].date'],
      ];
      for (const [body, path] of cases) {
        const res = await patch(id, body);
        assert.equal(res.status, 400, `${path}: ${JSON.stringify(res.body)}`);
        assert.ok(
          res.body.errors.some((e: { path: string }) => e.path.startsWith(path)),
          `${path}: ${JSON.stringify(res.body.errors)}`,
        );
      }
      const afterAll = (await f.call('GET', `/drafts/${id}`)).body;
      assert.deepEqual(afterAll.fields, before.fields);
    });

    test('a category is accepted by its list_categories name in any case', async () => {
      const id = await ready(env(), f);
      const { body } = await patch(id, { fields: { categories: ['invoicing'], country: 'pt' } });
      assert.deepEqual(body.fields.categories.value, ['Invoicing']);
      assert.equal(body.fields.country.value, 'PT');
    });

    test('a competitor URL is read and compared; an empty string clears it', async () => {
      const id = await ready(env(), f);
      const set = await patch(id, { competitor_url: `${site.origin}/about` });
      assert.equal(set.body.competitor.status, 'reading');
      await runJobs(env());
      const read = (await f.call('GET', `/drafts/${id}`)).body;
      assert.equal(read.competitor.status, 'ready', JSON.stringify(read.competitor));
      const cleared = await patch(id, { competitor_url: '' });
      assert.equal(cleared.body.competitor_url, null);
      assert.equal(cleared.body.competitor, null);
    });
  },
  { env: { CRAWL_ALLOW_HOSTS: '127.0.0.1' } },
);

describeEachDatabase(
  'submit_draft',
  (env) => {
    test('a draft still crawling cannot be submitted', async () => {
      const f = await founder(env());
      const { body } = await f.call('POST', '/drafts', { url: 'https://not-read-yet.example/' });
      const res = await f.call('POST', `/drafts/${body.id}/submit`);
      assert.equal(res.status, 409);
    });

    test('a ready draft becomes an unpublished listing owned by the caller; re-running updates it', async () => {
      const f = await founder(env());
      const id = await ready(env(), f);
      await f.call('PATCH', `/drafts/${id}`, {
        fields: { name: 'Tallyflow', tagline: 'Invoices that chase themselves' },
      });
      const first = await f.call('POST', `/drafts/${id}/submit`);
      assert.equal(first.status, 200, JSON.stringify(first.body));
      assert.equal(first.body.status, 'draft');
      const again = await f.call('POST', `/drafts/${id}/submit`);
      assert.equal(again.body.listing_id, first.body.listing_id);
      const owners = await env().ctx.db.query<{ email: string; role: string }>(
        'SELECT u.email, o.role FROM listing_owners o JOIN users u ON u.id = o.user_id WHERE o.listing_id = $1',
        [first.body.listing_id],
      );
      assert.deepEqual(owners, [{ email: f.email, role: 'owner' }]);
      const draft = (await f.call('GET', `/drafts/${id}`)).body;
      assert.equal(draft.listing_id, first.body.listing_id);
      // Not published: the public API does not show it.
      assert.equal((await env().json(`/api/v1/listings/${first.body.slug}`)).status, 404);
    });

    test('after submit, update_draft updates the listing too', async () => {
      const f = await founder(env());
      const id = await ready(env(), f, otherSite.origin);
      await f.call('PATCH', `/drafts/${id}`, { fields: { name: 'Tallyflow Two' } });
      const { body } = await f.call('POST', `/drafts/${id}/submit`);
      await f.call('PATCH', `/drafts/${id}`, { fields: { tagline: 'Get paid without the awkward emails' } });
      const rows = await env().ctx.db.query<{ tagline: string }>(
        'SELECT c.tagline FROM listings l JOIN companies c ON c.id = l.company_id WHERE l.id = $1',
        [body.listing_id],
      );
      assert.equal(rows[0].tagline, 'Get paid without the awkward emails');
    });

    test('a draft without a name is refused with the field named', async () => {
      const f = await founder(env());
      const id = await ready(env(), f);
      await f.call('PATCH', `/drafts/${id}`, { fields: { name: null } });
      const res = await f.call('POST', `/drafts/${id}/submit`);
      assert.equal(res.status, 400);
      assert.equal(res.body.errors[0].path, 'fields.name');
    });
  },
  { env: { CRAWL_ALLOW_HOSTS: '127.0.0.1' } },
);

describeEachDatabase(
  'invite_cofounder',
  (env) => {
    test('an invite is mailed with an accept link and counts toward the 10 allowed', async () => {
      const f = await founder(env());
      const { body: draft } = await f.call('POST', '/drafts', { url: 'https://invites.example/' });
      const res = await f.call('POST', `/drafts/${draft.id}/invites`, { email: 'cofounder@invites.example' });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.equal(res.body.invites_left, 9);
      const mail = await env().ctx.db.query<{ to_address: string; text_body: string }>(
        "SELECT to_address, text_body FROM mail_outbox WHERE to_address = 'cofounder@invites.example'",
      );
      assert.equal(mail.length, 1);
      assert.match(mail[0].text_body, /\/invites\/[A-Za-z0-9_-]{20,}/);
    });

    test('an eleventh invite is refused', async () => {
      const f = await founder(env());
      const { body: draft } = await f.call('POST', '/drafts', { url: 'https://many.example/' });
      for (let i = 0; i < 10; i++)
        assert.equal(
          (await f.call('POST', `/drafts/${draft.id}/invites`, { email: `p${i}@many.example` })).status,
          201,
        );
      const res = await f.call('POST', `/drafts/${draft.id}/invites`, { email: 'p10@many.example' });
      assert.equal(res.status, 400);
      assert.equal(res.body.errors[0].path, 'email');
    });

    test('inviting the same address again sends a new link without using another invite', async () => {
      const f = await founder(env());
      const { body: draft } = await f.call('POST', '/drafts', { url: 'https://again.example/' });
      await f.call('POST', `/drafts/${draft.id}/invites`, { email: 'co@again.example' });
      const tooSoon = await f.call('POST', `/drafts/${draft.id}/invites`, { email: 'co@again.example' });
      assert.equal(tooSoon.status, 429, 'a new link to the same address waits 10 minutes');
      assert.ok(Number(tooSoon.headers['retry-after']) > 0);
      env().clock.now = new Date(env().clock.now.getTime() + 11 * 60_000);
      const res = await f.call('POST', `/drafts/${draft.id}/invites`, { email: 'co@again.example' });
      assert.equal(res.status, 201);
      assert.equal(res.body.invites_left, 9);
    });

    test('an invalid email is refused', async () => {
      const f = await founder(env());
      const { body: draft } = await f.call('POST', '/drafts', { url: 'https://bad-email.example/' });
      const res = await f.call('POST', `/drafts/${draft.id}/invites`, { email: 'not an email' });
      assert.equal(res.status, 400);
      assert.equal(res.body.errors[0].path, 'email');
    });
  },
  { env: { CRAWL_ALLOW_HOSTS: '127.0.0.1' } },
);
