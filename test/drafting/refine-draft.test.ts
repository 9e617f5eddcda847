import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  emptyDraftContent,
  type CategoryChoice,
  type DraftContent,
  type ProfileField,
} from '../../src/drafting/draft-content.js';
import { verifyQuote, type SourcePage } from '../../src/drafting/evidence.js';
import { LlmError } from '../../src/drafting/llm/llm-error.js';
import { MALFORMED_OUTPUT, refineDraft, type RefineDraftInput } from '../../src/drafting/llm/refine-draft.js';
import { startFakeLlm, type FakeLlmReply } from '../support/fake-llm.js';

const HOME = 'https://tallyflow.example/';
const ABOUT = 'https://tallyflow.example/about';
const PRICING = 'https://tallyflow.example/pricing';

const pages: SourcePage[] = [
  {
    url: HOME,
    text: [
      'Tallyflow',
      'Invoices that chase themselves.',
      'Tallyflow sends polite payment reminders until every invoice is paid.',
      'Connects to Stripe, Xero and QuickBooks.',
      'Watch the demo: https://www.youtube.com/watch?v=abc123',
      'Follow us on LinkedIn: https://www.linkedin.com/company/tallyflow',
    ].join('\n'),
  },
  {
    url: ABOUT,
    text: [
      'Founded in 2021 in Lisbon, Portugal.',
      'Tallyflow was started by Ana Silva, CEO, after years of chasing late payments at her agency.',
      'Write to hello@tallyflow.example for anything.',
    ].join('\n'),
  },
  {
    url: PRICING,
    text: [
      'Starter: $9/month for 50 invoices.',
      'Team: $29/month for unlimited invoices.',
      'Every plan starts with a 14-day free trial.',
    ].join('\n'),
  },
];

const categories: CategoryChoice[] = [
  { slug: 'invoicing', name: 'Invoicing' },
  { slug: 'finance', name: 'Finance' },
];

const q = (quote: string, url?: string) => ({ quote, url: url ?? '' });

/** What the extractor found: name and tagline, each with its quote. */
function deterministic(): DraftContent {
  const d = emptyDraftContent();
  d.fields.name = { value: 'Tallyflow', evidence: [verifyQuote('Tallyflow', pages)!] };
  d.fields.tagline = {
    value: 'Invoices that chase themselves.',
    evidence: [verifyQuote('Invoices that chase themselves.', pages)!],
  };
  d.faqs = [
    {
      question: 'Is there a trial?',
      answer: 'Every plan starts with a 14-day free trial.',
      evidence: [verifyQuote('Every plan starts with a 14-day free trial.', pages)!],
    },
  ];
  return d;
}

/** A full answer in the schema's shape, with the given fields and parts. */
function answer(fields: Record<string, unknown>, parts: Record<string, unknown> = {}) {
  return {
    fields,
    faqs: [],
    founders: [],
    company_socials: [],
    founder_socials: [],
    story: [],
    milestones: [],
    seo: { title: { value: null, quotes: [] }, meta: { value: null, quotes: [] } },
    ...parts,
  };
}

const KEY = 'sk-test-SECRET-0123456789abcdef';
let llm: Awaited<ReturnType<typeof startFakeLlm>>;
before(async () => {
  llm = await startFakeLlm();
});
after(async () => {
  await llm.close();
});

async function refine(reply: FakeLlmReply, extra: Partial<RefineDraftInput> = {}) {
  llm.reply(reply);
  return refineDraft({
    pages,
    deterministic: deterministic(),
    categories,
    llm: { baseUrl: llm.baseUrl, apiKey: KEY, model: 'test-model' },
    ...extra,
  });
}

test('a value quoted from a page is accepted, with where its quote stands on that page', async () => {
  const { content, rejected } = await refine({
    answer: answer({ founded_year: { value: '2021', quotes: [q('Founded in 2021 in Lisbon, Portugal.', ABOUT)] } }),
  });
  assert.deepEqual(rejected, []);
  const p = content.fields.founded_year!;
  assert.equal(p.value, '2021');
  assert.equal(p.evidence.length, 1);
  assert.equal(p.evidence[0].url, ABOUT);
  assert.equal(pages[1].text.slice(p.evidence[0].start, p.evidence[0].end), 'Founded in 2021 in Lisbon, Portugal.');
});

test('a value without any quote is rejected and the deterministic value stays', async () => {
  const { content, rejected } = await refine(
    { answer: answer({ tagline: { value: 'Get paid on time, every time', quotes: [] } }) },
    { only: ['tagline'] },
  );
  assert.deepEqual(rejected, [
    { field: 'tagline', value: 'Get paid on time, every time', reason: 'no verified quote' },
  ]);
  assert.equal(content.fields.tagline!.value, 'Invoices that chase themselves.');
});

test('a misquoted value is rejected: the quote must stand on a fetched page word for word', async () => {
  const { content, rejected } = await refine({
    answer: answer({ city: { value: 'Lisbon', quotes: [q('Founded in 2021 in sunny Lisbon.', ABOUT)] } }),
  });
  assert.deepEqual(rejected, [{ field: 'city', value: 'Lisbon', reason: 'no verified quote' }]);
  assert.equal(content.fields.city, undefined);
});

test('a city the gazetteer does not know is rejected, however well quoted', async () => {
  const { content, rejected } = await refine({
    answer: answer({ city: { value: 'Invoices', quotes: [q('Invoices that chase themselves.', HOME)] } }),
  });
  assert.deepEqual(rejected, [{ field: 'city', value: 'Invoices', reason: 'not a city the gazetteer knows' }]);
  assert.equal(content.fields.city, undefined);
});

test('a founding year whose quote names another year is rejected', async () => {
  const { content, rejected } = await refine({
    answer: answer({ founded_year: { value: '2019', quotes: [q('Founded in 2021 in Lisbon, Portugal.')] } }),
  });
  assert.deepEqual(rejected, [{ field: 'founded_year', value: '2019', reason: 'quote does not support the value' }]);
  assert.equal(content.fields.founded_year, undefined);
});

test('a country the quote does not name is rejected', async () => {
  const { content, rejected } = await refine({
    answer: answer({ country: { value: 'ES', quotes: [q('Founded in 2021 in Lisbon, Portugal.')] } }),
  });
  assert.deepEqual(rejected, [{ field: 'country', value: 'ES', reason: 'quote does not support the value' }]);
  assert.equal(content.fields.country, undefined);
});

test('a country the quote names is kept as its ISO code, even when the model wrote the name', async () => {
  const { content, rejected } = await refine({
    answer: answer({ country: { value: 'Portugal', quotes: [q('Founded in 2021 in Lisbon, Portugal.')] } }),
  });
  assert.deepEqual(rejected, []);
  assert.equal(content.fields.country!.value, 'PT');
});

test('an e-mail address the quote does not contain is rejected', async () => {
  const { content, rejected } = await refine({
    answer: answer({
      contact_email: {
        value: 'sales@tallyflow.example',
        quotes: [q('Write to hello@tallyflow.example for anything.')],
      },
    }),
  });
  assert.deepEqual(rejected, [
    { field: 'contact_email', value: 'sales@tallyflow.example', reason: 'quote does not support the value' },
  ]);
  assert.equal(content.fields.contact_email, undefined);
});

test('links are kept only when their quote shows them: demo video yes, an invented social no', async () => {
  const { content, rejected } = await refine({
    answer: answer(
      {
        demo_video_url: {
          value: 'https://www.youtube.com/watch?v=abc123',
          quotes: [q('Watch the demo: https://www.youtube.com/watch?v=abc123')],
        },
      },
      {
        company_socials: [
          {
            platform: 'linkedin',
            url: 'https://www.linkedin.com/company/tallyflow',
            quotes: [q('Follow us on LinkedIn: https://www.linkedin.com/company/tallyflow')],
          },
          {
            platform: 'x',
            url: 'https://x.com/tallyflow',
            quotes: [q('Follow us on LinkedIn: https://www.linkedin.com/company/tallyflow')],
          },
        ],
      },
    ),
  });
  assert.equal(content.fields.demo_video_url!.value, 'https://www.youtube.com/watch?v=abc123');
  assert.equal(content.company_socials.linkedin!.value, 'https://www.linkedin.com/company/tallyflow');
  assert.equal(content.company_socials.x, undefined);
  assert.deepEqual(rejected, [
    { field: 'company_socials.x', value: 'https://x.com/tallyflow', reason: 'quote does not support the value' },
  ]);
});

test('every price in a pricing summary must appear in its quotes', async () => {
  const quotes = [q('Starter: $9/month for 50 invoices.'), q('Team: $29/month for unlimited invoices.')];
  const good = await refine({
    answer: answer({
      pricing_summary: { value: 'Starter $9/month for 50 invoices; Team $29/month, unlimited invoices.', quotes },
    }),
  });
  assert.equal(good.content.fields.pricing_summary!.evidence.length, 2);
  const bad = await refine({
    answer: answer({
      pricing_summary: { value: 'Starter $9/month for 50 invoices; Team $19/month, unlimited invoices.', quotes },
    }),
  });
  assert.equal(bad.content.fields.pricing_summary, undefined);
  assert.equal(bad.rejected[0].reason, 'quote does not support the value');
});

test('categories outside the list are rejected and listed ones take their canonical name', async () => {
  const why = [q('Tallyflow sends polite payment reminders until every invoice is paid.')];
  const { content, rejected } = await refine({
    answer: answer({
      categories: {
        items: [
          { value: 'invoicing', quotes: why },
          { value: 'Blockchain', quotes: why },
        ],
      },
    }),
  });
  assert.deepEqual(content.fields.categories!.value, ['Invoicing']);
  assert.deepEqual(rejected, [{ field: 'categories', value: 'Blockchain', reason: 'not a category from the list' }]);
});

test('a paraphrase is accepted but an invented claim quoting a real sentence is rejected', async () => {
  const quote = [q('Tallyflow sends polite payment reminders until every invoice is paid.')];
  const { content, rejected } = await refine({
    answer: answer({
      short_description: { value: 'Tallyflow sends polite reminders until each invoice gets paid.', quotes: quote },
      usps: { items: [{ value: 'Trusted by Fortune 500 companies worldwide', quotes: quote }] },
    }),
  });
  assert.equal(
    content.fields.short_description!.value,
    'Tallyflow sends polite reminders until each invoice gets paid.',
  );
  assert.equal(content.fields.usps, undefined);
  assert.deepEqual(rejected, [
    { field: 'usps', value: 'Trusted by Fortune 500 companies worldwide', reason: 'quote does not support the value' },
  ]);
});

test('a feature list keeps its quoted items and drops the invented one', async () => {
  const { content, rejected } = await refine({
    answer: answer({
      features: {
        items: [
          { value: 'Connects to Stripe, Xero and QuickBooks', quotes: [q('Connects to Stripe, Xero and QuickBooks.')] },
          { value: 'Built-in payroll for remote teams', quotes: [q('Connects to Stripe, Xero and QuickBooks.')] },
        ],
      },
    }),
  });
  assert.deepEqual(content.fields.features!.value, ['Connects to Stripe, Xero and QuickBooks']);
  assert.equal(rejected.length, 1);
  assert.equal(rejected[0].value, 'Built-in payroll for remote teams');
});

test('a quote of under eight characters counts only when it is a whole line of the page', async () => {
  const { content, rejected } = await refine({
    answer: answer({
      name: { value: 'Tallyflow', quotes: [q('Tallyflow', HOME)] },
      city: { value: 'Lisbon', quotes: [q('Lisbon', ABOUT)] },
    }),
  });
  assert.equal(content.fields.name!.evidence[0].start, 0);
  assert.equal(content.fields.city, undefined);
  assert.deepEqual(rejected, [{ field: 'city', value: 'Lisbon', reason: 'no verified quote' }]);
});

test('a founder is kept with the role the quote gives, without the link it does not show', async () => {
  const about = [q('Tallyflow was started by Ana Silva, CEO, after years of chasing late payments at her agency.')];
  const { content, rejected } = await refine({
    answer: answer(
      {},
      {
        founders: [
          {
            name: 'Ana Silva',
            title: 'CEO',
            bio: null,
            socials: [{ platform: 'linkedin', url: 'https://www.linkedin.com/in/anasilva' }],
            quotes: about,
          },
        ],
      },
    ),
  });
  assert.equal(content.founders.length, 1);
  assert.equal(content.founders[0].name, 'Ana Silva');
  assert.equal(content.founders[0].title, 'CEO');
  assert.equal(content.founders[0].socials, undefined);
  assert.deepEqual(rejected, [
    {
      field: 'founders[0].socials.linkedin',
      value: 'https://www.linkedin.com/in/anasilva',
      reason: 'quote does not support the value',
    },
  ]);
});

test('a founder the extractor also found keeps the links the model did not repeat', async () => {
  const about = 'Tallyflow was started by Ana Silva, CEO, after years of chasing late payments at her agency.';
  const known = deterministic();
  known.founders = [
    {
      name: 'Ana Silva',
      socials: { linkedin: 'https://www.linkedin.com/in/anasilva' },
      evidence: [verifyQuote(about, pages)!],
    },
  ];
  llm.reply({
    answer: answer({}, { founders: [{ name: 'Ana Silva', title: 'CEO', bio: null, socials: [], quotes: [q(about)] }] }),
  });
  const { content } = await refineDraft({
    pages,
    deterministic: known,
    categories,
    llm: { baseUrl: llm.baseUrl, model: 'test-model' },
  });
  assert.deepEqual(
    content.founders.map((f) => [f.name, f.title, f.socials?.linkedin]),
    [['Ana Silva', 'CEO', 'https://www.linkedin.com/in/anasilva']],
  );
  assert.equal(llm.requests.at(-1)!.headers.authorization, undefined);
});

test('a milestone needs its year in the quote', async () => {
  const founded = [q('Founded in 2021 in Lisbon, Portugal.')];
  const { content, rejected } = await refine({
    answer: answer(
      {},
      {
        milestones: [
          { date: '2021-01-01', title: 'Founded in Lisbon', description: null, url: null, quotes: founded },
          { date: '2019-06-01', title: 'Founded in Lisbon', description: null, url: null, quotes: founded },
        ],
      },
    ),
  });
  assert.deepEqual(
    content.milestones.map((m) => m.date),
    ['2021-01-01'],
  );
  assert.equal(rejected.length, 1);
  assert.equal(rejected[0].field, 'milestones[1]');
});

test('malformed JSON from the model keeps the whole deterministic draft', async () => {
  const { content, rejected } = await refine({ content: '{"fields": {"tagline": {"value": "Get paid' });
  assert.deepEqual(content, deterministic());
  assert.deepEqual(rejected, [{ field: '*', value: null, reason: MALFORMED_OUTPUT }]);
});

test('JSON wrapped in a ```json fence is read like plain JSON', async () => {
  const json = JSON.stringify(
    answer({ city: { value: 'Lisbon', quotes: [q('Founded in 2021 in Lisbon, Portugal.')] } }),
  );
  const { content } = await refine({ content: `Here is the profile:\n\`\`\`json\n${json}\n\`\`\`` });
  assert.equal(content.fields.city!.value, 'Lisbon');
});

test('an answer of the wrong shape is rejected piece by piece, never thrown', async () => {
  const { content, rejected } = await refine({
    answer: {
      fields: {
        name: 'Tallyflow',
        tagline: { value: 42, quotes: 'x' },
        features: { items: 'none' },
        founded_year: { value: '2021', quotes: [7, null] },
      },
      faqs: 'none',
      founders: [null, 3],
      company_socials: { linkedin: 'x' },
      story: [{ section: 'epilogue' }],
      milestones: [{}],
      seo: [],
    },
  });
  assert.deepEqual(content, deterministic());
  assert.ok(rejected.length > 0);
});

test('with `only`, just those fields are asked for and only they change', async () => {
  const { content } = await refine(
    {
      answer: answer(
        {
          tagline: {
            value: 'Payment reminders until every invoice is paid',
            quotes: [q('Tallyflow sends polite payment reminders until every invoice is paid.')],
          },
          name: {
            value: 'Tallyflow',
            quotes: [q('Tallyflow sends polite payment reminders until every invoice is paid.')],
          },
        },
        {
          faqs: [
            {
              question: 'Does it connect to Xero?',
              answer: 'Yes, it connects to Stripe, Xero and QuickBooks.',
              quotes: [q('Connects to Stripe, Xero and QuickBooks.')],
            },
          ],
        },
      ),
    },
    { only: ['tagline'] as ProfileField[] },
  );
  assert.equal(content.fields.tagline!.value, 'Payment reminders until every invoice is paid');
  assert.deepEqual(content.fields.name, deterministic().fields.name);
  assert.deepEqual(content.faqs, deterministic().faqs);
  const schema = llm.requests.at(-1)!.body.response_format.json_schema.schema;
  assert.deepEqual(Object.keys(schema.properties.fields.properties), ['tagline']);
  assert.equal(schema.properties.faqs, undefined);
});

test('limits hold: at most 10 FAQs, a tagline of 500 characters and an SEO title of 70', async () => {
  const faqPage: SourcePage = {
    url: 'https://tallyflow.example/faq',
    text: Array.from(
      { length: 12 },
      (_, i) => `Can invoice ${i + 1} be sent by email?\nYes, invoice ${i + 1} can be sent by email.`,
    ).join('\n'),
  };
  const faqs = Array.from({ length: 12 }, (_, i) => ({
    question: `Can invoice ${i + 1} be sent by email?`,
    answer: `Yes, invoice ${i + 1} can be sent by email.`,
    quotes: [q(`Can invoice ${i + 1} be sent by email?`), q(`Yes, invoice ${i + 1} can be sent by email.`)],
  }));
  const long = 'Tallyflow sends polite payment reminders until every invoice is paid. '.repeat(8);
  const withoutTagline = deterministic();
  delete withoutTagline.fields.tagline;
  const { content, rejected } = await refine(
    {
      answer: answer(
        {
          tagline: {
            value: long,
            quotes: [q('Tallyflow sends polite payment reminders until every invoice is paid.')],
          },
        },
        {
          faqs,
          seo: {
            title: {
              value: `${long.slice(0, 69)} and more`,
              quotes: [q('Tallyflow sends polite payment reminders until every invoice is paid.')],
            },
            meta: { value: null, quotes: [] },
          },
        },
      ),
    },
    { pages: [...pages, faqPage], deterministic: withoutTagline },
  );
  assert.equal(content.faqs.length, 10);
  assert.equal(content.fields.tagline, undefined);
  assert.equal(content.seo.title, undefined);
  assert.deepEqual(
    rejected.map((r) => [r.field, r.reason]),
    [
      ['tagline', 'longer than 500 characters'],
      ['faqs', 'more than 10 items'],
      ['seo.title', 'longer than 70 characters'],
    ],
  );
});

test('a full draft asks the model only for the fields the extractor left empty', async () => {
  await refine({ answer: answer({}) });
  const asked = Object.keys(llm.requests.at(-1)!.body.response_format.json_schema.schema.properties.fields.properties);
  assert.ok(!asked.includes('name') && !asked.includes('tagline'), asked.join(', '));
  assert.ok(asked.includes('founded_year') && asked.includes('country'));
});

test('a value the extractor already quoted is kept even when the model offers another', async () => {
  const { content } = await refine({
    answer: answer({
      tagline: {
        value: 'Payment reminders until every invoice is paid',
        quotes: [q('Tallyflow sends polite payment reminders until every invoice is paid.')],
      },
    }),
  });
  assert.equal(content.fields.tagline!.value, 'Invoices that chase themselves.');
});

test('the request names the model, sends the key as a bearer token and asks for strict JSON-schema output', async () => {
  await refine({ answer: answer({}) });
  const req = llm.requests.at(-1)!;
  assert.equal(req.path, '/v1/chat/completions');
  assert.equal(req.headers.authorization, `Bearer ${KEY}`);
  assert.equal(req.body.model, 'test-model');
  assert.equal(req.body.response_format.type, 'json_schema');
  assert.equal(req.body.response_format.json_schema.strict, true);
  assert.ok(req.body.response_format.json_schema.schema.properties.fields.properties.founded_year);
  const user: string = req.body.messages.at(-1).content;
  assert.ok(user.includes('Founded in 2021 in Lisbon, Portugal.'));
  assert.ok(user.includes('Invoicing') && user.includes('Finance'));
});

test('page texts are cut to the budget, homepage, about and pricing first', async () => {
  const blog: SourcePage = {
    url: 'https://tallyflow.example/blog',
    text: 'Late payments cost small agencies dearly.\n'.repeat(200),
  };
  await refine({ answer: answer({}) }, { pages: [blog, pages[2], pages[0], pages[1]], pageBudget: 1500 });
  const user: string = llm.requests.at(-1)!.body.messages.at(-1).content;
  const at = (url: string) => user.indexOf(`=== PAGE ${url}`);
  assert.ok(
    at(HOME) >= 0 &&
      at(HOME) < at(ABOUT) &&
      at(ABOUT) < at(PRICING) &&
      at(PRICING) < at('https://tallyflow.example/blog'),
  );
  const pageText = user.slice(at(HOME)).replace(/=== PAGE [^\n]* ===\n/g, '');
  assert.ok(pageText.length <= 1500 + 10, `page text is ${pageText.length} characters`);
  assert.ok(user.includes('Team: $29/month for unlimited invoices.'));
});

test('an HTTP error from the endpoint becomes an LlmError the caller can fall back on', async () => {
  await assert.rejects(refine({ status: 500, body: '{"error":{"message":"model overloaded"}}' }), (err: unknown) => {
    assert.ok(err instanceof LlmError);
    assert.equal(err.code, 'http');
    assert.equal(err.status, 500);
    assert.match(err.message, /HTTP 500: model overloaded/);
    return true;
  });
});

test('the API key never appears in an error message, even when the server echoes it', async () => {
  const echo = `{"error":{"message":"Incorrect API key provided: ${KEY}. Keys look like sk-test-SECRET-01****cdef."}}`;
  await assert.rejects(refine({ status: 401, body: echo }), (err: unknown) => {
    assert.ok(err instanceof LlmError);
    assert.ok(!err.message.includes(KEY), err.message);
    assert.ok(!err.message.includes('SECRET'), err.message);
    assert.ok(!String(err.stack).includes('SECRET'));
    return true;
  });
});

test('an endpoint that does not answer in time ends in a timeout LlmError', async () => {
  await assert.rejects(
    refine({ hang: true }, { timeoutMs: 200 }),
    (err: unknown) => err instanceof LlmError && err.code === 'timeout',
  );
});

test('a cancelled request ends in an aborted LlmError', async () => {
  const controller = new AbortController();
  setTimeout(() => controller.abort(), 50);
  await assert.rejects(
    refine({ hang: true }, { signal: controller.signal }),
    (err: unknown) => err instanceof LlmError && err.code === 'aborted',
  );
});

test('an unreachable endpoint becomes a network LlmError', async () => {
  const closed = await startFakeLlm();
  const baseUrl = closed.baseUrl;
  await closed.close();
  await assert.rejects(
    refineDraft({ pages, deterministic: deterministic(), categories, llm: { baseUrl, apiKey: KEY, model: 'm' } }),
    (err: unknown) => err instanceof LlmError && err.code === 'network' && !err.message.includes(KEY),
  );
});
