import type { Evidence } from './evidence.js';

/**
 * What drafting produces from a crawled website: every value paired with the quotes that back it.
 * The extractor and the LLM refiner both produce this shape; the draft repository stores it.
 * A proposal whose evidence is empty must never be stored as a value (it becomes not_found).
 */

/** Profile fields of a draft, in display order. */
export const PROFILE_FIELDS = [
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
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export const LIST_FIELDS: readonly ProfileField[] = ['categories', 'tags', 'features', 'usps', 'keywords'];

/** Length limits of the profile fields: string fields max characters; list fields max items and item length. */
export const FIELD_LIMITS: Record<ProfileField, { max: number; items?: number }> = {
  name: { max: 500 },
  tagline: { max: 500 },
  short_description: { max: 500 },
  description: { max: 20000 },
  stage: { max: 500 },
  categories: { max: 200, items: 20 },
  tags: { max: 200, items: 20 },
  pricing_model: { max: 500 },
  pricing_summary: { max: 500 },
  country: { max: 500 },
  city: { max: 500 },
  founded_year: { max: 500 },
  features: { max: 200, items: 20 },
  usps: { max: 200, items: 20 },
  keywords: { max: 200, items: 20 },
  contact_email: { max: 500 },
  demo_video_url: { max: 500 },
  logo_url: { max: 500 },
};

export const STORY_SECTIONS = [
  'title',
  'story',
  'why_started',
  'problem',
  'journey',
  'challenges',
  'achievements',
  'lessons',
  'whats_next',
] as const;
export type StorySection = (typeof STORY_SECTIONS)[number];

/** Each section of a founder story as the pages title it (the title is the story's headline). */
export const STORY_SECTION_TITLES: Record<StorySection, string> = {
  title: 'Headline',
  story: 'The story',
  why_started: 'Why we started',
  problem: 'The problem',
  journey: 'The journey',
  challenges: 'Challenges',
  achievements: 'Achievements',
  lessons: 'Lessons learned',
  whats_next: "What's next",
};

/**
 * Platform keys of socials (company and founder) and how each is named on a page: the one list used by the
 * schemas, the drafter, the editors and the public pages. Keys are only ever added (stored socials
 * keep theirs): professional, short-post (x, mastodon, bluesky), social, photo, short-video, video,
 * threads, pin board, code hosts, forums and chat communities, launch directory, blogging platforms.
 */
export const SOCIAL_LABELS = {
  linkedin: 'LinkedIn',
  x: 'X',
  facebook: 'Facebook',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  threads: 'Threads',
  pinterest: 'Pinterest',
  github: 'GitHub',
  reddit: 'Reddit',
  producthunt: 'Product Hunt',
  medium: 'Medium',
  mastodon: 'Mastodon',
  bluesky: 'Bluesky',
  gitlab: 'GitLab',
  codeberg: 'Codeberg',
  discord: 'Discord',
  discourse: 'Forum',
  slack: 'Slack',
  matrix: 'Matrix',
  substack: 'Substack',
  devto: 'DEV',
  hashnode: 'Hashnode',
  website: 'Website',
  custom: 'Link',
} as const;
export type SocialKey = keyof typeof SOCIAL_LABELS;
export const SOCIAL_KEYS = Object.keys(SOCIAL_LABELS) as SocialKey[];

export interface Proposal<T = unknown> {
  value: T;
  evidence: Evidence[];
}

export interface SourcedFaq {
  question: string;
  answer: string;
  evidence: Evidence[];
}
export interface SourcedFounder {
  name: string;
  title?: string;
  bio?: string;
  socials?: Partial<Record<SocialKey, string>>;
  evidence: Evidence[];
}
export interface SourcedMilestone {
  date: string;
  title: string;
  description?: string;
  url?: string;
  evidence: Evidence[];
}

export interface DraftContent {
  fields: Partial<Record<ProfileField, Proposal>>;
  faqs: SourcedFaq[];
  founders: SourcedFounder[];
  company_socials: Partial<Record<SocialKey, Proposal<string>>>;
  /** Socials of the primary founder (`founder_socials` of a draft). */
  founder_socials: Partial<Record<SocialKey, Proposal<string>>>;
  story: Partial<Record<StorySection, Proposal<string>>>;
  milestones: SourcedMilestone[];
  seo: { title?: Proposal<string>; meta?: Proposal<string> };
  /** The site's language (BCP 47), when it could be told: the values are in that language. */
  language?: string;
}

export const emptyDraftContent = (): DraftContent => ({
  fields: {},
  faqs: [],
  founders: [],
  company_socials: {},
  founder_socials: {},
  story: {},
  milestones: [],
  seo: {},
});

/** A category the drafter may choose from (list_categories). */
export interface CategoryChoice {
  slug: string;
  name: string;
  parent_slug?: string | null;
}
