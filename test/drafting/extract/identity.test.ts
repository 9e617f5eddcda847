import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  extractDescription,
  extractLogo,
  extractName,
  extractShortDescription,
  extractTagline,
} from '../../../src/drafting/extract/identity.js';
import { siteView } from '../../../src/drafting/extract/site-view.js';
import { htmlPage, pagesFromHtml } from '../../support/fixture-websites.js';

const home = (title: string, body: string, head = '') => siteView(pagesFromHtml({ '/': htmlPage(title, body, head) }));

test('the share title names the product when the h1 says the same name', () => {
  for (const [title, name, pitch] of [
    ['Acmedit -Éditeur de texte pour macOS', 'Acmedit', 'Éditeur de texte pour macOS'],
    ['Acmedit -Editor de texto sencillo para macOS', 'Acmedit', 'Editor de texto para macOS'],
  ]) {
    const s = home(title, `<h1>${name}</h1><p>${pitch}</p>`, `<meta property="og:title" content="${name}">`);
    assert.equal(extractName(s)?.value, name, title);
  }
});

test('a name before a comma, a full-width colon or in corner brackets counts when the page bears it out', () => {
  const cases: [string, string, string][] = [
    [
      'Vela, l’app dei servizi pubblici',
      '<img class="logo" src="/vela.svg" alt="Logo Vela app"><h2>Servizi</h2>',
      'Vela',
    ],
    ['Vela, la app de los servicios públicos', '<footer><p>© 2024 Vela</p></footer>', 'Vela'],
    ['Vela：与附近设备共享文件', '<nav class="logo">Vela</nav><h1>无需云端即可分享文件。</h1>', 'Vela'],
    [
      '無料で使える取引フレームワーク「Vela」',
      '<h1>今すぐ始める。</h1><footer><p>© Vela All Rights Reserved.</p></footer>',
      'Vela',
    ],
  ];
  for (const [title, body, name] of cases) assert.equal(extractName(home(title, body))?.value, name, title);
});

test('a short phrase before a comma is not a name when nothing on the page bears it out', () => {
  for (const title of ['Rapide, simple et sûr pour toute l’équipe', 'Schnell, sicher und kostenlos für alle']) {
    assert.equal(extractName(home(title, '<h1>Partagez vos fichiers</h1>'))?.value, undefined, title);
  }
});

test('a hero heading broken over two h1 lines after a comma is read as one tagline', () => {
  for (const [first, second, joined] of [
    [
      '自分だけの取引アルゴリズムで、',
      '今すぐシステムトレードを開始。',
      '自分だけの取引アルゴリズムで、今すぐシステムトレードを開始。',
    ],
    ['Voorkom verspreiding,', 'download de app', 'Voorkom verspreiding, download de app'],
  ]) {
    const tagline = extractTagline(home('Acme', `<h1>${first}</h1><h1>${second}</h1>`), 'Acme');
    assert.equal(tagline?.value, joined);
    assert.equal(tagline?.evidence.length, 2);
  }
});

test('a name in Latin letters run into a Chinese or Japanese pitch in the h1 leaves the pitch as the tagline', () => {
  for (const pitch of ['高效创作者的最佳图片上传工具', '画像アップロードツール']) {
    const tagline = extractTagline(home('Acme', `<h1><span>Acme</span><span>${pitch}</span></h1>`), 'Acme');
    assert.equal(tagline?.value, pitch);
  }
  // A particle or verb carries the sentence on: the whole h1 is the pitch.
  for (const h1 of ['Acmeは画像をすぐに共有できるツールです', 'Acme是一款图片上传工具']) {
    assert.equal(extractTagline(home('Acme', `<h1>${h1}</h1>`), 'Acme')?.value, h1);
  }
});

test('of a logo and its dark-mode twin, the default one is the logo', () => {
  for (const [dark, light] of [
    ['<img class="dark logo" src="/logo_a.png" alt="Acme">', '<img class="light logo" src="/logo_b.png" alt="Acme">'],
    ['<img class="logo" src="/logo-white.svg" alt="Acme">', '<img class="logo" src="/logo-black.svg" alt="Acme">'],
  ]) {
    const logo = extractLogo(home('Acme', `<header>${dark}${light}</header><h1>Acme</h1>`), 'Acme');
    assert.equal(logo?.value, `https://acme.example${/src="([^"]+)"/.exec(light)![1]}`);
  }
});

test('a conditional style ("dark:hidden") or a file called dark does not make a logo the dark-mode one', () => {
  for (const header of [
    '<img class="logo dark:hidden" src="/logo-a.svg" alt="Acme"><img class="logo hidden dark:block" src="/logo-b.svg" alt="Acme">',
    '<img class="logo" src="/logo-dark.svg" alt="Acme"><img class="logo" src="/logo-light.svg" alt="Acme">',
  ]) {
    const logo = extractLogo(home('Acme', `<header>${header}</header><h1>Acme</h1>`), 'Acme');
    assert.equal(logo?.value, `https://acme.example${/src="([^"]+)"/.exec(header)![1]}`);
  }
});

test('the app icon pictured on the page is the logo before a favicon', () => {
  for (const img of [
    '<img src="/img/appicon/128@2x.png" alt="[appIcon]">',
    '<img src="/icon.png" alt="Icône app icon">',
  ]) {
    const logo = extractLogo(
      home('Acme', `${img}<h1>Acme</h1>`, '<link rel="icon" href="/favicon.png" sizes="32x32">'),
      'Acme',
    );
    assert.equal(logo?.value, `https://acme.example${/src="([^"]+)"/.exec(img)![1]}`);
  }
});

test('a hero h1 that goes on in lower case on the next line is read whole', () => {
  for (const [first, second] of [
    ['welcome to', 'a calmer internet'],
    ['bienvenue sur', 'un internet plus calme'],
  ]) {
    assert.equal(
      extractTagline(home('Acme', `<h1>${first}</h1><h1>${second}</h1>`), 'Acme')?.value,
      `${first} ${second}`,
    );
  }
  // The name alone on its line is not the start of the pitch.
  assert.equal(extractTagline(home('Acme', '<h1>Acme</h1><h1>a calmer internet</h1>'), 'Acme')?.value, undefined);
});

test('on a site in Chinese or Russian, an English meta description or paragraph gives way to the site’s own words', () => {
  for (const hero of [
    '1Remote是一款现代化的个人远程会话管理员和启动器，使用它你可以从一个入口管理多种远程会话。',
    'FrankenPHP — это современный сервер приложений для PHP, написанный на Go и построенный на основе веб-сервера Caddy.',
  ]) {
    const s = home(
      'Acme',
      `<h1>Acme</h1><p>${hero}</p><p>${hero.slice(0, 40)}</p><p>One remote access manager to rule them all.</p>`,
      '<meta name="description" content="One Remote Access Manager to Rule Them All">',
    );
    assert.equal(extractShortDescription(s)?.value, hero);
    assert.ok(extractDescription(s)?.value.startsWith(hero));
    assert.ok(!extractDescription(s)?.value.includes('rule them all'));
  }
  // Languages that share the Latin script are not told apart this way.
  const fr = home(
    'Acme',
    '<h1>Acme</h1><p>Acme est un gestionnaire moderne de sessions à distance pour toute votre équipe.</p>',
    '<meta name="description" content="One Remote Access Manager to Rule Them All">',
  );
  assert.equal(extractShortDescription(fr)?.value, 'One Remote Access Manager to Rule Them All');
});

test('a hero heading that greets the visitor gives way to the pitch under it, in English, French, German, Japanese and Korean', () => {
  for (const [h1, pitch] of [
    ['Welcome to a calmer internet', 'Beautifully designed, private and packed with features.'],
    ['Bienvenue sur Acme', 'La facturation simple pour les indépendants.'],
    ['Willkommen bei Acme', 'Rechnungen schreiben in zwei Minuten, ohne Vorkenntnisse.'],
    ['Acmeへようこそ', '請求書づくりを、もっとかんたんに。'],
    ['Acme에 오신 것을 환영합니다', '청구서를 2분 만에 만드세요.'],
  ]) {
    const s = home('Acme', `<h1>${h1}</h1><p>${pitch}</p><a href="/start">Get started</a>`);
    assert.equal(extractTagline(s, 'Acme')?.value, pitch, h1);
  }
});

test('a heading of the name run into a short descriptor gives the pitch under it, else the descriptor, in English and Spanish', () => {
  const glued = (text: string, under: string) =>
    extractTagline(home('Acme', `<h1><span>Acme</span><span>${text}</span></h1>${under}`), 'Acme')?.value;
  assert.equal(
    glued('Web application framework', '<p class="tagline">Fast, lightweight, built on Web Standards.</p>'),
    'Fast, lightweight, built on Web Standards.',
  );
  assert.equal(
    glued('Facturación sin esfuerzo', '<p>Crea facturas en dos minutos, desde cualquier dispositivo.</p>'),
    'Crea facturas en dos minutos, desde cualquier dispositivo.',
  );
  assert.equal(glued('Facturación sin esfuerzo', '<a href="/start">Empezar</a>'), 'Facturación sin esfuerzo');
});

test('a header whose brand is text or an inline drawing leaves the favicon out: it is a browser icon, not a logo', () => {
  const head =
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="apple-touch-icon" href="/touch.png">';
  for (const [brand, pitch] of [
    ['<a class="brand" href="/">Acme</a>', 'Facturas que se cobran solas'],
    ['<header><a href="/"><span>ACME</span></a></header>', '請求書を自動で送ります'],
    [
      '<header><a href="/" aria-label="Logo"><svg viewBox="0 0 1 1"></svg></a></header>',
      'Des factures qui se relancent',
    ],
  ]) {
    const site = home('Acme', `${brand}<h1>${pitch}</h1>`, head);
    assert.equal(extractLogo(site, 'Acme'), undefined, brand);
  }
  // Without a brand in the header, the icon is all the site shows of its mark.
  assert.equal(extractLogo(home('Acme', '<h1>Acme</h1>', head), 'Acme')?.value, 'https://acme.example/touch.png');
});

test('a JSON-LD logo that names a page, or is the favicon beside a text brand, is no logo', () => {
  const ld = (logo: string) =>
    `<script type="application/ld+json">{"@type":"Organization","name":"Acme","url":"https://acme.example","logo":"${logo}"}</script>`;
  for (const [logo, body] of [
    ['https://acme.example', '<h1>Gestión de facturas</h1>'],
    ['https://acme.example/', '<h1>請求書の管理</h1>'],
    ['https://acme.example/icon.svg', '<header><a href="/">Acme</a></header><h1>Gestion des factures</h1>'],
  ]) {
    const site = home('Acme', body, `${ld(logo)}<link rel="icon" href="/icon.svg">`);
    assert.equal(
      extractLogo(site, 'Acme')?.value ?? null,
      logo.endsWith('.svg') ? null : 'https://acme.example/icon.svg',
    );
  }
  // An image file named as the logo is one.
  const named = home('Acme', '<h1>Gestión de facturas</h1>', ld('https://acme.example/brand/acme.png'));
  assert.equal(extractLogo(named, 'Acme')?.value, 'https://acme.example/brand/acme.png');
});

test('several products or services in JSON-LD are a catalogue: the organisation names the site, without its transliteration', () => {
  const ld = (org: string) =>
    `<script type="application/ld+json">[{"@type":"Organization","name":"${org}"},{"@type":"ItemList","itemListElement":[{"@type":"ListItem","item":{"@type":"SoftwareApplication","name":"store count"}},{"@type":"ListItem","item":{"@type":"SoftwareApplication","name":"store care"}}]}]</script>`;
  for (const [org, want, h1] of [
    ['DeepCo (딥코)', 'DeepCo', '매장을 읽는 AI'],
    ['Acme（アクメ）', 'Acme', '店舗を読むAI'],
    ['Statlab', 'Statlab', 'Analizy statystyczne'],
  ]) {
    assert.equal(extractName(home(`${want} | ${h1}`, `<h1>${h1}</h1>`, ld(org)))?.value, want, org);
  }
  // One product is the product.
  const one =
    '<script type="application/ld+json">[{"@type":"Organization","name":"Acme Labs"},{"@type":"SoftwareApplication","name":"Acmedit"}]</script>';
  assert.equal(extractName(home('Acmedit', '<h1>Éditeur</h1>', one))?.value, 'Acmedit');
});

test('a header brand in lettering, or a drawn mark labelled "Logo", leaves no logo: the tab icon is not it, in three languages', () => {
  const head = '<link rel="icon" href="/favicon.svg"><link rel="apple-touch-icon" href="/apple-touch-icon.png">';
  for (const header of [
    '<header><a class="brand" href="/" aria-label="Acme home"><span class="mark"></span><span>Ac<span>me</span></span></a><nav><a href="/precios">Precios</a></nav></header>',
    '<header><a class="logo" href="/"><div>📄</div> Acme</a><nav><a href="/tarifs">Tarifs</a></nav></header>',
    '<header><a href="/" aria-label="Logo"><svg viewBox="0 0 10 10"><path d="M0 0h10v10z"/></svg></a><a href="/pricing">価格</a></header>',
  ]) {
    const s = home('Acme', `${header}<h1>Acme</h1><p>Una herramienta para equipos.</p>`, head);
    assert.equal(extractLogo(s, 'Acme'), undefined, header);
  }
  // Without a brand in the header, the icon stays the fallback.
  assert.match(extractLogo(home('Acme', '<h1>Acme</h1><p>A tool.</p>', head), 'Acme')?.value ?? '', /apple-touch-icon/);
});

test('a JSON-LD logo that is the address of a page is no logo', () => {
  const ld = (logo: string) =>
    `<script type="application/ld+json">${JSON.stringify({ '@type': 'Organization', name: 'Acme', url: 'https://acme.example', logo })}</script>`;
  assert.equal(extractLogo(home('Acme', '<h1>Acme</h1>', ld('https://acme.example')), 'Acme'), undefined);
  assert.equal(extractLogo(home('Acme', '<h1>Acme</h1>', ld('https://acme.example/about')), 'Acme'), undefined);
  assert.equal(
    extractLogo(home('Acme', '<h1>Acme</h1>', ld('https://acme.example/img/acme-logo.png')), 'Acme')?.value,
    'https://acme.example/img/acme-logo.png',
  );
});

test('services in an offer catalogue and a list of several apps do not name the site: the organisation does', () => {
  const ld = (data: object) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
  const catalogue = ld({
    '@type': 'ProfessionalService',
    name: 'Acme',
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      itemListElement: [
        { '@type': 'Offer', itemOffered: { '@type': 'Service', name: 'Analiza danych do publikacji' } },
        { '@type': 'Offer', itemOffered: { '@type': 'Service', name: 'Szkolenia statystyczne' } },
      ],
    },
  });
  assert.equal(extractName(home('Acme — analizy', '<h1>Analiza, którą obronisz</h1>', catalogue))?.value, 'Acme');
  const apps = ld([
    { '@type': 'Organization', name: 'Acme (아크미)', url: 'https://acme.example' },
    {
      '@type': 'ItemList',
      itemListElement: [
        { '@type': 'ListItem', item: { '@type': 'SoftwareApplication', name: 'acme insight' } },
        { '@type': 'ListItem', item: { '@type': 'SoftwareApplication', name: 'acme care' } },
      ],
    },
  ]);
  assert.equal(extractName(home('ACME | 공간 AI', '<h1>당신의 공간을, 완벽하게</h1>', apps))?.value, 'Acme');
  // One product is the product.
  const one = ld({ '@type': 'SoftwareApplication', name: 'Acme Notes' });
  assert.equal(extractName(home('Acme Notes', '<h1>Acme Notes</h1>', one))?.value, 'Acme Notes');
});

test('a header brand of the name run into a descriptor is lettering too: no tab icon as logo, in English and French', () => {
  const head = '<link rel="icon" href="/icon.svg" type="image/svg+xml">';
  for (const brand of ['AcmeAI Innovations', 'Acme Conseil']) {
    const s = home('Acme', `<header><a href="/">${brand}</a></header><h1>Acme</h1>`, head);
    assert.equal(extractLogo(s, 'Acme'), undefined, brand);
  }
});

test('a hero heading broken over two h1 lines after a dash is read whole, in German and English', () => {
  for (const [a, b] of [
    ['Terminbuchung für Salons -', 'ohne Papierkalender.'],
    ['Invoices for freelancers —', 'done in a minute.'],
  ]) {
    const s = home('Acme', `<section class="hero"><h1>${a}</h1><h1>${b}</h1></section>`);
    assert.equal(extractTagline(s, 'Acme')?.value, `${a} ${b}`);
  }
});

test('beside a lettered brand, a structured-data logo no page shows is no logo, in Dutch and Portuguese', () => {
  for (const [brand, file] of [
    ['<a href="/" class="nav-logo" aria-label="Acme — naar homepage">Acme</a>', 'logo.svg'],
    ['<a class="brand" href="/"><span class="brand__name">Acme</span></a>', 'logo.png'],
  ]) {
    const ld = `<script type="application/ld+json">{"@type":"Organization","name":"Acme","logo":"https://acme.example/img/${file}"}</script>`;
    assert.equal(extractLogo(home('Acme', `<header>${brand}</header><h1>Acme</h1>`, ld), 'Acme'), undefined, brand);
    const shown = `<header>${brand}</header><h1>Acme</h1><footer><img class="logo" src="/img/${file}" alt="Acme"></footer>`;
    assert.match(extractLogo(home('Acme', shown, ld), 'Acme')?.value ?? '', new RegExp(`/img/${file}$`));
  }
});

test('a logo’s address loses a cache-busting query, in Vietnamese and German pages', () => {
  for (const [alt, src] of [
    ['SiteReportKit', '/assets/brand/acme-wordmark.png?v=20260708-exact-logo'],
    ['Acme Logo', '/img/logo.png?t=1485513560'],
  ]) {
    const logo = extractLogo(
      home('Acme', `<header><img class="brand-logo" alt="${alt}" src="${src}"></header><h1>Acme</h1>`),
      'Acme',
    );
    assert.equal(logo?.value, new URL(src.split('?')[0], logo?.value).toString(), src);
    assert.ok(logo?.evidence[0].quote.includes('?'), 'the quote stays as the page gives it');
  }
});

test('a status badge is no logo, even when its address says logo, in Chinese and English pages', () => {
  for (const body of [
    '<h1>Acme</h1><p>快速、简洁且高效的博客框架</p><img src="https://img.shields.io/npm/dm/acme?logo=npm&style=social" alt="npm">',
    '<h1>Acme</h1><p>A fast blog framework</p><img src="https://ci.example/acme/badge.svg?logo=github" alt="CI">',
  ]) {
    const logo = extractLogo(home('Acme', body), 'Acme');
    assert.ok(!/shields|badge/.test(logo?.value ?? ''), logo?.value);
  }
});

test('a page loader’s mark is no logo, and the logo in the menu bar is, in Vietnamese and Spanish pages', () => {
  for (const text of ['Nền tảng IoT cho mọi người', 'La plataforma IoT para todos']) {
    const body = `<div class="preloader"><img src="/up/2020/logo_parent.png" alt="loader image"></div><div class="menu"><a href="/"><img class="logo" src="/up/2022/Acme_Logo-Full.png"></a></div><h1>${text}</h1>`;
    assert.match(extractLogo(home('Acme', body), 'Zeta')?.value ?? '', /Acme_Logo-Full\.png$/, text);
  }
});

test('a company’s name and a title naming its product with the product’s kind give the product, in Chinese and Japanese', () => {
  for (const [org, title] of [
    ['傲游', '傲游浏览器 - 安全在线浏览'],
    ['アクメ', 'アクメブラウザ｜速くて安全なブラウザ'],
  ]) {
    const ld = `<script type="application/ld+json">{"@type":"Organization","name":"${org}"}</script>`;
    const product = title.split(/ - |｜/)[0];
    assert.equal(extractName(home(title, `<h1>${product}</h1>`, ld))?.value, product, title);
  }
});

test('a descriptive site title gives way to the word the domain spells, said on the page, in German and English', () => {
  for (const [siteName, text] of [
    [
      'Die App Ihres Restaurants',
      'Durch Restbook bekommt Ihr Restaurant eine eigene App. Restbook ist schnell eingerichtet.',
    ],
    ['The App For Your Restaurant', 'With Restbook your restaurant gets its own app. Restbook is set up in a day.'],
  ]) {
    const head = `<meta property="og:site_name" content="${siteName}"><meta property="og:url" content="https://www.restbook-app.com/">`;
    assert.equal(extractName(home(`Start - ${siteName}`, `<p>${text}</p>`, head))?.value, 'Restbook', siteName);
  }
});

test('a name drafted from a company’s structured data drops its legal form, in German, Italian and Japanese', () => {
  for (const [org, name] of [
    ['Acme GmbH', 'Acme'],
    ['Acme S.r.l.', 'Acme'],
    ['株式会社アクメ', 'アクメ'],
    ['Acme Labs', 'Acme Labs'],
  ]) {
    const ld = `<script type="application/ld+json">{"@type":"Organization","name":"${org}"}</script>`;
    assert.equal(extractName(home('Start', `<h1>${name}</h1>`, ld))?.value, name, org);
  }
});

test('a hero heading that stops on a preposition or a conjunction is a fragment, not a tagline: the title’s pitch is taken, in French and English', () => {
  for (const [h1, title, pitch] of [
    [
      'Vos signatures pour',
      'Acme — Signatures mail et campagnes pour les entreprises',
      'Signatures mail et campagnes pour les entreprises',
    ],
    [
      'Invoices for freelancers and',
      'Acme — Invoicing for freelancers and small studios',
      'Invoicing for freelancers and small studios',
    ],
  ]) {
    const s = home(
      title,
      `<h1>${h1}</h1><h1>Toute l'entreprise.</h1><a href="/start">Start</a><h2>Acme</h2><p>${pitch}, every day.</p>`,
    );
    assert.equal(extractTagline(s, 'Acme')?.value, pitch, h1);
  }
});

test('a hero heading that only says hello is no tagline, in German and Spanish, and a pitch under it still is', () => {
  for (const h1 of ['Hallo Beauty-Liebhaber!', 'Hola, bienvenido']) {
    const s = home('Acme', `<h1>${h1}</h1><p>Wir sind</p><a href="/start">Start</a>`);
    assert.equal(extractTagline(s, 'Acme'), undefined, h1);
  }
  const s = home('Acme', '<h1>Hello there</h1><p>Invoices in two minutes, without an accountant.</p>');
  assert.equal(extractTagline(s, 'Acme')?.value, 'Invoices in two minutes, without an accountant.');
});

test('under an h1 of the name, a language switch or a badge between it and the pitch is passed over, in Chinese and English', () => {
  for (const [label, pitch] of [
    ['正體中文', '快速、簡單且強大的網誌框架'],
    ['New', 'A fast, simple and powerful blog framework'],
  ]) {
    const s = home('Acme', `<header><h1 class="logo">Acme</h1><div>${label}</div><h2>${pitch}</h2></header>`);
    assert.equal(extractTagline(s, 'Acme')?.value, pitch, label);
  }
});

test('a hero heading that ends on a preposition where the language allows it is whole, in English and German', () => {
  for (const h1 of [
    'The grading assistant teachers can rely on',
    'Die Kasse, auf die du dich verlassen kannst, mach mit',
  ]) {
    const s = home('Acme', `<h1>${h1}</h1>`);
    assert.equal(extractTagline(s, 'Acme')?.value, h1);
  }
});

test('a Korean hero line that ends on a particle or a noun-modifying form goes on in the next one, and alone is a fragment', () => {
  const two = home('Acme', '<section class="hero"><h1>디바이스 안에 머무는</h1><h1>인텔리전스.</h1></section>');
  assert.equal(extractTagline(two, 'Acme')?.value, '디바이스 안에 머무는 인텔리전스.');
  const one = home('Acme', '<h1>파일을 안전하게 공유하는</h1><a href="/start">시작</a>');
  assert.equal(extractTagline(one, 'Acme'), undefined);
});

test('a German hero line cut after "in" is a fragment, while one ending on a verb particle is whole', () => {
  assert.equal(extractTagline(home('Acme', '<h1>Privatsphäre schützen in</h1>'), 'Acme'), undefined);
  assert.equal(
    extractTagline(home('Acme', '<h1>Verschlüssle deine Cloud und mach mit</h1>'), 'Acme')?.value,
    'Verschlüssle deine Cloud und mach mit',
  );
});

test('a name in Latin letters run into a Korean pitch leaves the pitch, unless a particle carries the sentence on', () => {
  const glued = home(
    'es-toolkit',
    '<h1><span>es-toolkit</span><span>현대적인 JavaScript 유틸리티 라이브러리</span></h1>',
  );
  assert.equal(extractTagline(glued, 'es-toolkit')?.value, '현대적인 JavaScript 유틸리티 라이브러리');
  const sentence = home('Acme', '<h1>Acme는 파일을 안전하게 공유하는 앱입니다</h1>');
  assert.equal(extractTagline(sentence, 'Acme')?.value, 'Acme는 파일을 안전하게 공유하는 앱입니다');
});

test('a head title in another language than the page is not its tagline, in Korean and German', () => {
  const ko = home(
    'Acme — On-Device AI for Everyone',
    `<h1>Acme</h1><p>${'Acme는 온디바이스 추론 엔진으로 구동되는 모바일 앱 제품군을 만듭니다. '.repeat(3)}</p>`,
  );
  assert.equal(extractTagline(ko, 'Acme'), undefined);
  const de = home(
    'Acme — Encrypted Storage for Everyone',
    '<h1>Acme</h1><p>Acme verschlüsselt deine Dateien, bevor sie in die Cloud hochgeladen werden. Niemand außer dir kann sie lesen, weder der Anbieter noch wir selbst. Die Schlüssel bleiben immer auf deinem Gerät, und jeder Tresor lässt sich mit einem eigenen Passwort öffnen. Funktioniert mit Dropbox, Nextcloud und vielen weiteren Diensten, unter Windows, macOS, Linux, Android sowie iPhone.</p>',
  );
  assert.equal(extractTagline(de, 'Acme'), undefined);
  const same = home(
    'Acme — Verschlüsselung für deine Cloud',
    '<h1>Acme</h1><p>Acme verschlüsselt deine Dateien, bevor sie in die Cloud hochgeladen werden. Niemand außer dir kann sie lesen, weder der Anbieter noch wir selbst. Die Schlüssel bleiben immer auf deinem Gerät, und jeder Tresor lässt sich mit einem eigenen Passwort öffnen. Funktioniert mit Dropbox, Nextcloud und vielen weiteren Diensten, unter Windows, macOS, Linux, Android sowie iPhone. Verschlüsselung für deine Cloud, kostenlos und ohne Konto.</p>',
  );
  assert.equal(extractTagline(same, 'Acme')?.value, 'Verschlüsselung für deine Cloud');
});

const companyLd = (company: string) =>
  `<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"Organization","name":"${company}"},{"@type":"WebSite","name":"${company}"}]}</script>`;

test('the brand that og:site_name and the title share beyond words of a kind is the name, not the company behind it', () => {
  for (const [title, siteName, body] of [
    ['Nền Tảng IoT Vextra - Nền tảng IoT cho mọi người!', 'Vextra IoT Platform', '<p>Vextra do Holdco phát triển.</p>'],
    ['Plataforma IoT Vextra - IoT para todos', 'Vextra IoT Platform', '<p>Vextra, de Holdco.</p>'],
    ['Vextra物联网平台 - 人人可用的物联网', 'Vextra平台', '<p>Holdco 出品。</p>'],
  ]) {
    const s = home(title, body, `<meta property="og:site_name" content="${siteName}">${companyLd('Holdco')}`);
    assert.equal(extractName(s)?.value, 'Vextra', title);
  }
});

test('a site name worded like the title keeps its words of a kind, and a company is named when nothing differs', () => {
  const s = home('Cash App - Send money', '<p>Cash App</p>', `<meta property="og:site_name" content="Cash App">`);
  assert.equal(extractName(s)?.value, 'Cash App');
  const company = home('Vextra - IoT para todos', '<p>Vextra</p>', companyLd('Holdco'));
  assert.equal(extractName(company)?.value, 'Holdco');
});

test('a title of the name and a kind of product ("Acme Wallet") is the name alone when the pages never join them', () => {
  const title = 'Vextra Wallet | All-in-one crypto wallet trusted by millions.';
  for (const body of [
    '<p>Vextraは秘密鍵を保存しません。</p><p>Vextraアプリで資産を管理。</p><h2>なぜVextraなのか</h2>',
    '<p>Vextra never stores your keys.</p><p>Use the Vextra app.</p><h2>Why Vextra</h2>',
  ])
    assert.equal(extractName(home(title, body))?.value, 'Vextra', body);
  const joined = '<p>Vextra Wallet never stores your keys.</p><p>Use Vextra.</p><p>Why Vextra</p><p>Vextra is free</p>';
  assert.equal(extractName(home(title, joined))?.value, 'Vextra Wallet');
});

test('the slogan beside the logo in the header, which the head echoes, is the tagline over a hero hook, in Polish and French', () => {
  for (const [title, slogan, hook] of [
    ['Acme — analizy statystyczne dla studentów', 'Analizy danych statystycznych', 'Analiza, którą obronisz'],
    ['Acme — agenda en ligne pour salons de coiffure', 'Agenda en ligne pour salons', 'Vos clients. Votre temps.'],
  ]) {
    const body = `<header><a class="brand" href="/"><span>Acme</span> <span>${slogan}</span></a><nav><a href="/a">A</a></nav></header><section class="hero"><h1>${hook}</h1></section>`;
    assert.equal(extractTagline(home(title, body), 'Acme')?.value, slogan, title);
  }
});

test('a header slogan the head does not echo leaves the hero heading as the tagline, in German and English', () => {
  for (const [title, slogan, pitch] of [
    ['Acme', 'Seit Jahren für Sie da', 'Terminplanung für Friseursalons ohne Papier'],
    ['Acme', 'Proudly independent studio', 'Invoices for freelancers in one click'],
  ]) {
    const body = `<header><div class="logo">Acme</div><div class="brand">${slogan}</div></header><h1>${pitch}</h1>`;
    assert.equal(extractTagline(home(title, body), 'Acme')?.value, pitch, slogan);
  }
});

test('a hero heading that asks how to do something is a search phrase, not a tagline, in Russian and English', () => {
  for (const h1 of ['Как убрать воду из динамика айфона - Acme', 'How to remove water from your phone speaker - Acme'])
    assert.equal(extractTagline(home('Acme', `<h1>${h1}</h1>`), 'Acme'), undefined, h1);
});

test('after a hello, a hero introducing itself over short lines gives the pitch past the name and the lead-in, in German and Spanish', () => {
  for (const [hello, leadIn, first, then] of [
    ['Hallo Salonprofis!', 'Wir sind', 'die flexible Terminsoftware.', 'für Friseure und Kosmetikstudios.'],
    ['¡Hola, peluqueros!', 'Somos', 'la agenda flexible en línea.', 'para peluquerías y centros de estética.'],
  ]) {
    const body = `<h1>${hello}</h1><p>${leadIn}</p><p>ACME</p><p>${first}</p><p>${then}</p><a href="/signup">Probar</a>`;
    assert.equal(extractTagline(home('Acme', body), 'Acme')?.value, `${first} ${then}`, hello);
  }
});
