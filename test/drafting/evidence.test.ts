import { test } from 'node:test';
import assert from 'node:assert/strict';
import { verifiedEvidence, verifyQuote } from '../../src/drafting/evidence.js';

const pages = [
  { url: 'https://t.example/', text: 'Tallyflow\nInvoices that   chase themselves.\nStarter: $9/month' },
  { url: 'https://t.example/about', text: 'Founded in 2021 in Lisbon, Portugal.' },
];

test('a quote matches despite different whitespace and points at its place in the page text', () => {
  const e = verifyQuote('Invoices that chase\nthemselves.', pages)!;
  assert.equal(e.url, 'https://t.example/');
  assert.equal(pages[0].text.slice(e.start, e.end), 'Invoices that   chase themselves.');
  assert.equal(e.quote, 'Invoices that   chase themselves.');
});

test('a misquote is not evidence: case, digits and words must match', () => {
  assert.equal(verifyQuote('invoices that chase themselves', pages), null);
  assert.equal(verifyQuote('Founded in 2020', pages), null);
  assert.equal(verifyQuote('Starter: $19/month', pages), null);
  assert.equal(verifyQuote(' ', pages), null);
});

test('only verified quotes survive, each once', () => {
  const ev = verifiedEvidence([
    { quote: 'Founded in 2021', url: 'https://t.example/about' },
    { quote: 'Founded in 2021' },
    { quote: 'Founded in 1999' },
  ], pages);
  assert.equal(ev.length, 1);
  assert.equal(ev[0].url, 'https://t.example/about');
});
