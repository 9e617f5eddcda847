/**
 * /docs: the interactive API reference. Swagger UI (swagger-ui-dist) renders the same OpenAPI
 * document the API publishes, inside the site's layout, with "Authorize" and "Try it out"; every
 * file comes from our own origin under the site's CSP (no inline script or style). Without
 * JavaScript the page still lists every operation, generated from the document and escaped.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { html, layout, type SafeHtml } from '../html.js';
import { breadcrumbs } from '../components.js';
import { currentUser } from '../session.js';
import { DOCS_ASSETS, registerDocsAssetRoutes } from './docs-assets.js';

export const OPENAPI_PATH = '/api/v1/openapi.json';

/** The parts of an OpenAPI 3.1 document this page reads. */
export interface ApiDocument {
  openapi?: string;
  info?: { title?: string; version?: string; summary?: string };
  servers?: Array<{ url: string }>;
  tags?: Array<{ name: string; description?: string }>;
  paths?: Record<string, Record<string, unknown>>;
}

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'options', 'head', 'trace'];

/** Operations grouped by their first tag, in the document's tag order (unknown tags after, untagged last). */
function operationGroups(doc: ApiDocument) {
  const groups = new Map<
    string,
    { description?: string; ops: Array<{ method: string; path: string; op: Operation }> }
  >();
  for (const t of doc.tags ?? []) groups.set(t.name, { description: t.description, ops: [] });
  const untagged: Array<{ method: string; path: string; op: Operation }> = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item ?? {})) {
      if (!METHODS.includes(method) || typeof op !== 'object' || op === null) continue;
      const o = op as Operation;
      const tag = o.tags?.[0];
      const entry = { method: method.toUpperCase(), path, op: o };
      if (!tag) {
        untagged.push(entry);
        continue;
      }
      if (!groups.has(tag)) groups.set(tag, { ops: [] });
      groups.get(tag)!.ops.push(entry);
    }
  }
  if (untagged.length) groups.set('Other', { ops: [...(groups.get('Other')?.ops ?? []), ...untagged] });
  return [...groups].filter(([, g]) => g.ops.length > 0).map(([name, g]) => ({ name, ...g }));
}

/** What a credential must grant: the OAuth scope named in `security`, else nothing (public). */
const scopeOf = (op: Operation) =>
  op.security?.find((s) => Array.isArray(s?.oauth2) && s.oauth2.length > 0)?.oauth2 ?? [];

/** The path part of the documented server (`/api/v1`), which the operations' paths are relative to. */
function basePath(doc: ApiDocument): string {
  try {
    return new URL(doc.servers?.[0]?.url ?? '', 'http://x').pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

/** Every operation as text — what the page shows without JavaScript. Everything from the document is escaped. */
export function operationList(doc: ApiDocument): SafeHtml {
  const prefix = basePath(doc);
  return html`${operationGroups(doc).map(
    (
      g,
    ) => html`<section class="api-ops"><h3>${g.name}</h3>${g.description ? html`<p class="muted">${g.description}</p>` : ''}
<ul>${g.ops.map(({ method, path, op }) => {
      const scopes = scopeOf(op);
      return html`<li${op.operationId ? html` id="op-${op.operationId}"` : ''}><span class="api-method">${method}</span> <code>${prefix}${path}</code> ${op.summary ?? ''}
<span class="muted small">${op.operationId ? html`<code>${op.operationId}</code> · ` : ''}${scopes.length ? html`scope ${scopes.map((s, i) => html`${i ? ' and ' : ''}<code>${s}</code>`)}` : 'public'}</span></li>`;
    })}</ul></section>`,
  )}`;
}

export interface ApiReferencePageOptions {
  siteName: string;
  publicUrl: string;
  user?: { email: string } | null;
}

/** The whole /docs page: the site's layout, a short introduction, Swagger UI and the no-script list. */
export function renderApiReferencePage(doc: ApiDocument, opts: ApiReferencePageOptions): string {
  const publicUrl = opts.publicUrl.replace(/\/+$/, '');
  const baseUrl = doc.servers?.[0]?.url ?? `${publicUrl}/api/v1`;
  const title = doc.info?.title ?? `${opts.siteName} API`;
  return layout(
    {
      title: `API reference — ${opts.siteName}`,
      siteName: opts.siteName,
      user: opts.user,
      canonical: `${publicUrl}/docs`,
      description:
        `${title} ${doc.info?.version ?? ''}: every operation of the REST API, with "Try it out". The same operations are MCP tools.`.replace(
          /\s+/g,
          ' ',
        ),
      stylesheets: [DOCS_ASSETS.swaggerStylesheet, DOCS_ASSETS.stylesheet],
      alternates: [{ type: 'application/vnd.oai.openapi+json', href: OPENAPI_PATH, title: 'OpenAPI document' }],
    },
    html`
    ${breadcrumbs([{ href: '/', label: 'Home' }, { label: 'API reference' }])}
    <h1>${title} reference</h1>
    ${doc.info?.summary ? html`<p class="lead">${doc.info.summary}</p>` : ''}
    <dl class="api-facts">
      <dt>Base URL</dt><dd><code>${baseUrl}</code></dd>
      <dt>Authentication</dt><dd>Public operations need nothing. The others need <code>Authorization: Bearer &lt;API key or OAuth token&gt;</code> granting the scope the operation names. Create an API key on <a href="/account">your account page</a>, then press <strong>Authorize</strong> below and paste it to try operations as yourself.</dd>
      <dt>Errors</dt><dd><a href="https://www.rfc-editor.org/rfc/rfc9457">RFC 9457</a> problem details (<code>application/problem+json</code>). Every answer carries <code>RateLimit-*</code> headers; a <code>429</code> also <code>Retry-After</code>.</dd>
      <dt>OpenAPI</dt><dd><a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a> (OpenAPI ${doc.openapi ?? '3.1'}, API version ${doc.info?.version ?? ''}) for client generators</dd>
      <dt>MCP</dt><dd>Every operation is also a tool of the same name on the MCP server at <code>${publicUrl}/mcp</code>: <a href="/docs/mcp">connect an AI agent</a>.</dd>
    </dl>
    <h2>Operations</h2>
    <div id="swagger-ui" class="api-reference" data-openapi-url="${OPENAPI_PATH}" data-api-base="${baseUrl}"></div>
    <noscript>
    <p>The interactive reference needs JavaScript. Every operation is listed here; its parameters and responses are in the <a href="${OPENAPI_PATH}">OpenAPI document</a>.</p>
    ${operationList(doc)}</noscript>
    <script src="${DOCS_ASSETS.swaggerScript}" defer></script><script src="${DOCS_ASSETS.script}" defer></script>`,
  );
}

/** GET /docs and the files it loads. The page is built once: the document does not change while the app runs. */
export function registerApiReference(app: FastifyInstance, ctx: AppContext, opts: { openapi: object }) {
  registerDocsAssetRoutes(app);
  const doc = opts.openapi as ApiDocument;
  const anonymous = renderApiReferencePage(doc, { siteName: ctx.site.name, publicUrl: ctx.config.publicUrl });
  app.get('/docs', async (req, reply) => {
    // The header shows the visitor's signed-in state, as on every page.
    const user = await currentUser(ctx, req).catch(() => null);
    const body = user
      ? renderApiReferencePage(doc, { siteName: ctx.site.name, publicUrl: ctx.config.publicUrl, user })
      : anonymous;
    return reply.type('text/html; charset=utf-8').send(body);
  });
}
