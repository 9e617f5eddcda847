/**
 * One operation of the OpenAPI document as a section of /docs: method and full path, summary,
 * description, the scope it needs, its parameters, request body and responses as field lists, and a
 * curl example. The page's script turns the section's data attributes into a "Try it" form.
 */
import { html, type SafeHtml } from '../html.js';
import {
  describedText,
  exampleOf,
  fieldList,
  objectFields,
  resolved,
  type JsonSchema,
  type SchemaRefs,
} from './reference-schema.js';

export interface ReferenceOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; required?: boolean; description?: string; schema?: JsonSchema }>;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<
    string,
    { $ref?: string; description?: string; content?: Record<string, { schema?: JsonSchema }> }
  >;
}

export interface ReferenceContext {
  /** `/api/v1`: what the document's paths are relative to. */
  prefix: string;
  /** The API's public base URL, for curl examples. */
  baseUrl: string;
  refs: SchemaRefs;
  /** The document's reusable responses (components.responses). */
  responses: Record<string, { description?: string } | undefined>;
}

const INPUT = { input: true };
const OUTPUT = { input: false };

/** What a credential must grant: the OAuth scope named in `security`, else nothing (public). */
export const scopesOf = (op: ReferenceOperation) =>
  op.security?.find((s) => Array.isArray(s?.oauth2) && s.oauth2.length > 0)?.oauth2 ?? [];

const jsonSchemaOf = (content: Record<string, { schema?: JsonSchema }> | undefined) =>
  content?.['application/json']?.schema;

function responseRows(op: ReferenceOperation, rc: ReferenceContext) {
  return Object.entries(op.responses ?? {}).map(([status, r]) => {
    const shared = r.$ref ? rc.responses[r.$ref.replace('#/components/responses/', '')] : undefined;
    return { status, description: r.description ?? shared?.description ?? '', schema: jsonSchemaOf(r.content) };
  });
}

/** The body a curl example and the "Try it" form start from: the required fields, with placeholders. */
function exampleBody(op: ReferenceOperation, rc: ReferenceContext): string | null {
  const schema = jsonSchemaOf(op.requestBody?.content);
  return schema ? JSON.stringify(exampleOf(schema, rc.refs), null, 2) : null;
}

function curlExample(method: string, path: string, op: ReferenceOperation, rc: ReferenceContext): string {
  const required = (op.parameters ?? []).filter((p) => p.in === 'query' && p.required);
  const query = required.length ? `?${required.map((p) => `${p.name}=…`).join('&')}` : '';
  const lines = [`curl${method === 'GET' ? '' : ` -X ${method}`} '${rc.baseUrl}${path}${query}'`];
  if (scopesOf(op).length) lines.push(`-H "Authorization: Bearer $LAUNCHDECK_KEY"`);
  const body = exampleBody(op, rc);
  if (body !== null) {
    lines.push(`-H 'Content-Type: application/json'`);
    lines.push(`-d '${body.replace(/'/g, `'\\''`)}'`);
  }
  return lines.join(' \\\n  ');
}

/** Where the fields of an operation's answer with this status are shown. */
export const responsePath = (op: ReferenceOperation, status: string) =>
  op.operationId && /^[a-z0-9_]+$/.test(op.operationId) ? `/docs/responses/${op.operationId}/${status}` : null;

/** The fields of one answer of an operation (the page /docs/responses/{operationId}/{status} shows). */
export function responseFields(op: ReferenceOperation, status: string, rc: ReferenceContext): SafeHtml | null {
  const row = responseRows(op, rc).find((r) => r.status === status);
  if (!row?.schema) return null;
  return html`<div class="ref-response-fields">${objectFields(resolved(row.schema, rc.refs), rc.refs, OUTPUT)}</div>`;
}

export function operationSection(method: string, path: string, op: ReferenceOperation, rc: ReferenceContext): SafeHtml {
  const scopes = scopesOf(op);
  const params = op.parameters ?? [];
  const bodySchema = jsonSchemaOf(op.requestBody?.content);
  const responses = responseRows(op, rc);
  const success = responses.filter((r) => r.status.startsWith('2'));
  const failures = responses.filter((r) => !r.status.startsWith('2'));
  const paragraphs = (op.description ?? '').split(/\n{2,}/).filter((p) => p.trim());
  const tryData = JSON.stringify({
    method,
    path: `${rc.prefix}${path}`,
    params: params.map((p) => ({ name: p.name, in: p.in, required: !!p.required })),
    body: exampleBody(op, rc),
    auth: scopes.length > 0,
  });
  return html`<section class="ref-op" id="op-${op.operationId ?? `${method}-${path}`}" aria-labelledby="op-${op.operationId}-title" data-try="${tryData}">
<h3 id="op-${op.operationId}-title"><span class="api-method api-${method.toLowerCase()}">${method}</span> <span class="ref-op-title">${op.summary ?? path}</span></h3>
<p class="ref-path"><code>${rc.prefix}${path}</code></p>
<p class="ref-meta">${op.operationId ? html`Operation and MCP tool <code>${op.operationId}</code> · ` : ''}${scopes.length ? html`needs scope ${scopes.map((s, i) => html`${i ? ' and ' : ''}<code>${s}</code>`)}` : 'public: no credentials needed'}</p>
${paragraphs.map((p) => html`<p>${describedText(p)}</p>`)}
${
  params.length
    ? html`<h4>Parameters</h4>${fieldList(
        params.map((p) => ({
          name: p.name,
          in: p.in,
          schema: p.schema,
          required: !!p.required,
          description: p.description,
        })),
        rc.refs,
        INPUT,
      )}`
    : ''
}
${bodySchema ? html`<h4>Request body <span class="ref-type">application/json</span></h4>${objectFields(resolved(bodySchema, rc.refs), rc.refs, INPUT)}` : ''}
<h4>Responses</h4>
${success.map((r) => {
  // The answer's fields are a page of their own (half the reference's size): the script shows them in place.
  const href = responsePath(op, r.status);
  return r.schema && href
    ? html`<details class="ref-response" data-src="${href}"><summary><span class="ref-status ref-ok">${r.status}</span> ${r.description}</summary><p><a href="${href}">The fields of this answer</a></p></details>`
    : html`<p class="ref-response"><span class="ref-status ref-ok">${r.status}</span> ${r.description}</p>`;
})}
${failures.length ? html`<p class="ref-errors">Errors (<a href="#errors">problem details</a>): ${failures.map((r, i) => html`${i ? ', ' : ''}<span class="ref-status">${r.status}</span> ${r.description.replace(/:.*$/, '')}`)}</p>` : ''}
<h4>Example</h4>
<pre class="ref-example" tabindex="0"><code>${curlExample(method, path, op, rc)}</code></pre>
</section>`;
}
