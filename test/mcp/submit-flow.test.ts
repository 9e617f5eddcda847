import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../support/app.js';
import { startFixtureSite } from '../support/fixture-site.js';
import { saasWebsite, FIXTURE_CATEGORIES } from '../support/fixture-websites.js';
import { founder, runJobs } from '../support/draft-client.js';
import { addCategory } from '../support/fixtures.js';
import { callTool } from '../support/mcp-rpc.js';

let site: Awaited<ReturnType<typeof startFixtureSite>>;
before(async () => {
  site = await startFixtureSite(saasWebsite().routes);
});
after(async () => {
  await site.close();
});

describeEachDatabase(
  'an agent submitting a product over MCP',
  (env) => {
    let auth: Record<string, string>;
    let draftId: string;
    before(async () => {
      for (const c of FIXTURE_CATEGORIES.filter((c) => !c.parent_slug))
        await addCategory(env().ctx.db, env().ctx.site.id, { slug: c.slug, name: c.name });
      for (const c of FIXTURE_CATEGORIES.filter((c) => c.parent_slug))
        await addCategory(env().ctx.db, env().ctx.site.id, { slug: c.slug, name: c.name, parent: c.parent_slug! });
      auth = { authorization: `Bearer ${(await founder(env())).key}` };
    });
    const tool = async (name: string, args: Record<string, unknown>) => {
      const res = await callTool(env(), name, args, auth);
      assert.equal(res.status, 200);
      return res.body.result as { isError?: boolean; structuredContent: any };
    };

    test('submit_listing starts a draft that is crawling', async () => {
      const r = await tool('submit_listing', { url: `${site.origin}/` });
      assert.ok(!r.isError, JSON.stringify(r.structuredContent));
      assert.equal(r.structuredContent.status, 'crawling');
      draftId = r.structuredContent.id;
    });

    test('after the worker runs, get_draft is ready with the facts the website states, each quoted', async () => {
      await runJobs(env());
      const d = (await tool('get_draft', { id: draftId })).structuredContent;
      assert.equal(d.status, 'ready');
      assert.equal(d.fields.name.value, 'Tallyflow');
      assert.equal(d.fields.country.value, 'PT');
      assert.equal(d.fields.founded_year.value, '2021');
      assert.deepEqual(d.fields.categories.value.slice(0, 1), ['Invoicing']);
      assert.equal(d.fields.stage.state, 'not_found', 'the site never states a stage');
      assert.deepEqual(
        d.founders.map((f: { name: string }) => f.name),
        ['Ana Ribeiro', 'Tom Whitaker'],
      );
      assert.ok(d.faqs.length >= 5);
      for (const f of Object.values(d.fields) as { value: unknown; evidence: { quote: string }[] }[]) {
        if (f.value !== null) assert.ok(f.evidence.length > 0);
      }
      // Its eight pages are read; the four links it has to pages it does not serve are tried and skipped with the reason.
      assert.equal(d.pages.filter((p: { skipped: string | null }) => !p.skipped).length, 8);
      assert.deepEqual([...new Set(d.progress.skipped.map((s: { detail: string }) => s.detail))], ['HTTP 404']);
    });

    test('update_draft sets what the site did not state, then submit_draft saves the listing', async () => {
      const edited = (await tool('update_draft', { id: draftId, fields: { stage: 'Launched' } })).structuredContent;
      assert.equal(edited.fields.stage.state, 'manual');
      const saved = (await tool('submit_draft', { id: draftId })).structuredContent;
      assert.ok(saved.listing_id > 0);
      assert.equal(saved.status, 'draft');
      const rows = await env().ctx.db.query<{ name: string; country: string; founders: number; faqs: number }>(
        `SELECT c.name, c.country, (SELECT count(*)::int FROM company_founders WHERE company_id = c.id) AS founders,
              (SELECT count(*)::int FROM listing_faqs WHERE listing_id = l.id) AS faqs
         FROM listings l JOIN companies c ON c.id = l.company_id WHERE l.id = $1`,
        [saved.listing_id],
      );
      assert.equal(rows[0].name, 'Tallyflow');
      assert.equal(rows[0].country, 'PT');
      assert.equal(rows[0].founders, 2);
      assert.ok(rows[0].faqs >= 5);
    });

    test('submit_listing with the same Idempotency-Key returns the same draft', async () => {
      const headers = { ...auth, 'idempotency-key': 'agent-retry-1' };
      const first = await callTool(env(), 'submit_listing', { url: `${site.origin}/?again` }, headers);
      const retry = await callTool(env(), 'submit_listing', { url: `${site.origin}/?again` }, headers);
      assert.equal(retry.body.result.structuredContent.id, first.body.result.structuredContent.id);
    });
  },
  { env: { CRAWL_ALLOW_HOSTS: '127.0.0.1' } },
);
