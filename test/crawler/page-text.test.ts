import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractPage } from '../../src/crawler/page-text.js';

const url = 'https://acme.example/about';

test('the head text holds the title, quotable meta contents and every JSON-LD string, one a line', () => {
  const p = extractPage(
    `<html><head><title>Acme &amp; Co — Deploys</title>
    <meta name="viewport" content="width=device-width">
    <meta name="description" content="Deploys that   never
      break.">
    <meta property="og:site_name" content="Acme &amp; Co">
    <script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"Organization","name":"Acme","foundingDate":"2019","address":{"addressCountry":"PT"},"numberOfEmployees":12}]}</script>
    </head><body><p>x</p></body></html>`,
    url,
  );
  assert.deepEqual(p.headText.split('\n'), [
    'Acme & Co — Deploys',
    'Deploys that never break.',
    'Acme & Co',
    'Acme',
    '2019',
    'PT',
    '12',
  ]);
});

test('the link text holds every link target, mailto included, plus logo images, pictures with a short name, icons and embedded players', () => {
  const p = extractPage(
    `<html><head><link rel="icon" href="/favicon.svg"><link rel="apple-touch-icon" href="/touch.png"><link rel="canonical" href="https://acme.example/about"></head>
    <body><header><img class="logo" src="/img/acme.svg" alt="Acme"></header><img src="/photo.jpg" alt="Team photo">
    <a href="/pricing#plans">Pricing</a> <a href="mailto:hello@acme.example">Mail us</a> <a href="/pricing">Pricing again</a>
    <iframe src="https://www.youtube.com/embed/abcdefgh"></iframe></body></html>`,
    url,
  );
  assert.deepEqual(p.linkText.split('\n'), [
    'https://acme.example/pricing',
    'mailto:hello@acme.example',
    'https://acme.example/favicon.svg',
    'https://acme.example/touch.png',
    'https://acme.example/img/acme.svg',
    'https://acme.example/photo.jpg',
    'https://www.youtube.com/embed/abcdefgh',
    'https://acme.example/about',
  ]);
  // A picture whose alt is a short name may be a logo named only by its alt; a long description is not kept.
  assert.deepEqual(
    p.media.map((m) => m.kind),
    ['icon', 'apple-touch-icon', 'logo', 'image', 'embed'],
  );
  assert.equal(p.canonical, 'https://acme.example/about');
});

test('each line of text knows its element and the landmarks around it', () => {
  const p = extractPage(
    `<body><nav><a href="/">Home</a></nav><h1>About</h1><p>We build <b>deploy</b> tools.</p>
    <figure class="testimonial"><blockquote>Great tool</blockquote><figcaption>Jo</figcaption></figure>
    <ul><li>One</li><li>Two</li></ul><details><summary>Q?</summary><p>A.</p></details><footer><address>Leeds<br>United Kingdom</address></footer></body>`,
    url,
  );
  assert.deepEqual(
    p.blocks.map((b) => [b.tag, b.text]),
    [
      ['nav', 'Home'],
      ['h1', 'About'],
      ['p', 'We build deploy tools.'],
      ['blockquote', 'Great tool'],
      ['figcaption', 'Jo'],
      ['li', 'One'],
      ['li', 'Two'],
      ['summary', 'Q?'],
      ['p', 'A.'],
      ['address', 'Leeds'],
      ['address', 'United Kingdom'],
    ],
  );
  assert.match(p.blocks[0].within, /\bnav\b/);
  assert.match(p.blocks[3].within, /\btestimonial\b/);
  assert.match(p.blocks[8].within, /\bdetails\b/);
  assert.match(p.blocks[10].within, /\bfooter\b/);
  assert.equal(p.text, p.blocks.map((b) => b.text).join('\n'));
});

test('a link knows the line it stands on; an icon-only link belongs to the line above', () => {
  const p = extractPage(
    `<body><h3>Jane Doe</h3><p>Founder</p><a href="https://x.com/jane"><svg></svg></a><h3>Raj</h3><p>See <a href="/raj">his page</a></p></body>`,
    url,
  );
  const at = (href: string) => p.blocks[p.links.find((l) => l.href === href)!.block!].text;
  assert.equal(at('https://x.com/jane'), 'Founder');
  assert.equal(at('https://acme.example/raj'), 'See his page');
});

test('a paragraph wrapped over several source lines stays one line; preformatted text keeps its lines', () => {
  const p = extractPage('<body><p>Founded in 2021\n   in Lisbon.</p><pre>line one\nline two</pre></body>', url);
  assert.deepEqual(
    p.blocks.map((b) => b.text),
    ['Founded in 2021 in Lisbon.', 'line one', 'line two'],
  );
});

test('scripts, styles, templates and noscript never reach the text', () => {
  const p = extractPage(
    '<body><script>var a = "secret";</script><style>p{}</style><noscript>Enable JS</noscript><template><p>later</p></template><p>Shown</p></body>',
    url,
  );
  assert.equal(p.text, 'Shown');
});

test('deeply nested markup is read without overflowing the stack', () => {
  const depth = 20_000;
  const p = extractPage(`<body>${'<div>'.repeat(depth)}<p>Deep</p>${'</div>'.repeat(depth)}</body>`, url);
  assert.equal(p.text, 'Deep');
});

test('the items of a list nested in a list item are marked as a sublist', () => {
  const p = extractPage(
    '<body><ul><li>Roles<ul><li>Admin</li><li>Editor</li></ul></li><li>Profiles</li></ul></body>',
    url,
  );
  assert.deepEqual(
    p.blocks.map((b) => [b.text, /\bsublist\b/.test(b.within)]),
    [
      ['Roles', false],
      ['Admin', true],
      ['Editor', true],
      ['Profiles', false],
    ],
  );
});

test('a layout modifier ("has-sidebar", "with-footer") does not mark the content it wraps as that part', () => {
  const p = extractPage(
    '<div class="VPContent has-sidebar"><aside class="sidebar"><p>Guide</p></aside><main><p>Acme is free.</p></main></div>',
    url,
  );
  assert.deepEqual(
    p.blocks.map((b) => [b.text, b.within]),
    [
      ['Guide', 'aside sidebar'],
      ['Acme is free.', ''],
    ],
  );
});

test('relative links and images are read against the page’s <base href>', () => {
  const p = extractPage(
    '<html><head><base href="/acme/"><link rel="icon" href="favicon.png"></head><body><a href="pricing">Preços</a><a href="/faq">FAQ</a><img class="logo" src="img/logo.svg"></body></html>',
    'https://user.example/acme/index.html',
  );
  assert.deepEqual(
    p.links.map((l) => l.href),
    ['https://user.example/acme/pricing', 'https://user.example/faq'],
  );
  assert.deepEqual(
    p.media.map((m) => m.url),
    ['https://user.example/acme/favicon.png', 'https://user.example/acme/img/logo.svg'],
  );
});

test('a decorative image in the header’s brand link or logo box is a logo, in any language; one in the body is not', () => {
  const p = extractPage(
    `<body><header class="nav"><a class="navbar-brand" href="/"><img src="/mark.svg" alt=""> Pennino</a></header>
    <header id="hd"><div class="logo"><img class="badge" src="/img/icon.png" alt=""></div><nav><a href="/tarifs">Tarifs</a></nav></header>
    <section class="brands"><img src="/clients/globex.png" alt=""></section></body>`,
    url,
  );
  assert.deepEqual(
    p.media.filter((m) => m.kind === 'logo').map((m) => m.url),
    ['https://acme.example/mark.svg', 'https://acme.example/img/icon.png'],
  );
});

test('the body’s classes and a theme wrapper holding the h1 do not mark the page’s content as a menu or a sidebar', () => {
  for (const html of [
    '<body class="home menu-transparent"><h1>Nền tảng IoT</h1><p>Kết nối thiết bị nhanh chóng.</p></body>',
    '<body><div class="sidebar-content fullwidth"><h1>Die Restaurant-App</h1><p>Ihre Gäste sehen alles.</p></div></body>',
  ])
    assert.deepEqual(
      extractPage(html, url).blocks.map((b) => b.within),
      ['', ''],
      html,
    );
  const menu = extractPage('<body><div class="mobile-menu"><p>Preise</p></div><h1>Acme</h1></body>', url);
  assert.equal(menu.blocks[0].within, 'menu');
});

test('a wrapper named for a shown sidebar that holds nearly all the page is its content, in English and Portuguese; its sidebar stays one', () => {
  for (const [nav, text] of [
    ['Installation', 'Spectre.css is a lightweight, responsive and modern CSS framework. '.repeat(20)],
    ['Instalação', 'O Acme organiza as suas listas de compras e fornecedores num só lugar. '.repeat(20)],
  ]) {
    const p = extractPage(
      `<body><div class="docs-container off-canvas off-canvas-sidebar-show"><div class="docs-sidebar"><ul><li>${nav}</li></ul></div><div class="docs-content"><h3>What's new</h3><p>${text}</p></div></div></body>`,
      url,
    );
    assert.deepEqual(
      p.blocks.map((b) => b.within),
      ['sidebar', '', ''],
    );
  }
});
