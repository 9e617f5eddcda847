/**
 * /docs: the API reference, rendered on the server from the same OpenAPI document the API
 * publishes: every operation with its parameters, request body, responses, limits and a curl
 * example, readable without JavaScript. A small script of ours adds "Authorize" and "Try it" (calls
 * from the page's own origin, under the site's CSP). No framework: the page is light and does not
 * shift as it loads.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { html, layout, type SafeHtml } from '../html.js';
import { currentUser } from '../session.js';
import { DOCS_ASSETS, registerDocsAssetRoutes } from './docs-assets.js';
import {
  operationSection,
  responseFields,
  type ReferenceContext,
  type ReferenceOperation,
} from './reference-operation.js';
import { objectFields, type JsonSchema } from './reference-schema.js';

export const OPENAPI_PATH = '/api/v1/openapi.json';

/** The parts of an OpenAPI 3.1 document this page reads. */
export interface ApiDocument {
  openapi?: string;
  info?: { title?: string; version?: string; summary?: string };
  servers?: Array<{ url: string }>;
  tags?: Array<{ name: string; description?: string }>;
  paths?: Record<string, Record<string, unknown>>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    responses?: Record<string, { description?: string }>;
  };
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'options', 'head', 'trace'];

interface Entry {
  method: string;
  path: string;
  op: ReferenceOperation;
}

/** Operations grouped by their first tag, in the document's tag order (unknown tags after, untagged last). */
function operationGroups(doc: ApiDocument) {
  const groups = new Map<string, { description?: string; ops: Entry[] }>();
  for (const t of doc.tags ?? []) groups.set(t.name, { description: t.description, ops: [] });
  const untagged: Entry[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item ?? {})) {
      if (!METHODS.includes(method) || typeof op !== 'object' || op === null) continue;
      const o = op as ReferenceOperation;
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

/** The path part of the documented server (`/api/v1`), which the operations' paths are relative to. */
function basePath(doc: ApiDocument): string {
  try {
    return new URL(doc.servers?.[0]?.url ?? '', 'http://x').pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

const tagId = (name: string) => `tag-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** The table of contents: tags, each with its operations (the operations are hidden on narrow screens). */
function contents(groups: ReturnType<typeof operationGroups>): SafeHtml {
  return html`<nav class="ref-toc" aria-label="API sections"><ul>${groups.map(
    (g) =>
      html`<li><a href="#${tagId(g.name)}">${g.name}</a><ul>${g.ops.map(
        ({ method, op }) =>
          html`<li><a href="#op-${op.operationId ?? ''}"><span class="api-method api-${method.toLowerCase()}">${method}</span> ${op.summary ?? op.operationId ?? ''}</a></li>`,
      )}</ul></li>`,
  )}<li><a href="#errors">Errors</a></li></ul></nav>`;
}

const referenceContext = (doc: ApiDocument, publicUrl: string): ReferenceContext => ({
  prefix: basePath(doc),
  baseUrl: doc.servers?.[0]?.url ?? `${publicUrl}/api/v1`,
  refs: doc.components?.schemas ?? {},
  responses: doc.components?.responses ?? {},
});

/** Every operation, grouped by tag: what the page shows with or without JavaScript. Everything from the document is escaped. */
export function operationReference(doc: ApiDocument, publicUrl: string): SafeHtml {
  const rc = referenceContext(doc, publicUrl);
  const groups = operationGroups(doc);
  const problem = doc.components?.schemas?.Problem;
  return html`<div class="ref-layout">
${contents(groups)}
<div class="ref-main">
${groups.map(
  (
    g,
  ) => html`<section class="ref-tag" id="${tagId(g.name)}" aria-labelledby="${tagId(g.name)}-title"><h2 id="${tagId(g.name)}-title">${g.name}</h2>${g.description ? html`<p class="muted">${g.description}</p>` : ''}
${g.ops.map(({ method, path, op }) => operationSection(method, path, op, rc))}</section>`,
)}
<section class="ref-tag" id="errors" aria-labelledby="errors-title"><h2 id="errors-title">Errors</h2>
<p>Every error is an <a href="https://www.rfc-editor.org/rfc/rfc9457">RFC 9457</a> problem document (<code>application/problem+json</code>); a <code>400</code> names each invalid field in <code>errors</code>. On MCP the same document is the text of a result with <code>isError: true</code>.</p>
${problem ? objectFields(problem, rc.refs, { input: false }) : ''}
</section>
</div>
</div>`;
}

export interface ApiReferencePageOptions {
  siteName: string;
  publicUrl: string;
  user?: { email: string } | null;
}

/** The whole /docs page: the site's layout, a short introduction, the reference. */
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
        `${title} ${doc.info?.version ?? ''}: every operation of the REST API with its parameters, responses and examples, and "Try it". The same operations are MCP tools.`.replace(
          /\s+/g,
          ' ',
        ),
      stylesheets: [DOCS_ASSETS.stylesheet],
      alternates: [{ type: 'application/vnd.oai.openapi+json', href: OPENAPI_PATH, title: 'OpenAPI document' }],
      breadcrumbs: [{ href: '/', label: 'Home' }, { label: 'API reference' }],
    },
    html`
    <h1>${title} reference</h1>
    ${doc.info?.summary ? html`<p class="lead">${doc.info.summary}</p>` : ''}
    <dl class="api-facts">
      <dt>Base URL</dt><dd><code>${baseUrl}</code></dd>
      <dt>Authentication</dt><dd>Public operations need nothing. The others need <code>Authorization: Bearer &lt;API key or OAuth token&gt;</code> granting the scope the operation names. Create an API key on <a href="/account">your account page</a>.</dd>
      <dt>Errors</dt><dd><a href="#errors">RFC 9457 problem details</a>. Every answer carries <code>RateLimit-*</code> headers; a <code>429</code> also <code>Retry-After</code>.</dd>
      <dt>OpenAPI</dt><dd><a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a> (OpenAPI ${doc.openapi ?? '3.1'}, API version ${doc.info?.version ?? ''}) for client generators</dd>
      <dt>MCP</dt><dd>Every operation is also a tool of the same name on the MCP server at <code>${publicUrl}/mcp</code>: <a href="/docs/mcp">connect an AI agent</a>.</dd>
    </dl>
    <form class="ref-auth" id="ref-auth">
      <fieldset disabled>
      <legend class="sr-only">Authorize</legend>
      <label for="ref-key">Try operations as yourself: API key</label>
      <input id="ref-key" name="key" type="password" autocomplete="off" spellcheck="false" placeholder="ldk_…">
      <button type="submit">Authorize</button>
      <span class="muted small" role="status" id="ref-auth-status">Kept in this tab only.</span>
      </fieldset>
      <noscript><p class="muted small">Authorize and "Try it" need JavaScript; the curl examples work anywhere.</p></noscript>
    </form>
    ${operationReference(doc, publicUrl)}
    <script src="${DOCS_ASSETS.script}" defer></script>`,
  );
}

/** /docs/responses/{operationId}/{status}: the fields of one answer, a page of its own (null when there is none). */
export function renderResponsePage(
  doc: ApiDocument,
  operationId: string,
  status: string,
  opts: ApiReferencePageOptions,
): string | null {
  const publicUrl = opts.publicUrl.replace(/\/+$/, '');
  const entry = operationGroups(doc)
    .flatMap((g) => g.ops)
    .find((e) => e.op.operationId === operationId);
  const fields = entry ? responseFields(entry.op, status, referenceContext(doc, publicUrl)) : null;
  if (!entry || !fields) return null;
  const name = entry.op.summary ?? operationId;
  return layout(
    {
      title: `${name}: the ${status} answer — ${opts.siteName} API`,
      siteName: opts.siteName,
      user: opts.user,
      canonical: `${publicUrl}/docs/responses/${operationId}/${status}`,
      description: `The fields of the ${status} answer of ${operationId} in the ${opts.siteName} API.`,
      stylesheets: [DOCS_ASSETS.stylesheet],
      breadcrumbs: [
        { href: '/', label: 'Home' },
        { href: '/docs', label: 'API reference' },
        { href: `/docs#op-${operationId}`, label: name },
        { label: `${status} answer` },
      ],
    },
    html`
    <h1>${name}: the ${status} answer</h1>
    <p class="lead"><span class="api-method api-${entry.method.toLowerCase()}">${entry.method}</span> <code>${basePath(doc)}${entry.path}</code> · <code>${operationId}</code></p>
    ${fields}`,
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
  // Each answer's page is built once for visitors, on first request: the document does not change while the app runs.
  const answers = new Map<string, string>();
  app.get<{ Params: { operationId: string; status: string } }>(
    '/docs/responses/:operationId/:status',
    async (req, reply) => {
      const { operationId, status } = req.params;
      const user = await currentUser(ctx, req).catch(() => null);
      const opts = { siteName: ctx.site.name, publicUrl: ctx.config.publicUrl, user };
      const key = `${operationId}/${status}`;
      let body = user ? undefined : answers.get(key);
      if (body === undefined) {
        body = renderResponsePage(doc, operationId, status, opts) ?? undefined;
        if (body && !user) answers.set(key, body);
      }
      if (!body) return reply.callNotFound();
      return reply.type('text/html; charset=utf-8').send(body);
    },
  );
}
