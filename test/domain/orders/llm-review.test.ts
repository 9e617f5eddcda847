import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { llmReviewProfile } from '../../../src/domain/orders/llm-review.js';
import type { ListingProfile } from '../../../src/domain/listings/listing-profile.js';
import { startFakeAnthropic } from '../../support/fake-anthropic.js';
import { startFakeLlm } from '../../support/fake-llm.js';

const profile = {
  name: 'Tallyflow',
  tagline: 'Invoices that chase themselves',
  short_description: 'Invoicing for freelancers',
  description: 'Tallyflow sends invoices and reminders.',
  features: ['Reminders', 'Stripe payouts'],
  pricing: { model: 'freemium', summary: null },
  faqs: [],
  founders: [],
  seo: { title: 'Tallyflow', description: '' },
  logo_url: null,
  demo_video_url: null,
  socials: {},
} as unknown as ListingProfile;

let llm: Awaited<ReturnType<typeof startFakeLlm>>;
before(async () => {
  llm = await startFakeLlm();
});
after(async () => {
  await llm.close();
});
const settings = () => ({ baseUrl: llm.baseUrl, model: 'reviewer' });

test('points that quote their field verbatim are kept, whatever the spacing and case', async () => {
  llm.reply({
    answer: {
      summary: 'Two things.',
      points: [
        { field: 'tagline', severity: 'weak', advice: 'Say who it is for.', quote: 'invoices  that chase themselves' },
        { field: 'description', severity: 'weak', advice: 'Too short.', quote: 'Tallyflow sends invoices' },
      ],
    },
  });
  const review = await llmReviewProfile(settings(), profile);
  assert.equal(review?.summary, 'Two things.');
  assert.deepEqual(
    review?.points.map((p) => p.field),
    ['tagline', 'description'],
  );
});

test('a quote the profile does not contain is dropped, so the review never invents words', async () => {
  llm.reply({
    answer: {
      summary: 'x',
      points: [
        { field: 'tagline', severity: 'weak', advice: 'Vague.', quote: 'The best invoicing app in the world' },
        { field: 'faqs', severity: 'missing', advice: 'Add FAQs.', quote: null },
      ],
    },
  });
  const review = await llmReviewProfile(settings(), profile);
  assert.deepEqual(review?.points, [{ field: 'faqs', severity: 'missing', advice: 'Add FAQs.', quote: null }]);
});

test('"missing" is only believed for a field that is empty', async () => {
  llm.reply({
    answer: {
      summary: 'x',
      points: [{ field: 'tagline', severity: 'missing', advice: 'Add a tagline.', quote: null }],
    },
  });
  assert.equal(await llmReviewProfile(settings(), profile), null);
});

test('a model that fails gives no review (the checklist writes it instead)', async () => {
  llm.reply({ status: 500, body: 'overloaded' });
  assert.equal(await llmReviewProfile(settings(), profile), null);
});

test("through Anthropic's Messages API the review is the tool call's input, checked the same way", async () => {
  const api = await startFakeAnthropic([
    {
      input: {
        summary: 'One thing.',
        points: [
          { field: 'tagline', severity: 'weak', advice: 'Say who it is for.', quote: 'Invoices that chase themselves' },
          { field: 'tagline', severity: 'weak', advice: 'Invented.', quote: 'The best invoicing app' },
        ],
      },
    },
  ]);
  try {
    const review = await llmReviewProfile(
      { provider: 'anthropic', baseUrl: api.baseUrl, apiKey: 'sk-ant-test', model: 'claude-test' },
      profile,
    );
    assert.deepEqual(
      review?.points.map((p) => p.advice),
      ['Say who it is for.'],
    );
    assert.equal(api.requests[0].body.tool_choice.name, 'profile_review');
  } finally {
    await api.close();
  }
});
