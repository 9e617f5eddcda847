import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractFounders } from '../../../src/drafting/extract/team.js';
import { siteView } from '../../../src/drafting/extract/site-view.js';
import { sourcesOf, verifyQuote } from '../../../src/drafting/evidence.js';
import { htmlPage, pagesFromHtml } from '../../support/fixture-websites.js';

/** The founders' names drafted from a site whose product is Acme, their quotes checked against the pages. */
const foundersOf = (pages: Record<string, string>) => {
  const crawled = pagesFromHtml(pages);
  const founders = extractFounders(siteView(crawled), 'Acme');
  for (const f of founders)
    for (const e of f.evidence) assert.ok(verifyQuote(e.quote, crawled.flatMap(sourcesOf)), e.quote);
  return founders.map((f) => f.name);
};
const home = (body: string) => ({ '/': htmlPage('Acme', `<h1>Acme</h1>${body}`) });

test('a testimonial in a blockquote names no founder, whatever the quoted person founded', () => {
  assert.deepEqual(
    foundersOf(
      home(
        '<blockquote><p>“Acme saved us hours every week.”</p><footer>Jane Doe, Founder of Initech</footer></blockquote>',
      ),
    ),
    [],
  );
});

test('an attribution under a quotation names no founder, in English, French, German and Spanish', () => {
  for (const [quote, attribution] of [
    ['“Acme changed how we ship.”', 'Jane Doe, Founder &amp; CEO at Initech'],
    ['« Acme nous fait gagner des heures. »', 'Marie Dupont, fondatrice de Initech'],
    ['„Acme spart uns jeden Tag Stunden.“', 'Hans Müller, Gründer der Beispiel GmbH'],
    ['"Acme nos ahorra horas cada semana."', 'Lucía García, cofundadora de Initech'],
  ])
    assert.deepEqual(foundersOf(home(`<div class="card"><p>${quote}</p><p>${attribution}</p></div>`)), [], attribution);
});

test('an attribution line starting with a dash names no founder', () => {
  assert.deepEqual(
    foundersOf(
      home('<div class="card"><p>Best tool we have bought.</p><p>— Jane Doe, Co-founder at Initech</p></div>'),
    ),
    [],
  );
});

test('a review card with stars names no founder', () => {
  assert.deepEqual(
    foundersOf(
      home('<div class="card"><p>★★★★★</p><p>Jane Doe</p><p>Founder, Initech</p><p>Does what it says.</p></div>'),
    ),
    [],
  );
});

test('a Japanese testimonial in 「」 names no founder', () => {
  assert.deepEqual(
    foundersOf(
      home('<div class="voice"><p>「Acmeで作業時間が半分になりました。」</p><p>Taro Yamada, 創業者</p></div>'),
    ),
    [],
  );
});

test('someone who founded another company, or founded one before, is not this product’s founder', () => {
  assert.deepEqual(
    foundersOf({
      '/': htmlPage('Acme', '<h1>Acme</h1>'),
      '/team': htmlPage(
        'Team',
        '<h1>Team</h1><h3>Jane Doe</h3><p>CTO, previously co-founder of Initech</p><h3>John Roe</h3><p>Advisor, founder of Globex</p>',
      ),
    }),
    [],
  );
});

test('the people a page says founded the product are its founders, in several languages', () => {
  assert.deepEqual(
    foundersOf({
      '/': htmlPage('Acme', '<h1>Acme</h1>'),
      '/team': htmlPage('Team', '<h1>Team</h1><h3>Ana Ribeiro</h3><p>Co-founder &amp; CEO</p>'),
    }),
    ['Ana Ribeiro'],
  );
  for (const [body, names] of [
    ['<p>Acme was founded by Ana Ribeiro and João Silva.</p>', ['Ana Ribeiro', 'João Silva']],
    ['<h3>Marie Dupont</h3><p>Cofondatrice d’Acme</p>', ['Marie Dupont']],
    ['<h3>Hans Müller</h3><p>Gründer und Geschäftsführer</p>', ['Hans Müller']],
    ['<h3>Lucía García</h3><p>Cofundadora de Acme</p>', ['Lucía García']],
  ] as [string, string[]][])
    assert.deepEqual(foundersOf({ '/': htmlPage('Acme', '<h1>Acme</h1>'), '/about': htmlPage('About', body) }), names);
});
