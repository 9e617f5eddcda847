import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Client, StreamableHTTPClientTransport, type ClientOptions } from '@modelcontextprotocol/client';
import { Client as Client1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as StreamableHTTPClientTransport1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describeEachDatabase, type TestEnv } from '../support/app.js';
import { startFixtureSite } from '../support/fixture-site.js';
import { saasWebsite } from '../support/fixture-websites.js';
import { founder, runJobs } from '../support/draft-client.js';

interface Note {
  progress: number;
  total?: number;
  message?: string;
}
interface ToolResult {
  isError?: boolean;
  structuredContent?: unknown;
}
interface Draft {
  id: string;
  status: string;
  fields: Record<string, { value: unknown }>;
  pages: { url: string; skipped: string | null }[];
}

/** A page the crawler waits for until the test opens it (open unless a test closes it). */
let pricingGate = { opened: Promise.resolve(), open: () => {} };
function closePricingPage() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  pricingGate = { opened, open };
}

const { routes } = saasWebsite();
const pricing = routes['/pricing'] as { body: string };
let site: Awaited<ReturnType<typeof startFixtureSite>>;
before(async () => {
  site = await startFixtureSite({ ...routes, '/pricing': () => ({ body: pricing.body, waitFor: pricingGate.opened }) });
});
after(async () => {
  await site.close();
});

/**
 * Calls submit_listing with a progress token (`call` passes `onprogress` to the client) and plays
 * the worker: once the first note says the draft waits, the jobs run; the pricing page is held back
 * until a note says pages are being read, so that note is seen whatever the machine's speed.
 */
async function submitFollowingProgress(
  env: TestEnv,
  call: (onprogress: (note: Note) => void) => Promise<ToolResult>,
): Promise<{ notes: Note[]; result: ToolResult }> {
  closePricingPage();
  const notes: Note[] = [];
  let sawFirst = () => {};
  let sawPages = () => {};
  const first = new Promise<void>((resolve) => {
    sawFirst = resolve;
  });
  const pages = new Promise<void>((resolve) => {
    sawPages = resolve;
  });
  const answer = call((note) => {
    notes.push(note);
    sawFirst();
    if (/^Read \d+ of \d+ pages?: http/.test(note.message ?? '')) sawPages();
  });
  // Racing the answer: a call that ends early (an error) must fail the test, not hang it.
  await Promise.race([first, answer]);
  const jobs = runJobs(env);
  await Promise.race([pages, answer]);
  pricingGate.open();
  const [result] = await Promise.all([answer, jobs]);
  return { notes, result };
}

function assertProgressThenReady(notes: Note[], result: ToolResult) {
  assert.notEqual(result.isError, true, JSON.stringify(result));
  const messages = notes.map((n) => n.message ?? '');
  assert.ok(notes.length >= 3, `notes: ${JSON.stringify(notes)}`);
  for (let i = 1; i < notes.length; i++)
    assert.ok(notes[i].progress > notes[i - 1].progress, `progress grows: ${JSON.stringify(notes)}`);
  for (const n of notes) if (n.total !== undefined) assert.ok(n.total >= n.progress, JSON.stringify(n));
  assert.match(messages[0], /^Waiting for the crawler to start reading http:\/\/127\.0\.0\.1:\d+\//);
  assert.ok(
    messages.some((m) => /^Read \d+ of \d+ pages?: http:\/\/127\.0\.0\.1:\d+\//.test(m)),
    messages.join('\n'),
  );
  const last = notes[notes.length - 1];
  assert.match(last.message ?? '', /^Draft ready: \d+ of \d+ fields found\. Drafted from \d+ pages/);
  assert.equal(last.total, last.progress, 'the last note is complete');
  const draft = result.structuredContent as Draft;
  assert.equal(draft.status, 'ready');
  assert.equal(draft.fields.name.value, 'Tallyflow');
  // The page held back until a note said pages were being read was read: the notes came while the call ran.
  const held = draft.pages.find((p) => new URL(p.url).pathname === '/pricing');
  assert.equal(held?.skipped, null, JSON.stringify(held));
}

/** The official client v2, pinned to each protocol revision as official-client.test.ts does. */
const VERSIONS = [
  { version: '2025-03-26', options: { supportedProtocolVersions: ['2025-03-26'] } },
  { version: '2025-06-18', options: { supportedProtocolVersions: ['2025-06-18'] } },
  { version: '2025-11-25', options: { supportedProtocolVersions: ['2025-11-25'] } },
  { version: '2026-07-28', options: { versionNegotiation: { mode: { pin: '2026-07-28' } } } },
] satisfies { version: string; options: ClientOptions }[];

describeEachDatabase(
  'submit_listing with a progress token',
  (env) => {
    let key = '';
    before(async () => {
      key = (await founder(env())).key;
    });

    for (const { version, options } of VERSIONS) {
      describe(`the official client v2 on ${version}`, () => {
        let client: Client;
        before(async () => {
          client = new Client({ name: 'draft-progress-test', version: '1.0.0' }, options);
          await client.connect(
            new StreamableHTTPClientTransport(new URL(`${env().baseUrl}/mcp`), {
              authProvider: { token: async () => key },
            }),
          );
        });
        after(async () => {
          await client?.close();
        });

        test('gets progress notifications while the site is read, then the ready draft', async () => {
          assert.equal(client.getNegotiatedProtocolVersion(), version);
          const { notes, result } = await submitFollowingProgress(env(), (onprogress) =>
            client.callTool(
              { name: 'submit_listing', arguments: { url: `${site.origin}/?v2=${version}` } },
              { onprogress, resetTimeoutOnProgress: true },
            ),
          );
          assertProgressThenReady(notes, result);
        });

        test('without a progress token, answers at once with the draft crawling', async () => {
          const result = await client.callTool({ name: 'submit_listing', arguments: { url: `${site.origin}/?now` } });
          assert.equal((result.structuredContent as Draft).status, 'crawling');
          await runJobs(env());
        });
      });
    }

    describe('the MCP SDK 1.32 client', () => {
      let client: Client1;
      before(async () => {
        client = new Client1({ name: 'draft-progress-test-sdk1', version: '1.0.0' });
        await client.connect(
          new StreamableHTTPClientTransport1(new URL(`${env().baseUrl}/mcp`), {
            requestInit: { headers: { authorization: `Bearer ${key}` } },
          }),
        );
      });
      after(async () => {
        await client?.close();
      });

      test('gets progress notifications while the site is read, then the ready draft', async () => {
        const { notes, result } = await submitFollowingProgress(
          env(),
          (onprogress) =>
            client.callTool({ name: 'submit_listing', arguments: { url: `${site.origin}/?sdk1` } }, undefined, {
              onprogress,
              resetTimeoutOnProgress: true,
            }) as Promise<ToolResult>,
        );
        assertProgressThenReady(notes, result);
      });

      test('without a progress token, answers at once with the draft crawling', async () => {
        const result = await client.callTool({ name: 'submit_listing', arguments: { url: `${site.origin}/?now` } });
        assert.equal((result.structuredContent as Draft).status, 'crawling');
        await runJobs(env());
      });
    });
  },
  { env: { CRAWL_ALLOW_HOSTS: '127.0.0.1' } },
);
