import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, type TestEnv } from '../support/app.js';
import { startFixtureSite } from '../support/fixture-site.js';
import { tallyflowMiniRoutes } from '../support/fixture-websites.js';
import { founder, runJobs } from '../support/draft-client.js';
import { addCategory, addListing } from '../support/fixtures.js';

const page = (title: string, head: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title>${head}</head><body>${body}</body></html>`;
let site: Awaited<ReturnType<typeof startFixtureSite>>;
let blocked: Awaited<ReturnType<typeof startFixtureSite>>;
let french: Awaited<ReturnType<typeof startFixtureSite>>;
before(async () => {
  french = await startFixtureSite({
    '/': {
      headers: { 'content-language': 'fr-FR' },
      body: page(
        'Facturo — Des factures qui se relancent seules',
        '',
        '<h1>Des factures qui se relancent seules</h1><p>Facturo envoie des relances polies pour être payé à temps.</p>',
      ),
    },
  });
  site = await startFixtureSite(tallyflowMiniRoutes());
  blocked = await startFixtureSite({
    '/robots.txt': { type: 'text/plain', body: 'User-agent: LaunchdeckBot\nDisallow: /\n' },
    '/': { body: page('Secret', '', '<p>Secret</p>') },
  });
});
after(async () => {
  await site.close();
  await blocked.close();
  await french.close();
});

async function readyDraft(env: TestEnv, f: Awaited<ReturnType<typeof founder>>, url = `${site.origin}/`) {
  const created = await f.call('POST', '/drafts', { url });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  await runJobs(env);
  return (await f.call('GET', `/drafts/${created.body.id}`)).body;
}

describeEachDatabase(
  'submit_listing and the drafting job',
  (env) => {
    before(async () => {
      await addCategory(env().ctx.db, env().ctx.site.id, { slug: 'invoicing', name: 'Invoicing' });
    });

    test('a submitted URL answers 201 with a draft in status crawling', async () => {
      const f = await founder(env());
      const { status, body } = await f.call('POST', '/drafts', { url: `${site.origin}/` });
      assert.equal(status, 201);
      assert.equal(body.status, 'crawling');
      assert.match(body.id, /^[0-9a-f-]{36}$/);
      assert.equal(body.url, `${site.origin}/`);
      assert.ok(body.next_steps[0].includes('get_draft'));
    });

    test('the worker reads the site and the draft becomes ready with quoted values', async () => {
      const f = await founder(env());
      const draft = await readyDraft(env(), f);
      assert.equal(draft.status, 'ready');
      assert.equal(draft.fields.contact_email.value, 'hello@tallyflow.example');
      assert.equal(draft.fields.contact_email.state, 'ai');
      assert.equal(draft.fields.founded_year.value, '2021');
      assert.ok(draft.fields.founded_year.evidence[0].quote.includes('2021'));
      assert.ok(draft.completeness > 0 && draft.completeness < 100);
      assert.ok(draft.pages.some((p: { kind: string }) => p.kind === 'pricing'));
    });

    test("a ready draft records the site's language as the site states it, else as its text reads", async () => {
      const f = await founder(env());
      assert.equal((await readyDraft(env(), f, `${french.origin}/`)).language, 'fr-FR');
      // Tallyflow states none; its pages are in English, at length.
      assert.equal((await readyDraft(env(), f)).language, 'en');
    });

    test('every value in a ready draft has evidence, and every empty field is not_found', async () => {
      const draft = await readyDraft(env(), await founder(env()));
      for (const [name, f] of Object.entries(draft.fields) as [
        string,
        { value: unknown; state: string; evidence: unknown[] },
      ][]) {
        if (f.value === null) assert.equal(f.state, 'not_found', name);
        else assert.ok(f.evidence.length > 0, `${name} has a value without evidence`);
      }
      assert.ok(draft.missing.includes('stage'));
    });

    test('a homepage robots.txt disallows gives a ready draft with every field not_found and the reason', async () => {
      const draft = await readyDraft(env(), await founder(env()), `${blocked.origin}/`);
      assert.equal(draft.status, 'ready');
      assert.ok(Object.values(draft.fields).every((f) => (f as { state: string }).state === 'not_found'));
      assert.match(draft.notice, /robots\.txt/);
      assert.equal(draft.completeness, 0);
      assert.ok(!blocked.requests.some((r) => r.path === '/'), 'the disallowed homepage was fetched');
    });

    test('URLs that are not public http(s) websites are refused with the field named', async () => {
      const f = await founder(env());
      for (const url of [
        'ftp://example.com/',
        'https://user:pw@example.com/',
        'http://10.0.0.1/',
        'http://localhost:8080/',
        'http://169.254.169.254/latest',
        'http://[::ffff:10.0.0.1]/',
        'http://167772161/',
        'http://intranet/',
        'example.com',
        `https://example.com/${'a'.repeat(2048)}`,
      ]) {
        const { status, body } = await f.call('POST', '/drafts', { url });
        assert.equal(status, 400, url);
        assert.equal(body.errors[0].path, 'url', url);
      }
    });

    test('properties other than url are refused', async () => {
      const { status, body } = await (await founder(env())).call('POST', '/drafts', {
        url: 'https://example.com/',
        name: 'x',
      });
      assert.equal(status, 400);
      assert.match(JSON.stringify(body.errors), /name/);
    });

    test('a domain that is already listed still drafts and points to claim_listing', async () => {
      await addListing(env().ctx.db, env().ctx.site.id, {
        slug: 'existing-co',
        name: 'Existing Co',
        domain: 'existing.example',
        status: 'live',
      });
      const { body } = await (await founder(env())).call('POST', '/drafts', {
        url: 'https://www.existing.example/product',
      });
      assert.equal(body.status, 'crawling');
      assert.equal(body.existing_listing.slug, 'existing-co');
      assert.equal(body.existing_listing.claim_with, 'claim_listing');
    });

    test('drafts are listed newest first, only to their owner', async () => {
      const a = await founder(env());
      const first = (await a.call('POST', '/drafts', { url: 'https://one.example/' })).body;
      env().clock.now = new Date(env().clock.now.getTime() + 1000);
      const second = (await a.call('POST', '/drafts', { url: 'https://two.example/' })).body;
      const list = (await a.call('GET', '/drafts')).body;
      assert.deepEqual(
        list.items.map((d: { id: string }) => d.id),
        [second.id, first.id],
      );
      assert.equal(list.total, 2);
      const other = (await (await founder(env(), 'other')).call('GET', '/drafts')).body;
      assert.equal(other.total, 0);
    });

    test("another user's draft is 403 and an unknown one 404", async () => {
      const a = await founder(env());
      const { body } = await a.call('POST', '/drafts', { url: 'https://mine.example/' });
      const b = await founder(env(), 'other');
      assert.equal((await b.call('GET', `/drafts/${body.id}`)).status, 403);
      assert.equal((await b.call('PATCH', `/drafts/${body.id}`, { fields: { name: 'Mine now' } })).status, 403);
      assert.equal((await b.call('POST', `/drafts/${body.id}/submit`)).status, 403);
      assert.equal((await b.call('POST', `/drafts/${body.id}/invites`, { email: 'x@example.com' })).status, 403);
      assert.equal((await a.call('GET', '/drafts/00000000-0000-4000-8000-000000000000')).status, 404);
      assert.equal((await a.call('GET', '/drafts/not-a-uuid')).status, 400);
    });
  },
  { env: { CRAWL_ALLOW_HOSTS: '127.0.0.1' } },
);
