import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { chatJson, type JsonChatRequest } from '../../../src/drafting/llm/llm-client.js';
import { LlmError } from '../../../src/drafting/llm/llm-error.js';
import { startFakeLlm, type FakeLlmReply } from '../../support/fake-llm.js';

// The OpenAI chat-completions adapter, against a loopback server speaking that wire format (as OpenAI, Ollama's
// and vLLM's /v1 do).

const KEY = 'sk-proj-SECRET-0123456789abcdef';
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

let llm: Awaited<ReturnType<typeof startFakeLlm>>;
before(async () => {
  llm = await startFakeLlm();
});
after(async () => {
  await llm.close();
});

function ask(replies: FakeLlmReply[], extra: Partial<JsonChatRequest> = {}, apiKey: string | null = KEY) {
  llm.reply(...replies);
  const from = llm.requests.length;
  const answer = chatJson({ baseUrl: llm.baseUrl, apiKey, model: 'gpt-test' }, { ...request, ...extra });
  return { answer, sent: () => llm.requests.slice(from) };
}

const failsWith =
  (code: string, check: (err: LlmError) => void = () => {}) =>
  (err: unknown) => {
    assert.ok(err instanceof LlmError, String(err));
    assert.equal(err.code, code, err.message);
    check(err);
    return true;
  };

test('a JSON answer comes back parsed, asked for with the schema as a strict response_format', async () => {
  const { answer, sent } = ask([{ answer: { city: 'Lisbon' } }]);
  assert.deepEqual(await answer, { city: 'Lisbon' });
  const [req] = sent();
  assert.equal(req.path, '/v1/chat/completions');
  assert.equal(req.headers.authorization, `Bearer ${KEY}`);
  assert.equal(req.body.model, 'gpt-test');
  assert.deepEqual(req.body.messages, [
    { role: 'system', content: 'You read websites.' },
    { role: 'user', content: 'Where is the company?' },
  ]);
  assert.deepEqual(req.body.response_format, {
    type: 'json_schema',
    json_schema: { name: 'where', strict: true, schema },
  });
});

test('without a key (a local Ollama or vLLM) no Authorization header is sent', async () => {
  const { answer, sent } = ask([{ answer: { city: null } }], {}, null);
  await answer;
  assert.equal(sent()[0].headers.authorization, undefined);
});

test('a refusal ends in a refused LlmError that says what the model said', async () => {
  const { answer } = ask([{ refusal: "I'm sorry, I can't help with that." }]);
  await assert.rejects(
    answer,
    failsWith('refused', (err) => assert.match(err.message, /declined to answer: I'm sorry, I can't help with that/)),
  );
});

test('an answer cut at the length limit ends in a truncated LlmError, even when a piece of it parses', async () => {
  const { answer } = ask([{ content: '{"city": "Lisbon", "note": {"x": 1}', finish_reason: 'length' }]);
  await assert.rejects(answer, failsWith('truncated'));
});

test('cut JSON without a finish reason saying so is invalid_json', async () => {
  const { answer } = ask([{ content: '{"city": "Lis' }]);
  await assert.rejects(answer, failsWith('invalid_json'));
});

test('a 429 is tried again after the retry-after it gives, then the answer is used', async () => {
  const { answer, sent } = ask([
    {
      status: 429,
      headers: { 'retry-after': '1' },
      body: '{"error":{"message":"Rate limit reached for requests","type":"requests","code":"rate_limit_exceeded"}}',
    },
    { answer: { city: 'Lisbon' } },
  ]);
  assert.deepEqual(await answer, { city: 'Lisbon' });
  const [first, second] = sent();
  assert.equal(sent().length, 2);
  assert.ok(second.at - first.at >= 950, `retried after ${second.at - first.at} ms`);
});

test('a 429 that lasts ends, after two retries, in a rate_limited LlmError with the reason', async () => {
  const { answer, sent } = ask([
    {
      status: 429,
      headers: { 'retry-after-ms': '20' },
      body: '{"error":{"message":"Rate limit reached for gpt-test","code":"rate_limit_exceeded"}}',
    },
  ]);
  await assert.rejects(
    answer,
    failsWith('rate_limited', (err) => {
      assert.equal(err.status, 429);
      assert.match(err.message, /HTTP 429: Rate limit reached for gpt-test/);
    }),
  );
  assert.equal(sent().length, 3);
});

test('a wait longer than the time left is not waited: the rate limit is reported at once', async () => {
  const started = Date.now();
  const { answer, sent } = ask(
    [{ status: 429, headers: { 'retry-after': '30' }, body: '{"error":{"message":"slow down"}}' }],
    {
      timeoutMs: 5000,
    },
  );
  await assert.rejects(
    answer,
    failsWith('rate_limited', (err) => assert.match(err.message, /asks to wait 30 s/)),
  );
  assert.equal(sent().length, 1);
  assert.ok(Date.now() - started < 2000);
});

test('an exhausted quota (429 insufficient_quota) is not tried again', async () => {
  const { answer, sent } = ask([
    {
      status: 429,
      body: '{"error":{"message":"You exceeded your current quota","type":"insufficient_quota","code":"insufficient_quota"}}',
    },
  ]);
  await assert.rejects(
    answer,
    failsWith('http', (err) => assert.match(err.message, /You exceeded your current quota/)),
  );
  assert.equal(sent().length, 1);
});

test('a server that rejects json_schema (older Ollama, some vLLM builds) is asked again in JSON mode', async () => {
  // vLLM's answer when its request model knows only "text" and "json_object".
  const rejected = JSON.stringify({
    object: 'error',
    message:
      "[{'type': 'literal_error', 'loc': ('body', 'response_format', 'type'), 'msg': \"Input should be 'text' or 'json_object'\", 'input': 'json_schema'}]",
    type: 'BadRequestError',
    param: null,
    code: 400,
  });
  const { answer, sent } = ask([{ status: 400, body: rejected }, { answer: { city: 'Lisbon' } }]);
  assert.deepEqual(await answer, { city: 'Lisbon' });
  const [strict, json] = sent();
  assert.equal(strict.body.response_format.type, 'json_schema');
  assert.deepEqual(json.body.response_format, { type: 'json_object' });
  assert.ok(json.body.messages[0].content.startsWith('You read websites.'));
  assert.ok(json.body.messages[0].content.includes(JSON.stringify(schema)), 'the schema is in the system prompt');
  assert.equal(json.body.messages[1].content, 'Where is the company?');
});

test('JSON mode is tried once: a second rejection is the error', async () => {
  const rejected = '{"error":{"message":"invalid response_format","type":"invalid_request_error"}}';
  const { answer, sent } = ask([{ status: 400, body: rejected }]);
  await assert.rejects(
    answer,
    failsWith('http', (err) => assert.match(err.message, /HTTP 400: invalid response_format/)),
  );
  assert.equal(sent().length, 2);
});

test('a 400 about something else is not retried in JSON mode', async () => {
  const { answer, sent } = ask([
    { status: 400, body: '{"error":{"message":"The model `gpt-test` does not exist","type":"invalid_request_error"}}' },
  ]);
  await assert.rejects(
    answer,
    failsWith('http', (err) => assert.equal(err.status, 400)),
  );
  assert.equal(sent().length, 1);
});

test("the endpoint's error message is surfaced without the key it echoes", async () => {
  const echo = `{"error":{"message":"Incorrect API key provided: ${KEY}. You can find your API key at https://platform.openai.com/account/api-keys.","type":"invalid_request_error","code":"invalid_api_key"}}`;
  const { answer } = ask([{ status: 401, body: echo }]);
  await assert.rejects(
    answer,
    failsWith('http', (err) => {
      assert.match(err.message, /HTTP 401: Incorrect API key provided: \[redacted\]/);
      assert.ok(!err.message.includes('SECRET') && !String(err.stack).includes('SECRET'), err.message);
    }),
  );
});

test('a reply that is not a chat completion is a bad_response', async () => {
  const { answer } = ask([{ status: 200, body: '{"object":"list","data":[]}' }]);
  await assert.rejects(answer, failsWith('bad_response'));
});

test('a connection the endpoint closed while idle is replaced: the request is sent once more and answered', async () => {
  let calls = 0;
  const server = http.createServer((req, res) => {
    calls++;
    // The first request meets a connection that dies before any answer, as a kept-alive one closed while idle does.
    if (calls === 1) return req.socket.destroy();
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ choices: [{ message: { content: '{"city":"Lisbon"}' }, finish_reason: 'stop' }] }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const { port } = server.address() as AddressInfo;
    const answer = await chatJson({ baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: KEY, model: 'gpt-test' }, request);
    assert.deepEqual(answer, { city: 'Lisbon' });
    assert.equal(calls, 2);
  } finally {
    server.close();
  }
});

test('a connection that dies twice is a network error, not an endless retry', async () => {
  let calls = 0;
  const server = http.createServer((req) => {
    calls++;
    req.socket.destroy();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  try {
    const { port } = server.address() as AddressInfo;
    await assert.rejects(
      chatJson({ baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: KEY, model: 'gpt-test' }, request),
      (err: unknown) => err instanceof LlmError && err.code === 'network',
    );
    assert.equal(calls, 2);
  } finally {
    server.close();
  }
});
