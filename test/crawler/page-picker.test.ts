import { test } from 'node:test';
import assert from 'node:assert/strict';
import { languageOfPath, linkSource, rankPages, type Candidate } from '../../src/crawler/page-picker.js';

const home = new URL('https://orbit.example/');
const links = (source: Candidate['source'], ...paths: string[]): Candidate[] =>
  paths.map((p) => ({ href: `https://orbit.example${p}`, text: '', source }));
const order = (ranked: { url: string }[]) => ranked.map((r) => new URL(r.url).pathname);

test('navigation comes before the footer, the footer before other links, other links before the sitemap', () => {
  const { ranked } = rankPages(home, [
    ...links('sitemap', '/roadmap'),
    ...links('body', '/why'),
    ...links('footer', '/about'),
    ...links('nav', '/pricing', '/docs'),
  ]);
  assert.deepEqual(order(ranked), ['/pricing', '/docs', '/about', '/why', '/roadmap']);
});

test('legal pages are kept but ranked after every other page, then other languages, then sign-in and carts', () => {
  const { ranked } = rankPages(
    home,
    [
      ...links('nav', '/login', '/cart', '/fr/pricing'),
      ...links('footer', '/license', '/impressum', '/privacy-policy'),
      ...links('sitemap', '/team'),
    ],
    { homeLanguage: 'en' },
  );
  assert.deepEqual(
    ranked.map((r) => [new URL(r.url).pathname, r.rank]),
    [
      ['/team', 'sitemap'],
      ['/license', 'legal'],
      ['/impressum', 'legal'],
      ['/privacy-policy', 'legal'],
      ['/fr/pricing', 'other-language'],
      ['/login', 'account'],
      ['/cart', 'account'],
    ],
  );
});

test('pages in the home page’s own language are not copies', () => {
  const enHome = new URL('https://orbit.example/en/');
  const { ranked } = rankPages(enHome, [...links('nav', '/en/pricing', '/de/preise')]);
  assert.deepEqual(
    ranked.map((r) => r.rank),
    ['nav', 'other-language'],
  );
  assert.equal(rankPages(home, links('nav', '/de/'), { homeLanguage: 'de-DE' }).ranked[0].rank, 'nav');
});

test('a language is only a known code first in the path', () => {
  assert.equal(languageOfPath(new URL('https://x.example/pt-br/sobre')), 'pt');
  assert.equal(languageOfPath(new URL('https://x.example/go/there')), null);
  assert.equal(languageOfPath(new URL('https://x.example/blog/de')), null);
});

test('links to files are rejected with their extension, never ranked', () => {
  const { ranked, rejected } = rankPages(home, links('nav', '/download/orbit.dmg', '/whitepaper.PDF', '/guide.html'));
  assert.deepEqual(order(ranked), ['/guide.html']);
  assert.deepEqual(
    rejected.map((r) => r.reason),
    ['not an HTML page (.dmg)', 'not an HTML page (.pdf)'],
  );
});

test('where a link stands comes from its landmarks', () => {
  assert.equal(linkSource('header nav'), 'nav');
  assert.equal(linkSource('footer nav'), 'footer');
  assert.equal(linkSource('hero'), 'body');
  assert.equal(linkSource(undefined), 'body');
});
