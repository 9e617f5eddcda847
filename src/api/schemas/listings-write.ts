import { Type } from '@sinclair/typebox';
import { Nullable } from './common.js';

const text = (max: number, description: string) =>
  Type.String({ maxLength: max, description });
const list = (description: string) =>
  Type.Array(Type.String({ maxLength: 200 }), {
    maxItems: 20,
    description: `${description}; replaces the list`,
  });

/** update_my_listing `fields`. Headline, summary and SEO belong to this site's listing; the rest are company facts. */
export const MY_LISTING_FIELDS = {
  tagline: text(200, 'One-line pitch'),
  short_description: text(300, 'A sentence or two on what it is'),
  description: text(20000, 'What it does and for whom, plain text'),
  pricing_model: text(40, 'e.g. Free, Freemium, Subscription, One-time, Open source'),
  pricing_summary: text(300, 'Plans and prices in words'),
  country: Type.String({ maxLength: 2, description: "ISO 3166-1 alpha-2 code of the company's country, e.g. PT" }),
  city: text(120, "The company's city"),
  founded_year: Nullable(Type.Integer({ minimum: 1800, maximum: 2100 }), {
    description: 'Year founded, 1800 to 2100; null removes it',
  }),
  demo_video_url: text(500, 'A link on a video site (YouTube, Vimeo, Loom…)'),
  contact_email: text(254, 'A public contact email address'),
  features: list('Features'),
  usps: list('What sets the product apart'),
  keywords: list('Search keywords'),
  headline: text(200, "This site's headline for the listing"),
  summary: text(20000, "This site's summary of the listing"),
  seo_title: text(200, "The listing page's title for search engines"),
  seo_description: text(320, "The listing page's meta description"),
};
