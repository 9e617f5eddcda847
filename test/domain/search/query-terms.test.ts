import { test } from 'node:test';
import assert from 'node:assert/strict';
import { queryWords, rankCorrections, tsQueryText } from '../../../src/domain/search/query-terms.js';
import { normaliseDomain } from '../../../src/domain/search/search-listings.js';

test('query words are lowercase, unaccented and free of operators', () => {
  assert.deepEqual(queryWords('Café  LEDGER!'), ['cafe', 'ledger']);
  assert.deepEqual(queryWords("a & b | !c:* (d) 'e'"), ['a', 'b', 'c', 'd', 'e']);
  assert.deepEqual(queryWords('   '), []);
});

test('repeated words count once and a query keeps at most twelve', () => {
  assert.deepEqual(queryWords('note note NOTE'), ['note']);
  assert.equal(queryWords(Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ')).length, 12);
});

test('each word matches itself, its completions or its corrections, never as a tsquery prefix', () => {
  const text = tsQueryText(
    new Map([
      ['tablewsie', { corrections: ['tablewise'], completions: [] }],
      ['noteb', { corrections: [], completions: ['notebook', 'notebooks'] }],
      ['db', { corrections: [], completions: [] }],
    ]),
    '&',
  );
  assert.equal(text, '(tablewsie | tablewise) & (noteb | notebook | notebooks) & (db)');
});

test('corrections come likeliest first: swapped neighbours, then a letter dropped or doubled, then a wrong letter', () => {
  assert.deepEqual(rankCorrections('notse', ['noise', 'note', 'notes']), ['notes', 'note', 'noise']);
  assert.deepEqual(rankCorrections('tabel', ['label', 'table']), ['table', 'label']);
});

test('among equally likely corrections, the one with the same first letter comes first', () => {
  assert.deepEqual(rankCorrections('bat', ['cat', 'bar']), ['bar', 'cat']);
});

test('domains are compared without scheme, www, port or path', () => {
  assert.equal(normaliseDomain('https://www.Example.com:8080/pricing?x=1'), 'example.com');
  assert.equal(normaliseDomain('user@sub.example.org'), 'sub.example.org');
  assert.equal(normaliseDomain('example.com.'), 'example.com');
});

import { editDistance } from '../../../src/domain/search/query-terms.js';
import { deletionVariants } from '../../../src/domain/search/search-index.js';

test('edit distance counts insertions, deletions, substitutions and neighbour swaps as one', () => {
  assert.equal(editDistance('notion', 'notion'), 0);
  assert.equal(editDistance('notion', 'notoin'), 1);
  assert.equal(editDistance('notion', 'notin'), 1);
  assert.equal(editDistance('notion', 'notiion'), 1);
  assert.equal(editDistance('notion', 'nation'), 1);
  assert.equal(editDistance('notion', 'ontoin'), 2);
  assert.equal(editDistance('notion', 'xyz', 2), 3, 'stops early past the maximum');
});

test('a word is indexed under itself and each of its one-letter deletions', () => {
  assert.deepEqual(deletionVariants('abca'), ['abca', 'bca', 'aca', 'aba', 'abc']);
  assert.deepEqual(deletionVariants('aab'), ['aab', 'ab', 'aa']);
});
