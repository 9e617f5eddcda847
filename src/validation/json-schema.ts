// Ajv set up once for the whole service: validates requests (api/, mcp/) and product options (domain/).
import AjvModule, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FieldError } from '../errors/app-error.js';

// ajv and ajv-formats are CommonJS; under NodeNext their default export sits one level down.
const Ajv = (AjvModule as any).default ?? AjvModule;
const addFormats = (addFormatsModule as any).default ?? addFormatsModule;

function makeAjv(coerceTypes: boolean) {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes: coerceTypes ? 'array' : false,
    useDefaults: true,
    // Unknown body properties are an error ("no other properties"), never silently dropped.
    removeAdditional: false,
    strict: false,
  });
  addFormats(ajv);
  return ajv;
}

/** Query strings and path parameters arrive as text, so numbers and booleans are coerced there only. */
export const textAjv = makeAjv(true);
/** JSON bodies and MCP arguments are typed already: no coercion. */
export const jsonAjv = makeAjv(false);

const cache = new WeakMap<object, ValidateFunction>();
const coercedCache = new WeakMap<object, ValidateFunction>();
export function compile(schema: object, coerce: boolean): ValidateFunction {
  // Compiling takes milliseconds: once per schema and mode, not once per request.
  const compiled = coerce ? coercedCache : cache;
  const hit = compiled.get(schema);
  if (hit) return hit;
  const fn = (coerce ? textAjv : jsonAjv).compile(schema);
  compiled.set(schema, fn);
  return fn;
}

function joinPath(instancePath: string, prop?: string): string {
  const parts = instancePath
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (prop !== undefined) parts.push(prop);
  return parts.reduce((acc, p) => (/^\d+$/.test(p) ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '');
}

function describe(e: ErrorObject): { path: string; message: string } {
  const p = e.params as Record<string, any>;
  switch (e.keyword) {
    case 'required':
      return { path: joinPath(e.instancePath, p.missingProperty), message: 'is required' };
    case 'additionalProperties':
      return { path: joinPath(e.instancePath, p.additionalProperty), message: 'is not an allowed property' };
    case 'maxLength':
      return { path: joinPath(e.instancePath), message: `must be at most ${p.limit} characters` };
    case 'minLength':
      return {
        path: joinPath(e.instancePath),
        message: p.limit === 1 ? 'must not be empty' : `must be at least ${p.limit} characters`,
      };
    case 'maximum':
      return { path: joinPath(e.instancePath), message: `must be at most ${p.limit}` };
    case 'minimum':
      return { path: joinPath(e.instancePath), message: `must be at least ${p.limit}` };
    case 'maxItems':
      return { path: joinPath(e.instancePath), message: `must have at most ${p.limit} items` };
    case 'minItems':
      return {
        path: joinPath(e.instancePath),
        message: `must have at least ${p.limit} item${p.limit === 1 ? '' : 's'}`,
      };
    case 'maxProperties':
      return { path: joinPath(e.instancePath), message: `must have at most ${p.limit} properties` };
    case 'enum':
      return {
        path: joinPath(e.instancePath),
        message: `must be one of: ${(p.allowedValues as unknown[]).join(', ')}`,
      };
    case 'const':
      return { path: joinPath(e.instancePath), message: `must be ${JSON.stringify(p.allowedValue)}` };
    case 'type':
      return { path: joinPath(e.instancePath), message: `must be ${String(p.type).replace(',', ' or ')}` };
    case 'pattern':
      return { path: joinPath(e.instancePath), message: `must match the pattern ${p.pattern}` };
    case 'format':
      return { path: joinPath(e.instancePath), message: `must be a valid ${p.format}` };
    case 'uniqueItems':
      return { path: joinPath(e.instancePath), message: 'must not contain duplicates' };
    default:
      return { path: joinPath(e.instancePath), message: e.message ?? 'is invalid' };
  }
}

/** Ajv errors → one field error per path, in the order found; anyOf noise folded into its branch errors. */
export function toFieldErrors(errors: ErrorObject[] | null | undefined, prefix = ''): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  const nullableTypeError = (e: ErrorObject) => e.keyword === 'type' && (e.params as any).type === 'null';
  for (const e of errors ?? []) {
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if') continue;
    // For `string or null` fields the "must be null" branch says nothing useful.
    if (nullableTypeError(e)) continue;
    const d = describe(e);
    const path = prefix && d.path ? `${prefix}.${d.path}` : prefix || d.path || '(body)';
    const key = `${path}|${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ path, message: d.message });
  }
  return out;
}
