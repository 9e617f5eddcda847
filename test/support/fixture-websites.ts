import type { CrawledPage } from '../../src/crawler/crawl-site.js';
import { kindOf, type PageKind } from '../../src/crawler/page-picker.js';
import { extractPage } from '../../src/crawler/page-text.js';
import type { FixtureRoutes } from './fixture-site.js';

/**
 * Realistic websites for the crawler and the drafting extractor, each with what it states written
 * down: `stated` maps a draft path to the value the drafter must find (or a matcher), `notStated`
 * lists paths that must stay empty because the site never says them. Paths are profile fields
 * ("name", "country"), or parts of the draft ("faqs", "founders", "company_socials.x", "story.why_started",
 * "seo.title", "milestones").
 */

export interface FactMatcher {
  describe: string;
  test(value: unknown): boolean;
}
export interface SiteFacts {
  stated: Record<string, unknown>;
  notStated: string[];
  /** When the crawl itself must refuse the site: the reason it gives. */
  blocked?: RegExp;
}
export interface FixtureWebsite {
  routes: FixtureRoutes;
  facts: SiteFacts;
  start?: string;
}

export const matches = (re: RegExp): FactMatcher => ({
  describe: `matches ${re}`,
  test: (v) => typeof v === 'string' && re.test(v),
});
export const includesAll = (items: string[]): FactMatcher => ({
  describe: `includes ${JSON.stringify(items)}`,
  test: (v) => Array.isArray(v) && items.every((i) => v.includes(i)),
});
export const excludesAll = (items: string[]): FactMatcher => ({
  describe: `excludes ${JSON.stringify(items)}`,
  test: (v) => Array.isArray(v) && items.every((i) => !v.includes(i)),
});
export const allOf = (...ms: FactMatcher[]): FactMatcher => ({
  describe: ms.map((m) => m.describe).join(' and '),
  test: (v) => ms.every((m) => m.test(v)),
});
export const satisfies = (describe: string, test: (v: any) => boolean): FactMatcher => ({ describe, test });
export const isMatcher = (v: unknown): v is FactMatcher =>
  !!v && typeof v === 'object' && typeof (v as FactMatcher).test === 'function' && 'describe' in v;

/** Every profile field and draft part, for "everything else is not stated". */
export const ALL_PATHS = [
  'name',
  'tagline',
  'short_description',
  'description',
  'stage',
  'categories',
  'tags',
  'pricing_model',
  'pricing_summary',
  'country',
  'city',
  'founded_year',
  'features',
  'usps',
  'keywords',
  'contact_email',
  'demo_video_url',
  'logo_url',
  'faqs',
  'founders',
  'company_socials',
  'founder_socials',
  'story',
  'milestones',
  'seo.title',
  'seo.meta',
];
const allBut = (stated: Record<string, unknown>) =>
  ALL_PATHS.filter((p) => !Object.keys(stated).some((s) => s === p || s.startsWith(`${p}.`)));

/** The categories a directory might offer, for the category matcher. */
export const FIXTURE_CATEGORIES = [
  { slug: 'finance', name: 'Finance', parent_slug: null },
  { slug: 'invoicing', name: 'Invoicing', parent_slug: 'finance' },
  { slug: 'accounting', name: 'Accounting', parent_slug: 'finance' },
  { slug: 'developer-tools', name: 'Developer Tools', parent_slug: null },
  { slug: 'marketing', name: 'Marketing', parent_slug: null },
  { slug: 'design-tools', name: 'Design Tools', parent_slug: null },
  { slug: 'productivity', name: 'Productivity', parent_slug: null },
  { slug: 'crm', name: 'CRM', parent_slug: null },
  { slug: 'ai', name: 'AI', parent_slug: null },
  { slug: 'travel', name: 'Travel', parent_slug: null },
  { slug: 'team-collaboration', name: 'Team Collaboration', parent_slug: null },
  { slug: 'other', name: 'Other', parent_slug: null },
];

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

// ───────────────────────────── (a) saas: Tallyflow, eight pages ─────────────────────────────

const SAAS_JSON_LD = {
  '@context': 'https://schema.org',
  '@graph': [
    {
      '@type': 'SoftwareApplication',
      name: 'Tallyflow',
      applicationCategory: 'BusinessApplication',
      operatingSystem: 'Web',
      url: 'https://tallyflow.com/',
      description: 'Automatic, polite payment reminders for freelancers and small agencies.',
      offers: { '@type': 'AggregateOffer', priceCurrency: 'USD', lowPrice: '0', highPrice: '39' },
    },
    {
      '@type': 'Organization',
      name: 'Tallyflow',
      legalName: 'Tallyflow, Lda.',
      url: 'https://tallyflow.com/',
      logo: 'https://tallyflow.com/assets/tallyflow-logo.png',
      foundingDate: '2021-03-15',
      email: 'hello@tallyflow.com',
      founder: [
        {
          '@type': 'Person',
          name: 'Ana Ribeiro',
          jobTitle: 'Co-founder & CEO',
          sameAs: ['https://www.linkedin.com/in/ana-ribeiro-tallyflow'],
        },
        { '@type': 'Person', name: 'Tom Whitaker', jobTitle: 'Co-founder & CTO' },
      ],
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Rua do Ouro 112',
        addressLocality: 'Lisbon',
        postalCode: '1100-063',
        addressCountry: 'PT',
      },
      sameAs: [
        'https://www.linkedin.com/company/tallyflow',
        'https://x.com/tallyflowhq',
        'https://github.com/tallyflow',
        'https://www.youtube.com/@tallyflow',
      ],
    },
  ],
};

const saasHead = (title: string, description: string, extra = '') => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${esc(title)}</title>
  <meta name="description" content="${esc(description)}">
  <link rel="icon" href="/favicon.ico">
  <link rel="apple-touch-icon" href="/apple-touch-icon.png">
  <link rel="stylesheet" href="/assets/site.css">
  ${extra}
</head>`;

const SAAS_HEADER = `
<header class="site-header">
  <a href="/" class="brand"><img src="/assets/tallyflow-logo.svg" alt="Tallyflow logo" class="logo" width="132" height="28"></a>
  <nav class="main-nav" aria-label="Main">
    <a href="/features">Features</a>
    <a href="/pricing">Pricing</a>
    <a href="/about">About</a>
    <a href="/team">Team</a>
    <a href="/faq">FAQ</a>
    <a href="/blog">Blog</a>
    <a href="/contact">Contact</a>
    <a href="https://app.tallyflow.com/login" class="btn btn-ghost">Log in</a>
    <a href="https://app.tallyflow.com/signup" class="btn">Start free</a>
  </nav>
</header>`;

const SAAS_FOOTER = `
<footer class="site-footer">
  <div class="footer-cols">
    <div><h4>Product</h4><ul><li><a href="/features">Features</a></li><li><a href="/pricing">Pricing</a></li><li><a href="/blog">Changelog</a></li></ul></div>
    <div><h4>Company</h4><ul><li><a href="/about">About</a></li><li><a href="/team">Team</a></li><li><a href="/contact">Contact</a></li></ul></div>
    <div class="social">
      <a href="https://www.linkedin.com/company/tallyflow" aria-label="Tallyflow on LinkedIn"><svg viewBox="0 0 24 24"><path d="M0 0h24v24H0z"/></svg></a>
      <a href="https://x.com/tallyflowhq" aria-label="Tallyflow on X"><svg viewBox="0 0 24 24"><path d="M0 0h24v24H0z"/></svg></a>
      <a href="https://github.com/tallyflow" aria-label="Tallyflow on GitHub"><svg viewBox="0 0 24 24"><path d="M0 0h24v24H0z"/></svg></a>
      <a href="https://www.youtube.com/@tallyflow" aria-label="Tallyflow on YouTube"><svg viewBox="0 0 24 24"><path d="M0 0h24v24H0z"/></svg></a>
    </div>
  </div>
  <p class="legal">© 2025 Tallyflow, Lda. All rights reserved. <a href="/privacy">Privacy</a> · <a href="/terms">Terms</a></p>
</footer>
<div class="cookie-banner" role="dialog"><p>We use a single cookie to keep you signed in. No tracking, no ads, nothing sold to anyone, ever, as of 2024.</p><button>OK</button></div>`;

const saasPage = (title: string, description: string, main: string, extraHead = '') =>
  `${saasHead(title, description, extraHead)}
<body>${SAAS_HEADER}
<main>
${main}
</main>${SAAS_FOOTER}
<script src="/assets/site.js" defer></script>
</body>
</html>`;

const SAAS_DESCRIPTION =
  'Tallyflow sends polite, perfectly timed payment reminders for your invoices, so freelancers and small agencies get paid on time without awkward follow-ups.';

const saasHome = saasPage(
  'Tallyflow — Invoices that chase themselves',
  SAAS_DESCRIPTION,
  `
<section class="hero">
  <p class="eyebrow">Invoicing on autopilot</p>
  <h1>Invoices that chase themselves</h1>
  <p>Tallyflow watches every invoice you send and follows up for you with friendly, perfectly timed reminders, so you get paid on time without writing a single awkward email.</p>
  <p><a href="https://app.tallyflow.com/signup" class="btn">Start free</a>
     <a href="https://twitter.com/intent/tweet?text=Invoices%20that%20chase%20themselves&amp;url=https%3A%2F%2Ftallyflow.com" class="share">Share on X</a>
     <a href="https://www.youtube.com/watch?v=Q8xW2mLk4pE" class="btn btn-ghost">Watch the 2-minute demo</a></p>
</section>

<section class="logos">
  <p>Trusted by 4,000+ freelancers, studios and agencies</p>
  <img src="/assets/customers/northwind-logo.svg" alt="Northwind logo">
  <img src="/assets/customers/brightwave-logo.svg" alt="Brightwave Studio logo">
  <img src="/assets/customers/casa-azul-logo.svg" alt="Casa Azul logo">
</section>

<section class="features" id="features">
  <h2>Everything you need to get paid</h2>
  <div class="feature">
    <h3>Automatic reminder schedules</h3>
    <p>Pick a schedule once — a nudge three days before the due date, a firmer note a week after — and Tallyflow sends every reminder at the right moment.</p>
  </div>
  <div class="feature">
    <h3>Stripe and bank-transfer reconciliation</h3>
    <p>Payments are matched to invoices automatically, so reminders stop the minute a client pays, even when they pay by bank transfer.</p>
  </div>
  <div class="feature">
    <h3>Client payment portal</h3>
    <p>Every reminder links to a branded page where your client can see what they owe and pay by card in two clicks.</p>
  </div>
  <div class="feature">
    <h3>Late-fee automation</h3>
    <p>Add the late fees your contract allows without the uncomfortable conversation: Tallyflow adds them to the invoice and explains why.</p>
  </div>
</section>

<section class="why">
  <h2>Why teams switch to Tallyflow</h2>
  <ul>
    <li>Get paid 11 days faster on average</li>
    <li>Reminders written in your own tone of voice</li>
    <li>Works with the invoicing tool you already use</li>
  </ul>
</section>

<section class="testimonials">
  <h2>What our customers say</h2>
  <figure class="testimonial">
    <blockquote><p>“Our Berlin studio cut overdue invoices in half within a month. I can't imagine going back to chasing clients by hand.”</p></blockquote>
    <figcaption>Priya Nair, COO at Brightwave Studio, Berlin</figcaption>
  </figure>
  <figure class="testimonial">
    <blockquote><p>“We were founded in 2009 and have never had our receivables this tidy.”</p></blockquote>
    <figcaption>Marcus Bell, Owner of Northwind Joinery, Leeds, United Kingdom</figcaption>
  </figure>
</section>

<section class="cta">
  <h2>Ready to stop chasing invoices?</h2>
  <p><a href="https://app.tallyflow.com/signup" class="btn">Start free — no card required</a></p>
</section>`,
  `<meta name="keywords" content="invoicing, payment reminders, accounts receivable, late payments, freelancers">
  <meta property="og:site_name" content="Tallyflow">
  <meta property="og:title" content="Tallyflow — Invoices that chase themselves">
  <meta property="og:description" content="${esc(SAAS_DESCRIPTION)}">
  <meta property="og:image" content="https://tallyflow.com/assets/og-cover.png">
  <meta property="og:url" content="https://tallyflow.com/">
  <meta property="og:type" content="website">
  <meta name="twitter:card" content="summary_large_image">
  <meta name="twitter:site" content="@tallyflowhq">
  <link rel="canonical" href="https://tallyflow.com/">
  <script type="application/ld+json">${JSON.stringify(SAAS_JSON_LD)}</script>`,
);

const saasFeatures = saasPage(
  'Features — Tallyflow',
  'Reminder schedules, reconciliation, a client portal and late fees: every Tallyflow feature in one place.',
  `
<h1>Invoicing features that pay for themselves</h1>
<p>Tallyflow sits next to the invoicing tool you already use and takes care of the part nobody enjoys: following up.</p>
<section>
  <h2>Reminder schedules that adapt</h2>
  <p>Schedules adjust to each client's payment history: reliable payers get a gentle nudge, habitual late payers get reminders earlier.</p>
</section>
<section>
  <h2>Two-way sync with your accounting software</h2>
  <p>Tallyflow connects to Xero, QuickBooks Online and FreeAgent, and keeps invoices and payments in sync both ways.</p>
</section>
<section>
  <h2>Client payment portal</h2>
  <p>A branded page for every client with their open invoices, payment history and a pay-now button.</p>
</section>
<section>
  <h2>Cash-flow forecast</h2>
  <p>See which invoices are likely to be paid late before they are, based on each client's history.</p>
</section>
<section class="cta">
  <h2>Ready to get paid faster?</h2>
  <p><a href="https://app.tallyflow.com/signup">Start free</a></p>
</section>`,
);

const saasPricing = saasPage(
  'Pricing — Tallyflow',
  'Start free. Paid plans from $12 per month.',
  `
<h1>Simple pricing that grows with you</h1>
<p>Start free, and upgrade when reminders start paying for themselves. Paid plans are billed monthly and you can cancel any time.</p>
<div class="plans">
  <div class="plan">
    <h2>Free</h2>
    <p class="price">$0</p>
    <p>For trying Tallyflow with your first clients.</p>
    <ul><li>Up to 5 active invoices</li><li>Email reminders</li></ul>
  </div>
  <div class="plan">
    <h2>Starter</h2>
    <p class="price">$12 <span>per month</span></p>
    <p>For freelancers who invoice every week.</p>
    <ul><li>Unlimited invoices</li><li>Custom reminder tone</li><li>Client payment portal</li></ul>
  </div>
  <div class="plan plan-featured">
    <h2>Team</h2>
    <p class="price">$39 <span>per month</span></p>
    <p>For studios and agencies with several people sending invoices.</p>
    <ul><li>5 seats included</li><li>Late-fee automation</li><li>Cash-flow forecast</li></ul>
  </div>
</div>
<section class="pricing-faq">
  <h2>Pricing questions</h2>
  <h3>Is there a free trial of the paid plans?</h3>
  <p>Yes. Every paid plan starts with a 14-day free trial, and you don't need a card to start it.</p>
  <h3>Do you offer discounts for non-profits?</h3>
  <p>Non-profits get 30% off any paid plan. Write to us from your organisation's address and we'll set it up.</p>
</section>`,
);

const SAAS_FAQ_JSON_LD = {
  '@context': 'https://schema.org',
  '@type': 'FAQPage',
  mainEntity: [
    {
      '@type': 'Question',
      name: 'Which invoicing tools does Tallyflow work with?',
      acceptedAnswer: {
        '@type': 'Answer',
        text: 'Tallyflow connects to Xero, QuickBooks Online, FreeAgent and Stripe Invoicing. You can also forward invoices by email from any other tool.',
      },
    },
    {
      '@type': 'Question',
      name: 'Can I cancel at any time?',
      acceptedAnswer: {
        '@type': 'Answer',
        text: 'Yes. Plans are monthly, and cancelling takes one click in your account settings.',
      },
    },
  ],
};

const saasFaq = saasPage(
  'FAQ — Tallyflow',
  'Answers to common questions about Tallyflow reminders, integrations and data.',
  `
<h1>Frequently asked questions</h1>
<details>
  <summary>Which invoicing tools does Tallyflow work with?</summary>
  <p>Tallyflow connects to Xero, QuickBooks Online, FreeAgent and Stripe Invoicing. You can also forward invoices by email from any other tool.</p>
</details>
<details>
  <summary>Will my clients know the reminders are automated?</summary>
  <p>Reminders are sent from your own email address, in your own words. Most clients simply see a friendly note from you.</p>
</details>
<dl>
  <dt>Can I pause reminders for a single client?</dt>
  <dd>Yes. Open the client, switch reminders off, and Tallyflow will leave them alone until you switch them back on.</dd>
</dl>
<h3>Where is my data stored?</h3>
<p>All data is stored in the EU, in data centres in Frankfurt, and is encrypted at rest and in transit.</p>`,
  `<script type="application/ld+json">${JSON.stringify(SAAS_FAQ_JSON_LD)}</script>`,
);

const saasAbout = saasPage(
  'About — Tallyflow',
  'The story of Tallyflow, a small team in Lisbon helping freelancers get paid on time.',
  `
<h1>We started Tallyflow because chasing invoices was eating our Fridays</h1>
<h2>Our story</h2>
<p>Ana ran a four-person design studio in Lisbon, and every Friday afternoon went to the same job: scrolling through unpaid invoices and writing reminder emails she hated sending.</p>
<p>Tom, a developer who had freelanced for the studio for years, built a small script that sent those reminders for her. Within a month, three other studios asked if they could use it too.</p>
<h2>Why we started</h2>
<p>Late payments are the number one reason small studios run out of cash, and most of them are not bad faith: clients simply forget. A well-timed, friendly reminder fixes most of it.</p>
<h2>What's next</h2>
<p>This year we are adding reminders by text message and a forecast that warns you about cash-flow gaps a month ahead.</p>
<h2>Milestones</h2>
<ul class="timeline">
  <li><time datetime="2021-03">March 2021</time> — Tallyflow founded in Lisbon</li>
  <li><time datetime="2021-06">June 2021</time> — Private beta with 40 design studios</li>
  <li><time datetime="2022-01">January 2022</time> — Public launch and our first 500 paying customers</li>
  <li><time datetime="2023-09">September 2023</time> — Xero and QuickBooks integrations</li>
  <li><time datetime="2024-05">May 2024</time> — 4,000 customers in 30 countries</li>
</ul>
<p>Founded in 2021, Tallyflow is a team of nine based in Lisbon, Portugal.</p>`,
);

const saasTeam = saasPage(
  'Team — Tallyflow',
  'Meet the people who build Tallyflow.',
  `
<h1>The people behind Tallyflow</h1>
<p>We are a small, fully independent team. Here are some of us.</p>
<div class="team">
  <div class="member">
    <img src="/assets/team/ana.jpg" alt="">
    <h3>Ana Ribeiro</h3>
    <p class="role">Co-founder &amp; CEO</p>
    <p>Ana spent eight years running a design studio in Lisbon before starting Tallyflow. She talks to customers every week and still writes most of our reminder templates.</p>
    <p class="links"><a href="https://www.linkedin.com/in/ana-ribeiro-tallyflow">LinkedIn</a> <a href="https://x.com/anaribeiro">X</a></p>
  </div>
  <div class="member">
    <img src="/assets/team/tom.jpg" alt="">
    <h3>Tom Whitaker</h3>
    <p class="role">Co-founder &amp; CTO</p>
    <p>Tom freelanced as a developer for a decade and built the first version of Tallyflow over a long weekend. He looks after the product and the infrastructure.</p>
    <p class="links"><a href="https://www.linkedin.com/in/tomwhitaker">LinkedIn</a> <a href="https://github.com/tomwhitaker">GitHub</a></p>
  </div>
  <div class="member">
    <img src="/assets/team/lena.jpg" alt="">
    <h3>Lena Fischer</h3>
    <p class="role">Head of Customer Success</p>
    <p>Lena joined from a Berlin accounting firm and makes sure every new customer sends their first reminder within a day.</p>
  </div>
</div>`,
);

const saasContact = saasPage(
  'Contact — Tallyflow',
  'Get in touch with the Tallyflow team.',
  `
<h1>Get in touch</h1>
<p>Questions about billing, integrations or anything else? Email us at <a href="mailto:hello@tallyflow.com">hello@tallyflow.com</a> and a human will reply within one working day.</p>
<p>Journalists can reach us at press@tallyflow.com.</p>
<address>
  Tallyflow, Lda.<br>
  Rua do Ouro 112<br>
  1100-063 Lisbon<br>
  Portugal
</address>`,
);

const saasBlog = saasPage(
  'Blog — Tallyflow',
  'Notes on getting paid, from the Tallyflow team.',
  `
<h1>The Tallyflow blog</h1>
<article>
  <h2><a href="/blog/invoicely-vs-tallyflow">Invoicely vs. Tallyflow: what $49 a month actually buys you</a></h2>
  <p class="meta">May 14, 2024 · 6 min read</p>
  <p>Invoicely raised its Pro plan to $49/month in April. Here is how that compares with what you get from a dedicated reminder tool.</p>
</article>
<article>
  <h2><a href="/blog/casa-azul">How a Porto agency got paid three weeks faster</a></h2>
  <p class="meta">March 2, 2024 · 4 min read</p>
  <p>Casa Azul was founded in 2015 and is based in Porto, Portugal. Their founder, Rita Costa, told us how they cut their average payment time from 41 to 19 days.</p>
  <p>Write to Rita at rita@casaazul.pt if you want to hear it from her. Watch her talk at <a href="https://www.youtube.com/watch?v=Zz9Yy8Xx7Ww">our customer meetup</a>.</p>
</article>
<iframe src="https://www.youtube.com/embed/Aa1Bb2Cc3Dd" title="Our talk at a conference"></iframe>`,
);

export function saasWebsite(): FixtureWebsite {
  const routes: FixtureRoutes = {
    '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /app/\n\nSitemap: /sitemap.xml\n' },
    '/': { body: saasHome },
    '/features': { body: saasFeatures },
    '/pricing': { body: saasPricing },
    '/faq': { body: saasFaq },
    '/about': { body: saasAbout },
    '/team': { body: saasTeam },
    '/contact': { body: saasContact },
    '/blog': { body: saasBlog },
  };
  const facts: SiteFacts = {
    stated: {
      name: 'Tallyflow',
      tagline: 'Invoices that chase themselves',
      short_description: SAAS_DESCRIPTION,
      description: allOf(
        matches(/^Tallyflow watches every invoice you send/),
        matches(/Ana ran a four-person design studio/),
        satisfies('no testimonial', (v) => typeof v === 'string' && !v.includes('Berlin studio')),
      ),
      categories: ['Invoicing', 'Accounting'],
      tags: includesAll(['invoicing']),
      keywords: ['invoicing', 'payment reminders', 'accounts receivable', 'late payments', 'freelancers'],
      pricing_model: 'freemium',
      // The pricing page's own lead sentence, then the prices it sums up.
      pricing_summary: allOf(
        matches(/^Start free, and upgrade when reminders start paying for themselves\./),
        matches(/Free \$0, Starter \$12 per month, Team \$39 per month$/),
      ),
      country: 'PT',
      city: 'Lisbon',
      founded_year: '2021',
      features: allOf(
        // A card is drafted as its title and first sentence: "Client payment portal: Every reminder links to …".
        satisfies(
          'items titled "Automatic reminder schedules", "Client payment portal", "Late-fee automation", "Two-way sync with your accounting software", "Cash-flow forecast"',
          (v: string[]) =>
            Array.isArray(v) &&
            [
              'Automatic reminder schedules',
              'Client payment portal',
              'Late-fee automation',
              'Two-way sync with your accounting software',
              'Cash-flow forecast',
            ].every((t) => v.some((x) => x === t || x.startsWith(`${t}: `))),
        ),
        excludesAll(['Ready to get paid faster?', 'Ready to stop chasing invoices?', 'What our customers say']),
      ),
      usps: [
        'Get paid 11 days faster on average',
        'Reminders written in your own tone of voice',
        'Works with the invoicing tool you already use',
      ],
      contact_email: 'hello@tallyflow.com',
      demo_video_url: 'https://www.youtube.com/watch?v=Q8xW2mLk4pE',
      logo_url: 'https://tallyflow.com/assets/tallyflow-logo.png',
      faqs: satisfies(
        'the FAQ page questions first, the pricing questions and JSON-LD-only ones after, each once',
        (v: { question: string; answer: string }[]) =>
          Array.isArray(v) &&
          JSON.stringify(v.map((f) => f.question)) ===
            JSON.stringify([
              'Which invoicing tools does Tallyflow work with?',
              'Will my clients know the reminders are automated?',
              'Can I pause reminders for a single client?',
              'Where is my data stored?',
              'Is there a free trial of the paid plans?',
              'Do you offer discounts for non-profits?',
              'Can I cancel at any time?',
            ]) &&
          v[2].answer.startsWith('Yes. Open the client'),
      ),
      founders: satisfies(
        'Ana Ribeiro (CEO, primary) and Tom Whitaker, with titles, bios and socials; no employees or customers',
        (v: { name: string; title?: string; bio?: string; socials?: Record<string, string> }[]) =>
          Array.isArray(v) &&
          v.length === 2 &&
          v[0].name === 'Ana Ribeiro' &&
          v[0].title === 'Co-founder & CEO' &&
          /^Ana spent eight years/.test(v[0].bio ?? '') &&
          v[0].socials?.linkedin === 'https://www.linkedin.com/in/ana-ribeiro-tallyflow' &&
          v[0].socials?.x === 'https://x.com/anaribeiro' &&
          v[1].name === 'Tom Whitaker' &&
          v[1].title === 'Co-founder & CTO' &&
          v[1].socials?.github === 'https://github.com/tomwhitaker',
      ),
      'company_socials.linkedin': 'https://www.linkedin.com/company/tallyflow',
      'company_socials.x': 'https://x.com/tallyflowhq',
      'company_socials.github': 'https://github.com/tallyflow',
      'company_socials.youtube': 'https://www.youtube.com/@tallyflow',
      'founder_socials.linkedin': 'https://www.linkedin.com/in/ana-ribeiro-tallyflow',
      'founder_socials.x': 'https://x.com/anaribeiro',
      'story.title': 'We started Tallyflow because chasing invoices was eating our Fridays',
      'story.story': allOf(matches(/^Ana ran a four-person design studio/), matches(/three other studios asked/)),
      'story.why_started': matches(/^Late payments are the number one reason/),
      'story.whats_next': matches(/^This year we are adding reminders by text message/),
      milestones: satisfies(
        'five dated timeline entries',
        (v: { date: string; title: string }[]) =>
          JSON.stringify(v.map((m) => [m.date, m.title])) ===
          JSON.stringify([
            ['2021-03-01', 'Tallyflow founded in Lisbon'],
            ['2021-06-01', 'Private beta with 40 design studios'],
            ['2022-01-01', 'Public launch and our first 500 paying customers'],
            ['2023-09-01', 'Xero and QuickBooks integrations'],
            ['2024-05-01', '4,000 customers in 30 countries'],
          ]),
      ),
      'seo.title': 'Tallyflow — Invoices that chase themselves',
      'seo.meta': SAAS_DESCRIPTION,
    },
    // The traps: a competitor's price in the blog, customers' cities, "© 2025", a share-intent link,
    // a private-beta timeline entry, the founder's own GitHub, a facebook share button.
    notStated: [
      'stage',
      'company_socials.facebook',
      'company_socials.instagram',
      'story.problem',
      'story.journey',
      'story.challenges',
      'story.achievements',
      'story.lessons',
      'founder_socials.github',
    ],
  };
  return { routes, facts };
}

// ───────────────────────────── (b) static: one hand-written page ─────────────────────────────

const STATIC_PARAGRAPH =
  'Marigold Bindery is a one-person workshop that repairs and rebinds old family bibles, cookbooks and diaries by hand, with linen thread and archival paper.';

export function staticWebsite(): FixtureWebsite {
  const body = `<html>
<head><title>Marigold Bindery</title></head>
<body bgcolor="#fffaf0">
<h1>Marigold Bindery</h1>
<p>${STATIC_PARAGRAPH}</p>
<p>Write to <a href="mailto:marigold.bindery@gmail.com">marigold.bindery@gmail.com</a></p>
</body>
</html>`;
  const stated = {
    name: 'Marigold Bindery',
    short_description: STATIC_PARAGRAPH,
    description: STATIC_PARAGRAPH,
    contact_email: 'marigold.bindery@gmail.com',
    'seo.title': 'Marigold Bindery',
  };
  return { routes: { '/': { body } }, facts: { stated, notStated: allBut(stated) } };
}

// ───────────────────────────── (c) spa: an empty app shell ─────────────────────────────

const SPA_DESCRIPTION =
  'Orbitly runs async team retrospectives in Slack, so remote teams can reflect on every sprint without another meeting.';

export function spaWebsite(): FixtureWebsite {
  const body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Orbitly — Retrospectives your team will actually enjoy</title>
<meta name="description" content="${SPA_DESCRIPTION}">
<link rel="stylesheet" href="/static/css/main.4f1c2d.css">
</head>
<body>
<noscript>You need to enable JavaScript to run this app.</noscript>
<div id="root"></div>
<script src="/static/js/main.8a7b6c.js"></script>
</body>
</html>`;
  const stated = {
    name: 'Orbitly',
    tagline: 'Retrospectives your team will actually enjoy',
    short_description: SPA_DESCRIPTION,
    'seo.title': 'Orbitly — Retrospectives your team will actually enjoy',
    'seo.meta': SPA_DESCRIPTION,
  };
  return {
    routes: {
      '/': { body },
      '/static/js/main.8a7b6c.js': {
        type: 'application/javascript',
        body: 'document.getElementById("root").textContent = "Orbitly";',
      },
    },
    // The shell has no visible text; the crawler still reads it for its title and meta tags.
    facts: { stated, notStated: allBut(stated) },
  };
}

// ───────────────────────────── (d)–(h): sites the crawler must refuse or follow ─────────────────────────────

const tinyPage = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;

export function robotsBlockedWebsite(): FixtureWebsite {
  return {
    routes: {
      '/robots.txt': {
        type: 'text/plain',
        body: 'User-agent: Googlebot\nAllow: /\n\nUser-agent: LaunchdeckBot\nDisallow: /\n',
      },
      '/': {
        body: tinyPage(
          'Quillmate — AI writing for lawyers',
          '<h1>AI writing for lawyers</h1><p>Quillmate drafts contracts and letters from your firm’s own precedents, in minutes.</p><a href="mailto:hi@quillmate.example">hi@quillmate.example</a>',
        ),
      },
    },
    facts: { stated: {}, notStated: ALL_PATHS, blocked: /robots\.txt does not allow LaunchdeckBot/ },
  };
}

export function redirectsWebsite(): FixtureWebsite {
  const stated = {
    name: 'Fernway',
    tagline: 'Trip planning for groups that never agree',
    'seo.title': 'Fernway — Trip planning for groups that never agree',
  };
  return {
    routes: {
      '/': { status: 301, headers: { location: '/go' } },
      '/go': { status: 302, headers: { location: '/start?ref=home' } },
      '/start': { status: 307, headers: { location: '/en/' } },
      '/en/': {
        body: tinyPage(
          'Fernway — Trip planning for groups that never agree',
          '<h1>Trip planning for groups that never agree</h1><p>Fernway collects everyone’s dates, budgets and wishes in one shared plan, then suggests trips the whole group will actually say yes to.</p>',
        ),
      },
    },
    facts: {
      stated: {
        ...stated,
        short_description: matches(/^Fernway collects everyone’s dates/),
        description: matches(/^Fernway collects/),
      },
      notStated: allBut({ ...stated, short_description: 1, description: 1 }),
    },
  };
}

export function nonHtmlWebsite(): FixtureWebsite {
  return {
    start: '/brochure.pdf',
    routes: {
      '/brochure.pdf': { type: 'application/pdf', body: '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n' },
    },
    facts: { stated: {}, notStated: ALL_PATHS, blocked: /not an HTML page \(application\/pdf\)/ },
  };
}

/** A homepage over the 2 MB limit: megabytes of generated product listings. */
export function oversizedWebsite(): FixtureWebsite {
  const rows = Array.from(
    { length: 15000 },
    (_, i) =>
      `<tr><td>SKU-${100000 + i}</td><td>Stainless steel hex bolt M${(i % 24) + 3}, pack of ${((i % 9) + 1) * 10}</td><td>$${(i % 50) + 1}.99</td></tr>`,
  ).join('\n');
  const body = tinyPage(
    'Boltbarn — Every fastener, in stock',
    `<h1>Every fastener, in stock</h1><table>${rows}${rows}</table>`,
  );
  return {
    routes: { '/': { body } },
    facts: { stated: {}, notStated: ALL_PATHS, blocked: /larger than 2000000 bytes/ },
  };
}

export function privateRedirectWebsite(): FixtureWebsite {
  return {
    routes: { '/': { status: 302, headers: { location: 'http://10.0.0.1/' } } },
    facts: { stated: {}, notStated: ALL_PATHS, blocked: /private or reserved/ },
  };
}

export const FIXTURE_WEBSITES = {
  saas: saasWebsite,
  static: staticWebsite,
  spa: spaWebsite,
  'robots-blocked': robotsBlockedWebsite,
  redirects: redirectsWebsite,
  'non-html': nonHtmlWebsite,
  oversized: oversizedWebsite,
  'private-redirect': privateRedirectWebsite,
} as const;

/**
 * Crawled pages straight from HTML, without a server: path → HTML, read as if fetched from
 * https://acme.example; the kind comes from the path as the crawler would give it ("/" is the homepage).
 */
export function pagesFromHtml(site: Record<string, string>, origin = 'https://acme.example'): CrawledPage[] {
  return Object.entries(site).map(([path, html]) => {
    const url = new URL(path, origin).toString();
    const kind: PageKind = kindOf(new URL(url)) ?? (path.startsWith('/blog') ? 'blog' : 'page');
    return { url, kind, status: 200, contentType: 'text/html', ...extractPage(html, url) };
  });
}

/** A minimal page: title, optional head extras, body. */
export const htmlPage = (title: string, body: string, head = '') =>
  `<!doctype html><html><head><title>${title}</title>${head}</head><body>${body}</body></html>`;

/**
 * A three-page Tallyflow site for API and page tests that need a quick, known draft: a homepage with
 * a meta description, a mailto and links; a pricing page; an about page stating founding year and place.
 */
export function tallyflowMiniRoutes(): FixtureRoutes {
  const page = (title: string, head: string, body: string) =>
    `<!doctype html><html><head><title>${title}</title>${head}</head><body>${body}</body></html>`;
  return {
    '/': (o: string) => ({
      body: page(
        'Tallyflow — Invoices that chase themselves',
        '<meta name="description" content="Tallyflow sends polite invoice reminders so you get paid on time.">',
        `<h1>Invoices that chase themselves</h1><p>Tallyflow sends polite invoice reminders so you get paid on time.</p>
       <a href="${o}/pricing">Pricing</a> <a href="${o}/about">About</a> <a href="mailto:hello@tallyflow.example">Contact</a>`,
      ),
    }),
    '/pricing': {
      body: page('Pricing', '', '<h1>Pricing</h1><ul><li>Starter: $9/month</li><li>Team: $29/month</li></ul>'),
    },
    '/about': { body: page('About', '', '<h1>About Tallyflow</h1><p>Founded in 2021 in Lisbon, Portugal.</p>') },
  };
}
