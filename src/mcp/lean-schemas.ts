type Schema = Record<string, unknown>;

const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Subtrees shorter than this stay where they are: a `$ref` and its definition would not pay for themselves. */
const MIN_SHARED_LENGTH = 36;

/** A subtree's identity for sharing: its JSON without the description, which stays at each place of use. */
function shapeKey(node: Schema): string {
  if (!('description' in node)) return JSON.stringify(node);
  const { description: _d, ...shape } = node;
  return JSON.stringify(shape);
}

/** Calls `visit` on every subschema directly below `node` (the JSON Schema keywords our schemas use). */
function forEachChild(node: Schema, visit: (child: Schema, name: string | undefined) => void): void {
  for (const key of ['properties', 'patternProperties', '$defs'] as const) {
    const map = node[key];
    if (isSchema(map)) for (const [name, child] of Object.entries(map)) if (isSchema(child)) visit(child, name);
  }
  for (const key of ['items', 'additionalProperties', 'not'] as const) {
    const child = node[key];
    if (isSchema(child)) visit(child, undefined);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const) {
    const list = node[key];
    if (Array.isArray(list)) for (const child of list) if (isSchema(child)) visit(child, undefined);
  }
}

/** Rebuilds `node` with every child replaced by `swap(child)` (which may return the child itself). */
function mapChildren(node: Schema, swap: (child: Schema) => Schema): Schema {
  const out: Schema = { ...node };
  for (const key of ['properties', 'patternProperties', '$defs'] as const) {
    const map = node[key];
    if (isSchema(map))
      out[key] = Object.fromEntries(Object.entries(map).map(([k, v]) => [k, isSchema(v) ? swap(v) : v]));
  }
  for (const key of ['items', 'additionalProperties', 'not'] as const) {
    const child = node[key];
    if (isSchema(child)) out[key] = swap(child);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const) {
    const list = node[key];
    if (Array.isArray(list)) out[key] = list.map((v) => (isSchema(v) ? swap(v) : v));
  }
  return out;
}

/**
 * Spells the schema shorter without changing what it accepts: a record's catch-all pattern
 * (TypeBox's `^(.*)$`) becomes `additionalProperties`, and the default `additionalProperties: true` goes.
 */
export function tersely(node: Schema): Schema {
  const out = mapChildren(node, tersely);
  const patterns = out.patternProperties;
  if (isSchema(patterns) && Object.keys(patterns).length === 1 && '^(.*)$' in patterns && !('properties' in out)) {
    out.additionalProperties = patterns['^(.*)$'];
    delete out.patternProperties;
  }
  if (out.additionalProperties === true) delete out.additionalProperties;
  return closedMapOf(out) ?? out;
}

/**
 * A closed object whose properties are all optional and alike (social links by platform) as the map it
 * is: the allowed names once, their one schema once. It accepts and refuses exactly what the long form does.
 */
function closedMapOf(node: Schema): Schema | undefined {
  const properties = node.properties;
  if (node.additionalProperties !== false || !isSchema(properties) || node.required !== undefined) return undefined;
  const names = Object.keys(properties);
  if (names.length < 4) return undefined;
  const shapes = new Set(names.map((n) => JSON.stringify(properties[n])));
  if (shapes.size !== 1) return undefined;
  const { properties: _p, additionalProperties: _a, ...rest } = node;
  return { ...rest, propertyNames: { enum: names }, additionalProperties: properties[names[0]] };
}

const capitalised = (name: string) =>
  name.replace(/(^|_)([a-z])/g, (_m, _sep, c: string) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, '');

/** The name of a bare shape (`{type}`, a list of one, a union of them), or undefined if it holds more. */
function shapeName(node: Schema): string | undefined {
  const keys = Object.keys(node);
  if (keys.length === 1 && typeof node.type === 'string') return capitalised(node.type);
  if (keys.length === 2 && node.type === 'array' && isSchema(node.items)) {
    const item = shapeName(node.items);
    return item && `${item}List`;
  }
  if (keys.length === 1 && Array.isArray(node.anyOf)) {
    const names = node.anyOf.map((b) => (isSchema(b) ? shapeName(b) : undefined));
    return names.every(Boolean) ? names.join('Or') : undefined;
  }
  return undefined;
}

/** A definition's name: its shape when it is a bare one, else the property it was first seen under. */
function definitionName(node: Schema, property: string | undefined): string {
  return shapeName(node) ?? (capitalised(property ?? '') || 'Shared');
}

/**
 * The schema with each subtree that occurs more than once (the evidence of every draft field, a
 * nullable string…) written once under `$defs` and referenced with a local `$ref` (a description
 * stays beside its `$ref`): tools/list is read into an agent's context, and a client compiles each
 * schema, so repetition costs twice. Definitions are taken greedily, the biggest saving first.
 */
export function withSharedDefinitions(schema: Schema): Schema {
  let root = schema;
  const defs: Record<string, Schema> = {};
  for (;;) {
    const seen = new Map<string, { node: Schema; count: number; name: string | undefined }>();
    // An unnamed subschema (list items, a union's branch) is named after the property that holds it.
    const count = (node: Schema, name: string | undefined, holder?: string) => {
      const key = shapeKey(node);
      const entry = seen.get(key);
      const named = name ?? holder;
      if (entry) entry.count++;
      else seen.set(key, { node, count: 1, name: named });
      forEachChild(node, (child, childName) => count(child, childName, named));
    };
    forEachChild(root, (child, name) => count(child, name));
    for (const [defName, def] of Object.entries(defs)) forEachChild(def, (child, name) => count(child, name, defName));
    let best: { key: string; node: Schema; name: string; saving: number } | undefined;
    for (const [key, { node, count: n, name: property }] of seen) {
      if (n < 2 || key.length < MIN_SHARED_LENGTH || '$ref' in node) continue;
      let name = definitionName(node, property);
      for (let i = 2; name in defs; i++) name = `${definitionName(node, property)}${i}`;
      const refLength = `{"$ref":"#/$defs/${name}"}`.length;
      const saving = n * (key.length - refLength) - key.length - name.length - 3;
      if (saving > 0 && (!best || saving > best.saving)) best = { key, node, name, saving };
    }
    if (!best) break;
    const { key: target, name } = best;
    const swap = (node: Schema): Schema => {
      if (shapeKey(node) !== target) return mapChildren(node, swap);
      return typeof node.description === 'string'
        ? { $ref: `#/$defs/${name}`, description: node.description }
        : { $ref: `#/$defs/${name}` };
    };
    const { description: _d, ...shape } = best.node;
    root = mapChildren(root, swap);
    for (const [k, def] of Object.entries(defs)) defs[k] = mapChildren(def, swap);
    defs[name] = shape;
  }
  return Object.keys(defs).length > 0 ? { ...root, $defs: defs } : root;
}
/** What a value is, in one level: its type (each branch of a nullable union), without what lies inside. */
function typeOnly(node: Schema): Schema {
  if (Array.isArray(node.anyOf)) return { anyOf: node.anyOf.map((b) => (isSchema(b) ? typeOnly(b) : b)) };
  if (node.type === 'object' || isSchema(node.properties) || isSchema(node.additionalProperties))
    return { type: 'object' };
  if (node.type === 'array') {
    // A list of objects is just a list here: "object" is all an outline would say of its items.
    const items = isSchema(node.items) ? typeOnly(node.items) : { type: 'object' };
    return items.type === 'object' && Object.keys(items).length === 1 ? { type: 'array' } : { type: 'array', items };
  }
  const out: Schema = {};
  if (node.type !== undefined) out.type = node.type;
  if (node.enum !== undefined) out.enum = node.enum;
  if (node.const !== undefined) out.const = node.const;
  if (node.$ref !== undefined) out.$ref = node.$ref;
  return Object.keys(out).length > 0 ? out : node;
}

/**
 * A response schema as tools/list carries it: its top-level properties with their types, but not
 * which are always there, what nested objects hold, descriptions or limits. Every tool's
 * full schema is in the OpenAPI document; spelt out 41 times here it was 108 KB of an agent's
 * context (and of validators each client compiles), for objects the client receives anyway.
 */
export function outline(response: Schema): Schema {
  const properties = isSchema(response.properties) ? response.properties : {};
  const out: Schema = {
    type: 'object',
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, prop]) => [name, isSchema(prop) ? typeOnly(prop) : prop]),
    ),
  };
  return out;
}
