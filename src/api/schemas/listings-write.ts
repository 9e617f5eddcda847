import { Type } from '@sinclair/typebox';
import { Nullable } from './common.js';

const list = Type.Array(Type.String({ maxLength: 200 }), { maxItems: 20 });

/** update_my_listing `fields`. Headline, summary and SEO belong to this site's listing; the rest are company facts. */
export const MY_LISTING_FIELDS = {
  tagline: Type.String({ maxLength: 200 }),
  short_description: Type.String({ maxLength: 300 }),
  description: Type.String({ maxLength: 20000 }),
  pricing_model: Type.String({ maxLength: 40 }),
  pricing_summary: Type.String({ maxLength: 300 }),
  country: Type.String({ maxLength: 2, description: 'ISO 3166-1 alpha-2' }),
  city: Type.String({ maxLength: 120 }),
  founded_year: Nullable(Type.Integer({ minimum: 1800, maximum: 2100 })),
  demo_video_url: Type.String({ maxLength: 500 }),
  contact_email: Type.String({ maxLength: 254 }),
  features: list,
  usps: list,
  keywords: list,
  headline: Type.String({ maxLength: 200 }),
  summary: Type.String({ maxLength: 20000 }),
  seo_title: Type.String({ maxLength: 200 }),
  seo_description: Type.String({ maxLength: 320 }),
};
