import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sourcesOf, verifiedEvidence, verifyQuote } from '../../src/drafting/evidence.js';

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
  const ev = verifiedEvidence(
    [
      { quote: 'Founded in 2021', url: 'https://t.example/about' },
      { quote: 'Founded in 2021' },
      { quote: 'Founded in 1999' },
    ],
    pages,
  );
  assert.equal(ev.length, 1);
  assert.equal(ev[0].url, 'https://t.example/about');
});

test('a quote found in a page’s head or link text says which, with positions in that text', () => {
  const page = {
    url: 'https://t.example/',
    text: 'Invoices that chase themselves',
    headText: 'Tallyflow — Invoices\n2021-03-15\nPT',
    linkText: 'https://x.com/tallyflowhq\nmailto:hello@t.example',
  };
  const sources = sourcesOf(page);
  assert.deepEqual(
    sources.map((s) => s.source),
    ['text', 'head', 'links'],
  );
  const founded = verifyQuote('2021-03-15', sources)!;
  assert.equal(founded.source, 'head');
  assert.equal(page.headText.slice(founded.start, founded.end), '2021-03-15');
  const mail = verifyQuote('mailto:hello@t.example', sources)!;
  assert.equal(mail.source, 'links');
  assert.equal(page.linkText.slice(mail.start, mail.end), 'mailto:hello@t.example');
});

test('quotes from visible text say so, as before', () => {
  assert.equal(verifyQuote('Founded in 2021', pages)!.source, 'text');
});

test('a page without head or link text has only its visible text as a source', () => {
  assert.deepEqual(
    sourcesOf({ url: 'https://t.example/', text: 'x y' }).map((s) => s.source),
    ['text'],
  );
  assert.deepEqual(sourcesOf({ url: 'https://t.example/' }), []);
});

test('a quote claiming a source is checked there first', () => {
  const sources = sourcesOf({ url: 'https://t.example/', text: 'Tallyflow sends reminders', headText: 'Tallyflow' });
  const [e] = verifiedEvidence([{ quote: 'Tallyflow', url: 'https://t.example/', source: 'head' }], sources);
  assert.equal(e.source, 'head');
  const [v] = verifiedEvidence([{ quote: 'Tallyflow', url: 'https://t.example/' }], sources);
  assert.equal(v.source, 'text');
});

test('the same quote from two sources of a page counts twice; from one source once', () => {
  const sources = sourcesOf({ url: 'https://t.example/', text: 'Tallyflow', headText: 'Tallyflow' });
  assert.equal(
    verifiedEvidence(
      [
        { quote: 'Tallyflow', source: 'head', url: 'https://t.example/' },
        { quote: 'Tallyflow', source: 'text', url: 'https://t.example/' },
      ],
      sources,
    ).length,
    2,
  );
  assert.equal(verifiedEvidence([{ quote: 'Tallyflow' }, { quote: 'Tallyflow' }], sources).length, 1);
});

test('positions are exact in text with tabs, runs of spaces or leading whitespace too', () => {
  const text = '  Starter:\t$9 /\n\n month  ';
  const e = verifyQuote('Starter: $9 / month', [{ url: 'u', text }])!;
  assert.equal(text.slice(e.start, e.end), 'Starter:\t$9 /\n\n month');
});

test('checking many quotes against a large page does not rescan it per quote', () => {
  const text = Array.from({ length: 40_000 }, (_, i) => `Line ${i} of a long page about invoices.`).join('\n');
  const page = { url: 'u', text };
  const started = performance.now();
  for (let i = 0; i < 300; i++) assert.ok(verifyQuote(`Line ${i * 100} of a long page`, [page]));
  // A guard against quadratic work (tens of seconds here), not a speed target: generous for a busy machine.
  assert.ok(performance.now() - started < 10_000);
});
