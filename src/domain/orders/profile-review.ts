import type { ListingProfile } from '../listings/listing-profile.js';

/** One point of a profile review: what is missing or weak, quoting what the profile says now. */
export interface ReviewPoint {
  field: string;
  severity: 'missing' | 'weak' | 'good';
  advice: string;
  /** The profile's own words this point is about (null when the field is empty). */
  quote: string | null;
}

const excerpt = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const words = (s: string) => s.trim().split(/\s+/).filter(Boolean).length;

/**
 * A deterministic review of a listing's profile (ai_review without an LLM): each point names the
 * field, says what is missing or weak and why it matters, and quotes the profile. Only facts read
 * off the profile — never a guess about the product.
 */
export function reviewProfile(p: ListingProfile): { summary: string; points: ReviewPoint[] } {
  const points: ReviewPoint[] = [];
  const add = (field: string, severity: ReviewPoint['severity'], advice: string, quote: string | null) =>
    points.push({ field, severity, advice, quote });

  if (!p.tagline)
    add('tagline', 'missing', 'Add a tagline: it is the one line shown on every card and in search.', null);
  else if (p.tagline.length > 80)
    add(
      'tagline',
      'weak',
      `The tagline is ${p.tagline.length} characters; under 60 reads at a glance on cards and phones.`,
      p.tagline,
    );
  else if (p.tagline.toLowerCase().includes(p.name.toLowerCase()))
    add(
      'tagline',
      'weak',
      'The tagline repeats the product name, which the card already shows; use the space for what it does.',
      p.tagline,
    );
  else add('tagline', 'good', 'Short and specific.', p.tagline);

  const description = p.description || p.short_description;
  if (!description)
    add('description', 'missing', 'Add a description: who it is for, what problem it solves and how.', null);
  else if (words(description) < 40)
    add(
      'description',
      'weak',
      `The description has ${words(description)} words; 80–200 words lets visitors (and search engines) ` +
        `understand who it is for and why.`,
      excerpt(description),
    );
  else add('description', 'good', 'Long enough to explain the product.', excerpt(description));

  if (p.features.length === 0)
    add('features', 'missing', 'List 3–8 features: visitors scan them before anything else.', null);
  else if (p.features.length < 3)
    add(
      'features',
      'weak',
      `Only ${p.features.length} feature${p.features.length === 1 ? '' : 's'} listed; 3–8 give a fuller picture.`,
      p.features.join('; '),
    );
  const vague = p.features.filter((f) => words(f) <= 1);
  if (vague.length)
    add('features', 'weak', 'One-word features say little; say what each lets the user do.', vague.join('; '));

  if (!p.pricing.model && !p.pricing.summary)
    add(
      'pricing',
      'missing',
      'Say how it is priced (free, freemium, paid, open source) and from how much: it is the most asked question.',
      null,
    );
  else if (!p.pricing.summary)
    add('pricing', 'weak', 'Add a pricing summary (plans and starting price) next to the model.', p.pricing.model);

  if (p.faqs.length === 0)
    add(
      'faqs',
      'missing',
      'Add 3–5 FAQs answering what buyers ask before signing up (pricing, data, integrations).',
      null,
    );
  if (!p.logo_url) add('logo_url', 'missing', 'Add a logo: cards without one get fewer clicks.', null);
  if (!p.demo_video_url)
    add(
      'demo_video_url',
      'missing',
      'Add a short demo video link (YouTube, Vimeo, Loom): it shows the product faster than text.',
      null,
    );
  if (p.founders.length === 0)
    add('founders', 'missing', 'Name the founders: people trust products with a visible team.', null);
  const socials = Object.keys(p.socials ?? {});
  if (socials.length === 0) add('socials', 'missing', 'Link your social profiles so visitors can follow you.', null);
  if (!p.seo.title) add('seo_title', 'missing', 'Set an SEO title (under 60 characters) for search results.', null);
  else if (p.seo.title.length > 60)
    add(
      'seo_title',
      'weak',
      `The SEO title is ${p.seo.title.length} characters; search engines cut it after about 60.`,
      p.seo.title,
    );
  if (!p.seo.description) add('seo_description', 'missing', 'Set an SEO description (120–160 characters).', null);
  else if (p.seo.description.length > 160)
    add(
      'seo_description',
      'weak',
      `The SEO description is ${p.seo.description.length} characters; about 160 are shown.`,
      excerpt(p.seo.description),
    );
  if (p.not_found_on_website.length) {
    add(
      'website',
      'weak',
      `Your own website does not state: ${p.not_found_on_website.join(', ')}. Saying it there too makes the ` +
        `listing verifiable.`,
      null,
    );
  }
  const todo = points.filter((x) => x.severity !== 'good').length;
  const summary =
    todo === 0
      ? `${p.name}'s profile is complete: nothing missing or weak was found.`
      : `${todo} thing${todo === 1 ? '' : 's'} to improve on ${p.name}'s profile, most important first.`;
  const order = { missing: 0, weak: 1, good: 2 };
  return { summary, points: points.sort((a, b) => order[a.severity] - order[b.severity]) };
}
