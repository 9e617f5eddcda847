import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { chatJson, type JsonChatRequest, type LlmSettings } from '../../../src/drafting/llm/llm-client.js';
import { LlmError } from '../../../src/drafting/llm/llm-error.js';
import { anthropicError, startFakeAnthropic, type FakeAnthropicReply } from '../../support/fake-anthropic.js';

// The Messages API adapter, against a loopback server speaking Anthropic's wire format.

const KEY = 'sk-ant-api03-SECRET-0123456789abcdef';
const schema = {
  type: 'object',
  additionalProperties: false,
  required: ['city'],
  properties: { city: { type: ['string', 'null'] } },
};
const request: JsonChatRequest = {
  system: 'You read websites.',
  user: 'Where is the company?',
  schemaName: 'where',
  schema,
};

let api: Awaited<ReturnType<typeof startFakeAnthropic>>;
before(async () => {
  api = await startFakeAnthropic();
});
after(async () => {
  await api.close();
});

function ask(replies: FakeAnthropicReply[], settings: Partial<LlmSettings> = {}, extra: Partial<JsonChatRequest> = {}) {
  api.reply(...replies);
  const from = api.requests.length;
  const llm: LlmSettings = {
    provider: 'anthropic',
    baseUrl: api.baseUrl,
    apiKey: KEY,
    model: 'claude-test',
    ...settings,
  };
  return { answer: chatJson(llm, { ...request, ...extra }), sent: () => api.requests.slice(from) };
}

const failsWith =
  (code: string, check: (err: LlmError) => void = () => {}) =>
  (err: unknown) => {
    assert.ok(err instanceof LlmError, String(err));
    assert.equal(err.code, code, err.message);
    check(err);
    return true;
  };

test("the answer is the input of the one tool the model is made to call, the schema being that tool's input schema", async () => {
  const { answer, sent } = ask([{ input: { city: 'Lisbon' } }]);
  assert.deepEqual(await answer, { city: 'Lisbon' });
  const [req] = sent();
  assert.equal(req.path, '/v1/messages');
  assert.equal(req.headers['x-api-key'], KEY);
  assert.equal(req.headers['anthropic-version'], '2023-06-01');
  assert.equal(req.headers.authorization, undefined, 'the key travels only in x-api-key');
  assert.match(String(req.headers['content-type']), /^application\/json/);
  assert.equal(req.body.model, 'claude-test');
  assert.equal(req.body.max_tokens, 8192);
  assert.equal(req.body.system, 'You read websites.');
  assert.deepEqual(req.body.messages, [{ role: 'user', content: 'Where is the company?' }]);
  assert.equal(req.body.tools.length, 1);
  assert.equal(req.body.tools[0].name, 'where');
  assert.deepEqual(req.body.tools[0].input_schema, schema);
  assert.deepEqual(req.body.tool_choice, { type: 'tool', name: 'where' });
  assert.equal(req.body.response_format, undefined);
});

test('LLM_MAX_TOKENS sets max_tokens, and a base URL ending in /v1 is taken as the origin', async () => {
  const { answer, sent } = ask([{ input: { city: null } }], { baseUrl: `${api.baseUrl}/v1/`, maxTokens: 2048 });
  await answer;
  assert.equal(sent()[0].path, '/v1/messages');
  assert.equal(sent()[0].body.max_tokens, 2048);
});

test('a refusal (stop_reason "refusal") ends in a refused LlmError with its explanation', async () => {
  const { answer } = ask([
    {
      content: [{ type: 'text', text: 'I' }],
      stop_reason: 'refusal',
      stop_details: { type: 'refusal', category: 'cyber', explanation: 'This request was declined.' },
    },
  ]);
  await assert.rejects(
    answer,
    failsWith('refused', (err) => assert.match(err.message, /This request was declined/)),
  );
});

test('a tool call cut at max_tokens ends in a truncated LlmError, its partial input unused', async () => {
  const { answer } = ask([
    {
      content: [{ type: 'tool_use', id: 'toolu_1', name: 'where', input: { city: 'Lis' } }],
      stop_reason: 'max_tokens',
    },
  ]);
  await assert.rejects(answer, failsWith('truncated'));
});

test('an answer in text instead of a tool call (a compatible server ignoring tool_choice) is read as JSON', async () => {
  const { answer } = ask([
    { content: [{ type: 'text', text: '```json\n{"city": "Porto"}\n```' }], stop_reason: 'end_turn' },
  ]);
  assert.deepEqual(await answer, { city: 'Porto' });
});

test('text that is not JSON, without a tool call, is invalid_json', async () => {
  const { answer } = ask([{ content: [{ type: 'text', text: 'The company is in Lisbon.' }], stop_reason: 'end_turn' }]);
  await assert.rejects(answer, failsWith('invalid_json'));
});

test('a 429 rate_limit_error is tried again after its retry-after, then the answer is used', async () => {
  const { answer, sent } = ask([
    {
      status: 429,
      headers: { 'retry-after': '1' },
      body: anthropicError('rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit'),
    },
    { input: { city: 'Lisbon' } },
  ]);
  assert.deepEqual(await answer, { city: 'Lisbon' });
  const [first, second] = sent();
  assert.equal(sent().length, 2);
  assert.ok(second.at - first.at >= 950, `retried after ${second.at - first.at} ms`);
});

test('a 529 overloaded_error that lasts ends, after two retries, in a rate_limited LlmError', async () => {
  const { answer, sent } = ask([
    { status: 529, headers: { 'retry-after': '0' }, body: anthropicError('overloaded_error', 'Overloaded') },
  ]);
  await assert.rejects(
    answer,
    failsWith('rate_limited', (err) => {
      assert.equal(err.status, 529);
      assert.match(err.message, /HTTP 529: Overloaded/);
    }),
  );
  assert.equal(sent().length, 3);
});

test('a 429 for a spend limit is not tried again', async () => {
  const body = JSON.stringify({
    type: 'error',
    error: {
      type: 'rate_limit_error',
      message: 'You have reached your monthly spend limit',
      details: { error_code: 'enforced_spend_limit_reached' },
    },
  });
  const { answer, sent } = ask([{ status: 429, body }]);
  await assert.rejects(
    answer,
    failsWith('http', (err) => assert.match(err.message, /monthly spend limit/)),
  );
  assert.equal(sent().length, 1);
});

test("an error body's message is surfaced without the key it echoes", async () => {
  const { answer } = ask([{ status: 401, body: anthropicError('authentication_error', `invalid x-api-key ${KEY}`) }]);
  await assert.rejects(
    answer,
    failsWith('http', (err) => {
      assert.equal(err.status, 401);
      assert.match(err.message, /HTTP 401: invalid x-api-key \[redacted\]/);
      assert.ok(!err.message.includes('SECRET') && !String(err.stack).includes('SECRET'), err.message);
    }),
  );
});

test('without a key the API refuses the request, and the LlmError says why', async () => {
  const { answer } = ask([{ input: {} }], { apiKey: null });
  await assert.rejects(
    answer,
    failsWith('http', (err) => assert.match(err.message, /x-api-key header is required/)),
  );
});

test('an endpoint that does not answer in time ends in a timeout LlmError', async () => {
  const { answer } = ask([{ hang: true }], {}, { timeoutMs: 200 });
  await assert.rejects(answer, failsWith('timeout'));
});
