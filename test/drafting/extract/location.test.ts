import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractLocation } from '../../../src/drafting/extract/location.js';
import { siteView } from '../../../src/drafting/extract/site-view.js';
import { sourcesOf, verifyQuote } from '../../../src/drafting/evidence.js';
import { htmlPage, pagesFromHtml } from '../../support/fixture-websites.js';

const locate = (pages: Record<string, string>) => {
  const crawled = pagesFromHtml(pages);
  const loc = extractLocation(siteView(crawled));
  for (const p of [loc.country, loc.city])
    for (const e of p?.evidence ?? []) assert.ok(verifyQuote(e.quote, crawled.flatMap(sourcesOf)), e.quote);
  return { country: loc.country?.value, city: loc.city?.value, quote: loc.city?.evidence[0].quote };
};
const home = (body: string) => ({ '/': htmlPage('Acme', body) });
const about = (body: string) => ({ '/': htmlPage('Acme', '<h1>Acme</h1>'), '/about': htmlPage('About', body) });

test('"Get Started in Minutes" gives no city: a capitalised word after "in" is not a place', () => {
  assert.deepEqual(
    locate(home('<h1>Get Started in Minutes</h1><p>Deploy in Seconds. Available in Chrome and Firefox.</p>')),
    { country: undefined, city: undefined, quote: undefined },
  );
  assert.equal(locate(about('<p>We started in Minutes, not months.</p>')).city, undefined);
});

test('a real city outside an address-like context is not where the company is', () => {
  for (const body of [
    '<p>Trusted by teams in London, Paris and Tokyo.</p>',
    '<p>Made with love in Berlin.</p>',
    '<p>Rejoignez nos clients à Lyon et à Paris.</p>',
    '<p>Unsere Kunden in München und Wien sparen Zeit.</p>',
    '<p>Disponible en Madrid y Barcelona.</p>',
  ])
    assert.equal(locate(about(body)).city, undefined, body);
});

test('a word the gazetteer does not know is no city, even after "based in"', () => {
  assert.equal(locate(about('<p>We are based in Cloudland.</p>')).city, undefined);
  assert.equal(locate(about('<p>Acme ist ein Team mit Sitz in Minuten.</p>')).city, undefined);
});

test('a city must lie in the country its statement names', () => {
  assert.deepEqual(locate(about('<p>We are based in Lisbon, Portugal.</p>')).city, 'Lisbon');
  const wrong = locate(about('<p>We are based in Lisbon, Japan.</p>'));
  assert.deepEqual([wrong.country, wrong.city], ['JP', undefined]);
});

test('a city must lie in the country the site states when its own line names none', () => {
  const loc = locate({
    '/': htmlPage('Acme', '<h1>Acme</h1>'),
    '/about': htmlPage('About', '<p>Acme is headquartered in Sydney.</p>'),
    '/impressum': htmlPage('Impressum', '<h1>Impressum</h1><p>Acme GmbH</p><p>Hauptstraße 5</p><p>79102 Freiburg</p>'),
  });
  assert.deepEqual([loc.country, loc.city], ['DE', 'Freiburg']);
});

test('a state of registration is not a city: "incorporated in Delaware", "registered in England and Wales"', () => {
  const us = locate(home('<footer><p>Acme Inc., incorporated in Delaware.</p></footer>'));
  assert.equal(us.city, undefined);
  const gb = locate(home('<footer><p>Acme Ltd, registered in England and Wales, no. 01234567.</p></footer>'));
  assert.deepEqual([gb.country, gb.city], ['GB', undefined]);
});

test('where customers, users or servers are is not where the company is', () => {
  for (const body of [
    '<p>Our servers are located in Frankfurt, Germany.</p>',
    '<p>Our customers are based in Berlin.</p>',
    '<p>All data is stored and hosted in Dublin, Ireland.</p>',
  ])
    assert.equal(locate(about(body)).city, undefined, body);
});

test('"based in", "basée à", "mit Sitz in", "con sede en", "com sede em" give the city as the page writes it', () => {
  for (const [body, city] of [
    ['<p>Acme is a small team based in Porto, Portugal.</p>', 'Porto'],
    ['<p>Acme est une société basée à Lyon, France.</p>', 'Lyon'],
    ['<p>Die Acme GmbH mit Sitz in München entwickelt Software.</p>', 'München'],
    ['<p>Acme es una empresa con sede en Sevilla, España.</p>', 'Sevilla'],
    ['<p>A Acme é uma empresa com sede em Lisboa, Portugal.</p>', 'Lisboa'],
    ['<p>Acme è una società con sede a Milano.</p>', 'Milano'],
  ])
    assert.equal(locate(about(body)).city, city, body);
});

test('an imprint address gives its city in the local spelling, checked in its country', () => {
  const loc = locate({
    '/': htmlPage('Acme', '<h1>Acme</h1>'),
    '/impressum': htmlPage('Impressum', '<h1>Impressum</h1><p>Acme GmbH</p><p>Marienplatz 1</p><p>80331 München</p>'),
  });
  assert.deepEqual([loc.country, loc.city], ['DE', 'München']);
  const vienna = locate({
    '/': htmlPage('Acme', '<h1>Acme</h1>'),
    '/impressum': htmlPage(
      'Impressum',
      '<h1>Impressum</h1><p>Acme GmbH</p><p>Ringstraße 1</p><p>1010 Wien, Österreich</p>',
    ),
  });
  assert.deepEqual([vienna.country, vienna.city], ['AT', 'Wien']);
});

test('a Japanese company profile address gives its city in Japanese; a hero line gives none', () => {
  const loc = locate(
    about(
      '<h1>会社概要</h1><table><tr><th>所在地</th><td>〒150-0002 東京都渋谷区渋谷2-1-1</td></tr></table><p>数分で始められます。</p>',
    ),
  );
  assert.equal(loc.city, '東京');
  assert.match(loc.quote!, /東京都渋谷区/);
  assert.equal(locate(home('<h1>数分で始められます</h1><p>東京の企業にも選ばれています。</p>')).city, undefined);
  assert.equal(locate(about('<p>本社：大阪府大阪市北区梅田1-1-1</p>')).city, '大阪');
  assert.equal(locate(about('<p>〒220-0012 神奈川県横浜市西区みなとみらい2-2-1</p>')).city, '横浜');
});

test('a Chinese head-office statement or address gives the city; a mention gives none', () => {
  assert.equal(locate(about('<p>公司成立于2016年，总部位于深圳。</p>')).city, '深圳');
  assert.equal(locate(about('<p>地址：北京市海淀区中关村大街1号</p>')).city, '北京');
  assert.equal(locate(about('<p>我们的客户遍布北京、上海和深圳。</p>')).city, undefined);
});

test('a Korean address gives the city; a mention gives none', () => {
  assert.equal(locate(about('<p>주소: 서울특별시 강남구 테헤란로 123</p>')).city, '서울');
  assert.equal(locate(about('<p>본사는 부산에 있습니다.</p>')).city, '부산');
  assert.equal(locate(about('<p>서울과 부산의 고객들이 사용합니다.</p>')).city, undefined);
});

test('a customer’s address in a testimonial is not the company’s, in any language', () => {
  for (const body of [
    '<blockquote><p>“Great tool.” — Jo, based in Leeds, United Kingdom</p></blockquote>',
    '<div class="testimonial"><p>所在地：東京都港区 — 山田さん</p></div>',
  ])
    assert.equal(locate(home(body)).city, undefined, body);
});

test('a registered address in the footer gives country and city: a country code after the postcode, a legal form, or the country named, in Italian and Spanish', () => {
  const footer = (line: string) => home(`<h1>Acme</h1><p>Un’app per tutti.</p><footer><p>${line}</p></footer>`);
  assert.deepEqual(locate(footer('Acme S.p.A., Piazza Colonna 370, Roma, 00187 IT')), {
    country: 'IT',
    city: 'Roma',
    quote: 'Acme S.p.A., Piazza Colonna 370, Roma, 00187 IT',
  });
  assert.deepEqual(
    { ...locate(footer('Acme s.r.l. – Via Enrico Tazzoli 11, 20154 Milano (MI)')), quote: undefined },
    { country: 'IT', city: 'Milano', quote: undefined },
  );
  assert.equal(
    locate(footer('Domicilio: C/ Lanzarote 15, 28231 Las Rozas de Madrid, Madrid, España')).city,
    'Las Rozas de Madrid',
  );
});

test('a footer line with a number and a word that is no city gives no place, whatever the country', () => {
  const footer = (line: string) => home(`<h1>Acme</h1><footer><p>${line}</p></footer>`);
  assert.deepEqual(locate(footer('Acme GmbH, Version 20154 Minutes, Deutschland')), {
    country: undefined,
    city: undefined,
    quote: undefined,
  });
  assert.equal(locate(footer('© 2024 Acme, 12000 users in Italia')).city, undefined);
});

test('an imprint that gives only the publisher’s country on a line of its own gives the country', () => {
  const site = {
    '/': htmlPage('Acme', '<h1>Acme</h1>'),
    '/impressum': htmlPage(
      'Impressum',
      '<h1>Impressum</h1><h2>Angaben gemäß § 5 TMG</h2><p>Erika Muster</p><p>Deutschland</p>',
    ),
  };
  assert.equal(locate(site).country, 'DE');
});

test('a head office stated in Swedish or Dutch gives the city, and the city’s only country', () => {
  assert.deepEqual(
    { ...locate(about('<p>Acme har verksamhet i flera länder med huvudkontor i Solna.</p>')), quote: undefined },
    { country: 'SE', city: 'Solna', quote: undefined },
  );
  assert.equal(
    locate(about('<p>Acme is gevestigd in Utrecht en werkt voor klanten in heel Europa.</p>')).city,
    'Utrecht',
  );
});

test('a Japanese address gives Japan by its prefecture and the municipality after the district', () => {
  const site = {
    '/': htmlPage('Acme', '<h1>Acme</h1>'),
    '/legal': htmlPage(
      '特定商取引法に基づく表記',
      '<h1>特定商取引法に基づく表記</h1><table><tr><th>所在地</th><td>愛媛県伊予郡砥部町高尾田42</td></tr></table>',
    ),
  };
  const loc = locate(site);
  assert.equal(loc.country, 'JP');
  assert.equal(loc.city, '砥部町');
});

test('an address written a part a line on a legal page takes its country from the lines around it, in Italian and German', () => {
  const legal = (path: string, body: string) => ({
    '/': htmlPage('Acme', '<h1>Acme</h1>'),
    [path]: htmlPage('Legal', body),
  });
  const it = locate(
    legal(
      '/note-legali',
      '<h1>Note legali</h1><p>Acme s.r.l.</p><p>Via Roma 11</p><p>20154 Milano (MI)</p><p>P.IVA 12345678901</p>',
    ),
  );
  assert.deepEqual([it.country, it.city], ['IT', 'Milano']);
  const de = locate(
    legal('/impressum', '<h1>Impressum</h1><p>Acme</p><p>Hauptstraße 5</p><p>50667 Köln</p><p>Deutschland</p>'),
  );
  assert.deepEqual([de.country, de.city], ['DE', 'Köln']);
});

test('a company placed by its own words is not moved by another office’s address a part a line', () => {
  const r = locate({
    '/': htmlPage('Acme', '<h1>Acme</h1>'),
    '/kontakt': htmlPage(
      'Kontakt',
      '<p>Acme har huvudkontor i Solna.</p><h3>Norge</h3><p>Acme AS</p><p>Strandkaien 2</p><p>5013 Bergen</p>',
    ),
  });
  assert.deepEqual([r.country, r.city], ['SE', 'Solna']);
});

test('a footer or copyright line ending on a known city and its country places the company, in several languages', () => {
  for (const [footer, country, city] of [
    ['© 2025 Acme app - Kyoto, Japan.', 'JP', 'Kyoto'],
    ['© 2024 Acme · Lyon · France', 'FR', 'Lyon'],
    ['Hecho con cariño en Sevilla, España', 'ES', 'Sevilla'],
    ['© Acme GmbH – München, Deutschland', 'DE', 'München'],
  ]) {
    const found = locate(home(`<h1>Acme</h1><footer><p>${footer}</p></footer>`));
    assert.deepEqual([found.country, found.city], [country, city], footer);
  }
});

test('a footer place is taken only as a city of the country named after it, never a word the gazetteer does not know', () => {
  for (const footer of [
    '© 2025 Acme - Minutes, Japan.',
    '© 2025 Acme - Atlanta, Georgia',
    '© 2025 Acme - Kyoto',
    'Acme - Privacy - Terms - Imprint',
  ])
    assert.equal(locate(home(`<h1>Acme</h1><footer><p>${footer}</p></footer>`)).city, undefined, footer);
  // In the middle of a page, outside a footer and without a copyright sign, a place pair is not an address.
  assert.equal(locate(home('<h1>Acme</h1><p>Our users love Kyoto, Japan.</p>')).city, undefined);
});

test('an address with a postcode gives the locality after the postcode, not the province after it, in Spanish and Italian', () => {
  for (const [line, city, country] of [
    ['Av. del Sol 86, 28232 Las Rozas de Madrid, Madrid, España', 'Las Rozas de Madrid', 'ES'],
    ['Via Roma 1, 20090 Segrate, Milano, Italia', 'Segrate', 'IT'],
  ]) {
    const pages = { '/': htmlPage('Acme', '<h1>Acme</h1>'), '/contact': htmlPage('Contact', `<p>${line}</p>`) };
    assert.deepEqual([locate(pages).city, locate(pages).country], [city, country], line);
  }
});

test('a labelled address gives its city, and a city only one country has gives the country, in Turkish and French', () => {
  const tr = home(
    '<footer><div>📍 Adres: İsmetiye, Mina Sk. No:1, İş Merkezi No:9 44100 Battalgazi/Malatya</div></footer>',
  );
  assert.deepEqual([locate(tr).city, locate(tr).country], ['Malatya', 'TR']);
  const fr = about('<p>Adresse : Acme, Protection des données, Genève, Suisse</p>');
  assert.deepEqual([locate(fr).city, locate(fr).country], ['Genève', 'CH']);
  // A label and words that are no place give nothing.
  assert.deepEqual(locate(about('<p>Adresse : Service client, Réponse sous 24 heures</p>')).city, undefined);
});

test('a company called by its nationality places it, in Portuguese, French and German', () => {
  for (const [line, country] of [
    ['Somos uma plataforma brasileira de ferramentas PDF.', 'BR'],
    ['En tant qu’entreprise suisse, nous protégeons vos données.', 'CH'],
    ['Wir sind ein deutsches Unternehmen mit eigenen Servern.', 'DE'],
  ]) {
    assert.equal(locate(about(`<p>${line}</p>`)).country, country, line);
  }
  // Its customers' nationality is theirs.
  for (const line of [
    'Nuestros clientes son empresas mexicanas y una empresa española.',
    'Nous aidons chaque entreprise suisse à recruter plus vite.',
  ])
    assert.equal(locate(about(`<p>${line}</p>`)).country, undefined, line);
});

test('a footer or hero sign-off ending on "from" a known city places the company, in Spanish and French', () => {
  for (const [line, city, country] of [
    ['Partner de productos digitales desde Ciudad de México', 'Ciudad de México', 'MX'],
    ['Logiciels d’auteur depuis Ljubljana', 'Ljubljana', 'SI'],
  ]) {
    const loc = locate(home(`<h1>Acme</h1><footer><p>${line}</p></footer>`));
    assert.deepEqual([loc.city, loc.country], [city, country], line);
  }
  // A state is no city; a line of affection is no address; the same words in the body of a page are not a sign-off.
  assert.equal(locate(home('<footer><p>Software from California.</p></footer>')).city, undefined);
  assert.equal(locate(home('<footer><p>Made with love in Berlin</p></footer>')).city, undefined);
  assert.equal(locate(home('<h1>Acme</h1><p>Cheap flights from London</p>')).city, undefined);
});

test('a town written with its river or region keeps its full name, in German and French', () => {
  for (const [line, city] of [
    ['Musterweg 1, 94474 Vilshofen an der Donau, Deutschland', 'Vilshofen an der Donau'],
    ['1 rue de la Mer, 62930 Wimereux, France', 'Wimereux'],
  ]) {
    const pages = {
      '/': htmlPage('Acme', '<h1>Acme</h1>'),
      '/impressum': htmlPage('Impressum', `<h1>Impressum</h1><p>${line}</p>`),
    };
    assert.equal(locate(pages).city, city, line);
  }
});

test('the company giving its nationality in its own language places it in that country', () => {
  for (const [line, country] of [
    ['Somos uma plataforma brasileira de ferramentas PDF.', 'BR'],
    ["En tant qu'entreprise suisse, Acme respecte le RGPD.", 'CH'],
    ['Acme es una empresa mexicana de software.', 'MX'],
    ['Acme ist ein deutsches Unternehmen aus dem Norden.', 'DE'],
    ['Acme är ett svenskt företag.', 'SE'],
  ])
    assert.equal(locate(about(`<p>${line}</p>`)).country, country, line);
  // A customer's nationality, said without the company being it, is not the company's.
  for (const line of ['Ayudamos a una empresa mexicana a crecer.', 'Wir haben für ein deutsches Unternehmen gebaut.'])
    assert.equal(locate(about(`<p>${line}</p>`)).country, undefined, line);
});

test('a labelled address line gives the city in the country it names, or the only country of its last place', () => {
  assert.deepEqual(
    (({ country, city }) => ({ country, city }))(
      locate(about('<p>Adresse : Acme, Protection des données, Genève, Suisse</p>')),
    ),
    { country: 'CH', city: 'Genève' },
  );
  assert.deepEqual(
    (({ country, city }) => ({ country, city }))(
      locate(
        home('<h1>Acme</h1><footer><div>📍 Adres: İsmetiye, Mina Sk. No:1 44100 Battalgazi/Malatya</div></footer>'),
      ),
    ),
    { country: 'TR', city: 'Malatya' },
  );
  // A place several countries have, and no country named, gives nothing.
  assert.equal(locate(about('<p>Address: 12 Main Street, 12345 Springfield</p>')).city, undefined);
});

test('in an address the name after the postcode is the city, and the part after it its province, in Spanish and Italian', () => {
  for (const [line, city] of [
    ['Av. Lazarejo 86, 28232 Las Rozas de Madrid, Madrid, España', 'Las Rozas de Madrid'],
    ['Via Roma 10, 20900 Monza, Lombardia, Italia', 'Monza'],
  ]) {
    const found = locate({
      '/': htmlPage('Acme', '<h1>Acme</h1>'),
      '/contact': htmlPage('Contact', `<h1>Contact</h1><address>${line}</address>`),
    });
    assert.equal(found.city, city, line);
  }
});

test('footer addresses without a country: a legal form and a city in one of its countries, a postcode inside the line, a British postcode', () => {
  for (const [footer, country, city] of [
    ['Acme GmbH, Torstraße 1, 10119 Berlin', 'DE', 'Berlin'],
    ['Acme S.L. — Calle Mayor 5, 28013 Madrid', 'ES', 'Madrid'],
    ['Acme A.Ş. Levent Mah. No:1 34330 Beşiktaş/İstanbul', 'TR', 'İstanbul'],
    ['Acme Ltd, 1 Main Street, London EC1V 9HX, United Kingdom', 'GB', 'London'],
  ]) {
    const found = locate(home(`<h1>Acme</h1><footer><p>${footer}</p></footer>`));
    assert.deepEqual([found.country, found.city], [country, city], footer);
  }
  // A legal form of several countries and a city none of them has, or no legal form at all, gives nothing.
  for (const footer of ['Acme GmbH, Main Street 1, 12345 Springfield', 'Torstraße 1, 10119 Berlin'])
    assert.equal(locate(home(`<h1>Acme</h1><footer><p>${footer}</p></footer>`)).city, undefined, footer);
});

test('a long footer line whose last sentence is the address gives the city, in Brazilian Portuguese and Italian', () => {
  for (const [footer, country, city] of [
    [
      'Acme Instituição de Pagamento Brasil Ltda. Todos os direitos reservados. (CNPJ: 16.668.076/0001-20) A solução de pagamentos para o seu negócio, com taxas justas e transparentes. Rua Gilberto Sabino, 215 - Pinheiros, São Paulo - SP, 05425-020.',
      'BR',
      'São Paulo',
    ],
    [
      'Acme S.r.l. Tutti i diritti riservati. Partita IVA 01234567890, capitale sociale interamente versato, iscritta al registro delle imprese di Milano. La soluzione per i pagamenti del tuo negozio. Via Tazzoli 11, 20154 Milano (MI), Italia.',
      'IT',
      'Milano',
    ],
  ]) {
    const loc = locate(home(`<h1>Acme</h1><footer><p>${footer}</p></footer>`));
    assert.equal(loc.country, country, footer);
    assert.equal(loc.city, city, footer);
  }
});

test('a JSON-LD locality that no page writes (a theme’s sample address) places nobody, in English and German', () => {
  for (const body of [
    '<h1>Acme</h1><p>Bookings for restaurants.</p>',
    '<h1>Acme</h1><p>Reservierungen für Restaurants.</p>',
  ]) {
    const ld =
      '<script type="application/ld+json">{"@type":"Organization","name":"Acme","address":{"@type":"PostalAddress","addressLocality":"San Francisco","addressCountry":"US"}}</script>';
    const loc = locate({ '/': htmlPage('Acme', body, ld) });
    assert.equal(loc.city, undefined, body);
  }
});

test('a footer address ending on the country’s own name, with the city written as such, in Vietnamese and French', () => {
  for (const [line, country, city] of [
    [
      'Địa Chỉ: 171 Nguyễn Thị Nhung, Khu đô thị Vạn Phúc, Phường Hiệp Bình, Thành phố Hồ Chí Minh, Việt Nam',
      'VN',
      'Thành phố Hồ Chí Minh',
    ],
    ['Adresse : Rue du Lac 1, 1003 Lausanne, Suisse', 'CH', 'Lausanne'],
  ]) {
    const loc = locate(home(`<h1>Acme</h1><footer><div>${line}</div></footer>`));
    assert.equal(loc.country, country, line);
    assert.equal(loc.city, city, line);
  }
});

test('an imprint table with the address label in its own cell gives the place, in German and French', () => {
  for (const [rows, country, city] of [
    [
      '<tr><td>Anschrift</td><td>Musterstraße 1</td></tr><tr><td></td><td>10115 Berlin, Deutschland</td></tr>',
      'DE',
      'Berlin',
    ],
    ['<tr><th>Adresse :</th><td>12 rue de la Paix, 75002 Paris, France</td></tr>', 'FR', 'Paris'],
  ]) {
    const loc = locate({
      '/': htmlPage('Acme', '<h1>Acme</h1>'),
      '/impressum': htmlPage('Impressum', `<h1>Impressum</h1><table>${rows}</table>`),
    });
    assert.equal(loc.country, country, rows);
    assert.equal(loc.city, city, rows);
  }
});

test('a JSON-LD address written as one string places the company, its city when a page writes it, in English and Spanish', () => {
  for (const [address, footer, city] of [
    ['Musterstraße 1, 10115 Berlin, Germany', 'Acme GmbH · Berlin', 'Berlin'],
    ['Calle Mayor 1, 28013 Madrid, España', 'Hecho con cariño.', undefined],
  ] as [string, string, string | undefined][]) {
    const ld = `<script type="application/ld+json">{"@type":"Organization","name":"Acme","address":"${address}"}</script>`;
    const loc = locate({ '/': htmlPage('Acme', `<h1>Acme</h1><footer><p>${footer}</p></footer>`, ld) });
    assert.equal(loc.country, address.endsWith('Germany') ? 'DE' : 'ES', address);
    assert.equal(loc.city, city, address);
  }
});

test('an address label in Indonesian, Czech or Swedish gives the place of the address beside it', () => {
  for (const [rows, country, city] of [
    ['<tr><td>Alamat</td><td>Jl. Merdeka 1, Bandung, Indonesia</td></tr>', 'ID', 'Bandung'],
    ['<tr><td>Sídlo</td><td>Vinohradská 1, Praha, Česko</td></tr>', 'CZ', 'Praha'],
    ['<tr><td>Besöksadress</td><td>Drottninggatan 1, Stockholm, Sverige</td></tr>', 'SE', 'Stockholm'],
  ]) {
    const loc = locate({
      '/': htmlPage('Acme', '<h1>Acme</h1>'),
      '/impressum': htmlPage('Impressum', `<h1>Impressum</h1><table>${rows}</table>`),
    });
    assert.equal(loc.country, country, rows);
    assert.equal(loc.city, city, rows);
  }
});
