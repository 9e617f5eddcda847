import { test } from 'node:test';
import assert from 'node:assert/strict';
import { kindOf, languageOfPath, linkSource, rankPages, type Candidate } from '../../src/crawler/page-picker.js';

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

test('pricing, features and FAQ pages are known by their path in other languages', () => {
  const kind = (path: string) => kindOf(new URL(`https://x.example${path}`));
  assert.equal(kind('/ja/料金'), 'pricing');
  assert.equal(kind(`/zh/${encodeURIComponent('功能')}`), 'features');
  assert.equal(kind('/ko/자주-묻는-질문'), 'faq');
  assert.equal(kind('/fr/fonctionnalites/'), 'features');
  assert.equal(kind('/es/precios'), 'pricing');
});

test('pages are known by a link text in Japanese, Chinese or Korean that holds their word', () => {
  const kind = (text: string) => kindOf(new URL('https://x.example/p/123'), text);
  assert.equal(kind('料金プラン'), 'pricing');
  assert.equal(kind('常见问题'), 'faq');
  assert.equal(kind('기능 소개'), 'features');
  assert.equal(kind('Tarifs'), 'pricing');
  assert.equal(kind('Acmeの特徴'), 'features');
  assert.equal(kind('料金について詳しくは営業担当者までお問い合わせください'), null);
});

test('a home page under /ja/ ranks its Japanese pages as its own even when it declares lang="en"', () => {
  const jaHome = new URL('https://orbit.example/ja/');
  const { ranked } = rankPages(jaHome, links('nav', '/ja/features/', '/en/features/'), { homeLanguage: 'en' });
  assert.deepEqual(
    ranked.map((r) => [new URL(r.url).pathname, r.kind, r.rank]),
    [
      ['/ja/features/', 'features', 'nav'],
      ['/en/features/', 'features', 'other-language'],
    ],
  );
});

test('a Japanese pricing link is read before other pages of the same rank, like "Pricing"', () => {
  const { ranked } = rankPages(home, [
    { href: 'https://orbit.example/p/1', text: 'ブログ', source: 'nav' },
    { href: 'https://orbit.example/p/2', text: '料金', source: 'nav' },
  ]);
  assert.deepEqual(order(ranked), ['/p/2', '/p/1']);
});

test('pricing, FAQ, about, team and contact pages are known by their path in the languages of the corpus', () => {
  const kind = (path: string) => kindOf(new URL(`https://x.example${path}`));
  const cases: [string, string][] = [
    ['/tarifs', 'pricing'],
    ['/de/preise', 'pricing'],
    ['/precios', 'pricing'],
    ['/preços', 'pricing'],
    ['/it/prezzi', 'pricing'],
    ['/nl/prijzen', 'pricing'],
    [`/${encodeURIComponent('料金')}`, 'pricing'],
    ['/zh/价格', 'pricing'],
    ['/ko/가격', 'pricing'],
    ['/faq', 'faq'],
    ['/domande-frequenti', 'faq'],
    ['/perguntas-frequentes', 'faq'],
    ['/es/preguntas-frecuentes', 'faq'],
    ['/häufige-fragen', 'faq'],
    ['/nl/veelgestelde-vragen', 'faq'],
    ['/ja/よくある質問', 'faq'],
    ['/常见问题', 'faq'],
    ['/ko/자주-묻는-질문', 'faq'],
    ['/nl/over-ons', 'about'],
    ['/quem-somos', 'about'],
    ['/nl/functies', 'features'],
    ['/de/unser-team', 'team'],
    ['/contactez-nous', 'contact'],
    ['/fale-conosco', 'contact'],
  ];
  for (const [path, expected] of cases) assert.equal(kind(path), expected, path);
});

test('a page is known under a language suffix or extension: contact.ja.html, contact.html.fr, contact.ja', () => {
  const kind = (path: string) => kindOf(new URL(`https://x.example${path}`));
  assert.equal(kind('/contact.ja.html'), 'contact');
  assert.equal(kind('/contact.html.fr'), 'contact');
  assert.equal(kind('/contact.ja'), 'contact');
  assert.equal(kind('/pricing.php'), 'pricing');
  assert.equal(kind('/index.ja.html'), 'homepage');
  assert.equal(kind('/node.js'), null);
});

test('a link text is read as words, whatever its hyphens, accents and punctuation', () => {
  const kind = (text: string) => kindOf(new URL('https://x.example/p/123'), text);
  assert.equal(kind('Qui sommes-nous ?'), 'about');
  assert.equal(kind('Häufige Fragen'), 'faq');
  assert.equal(kind('Veelgestelde vragen'), 'faq');
  assert.equal(kind('Preguntas frecuentes'), 'faq');
  assert.equal(kind('Preços'), 'pricing');
  assert.equal(kind('Contáctanos'), 'contact');
  assert.equal(kind('Q&A'), 'faq');
  assert.equal(kind('Über die Preise unserer Konkurrenz'), null);
});

test('privacy and terms pages in other languages are legal, by their path or their link text, imprints first; a colophon is not legal', () => {
  const { ranked } = rankPages(home, [
    ...links('footer', '/politica-de-privacidad', '/datenschutz', '/privacybeleid'),
    { href: 'https://orbit.example/p/7', text: 'プライバシーポリシー', source: 'footer' },
    { href: 'https://orbit.example/p/8', text: '이용약관', source: 'footer' },
    ...links('footer', '/aviso-legal', '/note-legali', '/colofon'),
    ...links('footer', '/blog'),
  ]);
  assert.deepEqual(
    ranked.map((r) => [new URL(r.url).pathname, r.rank]),
    [
      ['/colofon', 'footer'],
      ['/blog', 'footer'],
      ['/aviso-legal', 'legal'],
      ['/note-legali', 'legal'],
      ['/politica-de-privacidad', 'legal'],
      ['/datenschutz', 'legal'],
      ['/privacybeleid', 'legal'],
      ['/p/7', 'legal'],
      ['/p/8', 'legal'],
    ],
  );
});

test('pages are known by path or link text in Swedish, Polish, Turkish and Russian', () => {
  const kind = (path: string, text = '') => kindOf(new URL(`https://x.example${path}`), text);
  assert.equal(kind('/priser'), 'pricing');
  assert.equal(kind('/cennik'), 'pricing');
  assert.equal(kind('/fiyatlandirma'), 'pricing');
  assert.equal(kind('/p/1', 'Цены'), 'pricing');
  assert.equal(kind('/vanliga-fragor'), 'faq');
  assert.equal(kind('/p/2', 'Sıkça sorulan sorular'), 'faq');
  assert.equal(kind('/om-oss'), 'about');
  assert.equal(kind('/p/3', 'O nas'), 'about');
  assert.equal(kind('/iletisim'), 'contact');
  assert.equal(kind('/p/4', 'Контакты'), 'contact');
  const { ranked } = rankPages(home, [
    ...links('footer', '/integritetspolicy', '/regulamin', '/kullanim-kosullari'),
    { href: 'https://orbit.example/p/9', text: 'Политика конфиденциальности', source: 'footer' },
  ]);
  assert.deepEqual(
    ranked.map((r) => r.rank),
    ['legal', 'legal', 'legal', 'legal'],
  );
});

test('a Turkish link text with a capital İ names its page kind ("İletişim", "Hakkımızda")', () => {
  assert.equal(kindOf(new URL('https://x.example/p/1'), 'İletişim'), 'contact');
  assert.equal(kindOf(new URL('https://x.example/p/2'), 'Hakkımızda'), 'about');
});

test('a page named for the product itself is a features page, in several languages', () => {
  for (const path of ['/software.html', '/platform', '/produit', '/plataforma', '/piattaforma', '/plattform'])
    assert.equal(kindOf(new URL(`https://orbit.example${path}`)), 'features', path);
  assert.equal(kindOf(new URL('https://orbit.example/blog/2024/our-new-software-release')), null);
});

test('a services page is the features page of a service business, in several languages', () => {
  for (const path of ['/services', '/leistungen', '/servicios/', '/oferta.html', '/usługi', '/услуги'])
    assert.equal(kindOf(new URL(`https://orbit.example${path}`)), 'features', path);
  assert.equal(kindOf(new URL('https://orbit.example/p/1'), 'Leistungen'), 'features');
});

test('after three ordinary pages of one folder, the folder waits until the other pages have had their turn', () => {
  const tools = Array.from({ length: 8 }, (_, k) => `/tools/tool-${k}`);
  const { ranked } = rankPages(home, [
    ...links('nav', ...tools),
    ...links('footer', '/sobre', '/precos', '/seguranca'),
  ]);
  assert.deepEqual(order(ranked), [
    '/tools/tool-0',
    '/tools/tool-1',
    '/tools/tool-2',
    '/sobre',
    '/precos',
    '/seguranca',
    ...tools.slice(3),
  ]);
  // Pages of the folder already read count: the ranking made again later does not start the folder over.
  const again = rankPages(home, [...links('nav', ...tools), ...links('footer', '/seguranca')], {
    exclude: ['orbit.example:/tools/tool-0', 'orbit.example:/tools/tool-1', 'orbit.example:/tools/tool-2'],
  });
  assert.deepEqual(order(again.ranked).slice(0, 2), ['/seguranca', '/tools/tool-3']);
});

test('pages are known by path or link text in Vietnamese, Indonesian and Hungarian', () => {
  const kind = (path: string, text = '') => kindOf(new URL(`https://x.example${path}`), text);
  assert.equal(kind('/bang-gia'), 'pricing');
  assert.equal(kind('/p/1', 'Bảng giá'), 'pricing');
  assert.equal(kind('/harga'), 'pricing');
  assert.equal(kind('/p/2', 'Árak'), 'pricing');
  assert.equal(kind('/cau-hoi-thuong-gap'), 'faq');
  assert.equal(kind('/p/3', 'Tanya jawab'), 'faq');
  assert.equal(kind('/gyik'), 'faq');
  assert.equal(kind('/p/4', 'Về chúng tôi'), 'about');
  assert.equal(kind('/tentang-kami'), 'about');
  assert.equal(kind('/rolunk'), 'about');
  assert.equal(kind('/p/5', 'Liên hệ'), 'contact');
  assert.equal(kind('/kontak'), 'contact');
  assert.equal(kind('/p/6', 'Kapcsolat'), 'contact');
  assert.equal(kind('/tinh-nang'), 'features');
  assert.equal(kind('/fitur'), 'features');
});

test('"recursos" is a features page on a Portuguese site and a resources page on a Spanish one', () => {
  assert.equal(kindOf(new URL('https://x.example/recursos'), 'Recursos', 'pt'), 'features');
  assert.equal(kindOf(new URL('https://x.example/recursos'), 'Recursos', 'es'), 'blog');
  assert.equal(kindOf(new URL('https://x.example/p/1'), 'Recursos', 'es'), 'blog');
});

test('a link text of two or three words holding one kind’s word names that kind, in German, Spanish and French; two kinds name none', () => {
  const kind = (text: string) => kindOf(new URL('https://x.example/p/123'), text);
  assert.equal(kind('Preise & Pakete'), 'pricing');
  assert.equal(kind('Planes y precios'), 'pricing');
  assert.equal(kind('Tarifs et abonnements'), 'pricing');
  assert.equal(kind('About us'), 'about');
  assert.equal(kind('Team pricing'), null);
  assert.equal(kind('Read the blog post about pricing'), null);
});

test('pages are known by path or link text in Czech and Romanian', () => {
  const kind = (path: string, text = '') => kindOf(new URL(`https://x.example${path}`), text);
  for (const [path, text, expected] of [
    ['/cenik', '', 'pricing'],
    ['/p/1', 'Ceník', 'pricing'],
    ['/preturi', '', 'pricing'],
    ['/p/2', 'Prețuri', 'pricing'],
    ['/funkce', '', 'features'],
    ['/p/3', 'Funcționalități', 'features'],
    ['/casto-kladene-dotazy', '', 'faq'],
    ['/p/4', 'Întrebări frecvente', 'faq'],
    ['/p/5', 'O nás', 'about'],
    ['/despre-noi', '', 'about'],
    ['/p/6', 'Náš tým', 'team'],
    ['/echipa', '', 'team'],
    ['/kontakty', '', 'contact'],
    ['/p/7', 'Contactează-ne', 'contact'],
  ])
    assert.equal(kind(path, text), expected, `${path} ${text}`);
});

test('pages are known by the words a native reader expects in Italian, Portuguese, Spanish, French, German and Dutch', () => {
  const kind = (path: string, text = '') => kindOf(new URL(`https://x.example${path}`), text);
  for (const [path, text, expected] of [
    ['/listino-prezzi', '', 'pricing'],
    ['/p/1', 'Abbonamenti', 'pricing'],
    ['/p/2', 'Vantaggi', 'features'],
    ['/p/3', 'Il team', 'team'],
    ['/p/4', 'Planos e preços', 'pricing'],
    ['/duvidas-frequentes', '', 'faq'],
    ['/p/5', 'A equipa', 'team'],
    ['/contactos', '', 'contact'],
    ['/p/6', 'Suscripciones', 'pricing'],
    ['/acerca-de', '', 'about'],
    ['/tarification', '', 'pricing'],
    ['/p/7', 'Notre histoire', 'about'],
    ['/p/8', 'Fragen und Antworten', 'faq'],
    ['/unternehmen', '', 'about'],
    ['/p/9', 'Neem contact op', 'contact'],
    ['/voordelen', '', 'features'],
  ])
    assert.equal(kind(path, text), expected, `${path} ${text}`);
});

test('pages are known by the words a native reader expects in Polish, Turkish, Indonesian and Swedish', () => {
  const kind = (path: string, text = '') => kindOf(new URL(`https://x.example${path}`), text);
  for (const [path, text, expected] of [
    ['/p/1', 'Najczęściej zadawane pytania', 'faq'],
    ['/p/2', 'Nasz zespół', 'team'],
    ['/funkcjonalnosci', '', 'features'],
    ['/p/3', 'Bize ulaşın', 'contact'],
    ['/paketler', '', 'pricing'],
    ['/p/4', 'Yardım', 'faq'],
    ['/p/5', 'Pusat bantuan', 'faq'],
    ['/keunggulan', '', 'features'],
    ['/p/6', 'Hubungi', 'contact'],
    ['/p/7', 'Hjälp', 'faq'],
    ['/abonnemang', '', 'pricing'],
    ['/p/8', 'Om företaget', 'about'],
  ])
    assert.equal(kind(path, text), expected, `${path} ${text}`);
});

test('privacy and terms pages in Czech, Romanian, Indonesian, Turkish and Swedish are legal', () => {
  const { ranked } = rankPages(home, [
    ...links(
      'footer',
      '/obchodni-podminky',
      '/politica-de-confidentialitate',
      '/kebijakan-privasi',
      '/kvkk',
      '/personuppgiftspolicy',
    ),
    ...links('footer', '/features'),
  ]);
  assert.deepEqual(
    ranked.map((r) => r.rank),
    ['footer', 'legal', 'legal', 'legal', 'legal', 'legal'],
  );
});
