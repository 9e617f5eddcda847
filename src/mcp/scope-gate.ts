import { SCOPES, type Scope } from '../api/registry.js';
import type { CatalogTool } from './tool-catalog.js';
import { isJsonObject } from './json-object.js';

/**
 * The scopes the tool calls in one POSTed body need (a 2025-03-26 batch may hold several).
 * Checked at the HTTP layer so a missing or weak credential is a 401/403 challenge the client's
 * OAuth flow reacts to, not a JSON-RPC result it would show the user.
 */
export function scopesRequired(body: unknown, catalog: Map<string, CatalogTool>): Scope[] {
  const scopes = new Set<Scope>();
  for (const message of Array.isArray(body) ? body : [body]) {
    if (!isJsonObject(message) || message.method !== 'tools/call' || !isJsonObject(message.params)) continue;
    const name = message.params.name;
    const scope = typeof name === 'string' ? catalog.get(name)?.op.scope : null;
    if (scope) scopes.add(scope);
  }
  return [...scopes];
}

/** Every scope some tool needs, in the registry's order: what a 401 names when the body asks for none in particular. */
export function scopesOfTools(catalog: Map<string, CatalogTool>): Scope[] {
  const used = new Set([...catalog.values()].map((t) => t.op.scope));
  return SCOPES.filter((s) => used.has(s));
}

/** The body as JSON, or undefined when it is not JSON (the SDK then answers the parse error itself). */
export function parseJsonBody(body: Buffer | undefined): unknown {
  if (!body || body.length === 0) return undefined;
  try {
    // A UTF-8 byte order mark is dropped, as the SDK's own parser (TextDecoder) does: both must read the same
    // message. Buffer's decoder is several times faster than TextDecoder on the hot path.
    const bom = body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf;
    return JSON.parse(body.toString('utf8', bom ? 3 : 0));
  } catch {
    return undefined;
  }
}
