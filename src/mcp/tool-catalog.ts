import type { TObject } from '@sinclair/typebox';
import type { Tool } from '@modelcontextprotocol/server';
import { plainSchema } from '../api/openapi.js';
import type { Operation } from '../api/registry.js';

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
  return {
    type: 'object',
    properties,
    ...(required.size > 0 ? { required: [...required] } : {}),
    additionalProperties: false,
  };
}

export function toolDescription(op: Operation): string {
  return op.description ? `${op.summary}\n\n${op.description}` : op.summary;
}

export function buildToolCatalog(ops: Operation[]): Map<string, CatalogTool> {
  const catalog = new Map<string, CatalogTool>();
  for (const op of ops) {
    const inputSchema = mergedInputSchema(op);
    const response = plainSchema(op.response);
    // MCP structuredContent is an object; non-object responses are still returned, as text.
    const outputSchema = response.type === 'object' ? response : undefined;
    const definition: Tool = {
      name: op.operationId,
      title: op.title,
      description: toolDescription(op),
      // plainSchema is a JSON round trip, so the values are JSON; the SDK's type just cannot see it.
      inputSchema: inputSchema as Tool['inputSchema'],
      ...(outputSchema ? { outputSchema: outputSchema as Tool['outputSchema'] } : {}),
      annotations: {
        // `title` here too: 2025-03-26 clients only know the annotation, not the top-level field.
        title: op.title,
        readOnlyHint: op.method === 'GET',
        destructiveHint: op.method === 'DELETE' || op.destructive === true,
        idempotentHint: op.method === 'GET' || op.method === 'PUT' || op.method === 'DELETE',
        openWorldHint: op.openWorld === true,
      },
    };
    catalog.set(op.operationId, { op, definition, inputSchema, outputSchema });
  }
  return catalog;
}
