import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { html, layout } from '../html.js';
import { currentUser } from '../session.js';
import { mcpOperations } from '../../api/operations/index.js';

/** /docs/mcp: how to connect an AI agent, with ready client configurations and the tool list. */
export function registerMcpPage(app: FastifyInstance, ctx: AppContext) {
  const base = ctx.config.publicUrl;
  const mcpUrl = `${base}/mcp`;
  const configs = [
    {
      name: 'Claude Desktop, Claude Code and other clients with remote servers',
      file: 'claude_desktop_config.json / .mcp.json',
      json: { mcpServers: { [ctx.site.key]: { type: 'http', url: mcpUrl } } },
    },
    { name: 'Cursor', file: '.cursor/mcp.json', json: { mcpServers: { [ctx.site.key]: { url: mcpUrl } } } },
    {
      name: 'VS Code (GitHub Copilot)',
      file: '.vscode/mcp.json',
      json: { servers: { [ctx.site.key]: { type: 'http', url: mcpUrl } } },
    },
  ];
  const tools = mcpOperations.map((o) => ({ name: o.operationId, summary: o.summary, scope: o.scope }));
  app.get('/docs/mcp', async (req, reply) =>
    reply.type('text/html; charset=utf-8').send(
      layout(
        {
          title: `MCP server — ${ctx.site.name}`,
          siteName: ctx.site.name,
          user: await currentUser(ctx, req).catch(() => null),
          canonical: `${base}/docs/mcp`,
          description: `Connect an AI agent to ${ctx.site.name}: every API operation is an MCP tool at ${mcpUrl}.`,
          breadcrumbs: [{ href: '/', label: 'Home' }, { href: '/docs', label: 'API' }, { label: 'MCP server' }],
        },
        html`
    <h1>Connect an AI agent</h1>
    <p class="lead">Every operation of the REST API is a tool of the MCP server at <code>${mcpUrl}</code> (Streamable HTTP; protocol 2026-07-28 and 2025-03-26 … 2025-11-25).</p>
    <p>Reading needs no sign-in. Tools that act for you (submitting a product, editing your listings, building orders) ask you to sign in: your client opens our sign-in page and you choose <strong>Allow access</strong> (OAuth 2.1 with PKCE). An API key from <a href="/account">your account</a> works too, sent as <code>Authorization: Bearer …</code>.</p>
    <h2>Client configuration</h2>
    ${configs.map((c) => html`<section class="card"><h3>${c.name}</h3><p class="small muted">${c.file}</p><pre><code>${JSON.stringify(c.json, null, 2)}</code></pre></section>`)}
    <h2>Tools (${tools.length})</h2>
    <div class="table-wrap"><table class="stack"><thead><tr><th scope="col">Tool</th><th scope="col">What it does</th><th scope="col">Sign-in</th></tr></thead>
    <tbody>${tools.map((t) => html`<tr><td><code>${t.name}</code></td><td>${t.summary}</td><td>${t.scope ?? 'no'}</td></tr>`)}</tbody></table></div>
    <p>Votes are never cast through tools. The <a href="/docs">API reference</a> documents every tool's arguments.</p>`,
      ),
    ),
  );
}
