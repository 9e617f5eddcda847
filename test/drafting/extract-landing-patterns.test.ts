import { test } from 'node:test';
import assert from 'node:assert/strict';
import { siteView } from '../../src/drafting/extract/site-view.js';
import { extractFeatures } from '../../src/drafting/extract/features.js';
import { extractFaqs } from '../../src/drafting/extract/faqs.js';
import { extractLogo, extractName, extractTagline } from '../../src/drafting/extract/identity.js';
import { extractPricingModel, extractPricingSummary, extractTiers } from '../../src/drafting/extract/pricing.js';
import { extractLocation } from '../../src/drafting/extract/location.js';
import { extractFounders } from '../../src/drafting/extract/team.js';
import { extractCompanySocials, socialLink } from '../../src/drafting/extract/socials.js';
import { SOCIAL_KEYS } from '../../src/drafting/draft-content.js';
import { extractContactEmail } from '../../src/drafting/extract/contact.js';
import { Socials } from '../../src/api/schemas/common.js';
import { htmlPage, pagesFromHtml } from '../support/fixture-websites.js';

/**
 * The shapes landing pages state their facts in (issue 15): each pattern on a small snippet, and
 * what must not be read as a fact. Every value keeps a quote found on the page.
 */
const site = (pages: Record<string, string>) => siteView(pagesFromHtml(pages));
const values = (p: { value: unknown } | undefined) => p?.value;
const model = (s: ReturnType<typeof site>, name?: string) => extractPricingModel(s, extractTiers(s), name);

// ── features ──

test('feature cards in a grid become "title: text", a long text cut after the sentences that fit, both quoted', () => {
  const s = site({
    '/': htmlPage(
      'Acme',
      `<h1>Deploys without fear</h1><section><h2>Built for teams</h2>
    <div><h3>Preview environments</h3><p>Every branch gets its own URL. Share it with anyone.</p></div>
    <div><h3>Instant rollbacks</h3><p>Go back to any deploy in one click. Rollbacks keep the database migrations, the environment variables and the build cache of the deploy they return to.</p></div>
    <div><h3>Audit log</h3><p>See who shipped what, and when.</p></div></section>`,
    ),
  });
  const p = extractFeatures(s)!;
  assert.deepEqual(p.value, [
    'Preview environments: Every branch gets its own URL. Share it with anyone.',
    'Instant rollbacks: Go back to any deploy in one click.',
    'Audit log: See who shipped what, and when.',
  ]);
  assert.ok(p.evidence.some((e) => e.quote === 'Every branch gets its own URL. Share it with anyone.'));
});

test('list items under a "Features" heading on any page of the site are features', () => {
  const s = site({
    '/': htmlPage('Acme', '<h1>Acme</h1>'),
    '/why-acme': htmlPage(
      'Why',
      '<h2>Key features</h2><ul><li>Works offline</li><li>End-to-end encrypted sync</li></ul>',
    ),
  });
  assert.deepEqual(values(extractFeatures(s)), ['Works offline', 'End-to-end encrypted sync']);
});

test('"First there is …, second there is …" prose gives one feature per ordinal', () => {
  const s = site({
    '/': htmlPage('Acme', '<h1>Acme CAD</h1>'),
    '/about': htmlPage(
      'About',
      '<p>It has two modelling techniques: First there is constructive solid geometry (aka CSG), second there is extrusion of 2D outlines.</p>',
    ),
  });
  const p = extractFeatures(s)!;
  assert.deepEqual(p.value, ['Constructive solid geometry (aka CSG)', 'Extrusion of 2D outlines']);
  assert.ok(p.evidence.some((e) => e.quote === 'First there is constructive solid geometry (aka CSG)'));
});

test('a definition list of explained terms gives one feature per term', () => {
  const s = site({
    '/': htmlPage(
      'Acme',
      `<h1>Acme Reader</h1><dl><dt>Optimized for readability</dt><dd>Fonts and colors are chosen for the screen.</dd>
    <dt>Fast and efficient</dt><dd>Keyboard shortcuts for everything you do.</dd><dt>Self-hosted</dt><dd>Run it on your own server in minutes.</dd></dl>`,
    ),
  });
  assert.deepEqual(values(extractFeatures(s)), [
    'Optimized for readability: Fonts and colors are chosen for the screen.',
    'Fast and efficient: Keyboard shortcuts for everything you do.',
    'Self-hosted: Run it on your own server in minutes.',
  ]);
});

test('items led by a bold term ("Private. None of your data …") are features', () => {
  const s = site({
    '/': htmlPage(
      'Acme',
      `<h1>Acme Sync</h1><h2>Secure</h2><ul><li><b>Private.</b> None of your data is stored elsewhere.</li>
    <li><b>Encrypted.</b> All communication is secured using TLS.</li><li><b>Authenticated.</b> Every node has a certificate.</li></ul>`,
    ),
  });
  assert.deepEqual(values(extractFeatures(s)), [
    'Private. None of your data is stored elsewhere.',
    'Encrypted. All communication is secured using TLS.',
    'Authenticated. Every node has a certificate.',
  ]);
});

test('paragraphs of a "Features" section give their first sentence each', () => {
  const s = site({
    '/': htmlPage(
      'Acme',
      `<h1>Acme</h1><h2>Features</h2><p>Privacy-aware; never tracks users with unique identifiers. Fine-grained controls.</p>
    <p>Lightweight and fast; adds just 3.5KB to your site.</p>`,
    ),
  });
  assert.deepEqual(values(extractFeatures(s)), [
    'Privacy-aware; never tracks users with unique identifiers.',
    'Lightweight and fast; adds just 3.5KB to your site.',
  ]);
});

test('cards without heading elements (a short title line, then its sentence) are features', () => {
  const s = site({
    '/': htmlPage(
      'Acme',
      `<h1>Acme CSS</h1><div class="column"><div>Lightweight</div><div>Lightweight (~10KB gzipped) starting point for your projects</div></div>
    <div class="column"><div>Responsive</div><div>Flexbox-based, responsive and mobile-friendly layout</div></div>
    <div class="column"><div>Modern</div><div>Elegantly designed and developed elements and components</div></div>`,
    ),
  });
  assert.deepEqual(values(extractFeatures(s)), [
    'Lightweight (~10KB gzipped) starting point for your projects',
    'Responsive: Flexbox-based, responsive and mobile-friendly layout',
    'Modern: Elegantly designed and developed elements and components',
  ]);
});

test('three lines running, each led by an emoji, are features (without the emoji)', () => {
  const s = site({
    '/': htmlPage(
      'Acme',
      '<h1>Acme Chat</h1><p>💬 Reliable instant messaging on many devices</p><p>⚡️ Sign up on secure relays</p><p>🔒 Audited end-to-end encryption</p><p>Download</p>',
    ),
  });
  assert.deepEqual(values(extractFeatures(s)), [
    'Reliable instant messaging on many devices',
    'Sign up on secure relays',
    'Audited end-to-end encryption',
  ]);
});

test('install instructions and pricing plans laid out as cards are not features', () => {
  const s = site({
    '/': htmlPage(
      'Acme',
      `<h1>Acme</h1><h2>Install</h2><h3>Homebrew</h3><p>brew install acme</p><h3>Apt</h3><p>apt install acme</p><h3>Source</h3><p>make install</p>
    <h2>Pricing</h2><h3>Starter</h3><p>For individuals getting started today.</p><h3>Team</h3><p>For growing teams of any size.</p><h3>Scale</h3><p>For large organisations with many projects.</p>`,
    ),
  });
  assert.equal(extractFeatures(s), undefined);
});

// ── FAQs ──

test('a <details><summary> question on an ordinary page is a FAQ', () => {
  const s = site({
    '/': htmlPage('Acme', '<h1>Acme</h1>'),
    '/install': htmlPage(
      'Install',
      '<h2>Setup</h2><details><summary>Does it run on Windows?</summary><p>Yes, on Windows 10 and later.</p></details>',
    ),
  });
  assert.deepEqual(
    extractFaqs(s).map((f) => [f.question, f.answer]),
    [['Does it run on Windows?', 'Yes, on Windows 10 and later.']],
  );
});

test('an accordion toggle (aria-expanded) and its panel are a FAQ', () => {
  const s = site({
    '/': htmlPage(
      'Acme',
      `<h1>Acme</h1><div><button aria-expanded="false" aria-controls="a1">Can I cancel any time?</button>
    <div id="a1"><p>Yes, from your account settings.</p></div></div>`,
    ),
  });
  assert.deepEqual(
    extractFaqs(s).map((f) => f.question),
    ['Can I cancel any time?'],
  );
});

test('question paragraphs under a "Frequently asked questions" heading of the homepage are FAQs, "Q:"/"A:" prefixes left out', () => {
  const s = site({
    '/': htmlPage(
      'Acme',
      '<h1>Acme</h1><h2>Frequently asked questions</h2><p>Q: Is my data encrypted?</p><p>A: Yes, at rest and in transit.</p>',
    ),
  });
  assert.deepEqual(
    extractFaqs(s).map((f) => [f.question, f.answer]),
    [['Is my data encrypted?', 'Yes, at rest and in transit.']],
  );
});

test('a question that ends inside brackets ("…? )") is still a question on a FAQ page', () => {
  const s = site({
    '/': htmlPage('Acme', '<h1>Acme</h1>'),
    '/faq': htmlPage(
      'FAQ',
      '<h1>Frequently Asked Questions</h1><p class="question">The meter says 9% when top says 90%! (Or: the bar looks full. What is going on?)</p><p>The meter counts memory used by processes.</p>',
    ),
  });
  assert.deepEqual(
    extractFaqs(s).map((f) => f.answer),
    ['The meter counts memory used by processes.'],
  );
});

test('the imprint’s address is the contact address over a personal one elsewhere', () => {
  const s = site({
    '/': htmlPage('Acme', '<h1>Acme</h1>'),
    '/community-standards': htmlPage(
      'Standards',
      '<p>Report abuse to <a href="mailto:jo@mail.example">jo@mail.example</a>.</p>',
    ),
    '/imprint.html': htmlPage('Imprint', '<h1>Imprint</h1><p>E-Mail: hello@acme-gmbh.example</p>'),
  });
  assert.equal(values(extractContactEmail(s)), 'hello@acme-gmbh.example');
});

test('a heading that asks outside a FAQ is a call to action, not a FAQ', () => {
  const s = site({
    '/': htmlPage('Acme', '<h1>Acme</h1><h2>Ready to ship faster?</h2><p>Start your free account in a minute.</p>'),
  });
  assert.deepEqual(extractFaqs(s), []);
});

// ── tagline ──

test('when the h1 only names the product, the tagline is the line under it', () => {
  const s = site({
    '/': htmlPage(
      'Acme — Home',
      '<h1>Acme</h1><p>AI pair programming in your terminal</p><p>Install it with one command and start.</p>',
    ),
  });
  assert.equal(values(extractTagline(s, 'Acme')), 'AI pair programming in your terminal');
});

test('without an h1 the tagline is the hero heading, not what the title says', () => {
  const s = site({
    '/': htmlPage(
      'Acme | Official website',
      '<div class="hero"><h2>The ultimate web server</h2><p>Fast.</p></div><h2>Features</h2>',
    ),
  });
  assert.equal(values(extractTagline(s, 'Acme')), 'The ultimate web server');
});

test('a long paragraph under the name is a description, not a tagline', () => {
  const s = site({
    '/': htmlPage(
      'Acme',
      '<h1>Acme</h1><p>Acme is a one-person workshop that repairs and rebinds old family bibles, cookbooks and diaries by hand, with linen thread.</p>',
    ),
  });
  assert.equal(extractTagline(s, 'Acme'), undefined);
});

// ── pricing ──

test('"free and open source" gives the open source model with its quote', () => {
  const p = model(site({ '/': htmlPage('Acme', '<h1>Acme</h1><p>Free and open source.</p>') }))!;
  assert.equal(p.value, 'open source');
  assert.equal(p.evidence[0].quote, 'Free and open source.');
});

test('a licence stated in the footer ("Licensed under the MIT License") gives open source', () => {
  assert.equal(
    values(
      model(
        site({
          '/': htmlPage('Acme', '<h1>Acme</h1><footer><p>Designed by Jo. Licensed under the MIT License.</p></footer>'),
        }),
      ),
    ),
    'open source',
  );
  assert.equal(
    values(model(site({ '/': htmlPage('Acme', '<h1>Acme</h1><p>Released under the Apache 2.0 License.</p>') }))),
    'open source',
  );
});

test('a licence named in a post about other software says nothing about the product', () => {
  const s = site({
    '/': htmlPage('Acme', '<h1>Acme</h1>'),
    '/news/licensing': htmlPage(
      'Licensing error',
      '<p>Code derived from CMake under the BSD license was included.</p>',
    ),
  });
  assert.equal(model(s, 'Acme'), undefined);
});

test('"free, forever" and "bring your own API key" give the free model', () => {
  assert.equal(values(model(site({ '/': htmlPage('Acme', '<h1>Acme</h1><p>Acme is free, forever.</p>') }))), 'free');
  assert.equal(
    values(model(site({ '/': htmlPage('Acme', '<h1>Acme</h1><p>Bring your own API key and start chatting.</p>') }))),
    'free',
  );
});

test('"anyone is free to contribute" is not a price', () => {
  assert.equal(
    model(
      site({
        '/': htmlPage('Acme', '<h1>Acme</h1><p>A community project where anyone is free to contribute recipes.</p>'),
      }),
    ),
    undefined,
  );
});

test('without plans, the pricing summary is the pricing section’s own sentence', () => {
  const s = site({
    '/': htmlPage(
      'Acme',
      '<h1>Acme</h1><h2>Pricing</h2><p>Self-hosting is free; the hosted service costs $15/year with a free trial.</p>',
    ),
  });
  assert.equal(
    values(extractPricingSummary(extractTiers(s), s)),
    'Self-hosting is free; the hosted service costs $15/year with a free trial.',
  );
});

test('a page named for the paid offer ("Hosting") is read as a pricing page', () => {
  const s = site({
    '/': htmlPage('Acme', '<h1>Acme</h1>'),
    '/hosting.html': htmlPage(
      'Acme Hosting',
      '<h1>Acme Hosting</h1><p>The subscription costs only $15/year and includes a free 15-day trial period.</p>',
    ),
  });
  assert.equal(
    values(extractPricingSummary(extractTiers(s), s)),
    'The subscription costs only $15/year and includes a free 15-day trial period.',
  );
});

// ── country and city ──

test('"a US 501(c)(3) non-profit" gives the country US', () => {
  const loc = extractLocation(
    site({
      '/': htmlPage('Acme', '<h1>Acme</h1>'),
      '/organization': htmlPage('Organization', '<p>We are a US 501(c)(3) non-profit organization.</p>'),
    }),
  );
  assert.equal(loc.country!.value, 'US');
  assert.match(loc.country!.evidence[0].quote, /US 501\(c\)\(3\) non-profit/);
});

test('a fiscal sponsor’s nationality is not the project’s', () => {
  const loc = extractLocation(
    site({
      '/': htmlPage(
        'Acme',
        '<h1>Acme</h1><p>This US IRS-approved 501(c)(3) nonprofit organization is hosting Acme as our fiscal sponsor.</p>',
      ),
    }),
  );
  assert.deepEqual(loc, {});
});

test('"GmbH, registered in Berlin" gives Germany and Berlin; the city alone still gives no country', () => {
  const loc = extractLocation(
    site({ '/': htmlPage('Acme', '<h1>Acme</h1><footer><p>Acme GmbH, registered in Berlin.</p></footer>') }),
  );
  assert.deepEqual([loc.country?.value, loc.city?.value], ['DE', 'Berlin']);
});

test('"Ltd, registered in England and Wales" gives GB', () => {
  const loc = extractLocation(
    site({
      '/': htmlPage(
        'Acme',
        '<h1>Acme</h1><footer><p>Acme Ltd, registered in England and Wales, company no. 01234567.</p></footer>',
      ),
    }),
  );
  assert.equal(loc.country!.value, 'GB');
});

test('an Impressum address gives the country it names, or Germany for its five-digit postcode', () => {
  const named = extractLocation(
    site({
      '/': htmlPage('Acme', '<h1>Acme</h1>'),
      '/impressum': htmlPage(
        'Impressum',
        '<h1>Impressum</h1><p>Acme GmbH</p><p>Hauptstraße 5</p><p>79102 Freiburg, Deutschland</p>',
      ),
    }),
  );
  assert.deepEqual([named.country?.value, named.city?.value], ['DE', 'Freiburg']);
  const bare = extractLocation(
    site({
      '/': htmlPage('Acme', '<h1>Acme</h1>'),
      '/impressum': htmlPage('Impressum', '<h1>Impressum</h1><p>Jo Beispiel</p><p>Musterweg 1</p><p>10829 Berlin</p>'),
    }),
  );
  assert.deepEqual([bare.country?.value, bare.city?.value], ['DE', 'Berlin']);
});

test('an Impressum section of a single-page site gives the address under it', () => {
  const loc = extractLocation(
    site({
      '/': htmlPage(
        'Acme',
        `<h1>Acme</h1><h4>Impressum</h4><div>This website is hosted by Acme GmbH</div>
    <h4>Address</h4><div>Acme GmbH</div><div>Paul-Lincke-Ufer 8d</div><div>10999 Berlin - Germany</div>`,
      ),
    }),
  );
  assert.deepEqual([loc.country?.value, loc.city?.value], ['DE', 'Berlin']);
});

test('"San Francisco, CA 94114" on an own page gives US and the city', () => {
  const loc = extractLocation(
    site({
      '/': htmlPage('Acme', '<h1>Acme</h1>'),
      '/organization': htmlPage('Org', '<p>548 Market St, San Francisco, CA 94114-1612</p>'),
    }),
  );
  assert.deepEqual([loc.country?.value, loc.city?.value], ['US', 'San Francisco']);
});

test('a place named in news (a booth "located in" a hall) is not where the company is', () => {
  assert.deepEqual(
    extractLocation(
      site({
        '/': htmlPage(
          'Acme',
          '<h1>Acme</h1><p>Visit us at our booth located in the Linux-Live area, Vienna, Austria!</p>',
        ),
      }),
    ),
    {},
  );
});

// ── founders ──

test('"Jane Doe (President): project founder and lead developer" names a founder', () => {
  const [f] = extractFounders(
    site({
      '/': htmlPage('Acme', '<h1>Acme</h1>'),
      '/organization': htmlPage(
        'Org',
        '<h2>Leadership</h2><p>Jane Doe (President): project founder and lead developer.</p>',
      ),
    }),
  );
  assert.equal(f.name, 'Jane Doe');
  assert.match(f.title ?? '', /founder/);
});

test('"Jane Doe (President)" over "Project founder and lead developer." names a founder; a past company’s role does not', () => {
  const s = site({
    '/': htmlPage('Acme', '<h1>Acme</h1>'),
    '/posts/announcement/': htmlPage(
      'Announcement',
      `<p>The inaugural board of directors:</p>
    <p>Jane Doe (President)</p><p>Project founder and lead developer. Past: Apple Safari.</p>
    <p>John Roe (Secretary &amp; Treasurer)</p><p>Current: a game studio. Past: GitHub co-founder &amp; CEO.</p>`,
    ),
  });
  const founders = extractFounders(s, 'Acme');
  assert.deepEqual(
    founders.map((f) => [f.name, f.title]),
    [['Jane Doe', 'Project founder and lead developer.']],
  );
});

test('"I\'ve co-founded Acme with Jane Doe" in an announcement names Jane Doe', () => {
  const s = site({
    '/': htmlPage('Acme', '<h1>Acme</h1>'),
    '/blog/why-acme': htmlPage('Why Acme', '<p>This is why I’ve co-founded the Acme Initiative with Jane Doe.</p>'),
  });
  assert.deepEqual(
    extractFounders(s).map((f) => f.name),
    ['Jane Doe'],
  );
});

test('"founded by", "created by" and "X, originator of the project" name founders', () => {
  const s = site({
    '/': htmlPage('Acme', '<h1>Acme</h1><p>Acme was created by Thomas Voegtlin in November 2011.</p>'),
    '/legal': htmlPage('Legal', '<p>Acme is a trademark of Fabrice Bellard, originator of the Acme project.</p>'),
  });
  assert.deepEqual(
    extractFounders(s, 'Acme')
      .map((f) => f.name)
      .sort(),
    ['Fabrice Bellard', 'Thomas Voegtlin'],
  );
});

test('"was developed by" about some part of the product does not name founders', () => {
  const s = site({
    '/': htmlPage(
      'Acme',
      '<h1>Acme</h1><p>A new VVC decoder was developed by Nuo Mi and Frank Plowman.</p><p>Acme is developed by Frédéric Guillot.</p>',
    ),
  });
  assert.deepEqual(
    extractFounders(s, 'Acme').map((f) => f.name),
    ['Frédéric Guillot'],
  );
});

// ── socials ──

test('community, code-host and blogging networks each have their key', () => {
  const keys = [
    'https://discord.gg/Y7X7bhMQFV',
    'https://discord.com/invite/acme',
    'https://bsky.app/profile/acme.bsky.social',
    'https://mastodon.social/@acme',
    'https://codeberg.org/acme/acme',
    'https://gitlab.com/acme/acme',
    'https://acme.substack.com/',
    'https://dev.to/acme',
    'https://acme.hashnode.dev/',
    'https://join.slack.com/t/acme/shared_invite/x',
    'https://matrix.to/#/#acme:matrix.org',
    'https://forum.acme.example/',
  ].map((u) => socialLink(u)?.key);
  assert.deepEqual(keys, [
    'discord',
    'discord',
    'bluesky',
    'mastodon',
    'codeberg',
    'gitlab',
    'substack',
    'devto',
    'hashnode',
    'slack',
    'matrix',
    'discourse',
  ]);
});

test('a Mastodon account on any instance is known by its link text or rel=me', () => {
  assert.equal(socialLink('https://social.example.org/@acme'), null);
  assert.equal(socialLink('https://social.example.org/@acme', 'Mastodon')?.key, 'mastodon');
  const s = site({
    '/': htmlPage(
      'Acme',
      '<h1>Acme</h1><footer><a rel="me" href="https://social.example.org/@acme"><svg></svg></a></footer>',
    ),
  });
  assert.equal(values(extractCompanySocials(s, 'Acme').mastodon), 'https://social.example.org/@acme');
});

test('the project’s own repository wins over a sponsors link and another project on the same host', () => {
  const s = site({
    '/': htmlPage(
      'Acme',
      `<h1>Acme</h1><p>Built on <a href="https://github.com/other/lib">lib</a>.</p>
    <header><a href="https://github.com/sponsors/janedoe">Sponsor</a><a href="https://github.com/acme-org/acme">GitHub</a></header>`,
    ),
  });
  assert.equal(values(extractCompanySocials(s, 'Acme').github), 'https://github.com/acme-org/acme');
});

test('one list of social keys: the schema accepts every key the drafter proposes', () => {
  const props = (Socials('Links.') as unknown as { properties: Record<string, unknown> }).properties;
  assert.deepEqual(Object.keys(props), [...SOCIAL_KEYS]);
  for (const key of ['discord', 'mastodon', 'bluesky', 'codeberg', 'linkedin', 'custom']) assert.ok(key in props, key);
});

// ── logo ──

test('the header logo image comes before icons; a sponsor’s logo is not the product’s', () => {
  const head = '<link rel="icon" href="/favicon.ico"><link rel="apple-touch-icon" href="/touch.png">';
  const s = site({
    '/': htmlPage(
      'Acme',
      '<header><img src="/img/zerossl-logo.svg" alt="ZeroSSL"><img class="logo" src="/img/logo-light.svg" alt="Acme web server"></header>',
      head,
    ),
  });
  assert.equal(values(extractLogo(s, 'Acme')), 'https://acme.example/img/logo-light.svg');
});

test('without a logo image: the apple-touch-icon, then a vector or the largest icon', () => {
  const touch = site({
    '/': htmlPage(
      'Acme',
      '<p>x</p>',
      '<link rel="icon" href="/favicon.ico"><link rel="apple-touch-icon" sizes="180x180" href="/touch-180.png">',
    ),
  });
  assert.equal(values(extractLogo(touch, 'Acme')), 'https://acme.example/touch-180.png');
  const icons = site({
    '/': htmlPage(
      'Acme',
      '<p>x</p>',
      '<link rel="icon" sizes="32x32" href="/f32.png"><link rel="icon" href="/icon.svg" type="image/svg+xml"><link rel="icon" sizes="16x16" href="/f16.png">',
    ),
  });
  assert.equal(values(extractLogo(icons, 'Acme')), 'https://acme.example/icon.svg');
});

test('an image file named just "logo" is the site’s own logo', () => {
  const s = site({
    '/': htmlPage(
      'Acme',
      '<div><img alt="" src="/static/logo.svg"></div><p>x</p>',
      '<link rel="apple-touch-icon" href="/touch.png">',
    ),
  });
  assert.equal(values(extractLogo(s, 'Acme')), 'https://acme.example/static/logo.svg');
});

test('an og:image named logo is the logo', () => {
  const s = site({
    '/': htmlPage(
      'Acme',
      '<p>x</p>',
      '<meta property="og:image" content="https://acme.example/img/acme_logo_card.png"><link rel="icon" href="/favicon.ico">',
    ),
  });
  assert.equal(values(extractLogo(s, 'Acme')), 'https://acme.example/img/acme_logo_card.png');
});

// ── name ──

test('"Electrum Bitcoin Wallet" is named Electrum when the page calls it that', () => {
  const s = site({
    '/': htmlPage(
      'Electrum Bitcoin Wallet',
      '<h1>Electrum Bitcoin Wallet</h1><p>Electrum is fast. Electrum is secure. Download Electrum today.</p>',
    ),
  });
  assert.equal(values(extractName(s)), 'Electrum');
});

// ── contact ──

test('a mailing-list command address (list+subscribe@) is not a contact address', () => {
  const s = site({
    '/': htmlPage('Acme', '<h1>Acme</h1><p>Join the list: <a href="mailto:acme+subscribe@groups.io">subscribe</a></p>'),
  });
  assert.equal(extractContactEmail(s), undefined);
});

test('a picture whose alt is exactly the product name is its logo, before artwork whose long alt mentions the logo', () => {
  const s = site({
    '/': htmlPage(
      'FFmpeg',
      `<h1>FFmpeg</h1><img src="/img/ffmpeg3d.png" alt="FFmpeg">
    <p>A complete, cross-platform solution to record, convert and stream audio and video.</p>
    <img src="/img/ffmpeg-gift.png" alt="Artwork by Dascha: the FFmpeg logo opening a gift box containing a server">`,
    ),
  });
  assert.match(String(values(extractLogo(s, 'FFmpeg'))), /\/img\/ffmpeg3d\.png$/);
});

test("an English imprint citing section 5 TMG places the publisher in Germany, at its postcode's city", () => {
  const loc = extractLocation(
    site({
      '/': htmlPage('Acme', '<h1>Acme</h1>'),
      '/imprint': htmlPage(
        'Imprint',
        '<h1>Imprint</h1><p><em>Information in accordance with section 5 TMG:</em></p><p>Jane Doe<br>10829 Berlin<br>E-Mail: hey@acme.example</p>',
      ),
    }),
  );
  assert.equal(loc.country?.value, 'DE');
  assert.equal(loc.city?.value, 'Berlin');
});
