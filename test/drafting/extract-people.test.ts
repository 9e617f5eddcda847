import { test } from 'node:test';
import assert from 'node:assert/strict';
import { siteView } from '../../src/drafting/extract/site-view.js';
import { extractFaqs } from '../../src/drafting/extract/faqs.js';
import { extractFounders, founderSocials } from '../../src/drafting/extract/team.js';
import { extractCompanySocials, socialLink } from '../../src/drafting/extract/socials.js';
import { extractMilestones, extractStory } from '../../src/drafting/extract/story.js';
import { datedLine, leadingDate } from '../../src/drafting/extract/milestone-dates.js';
import { htmlPage, pagesFromHtml } from '../support/fixture-websites.js';

const site = (pages: Record<string, string>) => siteView(pagesFromHtml(pages));
const ld = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
const qa = (faqs: { question: string; answer: string }[]) => faqs.map((f) => [f.question, f.answer]);

// ── FAQs ──

test('FAQ pairs are read from dt/dd, details/summary and question headings', () => {
  const s = site({
    '/faq': htmlPage(
      'FAQ',
      `<h1>FAQ</h1>
      <dl><dt>Is there a trial?</dt><dd>Yes, 14 days.</dd></dl>
      <details><summary>Can I export my data</summary><p>Yes, as CSV.</p><p>Or as JSON.</p></details>
      <h3>Do you have an API?</h3><p>Yes, a REST API.</p>`,
    ),
  });
  assert.deepEqual(qa(extractFaqs(s)), [
    ['Is there a trial?', 'Yes, 14 days.'],
    ['Can I export my data', 'Yes, as CSV.\nOr as JSON.'],
    ['Do you have an API?', 'Yes, a REST API.'],
  ]);
});

test('each FAQ carries quotes of its question and of its answer', () => {
  const [faq] = extractFaqs(
    site({ '/faq': htmlPage('FAQ', '<dl><dt>Is there a trial?</dt><dd>Yes, 14 days.</dd></dl>') }),
  );
  assert.deepEqual(
    faq.evidence.map((e) => e.quote),
    ['Is there a trial?', 'Yes, 14 days.'],
  );
});

test('a FAQPage in JSON-LD adds the questions the visible page lacks, each once', () => {
  const s = site({
    '/faq': htmlPage(
      'FAQ',
      '<h3>Is there a trial?</h3><p>Yes, 14 days.</p>',
      ld({
        '@type': 'FAQPage',
        mainEntity: [
          {
            '@type': 'Question',
            name: 'Is there a trial?',
            acceptedAnswer: { '@type': 'Answer', text: 'Yes, 14 days.' },
          },
          {
            '@type': 'Question',
            name: 'Can I cancel?',
            acceptedAnswer: { '@type': 'Answer', text: 'Any time, in one click.' },
          },
          { '@type': 'Question', name: 'Is it secure?', acceptedAnswer: { '@type': 'Answer', text: '<p>Yes.</p>' } },
        ],
      }),
    ),
  });
  const faqs = extractFaqs(s);
  assert.deepEqual(qa(faqs), [
    ['Is there a trial?', 'Yes, 14 days.'],
    ['Can I cancel?', 'Any time, in one click.'],
  ]);
  assert.equal(faqs[1].evidence[0].source, 'head');
});

test('a heading that is not a question on an ordinary page is not a FAQ', () => {
  assert.deepEqual(extractFaqs(site({ '/': htmlPage('Acme', '<h2>Fast deploys</h2><p>In seconds.</p>') })), []);
});

test('at most ten FAQs are drafted', () => {
  const many = Array.from({ length: 14 }, (_, i) => `<h3>Question number ${i}?</h3><p>Answer ${i}.</p>`).join('');
  assert.equal(extractFaqs(site({ '/faq': htmlPage('FAQ', many) })).length, 10);
});

// ── founders ──

const team = htmlPage(
  'Team',
  `<h1>Our team</h1>
  <div class="member"><h3>Jane Doe</h3><p>Founder &amp; CEO</p><p>Jane ran payments at a bank for ten years before starting Acme.</p>
    <a href="https://www.linkedin.com/in/janedoe"><svg></svg></a> <a href="https://twitter.com/janedoe"><svg></svg></a></div>
  <div class="member"><h3>Raj Patel</h3><p>Co-founder, CTO</p><a href="https://github.com/rajp">GitHub</a></div>
  <div class="member"><h3>Mia Wong</h3><p>Head of Design</p><a href="https://www.linkedin.com/in/miawong">LinkedIn</a></div>`,
);

test('founders are the people on the team page whose role says founder; employees are not', () => {
  const founders = extractFounders(site({ '/team': team }));
  assert.deepEqual(
    founders.map((f) => [f.name, f.title]),
    [
      ['Jane Doe', 'Founder & CEO'],
      ['Raj Patel', 'Co-founder, CTO'],
    ],
  );
  assert.equal(founders[0].bio, 'Jane ran payments at a bank for ten years before starting Acme.');
});

test('icon-only links in a card belong to the person of that card', () => {
  const [jane, raj] = extractFounders(site({ '/team': team }));
  assert.deepEqual(jane.socials, { linkedin: 'https://www.linkedin.com/in/janedoe', x: 'https://twitter.com/janedoe' });
  assert.deepEqual(raj.socials, { github: 'https://github.com/rajp' });
});

test('the founder socials are the primary founder’s, each with the quote of its link', () => {
  const fs = founderSocials(extractFounders(site({ '/team': team }))[0]);
  assert.deepEqual(Object.keys(fs), ['linkedin', 'x']);
  assert.equal(fs.linkedin!.evidence[0].source, 'links');
});

test('"founded by A and B" on the about page names founders', () => {
  const founders = extractFounders(
    site({ '/about': htmlPage('About', '<p>Acme was founded by Jane Doe and Raj Patel in a garage in Leeds.</p>') }),
  );
  assert.deepEqual(
    founders.map((f) => f.name),
    ['Jane Doe', 'Raj Patel'],
  );
});

test('the CEO among the founders comes first as the primary founder', () => {
  const founders = extractFounders(
    site({
      '/team': htmlPage(
        'Team',
        '<h3>Raj Patel</h3><p>Co-founder &amp; CTO</p><h3>Jane Doe</h3><p>Co-founder &amp; CEO</p>',
      ),
    }),
  );
  assert.deepEqual(
    founders.map((f) => f.name),
    ['Jane Doe', 'Raj Patel'],
  );
});

test('a customer quoted in a testimonial is never a founder', () => {
  const s = site({
    '/about': htmlPage(
      'About',
      '<figure class="testimonial"><blockquote>Great!</blockquote><figcaption>Priya Nair, Founder at Brightwave</figcaption></figure>',
    ),
  });
  assert.deepEqual(extractFounders(s), []);
});

test('JSON-LD founders are drafted with their title when no team page shows them', () => {
  const s = site({
    '/': htmlPage(
      'Acme',
      '<p>x</p>',
      ld({ '@type': 'Organization', name: 'Acme', founder: { '@type': 'Person', name: 'Jane Doe', jobTitle: 'CEO' } }),
    ),
  });
  const [jane] = extractFounders(s);
  assert.equal(jane.name, 'Jane Doe');
  assert.equal(jane.title, 'CEO');
  assert.ok(jane.evidence.every((e) => e.source === 'head'));
});

// ── socials ──

test('share-intent, post and video links are not accounts', () => {
  assert.equal(socialLink('https://twitter.com/intent/tweet?text=hi'), null);
  assert.equal(socialLink('https://www.facebook.com/sharer/sharer.php?u=https://acme.example'), null);
  assert.equal(socialLink('https://www.linkedin.com/shareArticle?url=x'), null);
  assert.equal(socialLink('https://x.com/acme/status/123'), null);
  assert.equal(socialLink('https://www.youtube.com/watch?v=abcdefgh'), null);
  assert.equal(socialLink('https://www.instagram.com/p/Cx1/'), null);
});

test('account links are recognised per platform', () => {
  const keys = [
    'https://x.com/acme',
    'https://twitter.com/acme',
    'https://www.linkedin.com/company/acme',
    'https://www.facebook.com/acmehq',
    'https://www.instagram.com/acme/',
    'https://www.tiktok.com/@acme',
    'https://www.youtube.com/@acme',
    'https://www.threads.net/@acme',
    'https://www.pinterest.com/acme/',
    'https://github.com/acme',
    'https://www.reddit.com/r/acme/',
    'https://www.producthunt.com/products/acme',
    'https://medium.com/@acme',
  ].map((u) => socialLink(u)?.key);
  assert.deepEqual(keys, [
    'x',
    'x',
    'linkedin',
    'facebook',
    'instagram',
    'tiktok',
    'youtube',
    'threads',
    'pinterest',
    'github',
    'reddit',
    'producthunt',
    'medium',
  ]);
  assert.equal(socialLink('https://www.linkedin.com/in/janedoe')!.personal, true);
});

test('company socials skip share buttons and people’s own profiles', () => {
  const s = site({
    '/': htmlPage(
      'Acme',
      `<a href="https://twitter.com/intent/tweet?url=x">Tweet this</a>
      <div class="team-member"><a href="https://x.com/janedoe">Jane on X</a></div>
      <a href="https://www.linkedin.com/in/janedoe">Jane</a>
      <footer><a href="https://x.com/acmehq">X</a><a href="https://www.linkedin.com/company/acme">LinkedIn</a></footer>`,
    ),
  });
  const socials = extractCompanySocials(s);
  assert.deepEqual(Object.fromEntries(Object.entries(socials).map(([k, p]) => [k, p!.value])), {
    x: 'https://x.com/acmehq',
    linkedin: 'https://www.linkedin.com/company/acme',
  });
});

test('links in blog posts are not the company’s socials', () => {
  const s = site({
    '/': htmlPage('Acme', '<p>x</p>'),
    '/blog': htmlPage('Blog', '<a href="https://x.com/globex">Globex</a>'),
  });
  assert.deepEqual(extractCompanySocials(s), {});
});

// ── story and milestones ──

test('story sections come only from headings that name them', () => {
  const s = site({
    '/about': htmlPage(
      'About',
      `<h1>About us</h1>
      <p>Acme began as a weekend project between two friends who ran a small web agency in Leeds.</p>
      <h2>Why we started</h2><p>Deploys kept breaking on Fridays and nobody wanted to be on call.</p>
      <h2>Our values</h2><p>We ship small changes often and write everything down for everyone.</p>
      <h2>The road ahead</h2><p>Next year we will support every cloud provider people actually use.</p>`,
    ),
  });
  const story = extractStory(s);
  assert.deepEqual(Object.keys(story).sort(), ['story', 'whats_next', 'why_started']);
  assert.equal(story.why_started!.value, 'Deploys kept breaking on Fridays and nobody wanted to be on call.');
  assert.equal(
    story.story!.value,
    'Acme began as a weekend project between two friends who ran a small web agency in Leeds.',
    'values are not the story',
  );
  assert.equal(story.title, undefined, 'a generic h1 is not a story title');
});

test('without an about page there is no story', () => {
  assert.deepEqual(
    extractStory(
      site({ '/': htmlPage('Acme', '<h2>Our story</h2><p>It began with a long and winding road to somewhere.</p>') }),
    ),
    {},
  );
});

test('timeline dates are read in the usual forms', () => {
  assert.equal(leadingDate('March 2022 — Launched v1')!.date, '2022-03-01');
  assert.equal(leadingDate('Sept. 2020: Seed round')!.date, '2020-09-01');
  assert.equal(leadingDate('15 March 2022 – Launch')!.date, '2022-03-15');
  assert.equal(leadingDate('March 15, 2022 - Launch')!.date, '2022-03-15');
  assert.equal(leadingDate('2021-11-02 Launch')!.date, '2021-11-02');
  assert.equal(leadingDate('Q3 2023 — Mobile app')!.date, '2023-07-01');
  assert.equal(leadingDate('2019: Founded')!.date, '2019-01-01');
  assert.equal(leadingDate('2,000 customers'), null);
  assert.equal(leadingDate('© 2025 Acme'), null);
  assert.equal(leadingDate('February 30, 2022 — nope'), null);
});

test('a year followed by a sentence is not a timeline entry', () => {
  assert.equal(datedLine('2021 was a hard year for us'), null);
  assert.deepEqual(datedLine('March 2022 — Launched v1'), { date: '2022-03-01', title: 'Launched v1' });
});

test('milestones come from the timeline of the about page, with date and title', () => {
  const s = site({
    '/about': htmlPage(
      'About',
      `<h2>Milestones</h2><ul><li>March 2021 — Founded in Leeds</li><li>June 2022 — Launched v1. 40 teams joined the beta.</li></ul>
      <footer><p>2025 Acme Ltd</p></footer>`,
    ),
  });
  const ms = extractMilestones(s);
  assert.deepEqual(
    ms.map((m) => [m.date, m.title, m.description]),
    [
      ['2021-03-01', 'Founded in Leeds', undefined],
      ['2022-06-01', 'Launched v1', '40 teams joined the beta.'],
    ],
  );
});

test('a date on its own line followed by what happened is one milestone', () => {
  const s = site({
    '/about': htmlPage(
      'About',
      '<h2>Our history</h2><dl><dt>2019</dt><dd>Acme founded</dd><dt>2021</dt><dd>First hire</dd></dl>',
    ),
  });
  assert.deepEqual(
    extractMilestones(s).map((m) => [m.date, m.title]),
    [
      ['2019-01-01', 'Acme founded'],
      ['2021-01-01', 'First hire'],
    ],
  );
});

test('dated blog-post lists on the homepage are not milestones', () => {
  const s = site({
    '/': htmlPage(
      'Acme',
      '<h2>Latest posts</h2><ul><li>May 14, 2024 — Pricing update</li><li>May 2, 2024 — New docs</li><li>April 1, 2024 — Hello</li></ul>',
    ),
  });
  assert.deepEqual(extractMilestones(s), []);
});

test('a story heading is known in Dutch, Polish, Czech and Romanian', () => {
  for (const heading of ['Ons verhaal', 'Nasza historia', 'Náš příběh', 'Povestea noastră']) {
    const s = site({
      '/about': htmlPage(
        'About',
        `<h1>Acme</h1><h2>${heading}</h2><p>Acme began as a weekend project between two friends in a small agency.</p>`,
      ),
    });
    assert.equal(
      extractStory(s).story?.value,
      'Acme began as a weekend project between two friends in a small agency.',
      heading,
    );
  }
});
