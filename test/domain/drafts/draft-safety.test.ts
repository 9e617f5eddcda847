import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, type TestEnv } from '../../support/app.js';
import { startFixtureSite } from '../../support/fixture-site.js';
import { founder, runJobs } from '../../support/draft-client.js';
import { addListing } from '../../support/fixtures.js';
import { composeFromStoredPages, finishAbandonedDrafts } from '../../../src/domain/drafts/process-draft.js';
import { writeDraftContent } from '../../../src/domain/drafts/draft-writing.js';
import { loadDraft } from '../../../src/domain/drafts/draft-repository.js';
import { acceptInvite } from '../../../src/domain/drafts/draft-invites.js';

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;
const routes = {
  '/': (o: string) => ({
    body: page(
      'Tallyflow — Invoices that chase themselves',
      `<h1>Invoices that chase themselves</h1>
    <p>Tallyflow sends polite invoice reminders.</p><a href="${o}/about">About</a>`,
    ),
  }),
  '/about': { body: page('About', '<p>Founded in 2021 in Lisbon, Portugal.</p>') },
};
const sites: Awaited<ReturnType<typeof startFixtureSite>>[] = [];
before(async () => {
  for (let i = 0; i < 5; i++) sites.push(await startFixtureSite(routes));
});
after(async () => {
  for (const s of sites) await s.close();
});

type Founder = Awaited<ReturnType<typeof founder>>;
async function readyDraft(env: TestEnv, f: Founder, origin: string): Promise<string> {
  const { body } = await f.call('POST', '/drafts', { url: `${origin}/` });
  await runJobs(env);
  return body.id;
}

describeEachDatabase(
  'draft writes that happen at the same time',
  (env) => {
    test('an edit made while the draft was being drafted survives the drafting result', async () => {
      const f = await founder(env());
      const id = await readyDraft(env(), f, sites[0].origin);
      const draft = (await loadDraft(env().ctx.db, id))!;
      const composed = await composeFromStoredPages(env().ctx, draft); // slow step, read before the edit
      await f.call('PATCH', `/drafts/${id}`, { fields: { founded_year: '2019' }, lock_fields: ['tagline'] });
      await env().ctx.db.transaction((tx) => writeDraftContent(tx, id, composed.content, { now: env().ctx.now() }));
      const after = (await loadDraft(env().ctx.db, id))!;
      assert.deepEqual([after.fields.founded_year.state, after.fields.founded_year.value], ['edited', '2019']);
      assert.equal(after.fields.tagline.state, 'override');
    });

    test('three submits of one draft at once make one listing', async () => {
      const f = await founder(env());
      const id = await readyDraft(env(), f, sites[1].origin);
      await f.call('PATCH', `/drafts/${id}`, { fields: { name: 'Racer' } });
      const results = await Promise.all([1, 2, 3].map(() => f.call('POST', `/drafts/${id}/submit`)));
      assert.deepEqual(
        results.map((r) => r.status),
        [200, 200, 200],
        JSON.stringify(results.map((r) => r.body)),
      );
      assert.equal(new Set(results.map((r) => r.body.listing_id)).size, 1);
    });

    test("a co-founder's submit keeps the draft's author as owner", async () => {
      const author = await founder(env());
      const id = await readyDraft(env(), author, sites[2].origin);
      await author.call('PATCH', `/drafts/${id}`, { fields: { name: 'Shared Co' } });
      await author.call('POST', `/drafts/${id}/invites`, { email: 'partner@shared.example' });
      const mail = (
        await env().ctx.db.query<{ text_body: string }>(
          `SELECT text_body FROM mail_outbox WHERE to_address = 'partner@shared.example'`,
        )
      )[0];
      const token = /\/invites\/([A-Za-z0-9_-]+)/.exec(mail.text_body)![1];
      const partner = await founder(env(), 'partner');
      const partnerId = (
        await env().ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [partner.email])
      )[0].id;
      assert.deepEqual(await acceptInvite(env().ctx.db, token, partnerId, env().ctx.now()), { draftId: id });
      const saved = await partner.call('POST', `/drafts/${id}/submit`);
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      const owners = await env().ctx.db.query<{ email: string; role: string }>(
        'SELECT u.email, o.role FROM listing_owners o JOIN users u ON u.id = o.user_id WHERE o.listing_id = $1 ORDER BY o.role DESC',
        [saved.body.listing_id],
      );
      assert.deepEqual(owners, [
        { email: author.email, role: 'owner' },
        { email: partner.email, role: 'cofounder' },
      ]);
      assert.equal((await author.call('PATCH', `/drafts/${id}`, { fields: { tagline: 'Still mine' } })).status, 200);
    });

    test('a refused listing update leaves the submitted draft unchanged', async () => {
      const f = await founder(env());
      const id = await readyDraft(env(), f, sites[3].origin);
      await f.call('PATCH', `/drafts/${id}`, { fields: { name: 'Atomic Co' } });
      assert.equal((await f.call('POST', `/drafts/${id}/submit`)).status, 200);
      const res = await f.call('PATCH', `/drafts/${id}`, { fields: { name: null, tagline: 'should not stick' } });
      assert.equal(res.status, 400);
      const draft = (await loadDraft(env().ctx.db, id))!;
      assert.equal(draft.fields.name.value, 'Atomic Co');
      assert.notEqual(draft.fields.tagline.value, 'should not stick');
    });

    test('a port added to a listed domain still points to the existing listing', async () => {
      await addListing(env().ctx.db, env().ctx.site.id, {
        slug: 'ported',
        name: 'Ported',
        domain: 'ported.example',
        status: 'live',
      });
      const { body } = await (await founder(env())).call('POST', '/drafts', { url: 'https://ported.example:8443/' });
      assert.equal(body.existing_listing?.slug, 'ported');
    });

    test("a domain whose listing is someone else's unpublished work is not named, and cannot be listed twice", async () => {
      const origin = new URL(sites[4].origin);
      await addListing(env().ctx.db, env().ctx.site.id, {
        slug: 'secret-wip',
        name: 'Secret WIP',
        domain: `${origin.hostname}:${origin.port}`,
        status: 'draft',
      });
      const f = await founder(env());
      const { body } = await f.call('POST', '/drafts', { url: `${sites[4].origin}/` });
      assert.equal(body.existing_listing, null);
      await runJobs(env());
      await f.call('PATCH', `/drafts/${body.id}`, { fields: { name: 'Copycat' } });
      const res = await f.call('POST', `/drafts/${body.id}/submit`);
      assert.equal(res.status, 409);
      assert.doesNotMatch(res.body.detail, /secret-wip/);
    });

    test('a company listed on another site keeps its facts when someone else saves it here', async () => {
      const other = (
        await env().ctx.db.query<{ id: number }>(
          `INSERT INTO sites (key, name, purpose) VALUES ('sister', 'Sister', 'x') RETURNING id`,
        )
      )[0].id;
      const origin = new URL(sites[0].origin);
      await addListing(env().ctx.db, other, {
        slug: 'sister-co',
        name: 'Sister Co',
        domain: `${origin.hostname}:${origin.port}`,
        status: 'live',
      });
      const f = await founder(env());
      const id = (await f.call('POST', '/drafts', { url: `${sites[0].origin}/` })).body.id;
      await runJobs(env());
      await f.call('PATCH', `/drafts/${id}`, { fields: { name: 'Hijacked' } });
      const saved = await f.call('POST', `/drafts/${id}/submit`);
      assert.equal(saved.status, 200, JSON.stringify(saved.body));
      const company = (
        await env().ctx.db.query<{ name: string }>(
          'SELECT c.name FROM listings l JOIN companies c ON c.id = l.company_id WHERE l.slug = $1',
          ['sister-co'],
        )
      )[0];
      assert.equal(company.name, 'Sister Co');
    });

    test('a draft whose job crashed on its last attempt is finished with the reason', async () => {
      const f = await founder(env());
      const { body } = await f.call('POST', '/drafts', { url: 'https://crashed.example/' });
      await env().ctx.db.query(
        `UPDATE jobs SET attempts = max_attempts, locked_at = $2 WHERE payload->>'draftId' = $1`,
        [body.id, new Date(env().ctx.now().getTime() - 10 * 60_000).toISOString()],
      );
      assert.equal(await finishAbandonedDrafts(env().ctx.db, env().ctx.now(), 5 * 60_000), 1);
      const draft = (await f.call('GET', `/drafts/${body.id}`)).body;
      assert.equal(draft.status, 'ready');
      assert.match(draft.notice, /interrupted/);
    });
  },
  { env: { CRAWL_ALLOW_HOSTS: '127.0.0.1' } },
);
