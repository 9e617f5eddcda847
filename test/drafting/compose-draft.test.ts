import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../src/config.js';
import type { CrawledPage } from '../../src/crawler/crawl-site.js';
import { extractPage } from '../../src/crawler/page-text.js';
import { composeDraft } from '../../src/drafting/compose-draft.js';
import { MALFORMED_OUTPUT, REFUSED_OUTPUT } from '../../src/drafting/llm/refine-draft.js';
import { anthropicError, startFakeAnthropic } from '../support/fake-anthropic.js';
import { startFakeLlm } from '../support/fake-llm.js';

// End to end from the LLM_* settings: the provider's adapter, the real refineDraft and its quote verification.

const URL_ = 'https://tallyflow.example/';
const html = `<!doctype html><html lang="en"><head><title>Tallyflow</title></head><body><h1>Tallyflow</h1>
<p>Invoices that chase themselves.</p>
<p>Our small team works from an office in Lisbon, Portugal, and has done since 2021.</p>
<p>Every reminder is polite, and it stops the moment the invoice is paid.</p></body></html>`;
const pages: CrawledPage[] = [
  { url: URL_, kind: 'homepage', status: 200, contentType: 'text/html', ...extractPage(html, URL_) },
];

/** The model's answer: a founding year quoted from the page, and an e-mail address quoting a line that is not there. */
const answer = {
  fields: {
    founded_year: {
      value: '2021',
      quotes: [
        { quote: 'Our small team works from an office in Lisbon, Portugal, and has done since 2021.', url: URL_ },
      ],
    },
    contact_email: {
      value: 'hello@tallyflow.example',
      quotes: [{ quote: 'Write to hello@tallyflow.example for anything.', url: URL_ }],
    },
  },
  faqs: [],
  founders: [],
  company_socials: [],
  founder_socials: [],
  story: [],
  milestones: [],
  seo: { title: { value: null, quotes: [] }, meta: { value: null, quotes: [] } },
};

let openai: Awaited<ReturnType<typeof startFakeLlm>>;
let anthropic: Awaited<ReturnType<typeof startFakeAnthropic>>;
before(async () => {
  [openai, anthropic] = await Promise.all([startFakeLlm(), startFakeAnthropic()]);
});
after(async () => {
  await Promise.all([openai.close(), anthropic.close()]);
});

const draft = (env: Record<string, string>) => composeDraft(pages, { categories: [], llm: loadConfig(env).llm });
const withoutModel = () => draft({});

async function assertRefinedFromQuotes(result: Awaited<ReturnType<typeof draft>>) {
  assert.equal(result.llmError, null);
  assert.equal(result.content.fields.founded_year?.value, '2021', 'the quoted value is kept');
  assert.equal(result.content.fields.founded_year?.evidence[0].url, URL_);
  assert.equal(result.content.fields.contact_email, undefined, 'the value whose quote is not on the page is dropped');
  assert.deepEqual(result.rejected, [
    { field: 'contact_email', value: 'hello@tallyflow.example', reason: 'no verified quote' },
  ]);
  // What the extractor found stands.
  const plain = (await withoutModel()).content;
  assert.equal(plain.fields.founded_year, undefined);
  assert.deepEqual(result.content.fields.city, plain.fields.city);
}

test('OpenAI: a draft is refined, a proposed value kept only when its quote is on the page', async () => {
  openai.reply({ answer });
  const result = await draft({ LLM_BASE_URL: openai.baseUrl, LLM_API_KEY: 'sk-test', LLM_MODEL: 'gpt-test' });
  await assertRefinedFromQuotes(result);
  assert.equal(openai.requests.at(-1)!.body.response_format.type, 'json_schema');
});

test('Ollama without json_schema support: refined in JSON mode, under the same verification', async () => {
  openai.reply(
    {
      status: 400,
      body: '{"error":{"message":"invalid response_format type: json_schema","type":"invalid_request_error"}}',
    },
    { answer },
  );
  const result = await draft({ LLM_BASE_URL: openai.baseUrl, LLM_MODEL: 'llama3.1' });
  await assertRefinedFromQuotes(result);
  assert.deepEqual(openai.requests.at(-1)!.body.response_format, { type: 'json_object' });
  assert.equal(openai.requests.at(-1)!.headers.authorization, undefined);
});

test('Anthropic: a draft is refined through the Messages API, a proposed value kept only when its quote is on the page', async () => {
  anthropic.reply({ input: answer });
  const result = await draft({
    LLM_PROVIDER: 'anthropic',
    LLM_BASE_URL: anthropic.baseUrl,
    LLM_API_KEY: 'sk-ant-test',
    LLM_MODEL: 'claude-test',
  });
  await assertRefinedFromQuotes(result);
  const sent = anthropic.requests.at(-1)!;
  assert.equal(sent.body.tool_choice.name, sent.body.tools[0].name);
  assert.ok(sent.body.tools[0].input_schema.properties.fields.properties.founded_year);
});

test('a refusal leaves the draft as the extractor made it', async () => {
  anthropic.reply({ content: [], stop_reason: 'refusal' });
  const result = await draft({
    LLM_PROVIDER: 'anthropic',
    LLM_BASE_URL: anthropic.baseUrl,
    LLM_API_KEY: 'sk-ant-test',
    LLM_MODEL: 'claude-test',
  });
  assert.deepEqual(result.content, (await withoutModel()).content);
  assert.deepEqual(result.rejected, [{ field: '*', value: null, reason: REFUSED_OUTPUT }]);
});

test('an answer cut at the length limit leaves the draft as the extractor made it', async () => {
  openai.reply({ content: JSON.stringify(answer).slice(0, 120), finish_reason: 'length' });
  const result = await draft({ LLM_BASE_URL: openai.baseUrl, LLM_API_KEY: 'sk-test', LLM_MODEL: 'gpt-test' });
  assert.deepEqual(result.content, (await withoutModel()).content);
  assert.deepEqual(result.rejected, [{ field: '*', value: null, reason: MALFORMED_OUTPUT }]);
});

test('a model still rate-limited after its retries leaves the draft as the extractor made it, and says why', async () => {
  anthropic.reply({
    status: 429,
    headers: { 'retry-after': '0' },
    body: anthropicError('rate_limit_error', 'Number of requests has exceeded your per-minute rate limit'),
  });
  const result = await draft({
    LLM_PROVIDER: 'anthropic',
    LLM_BASE_URL: anthropic.baseUrl,
    LLM_API_KEY: 'sk-ant-test',
    LLM_MODEL: 'claude-test',
  });
  assert.deepEqual(result.content, (await withoutModel()).content);
  assert.match(result.llmError ?? '', /rate-limited .*HTTP 429: Number of requests has exceeded/);
});
