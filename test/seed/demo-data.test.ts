import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildDemoData,
  DEMO_LIMITS,
  MILESTONE_CUTOFF,
  NOT_FOUND_FIELDS,
  SLUG_PATTERN,
  SOCIAL_KEYS,
  foldName,
} from '../../src/seed/demo-data.js';
import type { DemoFaq } from '../../src/seed/demo-types.js';

const data = buildDemoData();
const { listings, categories, founders, blogPosts } = data;
const categoryBySlug = new Map(categories.map((c) => [c.slug, c]));
const listingSlugs = new Set(listings.map((l) => l.slug));
const founderSlugs = new Set(founders.map((f) => f.slug));

function wordCount(markdown: string): number {
  const plain = markdown.replace(/\]\([^)]*\)/g, ']').replace(/[#*>[\]_`]/g, ' ');
  return plain.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w)).length;
}

test('builds at least 320 listings', () => {
  assert.ok(listings.length >= 320, `only ${listings.length} listings`);
});

test('listing slugs are unique', () => {
  assert.equal(listingSlugs.size, listings.length);
});

test('listing slugs match the slug pattern', () => {
  for (const l of listings) assert.match(l.slug, SLUG_PATTERN);
});

test('category, founder and blog post slugs match the slug pattern', () => {
  for (const slug of [
    ...categories.map((c) => c.slug),
    ...founders.map((f) => f.slug),
    ...blogPosts.map((p) => p.slug),
  ]) {
    assert.match(slug, SLUG_PATTERN);
  }
});

test('listing names are unique ignoring case and accents', () => {
  assert.equal(new Set(listings.map((l) => foldName(l.name))).size, listings.length);
});

test('a handful of listing names carry accents and fold to ASCII slugs', () => {
  const accented = listings.filter((l) => /[^\x00-\x7f]/.test(l.name));
  assert.ok(accented.length >= 5, `only ${accented.length} accented names`);
  assert.ok(accented.some((l) => l.name === 'Café Ledger' && l.slug === 'cafe-ledger'));
  assert.ok(accented.some((l) => l.name === 'Über Notes' && l.slug === 'uber-notes'));
});

test('domains are unique fictional .example names matching the website URL', () => {
  assert.equal(new Set(listings.map((l) => l.domain)).size, listings.length);
  for (const l of listings) {
    assert.match(l.domain, /^[a-z0-9-]+\.example$/);
    assert.equal(l.websiteUrl, `https://${l.domain}`);
  }
});

test('no listing is named after a well-known product', () => {
  const famous = [
    'notion',
    'slack',
    'figma',
    'stripe',
    'linear',
    'asana',
    'trello',
    'jira',
    'zapier',
    'canva',
    'miro',
    'loom',
    'vercel',
    'netlify',
    'sentry',
    'datadog',
    'airtable',
    'calendly',
    'grammarly',
    'hubspot',
    'mailchimp',
    'shopify',
    'zoom',
    'dropbox',
    'github',
    'gitlab',
    'postman',
    'supabase',
    'webflow',
    'framer',
    'obsidian',
    'todoist',
    'duolingo',
    'headspace',
    'strava',
  ];
  for (const l of listings) {
    const words = l.slug.split('-');
    assert.ok(!famous.some((f) => words.includes(f) || foldName(l.name) === f), l.name);
  }
});

test('taglines and headlines are at most 200 characters', () => {
  for (const l of listings) {
    assert.ok(l.tagline.length > 0 && l.tagline.length <= DEMO_LIMITS.tagline, l.tagline);
    assert.ok(l.headline.length > 0 && l.headline.length <= DEMO_LIMITS.headline, l.headline);
  }
});

test('short descriptions are at most 300 characters', () => {
  for (const l of listings)
    assert.ok(
      l.shortDescription.length > 0 && l.shortDescription.length <= DEMO_LIMITS.shortDescription,
      l.shortDescription,
    );
});

test('descriptions are Markdown-free paragraphs of at most 20000 characters', () => {
  for (const l of listings) {
    assert.ok(l.description.length > 0 && l.description.length <= DEMO_LIMITS.description);
    assert.doesNotMatch(l.description, /[#*_`[\]]|^\s*[-+>]\s|^\s*\d+\.\s/m, l.slug);
    assert.ok(l.description.split('\n\n').length >= 2, `${l.slug} has a single paragraph`);
  }
});

test('SEO titles are at most 70 characters', () => {
  for (const l of listings) assert.ok(l.seoTitle.length > 0 && l.seoTitle.length <= DEMO_LIMITS.seoTitle, l.seoTitle);
});

test('SEO descriptions are at most 170 characters', () => {
  for (const l of listings)
    assert.ok(l.seoDescription.length > 0 && l.seoDescription.length <= DEMO_LIMITS.seoDescription, l.seoDescription);
});

test('features, usps, keywords and tags have at most 20 items of at most 200 characters', () => {
  for (const l of listings) {
    for (const list of [l.features, l.usps, l.keywords, l.tags]) {
      assert.ok(list.length <= DEMO_LIMITS.listItems, l.slug);
      for (const entry of list) assert.ok(entry.length > 0 && entry.length <= DEMO_LIMITS.listItemLength, entry);
    }
  }
});

test('listing text differs from listing to listing', () => {
  assert.equal(new Set(listings.map((l) => l.description)).size, listings.length);
  assert.equal(new Set(listings.map((l) => l.tagline)).size, listings.length);
});

test('every FAQ question is at most 300 and every answer at most 1500 characters', () => {
  const all: DemoFaq[] = [
    ...categories.flatMap((c) => c.faqs),
    ...listings.flatMap((l) => l.faqs),
    ...blogPosts.flatMap((p) => p.faqs),
  ];
  assert.ok(all.length > 0);
  for (const f of all) {
    assert.ok(f.question.length > 0 && f.question.length <= DEMO_LIMITS.faqQuestion, f.question);
    assert.ok(f.answer.length > 0 && f.answer.length <= DEMO_LIMITS.faqAnswer, f.question);
  }
});

test('listings have between 0 and 6 FAQs', () => {
  for (const l of listings) assert.ok(l.faqs.length <= DEMO_LIMITS.listingFaqs, l.slug);
});

test('there are about ten top-level categories with 2 to 6 subcategories each', () => {
  const tops = categories.filter((c) => c.parentSlug === undefined);
  assert.ok(tops.length >= 8 && tops.length <= 12, `${tops.length} top-level categories`);
  for (const top of tops) {
    const children = categories.filter((c) => c.parentSlug === top.slug).length;
    assert.ok(children >= 2 && children <= 6, `${top.slug} has ${children} subcategories`);
  }
});

test('every category has a description, 2 to 4 FAQs and 3 to 6 attributes', () => {
  for (const c of categories) {
    assert.ok(c.description.length > 0, c.slug);
    assert.ok(c.faqs.length >= 2 && c.faqs.length <= 4, `${c.slug}: ${c.faqs.length} FAQs`);
    assert.ok(c.attributes.length >= 3 && c.attributes.length <= 6, `${c.slug}: ${c.attributes.length} attributes`);
    assert.equal(new Set(c.attributes.map((a) => a.key)).size, c.attributes.length, c.slug);
  }
});

test('category slugs are unique', () => {
  assert.equal(categoryBySlug.size, categories.length);
});

test('category parents exist and are top-level', () => {
  for (const c of categories) {
    if (c.parentSlug === undefined) continue;
    const parent = categoryBySlug.get(c.parentSlug);
    assert.ok(parent, `${c.slug} → ${c.parentSlug}`);
    assert.equal(parent.parentSlug, undefined);
  }
});

test('primary categories exist', () => {
  for (const l of listings) assert.ok(categoryBySlug.has(l.primaryCategory), `${l.slug} → ${l.primaryCategory}`);
});

test('extra categories exist', () => {
  for (const l of listings)
    for (const slug of l.extraCategories) assert.ok(categoryBySlug.has(slug), `${l.slug} → ${slug}`);
});

test('extra categories appear only on paid listings, at most 3, never repeating the primary', () => {
  for (const l of listings) {
    if (l.plan !== 'paid') assert.deepEqual(l.extraCategories, [], l.slug);
    assert.ok(l.extraCategories.length <= DEMO_LIMITS.extraCategories, l.slug);
    assert.ok(!l.extraCategories.includes(l.primaryCategory), l.slug);
    assert.equal(new Set(l.extraCategories).size, l.extraCategories.length, l.slug);
  }
  assert.ok(listings.some((l) => l.extraCategories.length > 0));
});

test('listing attributes use keys of the primary category or its parent', () => {
  for (const l of listings) {
    const primary = categoryBySlug.get(l.primaryCategory)!;
    const parent = primary.parentSlug ? categoryBySlug.get(primary.parentSlug) : undefined;
    const allowed = new Set([...primary.attributes, ...(parent?.attributes ?? [])].map((a) => a.key));
    for (const key of Object.keys(l.attributes)) assert.ok(allowed.has(key), `${l.slug}: ${key}`);
  }
});

test('some listings leave attributes out on purpose', () => {
  const partial = listings.filter(
    (l) => Object.keys(l.attributes).length < categoryBySlug.get(l.primaryCategory)!.attributes.length,
  );
  assert.ok(partial.length > listings.length * 0.2, `${partial.length} partial`);
});

test('there are at least 150 founders with unique slugs', () => {
  assert.ok(founders.length >= 150);
  assert.equal(founderSlugs.size, founders.length);
});

test('founder references exist and each listing has 1 to 3 distinct founders', () => {
  for (const l of listings) {
    assert.ok(l.founderSlugs.length >= 1 && l.founderSlugs.length <= 3, l.slug);
    assert.equal(new Set(l.founderSlugs).size, l.founderSlugs.length, l.slug);
    for (const slug of l.founderSlugs) assert.ok(founderSlugs.has(slug), `${l.slug} → ${slug}`);
  }
});

test('founders have a name, title and bio', () => {
  for (const f of founders) {
    assert.ok(f.name.length > 0 && f.title.length > 0 && f.bio.length > 40, f.slug);
  }
});

test('countries are upper-case ISO-2 codes and vary', () => {
  for (const f of founders) assert.match(f.country, /^[A-Z]{2}$/);
  for (const l of listings) if (l.country !== null) assert.match(l.country, /^[A-Z]{2}$/);
  assert.ok(new Set(founders.map((f) => f.country)).size >= 15);
});

test('alternatives reference other existing listings', () => {
  for (const l of listings) {
    assert.equal(new Set(l.alternatives.map((a) => a.slug)).size, l.alternatives.length, l.slug);
    for (const alt of l.alternatives) {
      assert.notEqual(alt.slug, l.slug);
      assert.ok(listingSlugs.has(alt.slug), `${l.slug} → ${alt.slug}`);
    }
  }
});

test('notFoundOnWebsite names exactly the null profile fields', () => {
  for (const l of listings) {
    const nulls = Object.entries(NOT_FOUND_FIELDS)
      .filter(([, field]) => l[field] === null)
      .map(([name]) => name);
    assert.deepEqual([...l.notFoundOnWebsite].sort(), nulls.sort(), l.slug);
  }
  assert.ok(listings.some((l) => l.notFoundOnWebsite.length > 0));
});

test('each week from -10 to 0 has at least 5 live launches', () => {
  for (let week = -10; week <= 0; week++) {
    const live = listings.filter((l) => l.status === 'live' && l.launchWeekOffset === week).length;
    assert.ok(live >= 5, `week ${week}: ${live} live launches`);
  }
});

test('launch offsets fit the status', () => {
  for (const l of listings) {
    if (l.status === 'live') assert.ok(l.launchWeekOffset >= -10 && l.launchWeekOffset <= 0, l.slug);
    else assert.ok(l.launchWeekOffset >= 1 && l.launchWeekOffset <= 8, l.slug);
    assert.ok(Number.isInteger(l.launchDayOffset) && l.launchDayOffset >= 0 && l.launchDayOffset <= 6, l.slug);
  }
});

test('most listings are live, about 15% scheduled and 5% awaiting a badge', () => {
  const share = (status: string) => listings.filter((l) => l.status === status).length / listings.length;
  assert.ok(share('live') >= 0.65 && share('live') <= 0.85);
  assert.ok(share('scheduled') >= 0.1 && share('scheduled') <= 0.2);
  assert.ok(share('awaiting_badge') >= 0.03 && share('awaiting_badge') <= 0.08);
});

test('about a quarter of listings are paid', () => {
  const share = listings.filter((l) => l.plan === 'paid').length / listings.length;
  assert.ok(share >= 0.2 && share <= 0.3, String(share));
});

test('votes are skewed: a few hits with hundreds of votes, most between 5 and 80', () => {
  const live = listings
    .filter((l) => l.status === 'live')
    .map((l) => l.votes)
    .sort((a, b) => a - b);
  const hits = live.filter((v) => v >= 200).length;
  assert.ok(hits >= 3 && hits <= live.length * 0.1, `${hits} hits`);
  const median = live[Math.floor(live.length / 2)]!;
  assert.ok(median >= 5 && median <= 80, `median ${median}`);
  assert.ok(live.filter((v) => v >= 5 && v <= 80).length > live.length * 0.6);
});

test('counts are non-negative integers', () => {
  for (const l of listings) {
    for (const n of [l.votes, l.views, l.followers]) assert.ok(Number.isInteger(n) && n >= 0, l.slug);
  }
});

test('about 15% of reviews are not genuine', () => {
  const reviews = listings.flatMap((l) => l.reviews);
  assert.ok(reviews.length > 100);
  const fake = reviews.filter((r) => !r.genuine).length / reviews.length;
  assert.ok(fake >= 0.08 && fake <= 0.22, String(fake));
});

test('review ratings are integers from 1 to 5', () => {
  for (const r of listings.flatMap((l) => l.reviews)) assert.ok([1, 2, 3, 4, 5].includes(r.rating));
});

test('domain ratings stay within 0 to 100 and some listings have none', () => {
  for (const l of listings)
    for (const d of l.domainRatings) assert.ok(Number.isInteger(d.rating) && d.rating >= 0 && d.rating <= 100);
  assert.ok(listings.some((l) => l.domainRatings.length === 0));
  assert.ok(listings.some((l) => l.domainRatings.length >= 6));
});

test('only some listings share revenue, never negative', () => {
  const withRevenue = listings.filter((l) => l.revenue.length > 0).length;
  assert.ok(withRevenue > 0 && withRevenue < listings.length / 2);
  for (const r of listings.flatMap((l) => l.revenue)) assert.ok(Number.isInteger(r.mrrCents) && r.mrrCents >= 0);
});

test('paid listings unlock story, milestones and media', () => {
  for (const l of listings.filter((x) => x.plan === 'paid'))
    assert.deepEqual([...l.unlockedSections].sort(), ['media', 'milestones', 'story']);
  assert.ok(listings.some((l) => l.plan === 'free' && l.unlockedSections.length > 0));
});

test('stories belong mostly to paid listings', () => {
  const stories = listings.filter((l) => l.story !== null);
  const paid = stories.filter((l) => l.plan === 'paid').length;
  assert.ok(paid > stories.length / 2, `${paid} of ${stories.length}`);
});

test('milestone dates are valid YYYY-MM-DD dates no later than the cutoff', () => {
  for (const m of listings.flatMap((l) => l.milestones)) {
    assert.match(m.date, /^\d{4}-\d{2}-\d{2}$/);
    assert.equal(new Date(`${m.date}T00:00:00Z`).toISOString().slice(0, 10), m.date);
    assert.ok(m.date <= MILESTONE_CUTOFF, m.date);
  }
});

test('demo video links are YouTube or Vimeo URLs', () => {
  for (const l of listings) {
    if (l.demoVideoUrl !== null)
      assert.match(l.demoVideoUrl, /^https:\/\/(www\.youtube\.com\/watch\?v=[\w-]{11}|vimeo\.com\/\d+)$/);
  }
});

test('listing socials use only the allowed keys', () => {
  const allowed = new Set<string>(SOCIAL_KEYS);
  for (const l of listings) for (const key of Object.keys(l.socials)) assert.ok(allowed.has(key), `${l.slug}: ${key}`);
});

test('there are at least 12 blog posts of 300 to 900 words', () => {
  assert.ok(blogPosts.length >= 12);
  for (const p of blogPosts) {
    const words = wordCount(p.bodyMarkdown);
    assert.ok(words >= 300 && words <= 900, `${p.slug}: ${words} words`);
  }
});

test('blog posts use Markdown headings, lists and links', () => {
  for (const p of blogPosts) {
    assert.match(p.bodyMarkdown, /^## \S/m, p.slug);
    assert.match(p.bodyMarkdown, /^(- |\d+\. )\S/m, p.slug);
    assert.match(p.bodyMarkdown, /\[[^\]]+\]\([^)]+\)/, p.slug);
  }
});

test('blog posts have 2 to 4 FAQs', () => {
  for (const p of blogPosts) assert.ok(p.faqs.length >= 2 && p.faqs.length <= 4, p.slug);
});

test('there are at least 12 interview questions', () => {
  assert.ok(data.interviewQuestions.length >= 12);
  assert.equal(new Set(data.interviewQuestions).size, data.interviewQuestions.length);
});

test('the same seed gives deep-equal data', () => {
  assert.deepEqual(buildDemoData(42), buildDemoData(42));
  assert.deepEqual(buildDemoData(), data);
});

test('a different seed gives different listings', () => {
  assert.notDeepEqual(
    buildDemoData(7).listings.map((l) => l.slug),
    listings.map((l) => l.slug),
  );
});
