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

test('"made by" in the languages founders write in names the product’s makers', () => {
  const about = (body: string) => ({ '/': htmlPage('Acme', '<h1>Acme</h1>'), '/about': htmlPage('About', body) });
  for (const [body, names] of [
    [
      '<p>Acme es un proyecto opensource desarrollado por Ana Ribeiro y João Silva, profesores.</p>',
      ['Ana Ribeiro', 'João Silva'],
    ],
    ['<p>Acme a été créée par Marie Dupont et Paul Martin.</p>', ['Marie Dupont', 'Paul Martin']],
    ['<p>Acme è stata sviluppata da Luca Bianchi.</p>', ['Luca Bianchi']],
    ['<p>Acme wurde von Hans Müller gegründet. Entwickelt von Eva Schmidt.</p>', ['Eva Schmidt']],
    ['<p>Создано для вас Jan Novak, создателем Acme.</p>', ['Jan Novak']],
    ['<p>Acmeは2004年にnakamuxuによって生み出されました。</p>', ['nakamuxu']],
    ['<p>Acme 由 Shawn Lee 开发。</p>', ['Shawn Lee']],
  ] as [string, string[]][])
    assert.deepEqual(foundersOf(about(body)), names, body);
});

test('someone introducing themselves as the author or creator of the product is a founder; of another thing, not', () => {
  const about = (body: string) => ({ '/': htmlPage('Acme', '<h1>Acme</h1>'), '/about': htmlPage('About', body) });
  assert.deepEqual(foundersOf(about('<p>Hi! I’m Shawn. the author of Acme.</p>')), ['Shawn']);
  assert.deepEqual(foundersOf(about('<p>Je suis Marie, la créatrice d’Acme.</p>')), ['Marie']);
  assert.deepEqual(foundersOf(about('<p>I’m Shawn, the author of a cooking blog.</p>')), []);
  assert.deepEqual(foundersOf(about('<p>Sono Luca, il fondatore di Initech.</p>')), []);
});

test('a person card whose role says creator is a founder; a content creator or the creator of another product is not', () => {
  const team = (body: string) => ({ '/': htmlPage('Acme', '<h1>Acme</h1>'), '/team': htmlPage('Team', body) });
  assert.deepEqual(foundersOf(team('<ul><li><strong>Mauro V.</strong>: Creator, Main Developer</li></ul>')), [
    'Mauro V.',
  ]);
  assert.deepEqual(foundersOf(team('<h3>Lucía García</h3><p>Creadora de Acme</p>')), ['Lucía García']);
  assert.deepEqual(foundersOf(team('<h3>Ana Ribeiro</h3><p>Content Creator</p>')), []);
  assert.deepEqual(foundersOf(team('<h3>Hans Müller</h3><p>Schöpfer von Initech</p>')), []);
});

test('a credit for whoever built the website names no founder, in English, German, Italian and Spanish', () => {
  for (const footer of [
    'Website designed and built by Jane Doe',
    'Webdesign erstellt von Max Mustermann',
    'Sito realizzato da Mario Rossi',
    'Diseño web desarrollado por Ana López',
  ])
    assert.deepEqual(foundersOf(home(`<p>Acme helps teams.</p><footer><p>${footer}</p></footer>`)), [], footer);
});

test("on a company's site a footer's made-by credit names its web designer, not a founder; on a maker's own, the maker", () => {
  const site = (footer: string) => home(`<p>Acme helps teams.</p><footer><p>${footer}</p></footer>`);
  assert.deepEqual(foundersOf(site('© 2024 Acme GmbH · Entwickelt von Max Mustermann')), []);
  assert.deepEqual(foundersOf(site('© 2024 Acme S.r.l. — Sviluppato da Mario Rossi')), []);
  assert.deepEqual(foundersOf(site('Designed and built with ♥ by Jane Doe.')), ['Jane Doe']);
  assert.deepEqual(foundersOf(site('Hecho con cariño. Creado por Ana López.')), ['Ana López']);
});

test('a one-word maker the page calls a company is not a founder, in Chinese, Japanese and English', () => {
  for (const body of [
    '<p>Acme 是由 Lumalabs 打造的 AI 操作系统。Lumalabs 最早是一家运营短租公寓的公司。</p>',
    '<p>AcmeはLumalabsによって開発されました。Lumalabsは京都のソフトウェア会社です。</p>',
    '<p>Acme 由 Lumalabs 开发。</p><p>Lumalabs is a small studio in Porto.</p>',
  ])
    assert.deepEqual(foundersOf(home(body)), [], body);
  // A handle the page calls a person stays the maker.
  assert.deepEqual(foundersOf(home('<p>Acme 由 shawnxu 开发。shawnxu 是一名独立开发者。</p>')), ['shawnxu']);
});

test('a name in Hangul or Han characters over a founder’s role is a founder, in Korean, Chinese and Japanese', () => {
  for (const [name, role] of [
    ['김태훈', '공동창업자 · 대표 (CEO)'],
    ['陈明杰', '创始人兼首席执行官'],
    ['山田 太郎', '創業者・代表取締役'],
  ]) {
    const s = siteView(
      pagesFromHtml({
        '/': htmlPage('Acme', '<h1>Acme</h1>'),
        '/about': htmlPage(
          'About',
          `<h2>Leadership</h2><div>${name}</div><p>${role}</p><p>이미지 인식 스타트업을 공동창업했습니다.</p>`,
        ),
      }),
    );
    assert.deepEqual(
      extractFounders(s).map((f) => f.name),
      [name],
      name,
    );
  }
});

test('a word of two to four Han or Hangul characters over another role is no founder', () => {
  const s = siteView(
    pagesFromHtml({
      '/': htmlPage('Acme', '<h1>Acme</h1>'),
      '/about': htmlPage('About', '<div>价格方案</div><p>Support</p><div>고객지원</div><p>엔지니어 채용 중</p>'),
    }),
  );
  assert.deepEqual(extractFounders(s), []);
});

test('founders are named by their role in Dutch, Polish, Turkish, Swedish, Czech and Romanian', () => {
  for (const role of [
    'Oprichter',
    'Współzałożycielka',
    'Kurucu ortak',
    'Medgrundare',
    'Spoluzakladatel',
    'Cofondatoare',
  ]) {
    const founders = foundersOf(home(`<h2>Team</h2><div class="team"><h3>Anna Novak</h3><p>${role}</p></div>`));
    assert.deepEqual(founders, ['Anna Novak'], role);
  }
});
