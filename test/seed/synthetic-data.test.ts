import { test } from 'node:test';
import assert from 'node:assert/strict';
import { syntheticListings, syntheticName } from '../../src/seed/synthetic-data.js';
import { SLUG_PATTERN, demoCategorySlugs } from '../../src/seed/demo-data.js';

// One pass over 100k listings, keeping only aggregates (the generator is meant to be streamed).
const COUNT = 100_000;
const categorySlugs = new Set(demoCategorySlugs());
const firstWords = new Set<string>();
const slugs = new Set<string>();
const domains = new Set<string>();
let yielded = 0;
let badFirstWordLength = '';
let badSlug = '';
let badCategory = '';
let badPronounce = '';
let badNumbers = '';
let badCountry = '';
let textWithCommonWords = 0;
let hits = 0;
for (const l of syntheticListings(COUNT)) {
  yielded++;
  const first = l.name.split(' ')[0]!;
  firstWords.add(first.toLowerCase());
  slugs.add(l.slug);
  domains.add(l.domain);
  if (!/^[A-Za-z]{6,10}$/.test(first)) badFirstWordLength ||= l.name;
  if (!SLUG_PATTERN.test(l.slug)) badSlug ||= l.slug;
  if (!categorySlugs.has(l.categorySlug)) badCategory ||= l.categorySlug;
  const lower = first.toLowerCase();
  if (/[^aeiou]{3}/.test(lower) || /[aeiou]{2}/.test(lower)) badPronounce ||= first;
  if (!Number.isInteger(l.votes) || l.votes < 0 || l.launchWeekOffset < -10 || l.launchWeekOffset > 8)
    badNumbers ||= l.slug;
  if (!/^[A-Z]{2}$/.test(l.country)) badCountry ||= l.country;
  const words = new Set(`${l.tagline} ${l.description}`.toLowerCase().split(/[^a-z]+/));
  if (['the', 'and', 'for', 'with', 'to', 'a'].filter((w) => words.has(w)).length >= 3) textWithCommonWords++;
  if (l.votes >= 200) hits++;
}

test('yields exactly the requested number of listings', () => {
  assert.equal(yielded, COUNT);
  assert.equal([...syntheticListings(0)].length, 0);
  assert.equal([...syntheticListings(3)].length, 3);
});

test('is lazy: the first listings of a huge run arrive without building the rest', () => {
  const names: string[] = [];
  for (const l of syntheticListings(Number.MAX_SAFE_INTEGER)) {
    names.push(l.name);
    if (names.length === 3) break;
  }
  assert.deepEqual(names, [syntheticName(0), syntheticName(1), syntheticName(2)]);
});

test('first words of names are 6 to 10 letters', () => {
  assert.equal(badFirstWordLength, '');
});

test('at least 99% of first words are unique across 100k listings', () => {
  assert.ok(firstWords.size / COUNT >= 0.99, `${firstWords.size} unique first words`);
});

test('names are pronounceable: no three consonants or two vowels in a row', () => {
  assert.equal(badPronounce, '');
});

test('slugs are unique and match the slug pattern', () => {
  assert.equal(badSlug, '');
  assert.equal(slugs.size, COUNT);
});

test('domains are unique fictional .example names', () => {
  assert.equal(domains.size, COUNT);
  for (const l of syntheticListings(100)) assert.match(l.domain, /^[a-z0-9-]+\.example$/);
});

test('category slugs are demo category slugs', () => {
  assert.equal(badCategory, '');
});

test('taglines and descriptions are written with common English words', () => {
  assert.ok(textWithCommonWords / COUNT > 0.95, `${textWithCommonWords} listings`);
});

test('votes are skewed and launch weeks stay within -10..8', () => {
  assert.equal(badNumbers, '');
  assert.ok(hits > 0 && hits < COUNT * 0.1, `${hits} hits`);
});

test('countries are upper-case ISO-2 codes', () => {
  assert.equal(badCountry, '');
});

test('syntheticName(i, seed) is the name of listing i for that seed', () => {
  let i = 0;
  for (const l of syntheticListings(200, 99)) assert.equal(l.name, syntheticName(i++, 99));
});

test('the same seed yields identical listings', () => {
  assert.deepEqual([...syntheticListings(500, 3)], [...syntheticListings(500, 3)]);
});

test('different seeds yield different names', () => {
  const a = [...syntheticListings(100, 1)].map((l) => l.name);
  const b = [...syntheticListings(100, 2)].map((l) => l.name);
  assert.ok(a.filter((name, i) => name === b[i]).length < 5);
});
