import { test } from 'node:test';
import assert from 'node:assert/strict';
import AjvModule from 'ajv';
import { mcpOperations } from '../../src/api/operations/index.js';
import { plainSchema } from '../../src/api/openapi.js';
import { outline, tersely, withSharedDefinitions } from '../../src/mcp/lean-schemas.js';
import { buildToolCatalog } from '../../src/mcp/tool-catalog.js';
import { sample, type Schema } from '../support/schema-sample.js';

// SDK 1.x clients validate with Ajv's default draft, so that is the validator these schemas must suit.
// ajv is CommonJS; under NodeNext its default export sits one level down.
const Ajv = (AjvModule as unknown as { default: typeof AjvModule.default }).default;
const ajv = new Ajv({ strict: false, allErrors: true });
const catalog = buildToolCatalog(mcpOperations);

const evidence = {
  type: 'array',
  items: {
    type: 'object',
    required: ['quote', 'url'],
    properties: { quote: { type: 'string' }, url: { type: 'string' } },
  },
};

test('a subtree repeated in a schema is defined once under $defs and referenced', () => {
  const shared = withSharedDefinitions({
    type: 'object',
    properties: {
      faqs: { type: 'object', properties: { question: { type: 'string' }, evidence } },
      founders: { type: 'object', properties: { name: { type: 'string' }, evidence } },
    },
  });
  assert.deepEqual(shared.$defs, { Evidence: evidence });
  assert.deepEqual((shared.properties as Schema).faqs.properties.evidence, { $ref: '#/$defs/Evidence' });
  assert.deepEqual((shared.properties as Schema).founders.properties.evidence, { $ref: '#/$defs/Evidence' });
});

test('a shared subtree keeps each place’s own description beside its reference', () => {
  const shared = withSharedDefinitions({
    type: 'object',
    properties: {
      a: { ...evidence, description: 'What says a' },
      b: { ...evidence, description: 'What says b' },
    },
  });
  assert.deepEqual((shared.properties as Schema).a, { $ref: '#/$defs/A', description: 'What says a' });
  assert.deepEqual((shared.properties as Schema).b, { $ref: '#/$defs/A', description: 'What says b' });
});

test('a subtree too small to pay for a reference stays inline', () => {
  const schema = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } };
  assert.deepEqual(withSharedDefinitions(schema), schema);
});

test('tersely writes a record’s catch-all pattern as additionalProperties and drops the default one', () => {
  assert.deepEqual(
    tersely({ type: 'object', additionalProperties: true, patternProperties: { '^(.*)$': { type: 'string' } } }),
    { type: 'object', additionalProperties: { type: 'string' } },
  );
});

test('an outline keeps the top-level properties and their types, not what nests inside nor which are required', () => {
  const full = {
    type: 'object',
    required: ['id', 'faqs', 'pricing'],
    properties: {
      id: { type: 'integer', description: 'The id', minimum: 1 },
      logo: { anyOf: [{ type: 'string', format: 'uri' }, { type: 'null' }] },
      faqs: { type: 'array', items: { type: 'object', properties: { q: { type: 'string' } } } },
      pricing: { type: 'object', properties: { model: { type: 'string' } } },
      state: { type: 'string', enum: ['a', 'b'] },
    },
  };
  assert.deepEqual(outline(full), {
    type: 'object',

    properties: {
      id: { type: 'integer' },
      logo: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      faqs: { type: 'array' },
      pricing: { type: 'object' },
      state: { type: 'string', enum: ['a', 'b'] },
    },
  });
});

/** A valid input, then the same with each property in turn replaced by values of other kinds and sizes. */
function variants(valid: Record<string, unknown>, schema: Schema): unknown[] {
  const out: unknown[] = [valid, {}, { ...valid, not_an_argument: 1 }];
  for (const name of Object.keys(schema.properties ?? {}))
    for (const value of [null, 12345, 'x', 'x'.repeat(600), {}, [], ['x'], [{}], { linkedin: 'x' }])
      out.push({ ...valid, [name]: value });
  return out;
}

test('every tool’s published input schema accepts and refuses exactly what the server’s validator does', () => {
  for (const tool of catalog.values()) {
    const published = ajv.compile(tool.definition.inputSchema);
    const served = ajv.compile(structuredClone(tool.inputSchema));
    for (const input of variants(sample(tool.inputSchema) as Record<string, unknown>, tool.inputSchema))
      assert.equal(published(input), served(input), `${tool.op.operationId}: ${JSON.stringify(input).slice(0, 200)}`);
  }
});

test('every tool’s output schema accepts what the full response schema accepts', () => {
  for (const tool of catalog.values()) {
    if (!tool.definition.outputSchema) continue;
    const response = plainSchema(tool.op.response);
    const answer = sample(response);
    assert.ok(ajv.validate(response, answer), `${tool.op.operationId}: the sample is a valid answer`);
    assert.ok(ajv.validate(tool.definition.outputSchema, answer), tool.op.operationId);
  }
});
