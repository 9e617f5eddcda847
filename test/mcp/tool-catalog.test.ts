import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mcpOperations } from '../../src/api/operations/index.js';
import { buildToolCatalog } from '../../src/mcp/tool-catalog.js';
import { serverInstructions } from '../../src/mcp/instructions.js';

const catalog = buildToolCatalog(mcpOperations);
const tool = (name: string) => {
  const found = catalog.get(name);
  assert.ok(found, name);
  return found.definition;
};

test('a write answering with the resource a read tool returns names that tool instead of repeating its output schema', () => {
  assert.ok(tool('get_draft').outputSchema);
  for (const name of ['update_draft', 'submit_listing']) {
    assert.equal(tool(name).outputSchema, undefined, name);
    assert.match(tool(name).description ?? '', /Answers as get_draft does\. Scope: listings:write\.$/, name);
  }
  assert.ok(tool('get_order').outputSchema);
  assert.match(tool('cancel_order').description ?? '', /Answers as get_order does\./);
});

test('with no read tool for that resource, the first tool answering with it keeps the output schema', () => {
  assert.ok(tool('claim_listing').outputSchema);
  assert.equal(tool('verify_claim').outputSchema, undefined);
  assert.match(tool('verify_claim').description ?? '', /Answers as claim_listing does\./);
});

test('a tool whose answer is its own keeps its output schema and says nothing of other tools', () => {
  assert.ok(tool('submit_draft').outputSchema);
  assert.doesNotMatch(tool('submit_draft').description ?? '', /Answers as/);
});

test('a tool answering with that resource plus a few properties outlines only those and names the tool', () => {
  const edit = tool('update_my_listing');
  assert.match(edit.description ?? '', /Answers as get_my_listing does, plus changed and applied_to\./);
  assert.deepEqual(Object.keys(edit.outputSchema?.properties ?? {}), ['changed', 'applied_to']);
  assert.ok(Object.hasOwn(tool('get_my_listing').outputSchema?.properties ?? {}, 'slug'));
});

test('a tool answering a bare page of items has no output schema; the server instructions describe the page once', () => {
  for (const name of ['list_my_listings', 'list_webhook_deliveries'])
    assert.equal(tool(name).outputSchema, undefined, name);
  assert.match(
    serverInstructions('Launchdeck'),
    /page and per_page answer \{items, page, per_page, total, total_pages\}/,
  );
  assert.ok(tool('search_listings').outputSchema, 'a page with more than the envelope keeps its outline');
});
