import { FIELD_LIMITS, type ProfileField, type SocialKey } from '../draft-content.js';
import { isKnownCity } from '../extract/gazetteer.js';
import { countryCode, type SupportCheck } from './supports.js';
import { DRAFTED_VIDEO_HOSTS, httpUrl, onHost } from '../web-links.js';

export { httpUrl };

/** How each profile field's value must be backed by its quotes (see supports.ts). */
export const FIELD_CHECKS: Record<ProfileField, SupportCheck> = {
  name: 'phrase',
  tagline: 'text',
  short_description: 'text',
  description: 'text',
  stage: 'label',
  categories: 'category',
  tags: 'label',
  pricing_model: 'pricing_model',
  pricing_summary: 'text',
  country: 'country',
  city: 'phrase',
  founded_year: 'year',
  features: 'text',
  usps: 'text',
  keywords: 'label',
  contact_email: 'link',
  demo_video_url: 'link',
  logo_url: 'link',
};

/** A cleaned value, or why the value cannot be used whatever its quotes say. */
export type Shaped = { value: string } | { reason: string };

const tooLong = (max: number) => ({ reason: `longer than ${max} characters` });

/** Trims and checks a single string against the field's limit (FIELD_LIMITS) and format. */
export function shapeFieldValue(field: ProfileField, raw: unknown): Shaped {
  if (typeof raw !== 'string') return { reason: 'not a text value' };
  const value = field === 'description' ? raw.trim() : raw.replace(/\s+/g, ' ').trim();
  if (!value) return { reason: 'empty value' };
  const max = FIELD_LIMITS[field].max;
  if (value.length > max) return tooLong(max);
  switch (field) {
    case 'country': {
      const code = countryCode(value);
      return code ? { value: code } : { reason: 'not an ISO country code' };
    }
    case 'city':
      // A model reads "Get Started in Minutes" as easily as the patterns did: a city is one the gazetteer knows.
      return isKnownCity(value) ? { value } : { reason: 'not a city the gazetteer knows' };
    case 'founded_year': {
      const year = Number(value);
      return /^\d{4}$/.test(value) && year >= 1800 && year <= 2100 ? { value } : { reason: 'not a year' };
    }
    case 'contact_email':
      return /^[^\s@<>()"',;]+@[^\s@<>()"',;]+\.[a-z]{2,}$/i.test(value) && value.length <= 254
        ? { value }
        : { reason: 'not an e-mail address' };
    case 'demo_video_url':
      return isVideoLink(value) ? { value } : { reason: 'not a video-site link' };
    case 'logo_url':
      return httpUrl(value) ? { value } : { reason: 'not a link' };
    default:
      return { value };
  }
}

/** A list item: trimmed, within the per-item length. */
export function shapeListItem(field: ProfileField, raw: unknown): Shaped {
  if (typeof raw !== 'string') return { reason: 'not a text value' };
  const value = raw.replace(/\s+/g, ' ').trim();
  if (!value) return { reason: 'empty value' };
  const max = FIELD_LIMITS[field].max;
  return value.length > max ? tooLong(max) : { value };
}

/** A free text of a sub-record (FAQ, founder, story, milestone, SEO) within its length limit. */
export function shapeText(raw: unknown, max: number, keepLines = false): Shaped {
  if (typeof raw !== 'string') return { reason: 'not a text value' };
  const value = keepLines ? raw.trim() : raw.replace(/\s+/g, ' ').trim();
  if (!value) return { reason: 'empty value' };
  return value.length > max ? tooLong(max) : { value };
}

/** A demo_video_url is a video-site link (or a video file on the product's own site). */
function isVideoLink(value: string): boolean {
  const u = httpUrl(value);
  return !!u && (onHost(u, DRAFTED_VIDEO_HOSTS) || /\.(mp4|webm|mov|m4v)$/i.test(u.pathname));
}

// The host a platform's links live on: a LinkedIn key holding a Facebook link is a mix-up, not a fact.
const SOCIAL_HOSTS: Partial<Record<SocialKey, string[]>> = {
  linkedin: ['linkedin.com'],
  x: ['x.com', 'twitter.com'],
  facebook: ['facebook.com', 'fb.com', 'fb.me'],
  instagram: ['instagram.com'],
  tiktok: ['tiktok.com'],
  youtube: ['youtube.com', 'youtu.be'],
  threads: ['threads.net', 'threads.com'],
  pinterest: ['pinterest.com'],
  github: ['github.com'],
  reddit: ['reddit.com'],
  producthunt: ['producthunt.com'],
  medium: ['medium.com'],
  // Mastodon, GitLab, Discourse and Matrix run on many hosts: any https link will do for them.
  bluesky: ['bsky.app'],
  codeberg: ['codeberg.org'],
  discord: ['discord.gg', 'discord.com', 'discordapp.com'],
  slack: ['slack.com'],
  substack: ['substack.com'],
  devto: ['dev.to'],
  hashnode: ['hashnode.com', 'hashnode.dev'],
};

/** A social link: http(s), max 500 characters, on the platform's own host. */
export function shapeSocialLink(platform: SocialKey, raw: unknown): Shaped {
  if (typeof raw !== 'string') return { reason: 'not a link' };
  const value = raw.trim();
  if (value.length > 500) return tooLong(500);
  const u = httpUrl(value);
  if (!u) return { reason: 'not a link' };
  const hosts = SOCIAL_HOSTS[platform];
  if (hosts && !onHost(u, hosts)) return { reason: `not a ${platform} link` };
  return { value };
}
