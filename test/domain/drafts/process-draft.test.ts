import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, type TestEnv } from '../../support/app.js';
import { startFixtureSite } from '../../support/fixture-site.js';
import { startFakeLlm } from '../../support/fake-llm.js';
import { founder, runJobs } from '../../support/draft-client.js';
import { loadConfig } from '../../../src/config.js';
import { processDraft } from '../../../src/domain/drafts/process-draft.js';
import { loadDraft } from '../../../src/domain/drafts/draft-repository.js';
import { enqueue } from '../../../src/jobs/queue.js';

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;
let site: Awaited<ReturnType<typeof startFixtureSite>>;
let llm: Awaited<ReturnType<typeof startFakeLlm>>;
let skipping: Awaited<ReturnType<typeof startFixtureSite>>;
let shell: Awaited<ReturnType<typeof startFixtureSite>>;
before(async () => {
  site = await startFixtureSite({
    '/': (o) => ({
      body: page(
        'Tallyflow — Invoices that chase themselves',
        `<h1>Invoices that chase themselves</h1>
      <p>Tallyflow sends polite invoice reminders so you get paid on time.</p><a href="${o}/about">About</a>`,
      ),
    }),
    '/about': { body: page('About', '<h1>About</h1><p>Founded in 2021 in Lisbon, Portugal.</p>') },
  });
  skipping = await startFixtureSite({
    '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /admin\n' },
    '/': {
      body: page(
        'Tallyflow — Invoices that chase themselves',
        '<h1>Invoices that chase themselves</h1><p>Tallyflow sends reminders.</p><a href="/about">About</a> <a href="/admin">Admin</a> <a href="/guide.pdf">Guide</a> <a href="/gone">Gone</a>',
      ),
    },
    '/about': { body: page('About', '<p>Founded in 2021 in Lisbon, Portugal.</p>') },
  });
  shell = await startFixtureSite({
    '/': {
      body: '<!doctype html><html><head><title>Orbitly — Retrospectives</title></head><body><div id="root"></div><script src="/app.js"></script></body></html>',
    },
  });
  llm = await startFakeLlm();
});
after(async () => {
  await site.close();
  await llm.close();
  await skipping.close();
  await shell.close();
});

/** An answer in the model's schema: an honest tagline plus values it made up or misquoted. */
const smuggling = (origin: string) => ({
  fields: {
    tagline: {
      value: 'Invoices that chase themselves',
      quotes: [{ quote: 'Invoices that chase themselves', url: `${origin}/` }],
    },
    founded_year: {
      value: '2019',
      quotes: [{ quote: 'Founded in 2021 in Lisbon, Portugal.', url: `${origin}/about` }],
    },
    city: { value: 'Berlin', quotes: [{ quote: 'Founded in 2021 in Berlin, Germany.', url: `${origin}/about` }] },
    contact_email: { value: 'ceo@tallyflow.example', quotes: [] },
    stage: { value: 'Series B', quotes: [] },
    pricing_summary: { value: 'Free forever', quotes: [{ quote: 'Tallyflow is free forever', url: `${origin}/` }] },
  },
  faqs: [{ question: 'Is it SOC 2 certified?', answer: 'Yes, since 2020.', quotes: [] }],
  founders: [{ name: 'Invented Person', title: 'CEO', bio: null, socials: [], quotes: [] }],
  company_socials: [{ platform: 'x', url: 'https://x.com/made_up', quotes: [] }],
  founder_socials: [],
  story: [],
  milestones: [],
  seo: { title: { value: null, quotes: [] }, meta: { value: null, quotes: [] } },
});

async function withLlm(env: TestEnv, fn: () => Promise<void>) {
  const saved = env.ctx.config;
  env.ctx.config = {
    ...saved,
    llm: { ...saved.llm, provider: 'openai', baseUrl: llm.baseUrl, apiKey: 'sk-test', model: 'fake-model' },
  };
  try {
    await fn();
  } finally {
    env.ctx.config = saved;
  }
}

describeEachDatabase(
  'the drafting job',
  (env) => {
    test('with an LLM configured, unquoted, misquoted and unsupported values are never stored', async () => {
      await withLlm(env(), async () => {
        llm.reply({ answer: smuggling(site.origin) });
        const f = await founder(env());
        const { body } = await f.call('POST', '/drafts', { url: `${site.origin}/` });
        await runJobs(env());
        const draft = (await f.call('GET', `/drafts/${body.id}`)).body;
        assert.equal(draft.status, 'ready');
        assert.ok(
          llm.requests.some((r) => r.body?.model === 'fake-model'),
          'the model was asked',
        );
        assert.equal(draft.fields.tagline.value, 'Invoices that chase themselves');
        assert.equal(draft.fields.founded_year.value, '2021', 'the deterministic, quoted year stands');
        assert.notEqual(draft.fields.city.value, 'Berlin');
        assert.equal(draft.fields.contact_email.value, null);
        assert.equal(draft.fields.stage.value, null);
        assert.equal(draft.fields.pricing_summary.value, null);
        assert.ok(!JSON.stringify(draft.faqs).includes('SOC 2'));
        assert.ok(!JSON.stringify(draft.founders).includes('Invented Person'));
        assert.equal(draft.company_socials.x, undefined);
      });
    });

    test('when the LLM endpoint fails, the deterministic draft is used and the reason shown', async () => {
      await withLlm(env(), async () => {
        llm.reply({ status: 500, body: '{"error":{"message":"overloaded"}}' });
        const f = await founder(env());
        const { body } = await f.call('POST', '/drafts', { url: `${site.origin}/` });
        await runJobs(env());
        const draft = (await f.call('GET', `/drafts/${body.id}`)).body;
        assert.equal(draft.status, 'ready');
        assert.equal(draft.fields.founded_year.value, '2021');
        assert.match(draft.progress.message, /without the AI model/);
      });
    });

    test('a job re-run after a crash in drafting does not read the website again', async () => {
      const f = await founder(env());
      const { body } = await f.call('POST', '/drafts', { url: `${site.origin}/` });
      await runJobs(env());
      // Simulate a crash after the crawl was stored: the draft is back in drafting with its pages.
      await env().ctx.db.query(`UPDATE drafts SET status = 'drafting' WHERE id = $1`, [body.id]);
      await env().ctx.db.query(`UPDATE draft_fields SET value = 'null', state = 'not_found' WHERE draft_id = $1`, [
        body.id,
      ]);
      const before = site.requests.length;
      await processDraft(env().ctx, body.id);
      assert.equal(site.requests.length, before, 'no page was fetched again');
      const draft = (await loadDraft(env().ctx.db, body.id))!;
      assert.equal(draft.status, 'ready');
      assert.equal(draft.fields.founded_year.value, '2021');
    });

    test('a draft whose job runs out of attempts becomes ready with the reason instead of crawling forever', async () => {
      const f = await founder(env());
      const { body } = await f.call('POST', '/drafts', { url: `${site.origin}/` });
      // Make the stored draft unreadable for the job: point its job at an impossible state by failing the config.
      const saved = env().ctx.config;
      env().ctx.config = loadConfig({ PUBLIC_URL: 'http://launchdeck.test', CRAWL_ALLOW_HOSTS: '' });
      try {
        await env().ctx.db.query(`UPDATE jobs SET attempts = max_attempts - 1 WHERE payload->>'draftId' = $1`, [
          body.id,
        ]);
        await env().ctx.db.query(`UPDATE drafts SET url = 'http://127.0.0.1:1/' WHERE id = $1`, [body.id]);
        await runJobs(env());
      } finally {
        env().ctx.config = saved;
      }
      const draft = (await f.call('GET', `/drafts/${body.id}`)).body;
      assert.equal(draft.status, 'ready');
      assert.ok(draft.notice, 'the draft says why nothing was read');
    });

    test('an unreachable website is tried again later before the draft gives up', async () => {
      const f = await founder(env());
      const { body } = await f.call('POST', '/drafts', { url: 'http://127.0.0.1:1/' });
      await runJobs(env());
      const draft = (await f.call('GET', `/drafts/${body.id}`)).body;
      assert.equal(draft.status, 'crawling');
      assert.match(draft.progress.message, /Trying again/);
      const job = (
        await env().ctx.db.query<{ attempts: number; run_at: string }>(
          `SELECT attempts, run_at FROM jobs WHERE payload->>'draftId' = $1`,
          [body.id],
        )
      )[0];
      assert.equal(job.attempts, 1);
      assert.ok(Date.parse(job.run_at) > env().ctx.now().getTime(), 'the retry waits for its backoff');
    });

    test('the ready draft lists the pages read and why each other page was skipped', async () => {
      const f = await founder(env());
      const { body } = await f.call('POST', '/drafts', { url: `${skipping.origin}/` });
      await runJobs(env());
      const draft = (await f.call('GET', `/drafts/${body.id}`)).body;
      assert.equal(draft.status, 'ready');
      assert.deepEqual(draft.progress.read_urls, [`${skipping.origin}/`, `${skipping.origin}/about`]);
      assert.deepEqual(
        draft.progress.skipped.map((s: { url: string; reason: string }) => [
          s.url.replace(skipping.origin, ''),
          s.reason,
        ]),
        [
          ['/gone', 'http_error'],
          ['/admin', 'robots'],
          ['/guide.pdf', 'not_html'],
        ],
      );
      assert.equal(draft.notice, null);
    });

    test('a page rendered by JavaScript is read without it, and the notice says how to render it', async () => {
      const f = await founder(env());
      const { body } = await f.call('POST', '/drafts', { url: `${shell.origin}/` });
      await runJobs(env());
      const draft = (await f.call('GET', `/drafts/${body.id}`)).body;
      assert.equal(draft.status, 'ready');
      assert.match(draft.notice, /rendered by JavaScript; set CRAWL_RENDER=chromium/);
      assert.deepEqual(draft.progress.read_urls, [`${shell.origin}/`], 'the shell is still read, for its title');
    });

    test('the same job enqueued twice for a draft runs once', async () => {
      const f = await founder(env());
      const { body } = await f.call('POST', '/drafts', { url: `${site.origin}/` });
      const again = await enqueue(
        env().ctx.db,
        'draft.process',
        { draftId: body.id },
        { uniqueKey: `draft:${body.id}`, runAt: env().ctx.now() },
      );
      assert.equal(again, null);
    });
  },
  { env: { CRAWL_ALLOW_HOSTS: '127.0.0.1' } },
);
