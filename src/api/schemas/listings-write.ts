import { Type } from '@sinclair/typebox';
import { LanguageInput, Nullable } from './common.js';

// A field whose name says it all goes undescribed: `fields` itself says what sending one does.
const text = (max: number, description?: string) =>
  Type.String({ maxLength: max, ...(description ? { description } : {}) });
const list = (description?: string) =>
  Type.Array(Type.String({ maxLength: 200 }), { maxItems: 20, ...(description ? { description } : {}) });

/** update_my_listing `fields`. Headline, summary and SEO belong to this site's listing; the rest are company facts. */
export const MY_LISTING_FIELDS = {
  tagline: text(200, 'One-line pitch'),
  short_description: text(300, 'A sentence or two'),
  description: text(20000, 'What it does and for whom, plain text'),
  pricing_model: text(40, 'e.g. Free, Freemium, Subscription'),
  pricing_summary: text(300, 'Plans and prices in words'),
  country: Type.String({ maxLength: 2, description: 'ISO 3166-1 alpha-2 code, e.g. PT' }),
  city: text(120),
  founded_year: Nullable(Type.Integer({ minimum: 1800, maximum: 2100 }), { description: 'null removes it' }),
  demo_video_url: text(500, 'A YouTube, Vimeo, Loom… link'),
  contact_email: text(254, 'A public contact address'),
  features: list(),
  usps: list('What sets the product apart'),
  keywords: list(),
  headline: text(200),
  summary: text(20000),
  seo_title: text(200),
  seo_description: text(320),
  language: LanguageInput('BCP 47 primary subtag of its text (ja, pt); null: detect it'),
};
