import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareWithCompetitor } from '../../src/drafting/compare-competitor.js';
import { emptyDraftContent, type DraftContent } from '../../src/drafting/draft-content.js';
import type { Evidence } from '../../src/drafting/evidence.js';

const THEIRS = 'https://rival.example/';
const ev = (quote: string, url = THEIRS, start = 0): Evidence => ({ quote, url, start, end: start + quote.length });

function draft(fields: DraftContent['fields']): DraftContent {
  return { ...emptyDraftContent(), fields };
}

const ours = draft({
  name: { value: 'Tallyflow', evidence: [ev('Tallyflow', 'https://tallyflow.example/')] },
  features: {
    value: ['Automatic invoice reminders', 'Stripe integration', 'Multi-currency invoices'],
    evidence: [ev('Reminders go out automatically for every invoice.', 'https://tallyflow.example/', 10)],
  },
});

const theirs = draft({
  name: { value: 'Rival', evidence: [ev('Rival')] },
  tagline: { value: 'Billing for freelancers', evidence: [ev('Billing for freelancers', THEIRS, 6)] },
  pricing_model: { value: 'Subscription', evidence: [ev('$12 per month', `${THEIRS}pricing`)] },
  pricing_summary: { value: 'Solo $12 per month', evidence: [ev('Solo: $12 per month', `${THEIRS}pricing`, 20)] },
  features: {
    value: ['Sends invoice reminders automatically', 'Time tracking', 'Integrates with Stripe'],
    evidence: [ev('Sends invoice reminders automatically, tracks time, integrates with Stripe.', THEIRS, 40)],
  },
});

test("the competitor's facts come from their draft, with the quotes behind them", () => {
  const c = compareWithCompetitor(ours, theirs, THEIRS);
  assert.equal(c.url, THEIRS);
  assert.equal(c.name, 'Rival');
  assert.equal(c.tagline, 'Billing for freelancers');
  assert.equal(c.pricing_model, 'Subscription');
  assert.equal(c.pricing_summary, 'Solo $12 per month');
  for (const f of ['name', 'tagline', 'pricing_model', 'pricing_summary', 'features'] as const) {
    for (const e of theirs.fields[f]!.evidence) assert.ok(c.evidence.includes(e), `evidence of their ${f}`);
  }
});

test('features are matched by their words, inflections aside, and split into shared and only one side', () => {
  const c = compareWithCompetitor(ours, theirs, THEIRS);
  assert.deepEqual(c.shared_features, ['Automatic invoice reminders', 'Stripe integration']);
  assert.deepEqual(c.only_ours, ['Multi-currency invoices']);
  assert.deepEqual(c.only_theirs, ['Time tracking']);
});

test('a feature of theirs is shared with at most one of ours, the closest', () => {
  const a = draft({
    features: {
      value: ['Invoice reminders by text message', 'Invoice reminders'],
      evidence: [ev('x', 'https://a.example/')],
    },
  });
  const b = draft({ features: { value: ['Invoice reminders'], evidence: [ev('Invoice reminders')] } });
  const c = compareWithCompetitor(a, b, THEIRS);
  assert.deepEqual(c.shared_features, ['Invoice reminders']);
  assert.deepEqual(c.only_ours, ['Invoice reminders by text message']);
  assert.deepEqual(c.only_theirs, []);
});

test('their values without evidence are not shown: nothing about them goes unquoted', () => {
  const unquoted = draft({
    name: { value: 'Rival', evidence: [] },
    features: { value: ['Time tracking'], evidence: [] },
  });
  const c = compareWithCompetitor(ours, unquoted, THEIRS);
  assert.equal(c.name, null);
  assert.deepEqual(c.only_theirs, []);
  assert.deepEqual(c.shared_features, []);
});

test('our own typed features count even though they carry no quotes', () => {
  const typed = draft({ features: { value: ['Time tracking'], evidence: [] } });
  const c = compareWithCompetitor(typed, theirs, THEIRS);
  assert.deepEqual(c.shared_features, ['Time tracking']);
});

test('an empty competitor draft leaves their facts null and every feature ours alone', () => {
  const c = compareWithCompetitor(ours, emptyDraftContent(), THEIRS);
  assert.deepEqual([c.name, c.tagline, c.pricing_model, c.pricing_summary], [null, null, null, null]);
  assert.deepEqual(c.only_ours, ['Automatic invoice reminders', 'Stripe integration', 'Multi-currency invoices']);
  assert.deepEqual(c.only_theirs, []);
  assert.deepEqual(c.evidence, ours.fields.features!.evidence);
});
