import type { TObject, TSchema } from '@sinclair/typebox';
import type { Tool } from '@modelcontextprotocol/server';
import { plainSchema } from '../api/openapi.js';
import type { Operation } from '../api/registry.js';
import { outline, tersely, withSharedDefinitions } from './lean-schemas.js';

/** The optional argument by which an idempotent tool takes its idempotency key (REST takes a header). */
export const IDEMPOTENCY_ARGUMENT = 'idempotency_key';
/** A tool's `_meta` entry naming the OAuth scope it needs (null: public). */
const SCOPE_META = 'io.launchdeck/scope';

const idempotencyKeyProperty = {
  type: 'string',
  // Printable ASCII (space to tilde), as the REST header takes it (idempotency.ts).
  pattern: '^[ -~]{1,255}$',
  // What a retry with it does is said once, in the server's instructions (instructions.ts), not in every tool.
  description: 'Retry key',
};

/** One registry operation as an MCP tool: what tools/list shows plus what tools/call needs. */
export interface CatalogTool {
  op: Operation;
  /** The tools/list entry. */
  definition: Tool;
  /** The merged argument schema; one object per tool so `compile()` caches its validator. */
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
}

type JsonObjectSchema = { type: 'object'; properties: Record<string, unknown>; required?: string[] };

/**
 * Path, query and body properties in one object, as REST merges them into one handler input.
 * Closed to unknown arguments: on REST unknown query parameters are tolerated for cache-busters,
 * but an agent's misspelt argument should fail loudly rather than be silently ignored.
 */
export function mergedInputSchema(op: Operation): JsonObjectSchema & { additionalProperties: false } {
  const properties: Record<string, unknown> = {};
  const required = new Set<string>();
  for (const [part, schema] of [
    ['path', op.params],
    ['query', op.query],
    ['body', op.body],
  ] as const) {
    if (!schema) continue;
    const plain = plainSchema(schema as TObject) as Partial<JsonObjectSchema>;
    for (const [name, prop] of Object.entries(plain.properties ?? {})) {
      // REST spreads params, query and body into one input, so a shared name would be ambiguous there too.
      if (name in properties)
        throw new Error(`${op.operationId}: the ${part} property "${name}" clashes with another input property`);
      properties[name] = prop;
    }
    for (const name of plain.required ?? []) required.add(name);
  }
  if (op.idempotent) properties[IDEMPOTENCY_ARGUMENT] = idempotencyKeyProperty;
  return {
    type: 'object',
    properties,
    ...(required.size > 0 ? { required: [...required] } : {}),
    additionalProperties: false,
  };
}

/** Another tool whose output schema describes this tool's answer: all of it, or all but `extra`. */
interface AnswersAs {
  tool: string;
  /** The top-level properties this answer adds to the other tool's (none: the very same answer). */
  extra: string[];
}

const listed = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names.join('');

/** What the tool does, then what it needs: agents pick a tool and the credential for it from this text. */
function toolDescription(op: Operation, answersAs?: AnswersAs): string {
  const needs = op.scope ? `Scope: ${op.scope}.` : 'Public.';
  const plus = answersAs?.extra.length ? `, plus ${listed(answersAs.extra)}` : '';
  const answer = answersAs ? `Answers as ${answersAs.tool} does${plus}. ` : '';
  // The scope ends the last paragraph rather than taking one of its own: a paragraph break is 4 bytes of JSON.
  return `${[op.summary, op.description].filter(Boolean).join('\n\n')} ${answer}${needs}`;
}

const isRead = (op: Operation) => op.readOnly ?? op.method === 'GET';

const propertiesOf = (schema: TSchema): Record<string, unknown> =>
  schema.type === 'object' && schema.properties ? (schema.properties as Record<string, unknown>) : {};

/** Fewer shared properties would not pay for the sentence that names the other tool. */
const MIN_SHARED_PROPERTIES = 5;

/**
 * For each tool whose answer is the very resource another tool returns (update_draft and get_draft
 * both answer with the draft), or that resource with a few more properties (update_my_listing's is
 * get_my_listing's plus what changed), that other tool: a read one if there is one, else the first.
 * The tool then names it rather than repeat its output schema, which in each such tool again cost
 * tools/list about 1 KB. Sameness is the schema objects' identity: the operations share them.
 */
function answersAsOthers(ops: Operation[]): Map<string, AnswersAs> {
  const ordered = [...ops.filter(isRead), ...ops.filter((op) => !isRead(op))];
  const describedBy = new Map<TSchema, string>();
  for (const op of ordered) if (!describedBy.has(op.response)) describedBy.set(op.response, op.operationId);
  const owners = ordered.filter((op) => describedBy.get(op.response) === op.operationId);
  const answersAs = new Map<string, AnswersAs>();
  for (const op of ops) {
    const same = describedBy.get(op.response);
    if (same && same !== op.operationId) {
      answersAs.set(op.operationId, { tool: same, extra: [] });
      continue;
    }
    const own = propertiesOf(op.response);
    for (const other of owners) {
      const theirs = propertiesOf(other.response);
      const shared = Object.keys(theirs);
      if (other === op || shared.length < MIN_SHARED_PROPERTIES || !shared.every((n) => own[n] === theirs[n])) continue;
      const extra = Object.keys(own).filter((n) => !(n in theirs));
      const best = answersAs.get(op.operationId);
      if (extra.length > 0 && (!best || extra.length < best.extra.length))
        answersAs.set(op.operationId, { tool: other.operationId, extra });
    }
  }
  return answersAs;
}

const PAGE_ENVELOPE = ['items', 'page', 'per_page', 'total', 'total_pages'];

/** An answer that is only the paging envelope, whose outline says no more than the server instructions do. */
const isPageEnvelope = (response: Record<string, unknown>) => {
  const names = Object.keys(propertiesOf(response as TSchema));
  return names.length === PAGE_ENVELOPE.length && PAGE_ENVELOPE.every((n) => names.includes(n));
};

/** The output schema: an outline of the answer, or of what it adds to the tool's it answers as. */
function outputSchemaOf(response: Record<string, unknown>, answersAs: AnswersAs | undefined) {
  // MCP structuredContent is an object; non-object responses are still returned, as text.
  if (response.type !== 'object' || (answersAs && answersAs.extra.length === 0)) return undefined;
  if (!answersAs && isPageEnvelope(response)) return undefined;
  if (!answersAs) return withSharedDefinitions(outline(response));
  const all = response.properties as Record<string, unknown>;
  const properties = Object.fromEntries(answersAs.extra.map((n) => [n, all[n]]));
  return withSharedDefinitions(outline({ ...response, properties }));
}

/**
 * The behaviour hints, each written only where it differs from the protocol's default (not read-only,
 * destructive, not idempotent, open world), which a client assumes when a hint is absent.
 */
function toolAnnotations(op: Operation): NonNullable<Tool['annotations']> {
  const readOnly = isRead(op);
  const hints: NonNullable<Tool['annotations']> = {};
  if (readOnly) hints.readOnlyHint = true;
  else {
    if (op.method !== 'DELETE' && op.destructive !== true) hints.destructiveHint = false;
    if (op.method === 'PUT' || op.method === 'DELETE') hints.idempotentHint = true;
  }
  if (op.openWorld !== true) hints.openWorldHint = false;
  return hints;
}

export function buildToolCatalog(ops: Operation[]): Map<string, CatalogTool> {
  const catalog = new Map<string, CatalogTool>();
  const answersAsOther = answersAsOthers(ops);
  for (const op of ops) {
    const inputSchema = mergedInputSchema(op);
    const answersAs = answersAsOther.get(op.operationId);
    const outputSchema = outputSchemaOf(plainSchema(op.response), answersAs);
    const definition: Tool = {
      name: op.operationId,
      title: op.title,
      description: toolDescription(op, answersAs),
      // plainSchema is a JSON round trip, so the values are JSON; the SDK's type just cannot see it.
      inputSchema: withSharedDefinitions(tersely(inputSchema)) as Tool['inputSchema'],
      ...(outputSchema ? { outputSchema: outputSchema as Tool['outputSchema'] } : {}),
      annotations: toolAnnotations(op),
      _meta: { [SCOPE_META]: op.scope },
    };
    catalog.set(op.operationId, { op, definition, inputSchema, outputSchema });
  }
  return catalog;
}

/** The tools/list answers: for 2025-03-26 clients, which know a title only as an annotation, and for later ones. */
export interface ToolLists {
  current: Tool[];
  legacy: Tool[];
}

export function toolListsOf(catalog: Map<string, CatalogTool>): ToolLists {
  const current = [...catalog.values()].map((t) => t.definition);
  const legacy = current.map(({ title, ...tool }) => ({ ...tool, annotations: { title, ...tool.annotations } }));
  return { current, legacy };
}

/** A request without MCP-Protocol-Version comes from a 2025-03-26 client (the header came later). */
export const toolListFor = (lists: ToolLists, version: string | null | undefined): Tool[] =>
  !version || version === '2025-03-26' ? lists.legacy : lists.current;
