// MCP tools/call get_listing against REST GET /api/v1/listings/{slug}, same process, same
// autocannon settings (the load generator in its own process), on PostgreSQL. Target: MCP throughput ≥ 80 % of REST.
import { buildApp } from '../src/app.js';
import { seedDemo } from '../src/seed/demo-seed.js';
import { benchContext, cannon, visitEach } from './support.js';

const duration = Number(process.env.BENCH_SECONDS ?? 10);
const version = process.env.MCP_VERSION ?? '2026-07-28';
// What fetch-based clients (both MCP SDKs, browsers) send; ACCEPT_ENCODING=identity measures plain bytes.
const acceptEncoding = process.env.ACCEPT_ENCODING ?? 'gzip, deflate';
const bench = await benchContext((process.env.BENCH_DB as 'postgres' | 'pglite') ?? 'postgres');
await seedDemo(bench.ctx);
const slugs = (
  await bench.ctx.db.query<{ slug: string }>(`SELECT slug FROM listings WHERE status = 'live' ORDER BY id`)
).map((r) => r.slug);
const app = await buildApp(bench.ctx);
await app.listen({ port: 0, host: '127.0.0.1' });
const a = app.server.address();
const base = typeof a === 'object' && a ? `http://127.0.0.1:${a.port}` : '';

const meta = {
  'io.modelcontextprotocol/protocolVersion': version,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1.0.0' },
};
const mcpRequests = slugs.map((slug, i) => ({
  method: 'POST' as const,
  path: '/mcp',
  headers: {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'accept-encoding': acceptEncoding,
    'mcp-protocol-version': version,
    ...(version === '2026-07-28' ? { 'mcp-method': 'tools/call', 'mcp-name': 'get_listing' } : {}),
  },
  body: JSON.stringify({
    jsonrpc: '2.0',
    id: i + 1,
    method: 'tools/call',
    params: { name: 'get_listing', arguments: { slug }, ...(version === '2026-07-28' ? { _meta: meta } : {}) },
  }),
}));
const restRequests = slugs.map((s) => ({
  path: `/api/v1/listings/${s}`,
  headers: { 'accept-encoding': acceptEncoding },
}));

// Sanity: the MCP call really returns the listing.
const probe = await fetch(`${base}/mcp`, {
  method: 'POST',
  headers: mcpRequests[0].headers,
  body: mcpRequests[0].body,
});
const text = await probe.text();
if (!probe.ok || !text.includes(`"slug":"${slugs[0]}"`))
  throw new Error(`MCP probe failed: ${probe.status} ${text.slice(0, 300)}`);

await visitEach(
  base,
  restRequests.map((r) => r.path),
);
await cannon(base, { duration: 2, requests: restRequests });
await cannon(base, { duration: 2, requests: mcpRequests });
const rest: number[] = [];
const mcp: number[] = [];
const restCpu: number[] = [];
const mcpCpu: number[] = [];
for (let i = 0; i < 3; i++) {
  const r = await cannon(base, { duration: duration / 3, requests: restRequests });
  rest.push(r.rps);
  restCpu.push(r.serverCpuUsPerRequest);
  const m = await cannon(base, { duration: duration / 3, requests: mcpRequests });
  if (m.non2xx || m.errors) throw new Error(`MCP errors: ${m.non2xx} non-2xx, ${m.errors} errors`);
  mcp.push(m.rps);
  mcpCpu.push(m.serverCpuUsPerRequest);
}
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const ratio = mean(mcp) / mean(rest);
console.log(
  JSON.stringify({
    bench: 'mcp_vs_rest_get_listing',
    protocol: version,
    accept_encoding: acceptEncoding,
    rest_rps: Math.round(mean(rest)),
    mcp_rps: Math.round(mean(mcp)),
    ratio: Number(ratio.toFixed(3)),
    // The server's CPU per request in each phase, and their ratio: what the server alone costs, whatever the
    // load generator (which handles MCP's bigger bodies on the same cores) takes.
    server_cpu_us_per_request: { rest: Number(mean(restCpu).toFixed(1)), mcp: Number(mean(mcpCpu).toFixed(1)) },
    server_cost_ratio: Number((mean(restCpu) / mean(mcpCpu)).toFixed(3)),
    target: 0.8,
    pass: ratio >= 0.8,
  }),
);
await app.close();
await bench.close();
