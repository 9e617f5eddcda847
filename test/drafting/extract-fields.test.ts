import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractDraft } from '../../src/drafting/extract/extract-draft.js';
import { siteView } from '../../src/drafting/extract/site-view.js';
import {
  extractName,
  extractTagline,
  extractShortDescription,
  extractDescription,
  extractLogo,
  extractSeo,
} from '../../src/drafting/extract/identity.js';
import { extractStage } from '../../src/drafting/extract/stage.js';
import { extractPricingModel, extractPricingSummary, extractTiers } from '../../src/drafting/extract/pricing.js';
import { emailsIn, extractContactEmail } from '../../src/drafting/extract/contact.js';
import { extractLocation } from '../../src/drafting/extract/location.js';
import { countryFromCode, countryFromName } from '../../src/drafting/extract/countries.js';
import { extractFoundedYear } from '../../src/drafting/extract/founded.js';
import { extractDemoVideo, isVideoUrl } from '../../src/drafting/extract/video.js';
import { extractCategories } from '../../src/drafting/extract/categories.js';
import { extractKeywords, extractTags } from '../../src/drafting/extract/keywords.js';
import { extractFeatures, extractUsps } from '../../src/drafting/extract/features.js';
import { fitText } from '../../src/drafting/extract/text-fit.js';
import { FIXTURE_CATEGORIES, htmlPage, pagesFromHtml } from '../support/fixture-websites.js';

const site = (pages: Record<string, string>) => siteView(pagesFromHtml(pages));
const ld = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

// ── name, tagline, descriptions, SEO, logo ──

test('the name comes from JSON-LD before og:site_name and the title', () => {
  const s = site({
    '/': htmlPage(
      'Home | Acme Cloud',
      '<h1>Deploy on Friday</h1>',
      `<meta property="og:site_name" content="Acme Inc">${ld({ '@type': 'SoftwareApplication', name: 'Acme Deploy' })}`,
    ),
  });
  const name = extractName(s)!;
  assert.equal(name.value, 'Acme Deploy');
  assert.equal(name.evidence[0].source, 'head');
});

test('without structured data the name is the short part of the title', () => {
  assert.equal(
    extractName(site({ '/': htmlPage('Acme — Deploys that never wake you up at night', '<p>x y</p>') }))!.value,
    'Acme',
  );
  assert.equal(
    extractName(site({ '/': htmlPage('Deploys that never wake you up | Acme', '<p>x y</p>') }))!.value,
    'Acme',
  );
});

test('a generic title part such as "Home" is never taken for the name', () => {
  assert.equal(extractName(site({ '/': htmlPage('Home', '<p>Welcome to our website</p>') })), undefined);
  assert.equal(extractName(site({ '/': htmlPage('Home | Orbitly', '<p>x</p>') }))!.value, 'Orbitly');
});

test('the tagline is the homepage h1 unless it only repeats the name', () => {
  assert.equal(
    extractTagline(site({ '/': htmlPage('Acme', '<h1>Deploy on Friday, sleep on Saturday</h1>') }), 'Acme')!.value,
    'Deploy on Friday, sleep on Saturday',
  );
  assert.equal(extractTagline(site({ '/': htmlPage('Acme', '<h1>Acme</h1>') }), 'Acme'), undefined);
});

test('the short description is the meta description, else the first paragraph of the homepage', () => {
  const withMeta = site({
    '/': htmlPage(
      'Acme',
      '<p>A first paragraph long enough to be a description of something.</p>',
      '<meta name="description" content="Acme deploys your app on every push, with rollbacks in one click.">',
    ),
  });
  assert.equal(
    extractShortDescription(withMeta)!.value,
    'Acme deploys your app on every push, with rollbacks in one click.',
  );
  const withoutMeta = site({
    '/': htmlPage(
      'Acme',
      '<nav><p>Home Pricing About Blog Careers Contact Login Signup</p></nav><p>Acme deploys your app on every push, with rollbacks in one click.</p>',
    ),
  });
  assert.equal(
    extractShortDescription(withoutMeta)!.value,
    'Acme deploys your app on every push, with rollbacks in one click.',
  );
});

test('a meta description over 500 characters is cut at a sentence, never extended', () => {
  const long = `${'Acme deploys apps for teams of every size and shape. '.repeat(12)}`;
  const p = extractShortDescription(
    site({ '/': htmlPage('Acme', '', `<meta name="description" content="${long}">`) }),
  )!;
  assert.ok(p.value.length <= 500 && long.startsWith(p.value) && p.value.endsWith('.'));
});

test('the description leaves out testimonials, cookie banners and navigation', () => {
  const s = site({
    '/': htmlPage(
      'Acme',
      `<nav><p>Home Pricing About Blog Careers Contact Login Signup Docs Status and more links</p></nav>
      <p>Acme deploys your application on every push and rolls back in one click when something breaks in production.</p>
      <blockquote><p>Acme saved our team hundreds of hours of late-night deploy babysitting this year, honestly.</p></blockquote>
      <div class="cookie-banner"><p>We use cookies to make this website work and to understand how it is used by visitors.</p></div>`,
    ),
  });
  assert.equal(
    extractDescription(s)!.value,
    'Acme deploys your application on every push and rolls back in one click when something breaks in production.',
  );
});

test('SEO title and meta are taken only when within 70 and 170 characters', () => {
  const s = site({ '/': htmlPage('Acme — Deploys', '', `<meta name="description" content="${'word '.repeat(40)}">`) });
  const seo = extractSeo(s);
  assert.equal(seo.title!.value, 'Acme — Deploys');
  assert.equal(seo.meta, undefined);
});

test('the logo is the one in the header, not the customer logos', () => {
  const s = site({
    '/': htmlPage(
      'Acme',
      `<section class="customers"><img src="/img/globex-logo.svg" alt="Globex logo"></section>
      <header><a href="/"><img class="site-logo" src="/img/acme.svg" alt="Acme"></a></header>`,
    ),
  });
  assert.equal(extractLogo(s, 'Acme')!.value, 'https://acme.example/img/acme.svg');
});

test('without a logo image the apple-touch-icon is the logo, with its link as evidence', () => {
  const s = site({ '/': htmlPage('Acme', '<p>x</p>', '<link rel="apple-touch-icon" href="/apple-touch-icon.png">') });
  const logo = extractLogo(s, 'Acme')!;
  assert.equal(logo.value, 'https://acme.example/apple-touch-icon.png');
  assert.equal(logo.evidence[0].source, 'links');
});

test('an og:image that is not named logo is not a logo', () => {
  assert.equal(
    extractLogo(
      site({
        '/': htmlPage('Acme', '<p>x</p>', '<meta property="og:image" content="https://acme.example/cover.png">'),
      }),
      'Acme',
    ),
    undefined,
  );
});

// ── stage ──

test('a stage stated on the homepage is drafted: "Now in public beta" → Public beta', () => {
  assert.equal(
    extractStage(site({ '/': htmlPage('Acme', '<p class="badge">Now in public beta</p><h1>Deploys</h1>') }))!.value,
    'Public beta',
  );
});

test('a "Beta" badge is the stage, but "beta testers" or "Beta features" say nothing', () => {
  assert.equal(extractStage(site({ '/': htmlPage('Acme', '<span>Beta</span><h1>Deploys</h1>') }))!.value, 'Beta');
  assert.equal(
    extractStage(
      site({ '/': htmlPage('Acme', '<p>Thanks to our beta testers for all the feedback.</p><h2>Beta features</h2>') }),
    ),
    undefined,
  );
});

test('a past stage in a timeline or a blog post is not the current stage', () => {
  const s = site({
    '/': htmlPage('Acme', '<h1>Deploys</h1><p>June 2021 — Private beta with 40 teams</p>'),
    '/about': htmlPage('About', '<p>We spent a year in early access before launching.</p>'),
    '/blog': htmlPage('Blog', '<p>Our public beta is over!</p>'),
  });
  assert.equal(extractStage(s), undefined);
});

// ── pricing ──

test('plans named on the same line as their price make the summary', () => {
  const s = site({
    '/pricing': htmlPage(
      'Pricing',
      '<ul><li>Starter: $9/month</li><li>Team: $29/month</li><li>Enterprise: talk to us</li></ul>',
    ),
  });
  const tiers = extractTiers(s);
  assert.equal(extractPricingSummary(tiers)!.value, 'Starter $9/month, Team $29/month');
  assert.equal(extractPricingModel(s, tiers)!.value, 'subscription');
});

test('a price alone on its line belongs to the plan heading above it', () => {
  const s = site({
    '/pricing': htmlPage(
      'Pricing',
      '<h1>Pricing</h1><div><h3>Solo</h3><p>€19 / month</p></div><div><h3>Studio</h3><p>€49 / month</p></div>',
    ),
  });
  assert.equal(extractPricingSummary(extractTiers(s))!.value, 'Solo €19 / month, Studio €49 / month');
});

test('a free plan next to paid plans is freemium', () => {
  const s = site({ '/pricing': htmlPage('Pricing', '<h2>Free</h2><p>$0</p><h2>Pro</h2><p>$15 per month</p>') });
  assert.equal(extractPricingModel(s, extractTiers(s))!.value, 'freemium');
});

test('a one-time price is one-time, and "open source" is open source', () => {
  const once = site({ '/pricing': htmlPage('Pricing', '<h2>Lifetime</h2><p>$149 one-time</p>') });
  assert.equal(extractPricingModel(once, extractTiers(once))!.value, 'one-time');
  const oss = site({ '/': htmlPage('Acme', '<p>Acme is fully open source and self-hostable.</p>') });
  assert.equal(extractPricingModel(oss, extractTiers(oss))!.value, 'open source');
});

test('a price in a blog post about a competitor is not the product’s pricing', () => {
  const s = site({
    '/': htmlPage('Acme', '<h1>Deploys</h1>'),
    '/blog': htmlPage('Blog', '<h2>Pro: $49/month</h2><p>Globex raised its Pro plan to $49/month.</p>'),
  });
  const tiers = extractTiers(s);
  assert.deepEqual(tiers, []);
  assert.equal(extractPricingModel(s, tiers), undefined);
});

test('a sentence with a price is not a plan: "Extra seats cost $5 per month"', () => {
  assert.deepEqual(
    extractTiers(
      site({ '/pricing': htmlPage('Pricing', '<p>Extra seats cost $5 per month.</p><p>From $9/month</p>') }),
    ),
    [],
  );
});

test('without any statement about price, no pricing model is drafted', () => {
  assert.equal(
    extractPricingModel(site({ '/': htmlPage('Acme', '<p>Deploys for everyone, with rollbacks.</p>') }), []),
    undefined,
  );
});

// ── contact email ──

test('the contact email prefers the site’s own domain over a personal or third-party address', () => {
  const s = site({
    '/contact': htmlPage(
      'Contact',
      '<p>Billing: acme.billing@gmail.com</p><p>Or write to <a href="mailto:hello@acme.example">hello@acme.example</a></p>',
    ),
  });
  assert.equal(extractContactEmail(s)!.value, 'hello@acme.example');
});

test('emails are found in text, but not in testimonials or placeholders', () => {
  assert.deepEqual(
    emailsIn('Mail team@acme.example or noreply@acme.example, not you@example.com.').map((e) => e.email),
    ['team@acme.example'],
  );
  const s = site({ '/': htmlPage('Acme', '<blockquote><p>Email me at jane@globex.example anytime</p></blockquote>') });
  assert.equal(extractContactEmail(s), undefined);
});

test('scanning a long run of address-like characters is linear', () => {
  const line = `${'a'.repeat(2_000_000)}@${'b'.repeat(100)} ${'x@'.repeat(200_000)}`;
  const started = performance.now();
  assert.deepEqual(emailsIn(line), []);
  // A guard against backtracking (minutes on this line), not a speed target: generous for a busy machine.
  assert.ok(performance.now() - started < 5_000);
});

// ── country and city ──

test('"based in Lisbon, Portugal" gives country PT and city Lisbon', () => {
  const loc = extractLocation(
    site({ '/about': htmlPage('About', '<p>We are a team of nine based in Lisbon, Portugal.</p>') }),
  );
  assert.equal(loc.country!.value, 'PT');
  assert.equal(loc.city!.value, 'Lisbon');
});

test('"Founded in 2020 in Porto, Portugal." gives country PT and city Porto; a bare founding year gives no place', () => {
  const loc = extractLocation(site({ '/about': htmlPage('About', '<p>Founded in 2020 in Porto, Portugal.</p>') }));
  assert.deepEqual([loc.country?.value, loc.city?.value], ['PT', 'Porto']);
  const bare = extractLocation(site({ '/about': htmlPage('About', '<p>Founded in 2020.</p>') }));
  assert.deepEqual([bare.country, bare.city], [undefined, undefined]);
});

test('a city without a country gives the city only: the country is never guessed', () => {
  const loc = extractLocation(site({ '/about': htmlPage('About', '<p>Acme is headquartered in Berlin.</p>') }));
  assert.equal(loc.city!.value, 'Berlin');
  assert.equal(loc.country, undefined);
});

test('"our offices are in Tallinn, Estonia" is a statement of where the company is', () => {
  const loc = extractLocation(site({ '/contact': htmlPage('Contact', '<p>Our offices are in Tallinn, Estonia.</p>') }));
  assert.deepEqual([loc.country?.value, loc.city?.value], ['EE', 'Tallinn']);
});

test('a US address reads the country and skips the state to reach the city', () => {
  const loc = extractLocation(
    site({
      '/contact': htmlPage('Contact', '<address>Acme Inc.<br>500 Howard St, San Francisco, CA 94105, USA</address>'),
    }),
  );
  assert.equal(loc.country!.value, 'US');
  assert.equal(loc.city!.value, 'San Francisco');
});

test('a customer’s city in a testimonial is not where the company is', () => {
  const loc = extractLocation(
    site({
      '/': htmlPage(
        'Acme',
        '<figure class="testimonial"><blockquote>We are based in Leeds, United Kingdom and love it.</blockquote><figcaption>Jo, Leeds</figcaption></figure>',
      ),
    }),
  );
  assert.deepEqual(loc, {});
});

test('JSON-LD addressCountry codes and names both become ISO codes; the locality counts when a page writes it', () => {
  const loc = extractLocation(
    site({
      '/': htmlPage(
        'Acme',
        '<footer><p>Acme OÜ · Tallinn</p></footer>',
        ld({
          '@type': 'Organization',
          name: 'Acme',
          address: {
            '@type': 'PostalAddress',
            addressLocality: 'Tallinn',
            addressCountry: { '@type': 'Country', name: 'Estonia' },
          },
        }),
      ),
    }),
  );
  assert.equal(loc.country!.value, 'EE');
  assert.equal(loc.city!.value, 'Tallinn');
});

test('country names map to ISO codes through the runtime’s region names', () => {
  assert.equal(countryFromName('Portugal'), 'PT');
  assert.equal(countryFromName('United Kingdom'), 'GB');
  assert.equal(countryFromName('USA'), 'US');
  assert.equal(countryFromName('Czech Republic'), 'CZ');
  assert.equal(countryFromName('CA'), null, 'a two-letter word in an address is a state, not a code');
  assert.equal(countryFromName('Lisbon'), null);
  assert.equal(countryFromCode('de'), 'DE');
  assert.equal(countryFromCode('EU'), null);
});

// ── founded year ──

test('"Founded in 2019" gives 2019, and a copyright year gives nothing', () => {
  assert.equal(
    extractFoundedYear(
      site({
        '/about': htmlPage('About', '<p>Founded in 2019 by two engineers.</p><footer><p>© 2025 Acme</p></footer>'),
      }),
    )!.value,
    '2019',
  );
  assert.equal(
    extractFoundedYear(
      site({ '/': htmlPage('Acme', '<footer><p>© 2025 Acme Inc. All rights reserved.</p></footer>') }),
    ),
    undefined,
  );
});

test('JSON-LD foundingDate, its year written on a page, outranks text, and "since" is the last resort', () => {
  assert.equal(
    extractFoundedYear(
      site({
        '/': htmlPage(
          'Acme',
          '<p>2016: the first customer.</p><p>Serving teams since 2017.</p>',
          ld({ '@type': 'Organization', name: 'Acme', foundingDate: '2016-05-01' }),
        ),
      }),
    )!.value,
    '2016',
  );
  assert.equal(
    extractFoundedYear(site({ '/about': htmlPage('About', '<p>Serving teams since 2017.</p>') }))!.value,
    '2017',
  );
});

test('a founding year in a customer quote or a blog post is someone else’s', () => {
  const s = site({
    '/': htmlPage('Acme', '<blockquote><p>We were founded in 2009 and love Acme.</p></blockquote>'),
    '/blog': htmlPage('Blog', '<p>Globex was founded in 2012.</p>'),
  });
  assert.equal(extractFoundedYear(s), undefined);
});

// ── demo video ──

test('only single videos on video sites are demo videos, not channels', () => {
  assert.ok(isVideoUrl('https://www.youtube.com/watch?v=Q8xW2mLk4pE'));
  assert.ok(isVideoUrl('https://youtu.be/Q8xW2mLk4pE'));
  assert.ok(isVideoUrl('https://vimeo.com/123456789'));
  assert.ok(isVideoUrl('https://www.loom.com/share/0123456789abcdef'));
  assert.ok(!isVideoUrl('https://www.youtube.com/@acme'));
  assert.ok(!isVideoUrl('https://acme.example/demo'));
});

test('an embedded player counts as the demo video, with its src as evidence', () => {
  const v = extractDemoVideo(
    site({ '/': htmlPage('Acme', '<iframe src="https://player.vimeo.com/video/76979871"></iframe>') }),
  )!;
  assert.equal(v.value, 'https://player.vimeo.com/video/76979871');
  assert.equal(v.evidence[0].source, 'links');
});

test('a link labelled as the demo wins over another video', () => {
  const v = extractDemoVideo(
    site({
      '/': htmlPage(
        'Acme',
        '<a href="https://youtu.be/aaaaaaaa">Our conference talk</a><a href="https://youtu.be/bbbbbbbb">Watch the demo</a>',
      ),
    }),
  )!;
  assert.equal(v.value, 'https://youtu.be/bbbbbbbb');
});

// ── categories, keywords, tags ──

test('the category named in headings comes first as the primary one', () => {
  const s = site({
    '/': htmlPage('Acme', '<h1>Invoicing for freelancers</h1><p>Sync with your accounting software and your CRM.</p>'),
    '/features': htmlPage('Features', '<h2>Accounting sync</h2><p>Works with any accounting tool.</p>'),
  });
  assert.deepEqual(extractCategories(s, FIXTURE_CATEGORIES)!.value, ['Invoicing', 'Accounting']);
});

test('category names match whole words only: "AI" is not found in "said" or "maintain"', () => {
  const s = site({
    '/': htmlPage('Acme', '<h1>We said we would maintain it</h1><h2>Email campaigns that convert</h2>'),
  });
  assert.equal(extractCategories(s, FIXTURE_CATEGORIES), undefined);
});

test('a single passing mention in prose is not enough for a category', () => {
  const s = site({ '/': htmlPage('Acme', '<h1>Trip planning for groups</h1><p>Our marketing team loves it.</p>') });
  assert.equal(extractCategories(s, FIXTURE_CATEGORIES), undefined);
});

test('keywords come from the meta keywords; tags are the ones the visible page also uses', () => {
  const s = site({
    '/': htmlPage(
      'Acme',
      '<h1>Zero-downtime deploys</h1><p>Rollbacks in one click.</p>',
      '<meta name="keywords" content="deploys, rollbacks, kubernetes">',
    ),
  });
  assert.deepEqual(extractKeywords(s)!.value, ['deploys', 'rollbacks', 'kubernetes']);
  assert.deepEqual(extractTags(s)!.value, ['deploys', 'rollbacks']);
});

// ── features and selling points ──

test('features are the items of the features section; calls to action are not features', () => {
  const s = site({
    '/': htmlPage(
      'Acme',
      `<h2>Features</h2><ul><li>One-click rollbacks</li><li>Preview environments</li></ul>
      <h2>Ready to ship?</h2><ul><li>Start free</li></ul>`,
    ),
  });
  assert.deepEqual(extractFeatures(s)!.value, ['One-click rollbacks', 'Preview environments']);
});

test('selling points are the items of a "Why …" section', () => {
  const s = site({
    '/': htmlPage(
      'Acme',
      '<h2>Why teams choose Acme</h2><h3>Deploys in 30 seconds</h3><p>Fast.</p><h3>No YAML</h3><p>Simple.</p>',
    ),
  });
  assert.deepEqual(extractUsps(s)!.value, ['Deploys in 30 seconds', 'No YAML']);
});

// ── limits and the whole ──

test('text is shortened to a prefix at a sentence or word boundary', () => {
  assert.equal(fitText('One two. Three four five.', 12), 'One two.');
  assert.equal(fitText('alpha beta gamma delta', 12), 'alpha beta');
  assert.equal(fitText('short', 12), 'short');
});

test('an empty crawl drafts nothing', () => {
  const d = extractDraft([], { categories: FIXTURE_CATEGORIES });
  assert.deepEqual(d.fields, {});
  assert.deepEqual(d.faqs, []);
});

test('pages skipped by the crawler are ignored', () => {
  const d = extractDraft(
    [
      {
        url: 'https://acme.example/',
        kind: 'homepage',
        status: 200,
        contentType: 'application/pdf',
        skipped: 'not an HTML page',
      },
    ],
    { categories: [] },
  );
  assert.deepEqual(d.fields, {});
});
