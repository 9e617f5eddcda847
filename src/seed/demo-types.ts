// src/seed/demo-types.ts
export interface DemoFaq {
  question: string;
  answer: string;
} // question ≤300, answer ≤1500 chars
export interface DemoCategory {
  slug: string;
  name: string;
  description: string;
  parentSlug?: string;
  faqs: DemoFaq[];
  attributes: { key: string; label: string }[];
}
export interface DemoFounder {
  slug: string;
  name: string;
  title: string;
  bio: string;
  country: string /* ISO-2 upper */;
  socials: Record<string, string>;
}
export interface DemoStory {
  title: string;
  story: string;
  why_started: string;
  problem: string;
  journey: string;
  challenges: string;
  achievements: string;
  lessons: string;
  whats_next: string;
}
export interface DemoMilestone {
  date: string /* YYYY-MM-DD */;
  title: string;
  description: string;
  url?: string;
}
export interface DemoReview {
  rating: 1 | 2 | 3 | 4 | 5;
  body: string;
  genuine: boolean;
}
export interface DemoListing {
  slug: string;
  name: string;
  domain: string;
  websiteUrl: string;
  logoUrl: string | null;
  tagline: string /*≤200*/;
  shortDescription: string /*≤300*/;
  description: string /* Markdown-free plain paragraphs, ≤20000 */;
  headline: string /*≤200*/;
  summary: string;
  seoTitle: string /*≤70*/;
  seoDescription: string /*≤170*/;
  stage: 'idea' | 'beta' | 'launched' | 'growing' | 'established';
  pricingModel: 'free' | 'freemium' | 'paid' | 'subscription' | 'one-time' | 'open-source' | 'usage-based';
  pricingSummary: string | null;
  country: string | null /* ISO-2 */;
  city: string | null;
  foundedYear: number | null;
  contactEmail: string | null;
  demoVideoUrl: string | null /* youtube/vimeo link or null */;
  features: string[];
  usps: string[];
  keywords: string[];
  tags: string[]; // each ≤ 20 items of ≤ 200 chars
  primaryCategory: string /* a leaf or mid-level category slug */;
  extraCategories: string[] /* ≤3, only when plan==='paid' */;
  founderSlugs: string[];
  socials: Record<string, string> /* keys: SOCIAL_KEYS of src/drafting/draft-content.ts */;
  faqs: DemoFaq[] /* 0..6 */;
  attributes: Record<
    string,
    string
  > /* keys from its primary category's (or its parent's) attributes; omit some on purpose */;
  // names of profile fields left blank because the site did not state them, e.g. ['city','founded_year'] — must match
  // the null fields
  notFoundOnWebsite: string[];
  plan: 'free' | 'paid';
  status: 'live' | 'scheduled' | 'awaiting_badge';
  // weeks relative to the current week: -10..-1 past, 0 this week, 1..8 future (scheduled/awaiting_badge are ≥1)
  launchWeekOffset: number;
  launchDayOffset: number /* 0..6 day within that week */;
  votes: number;
  views: number;
  followers: number;
  domainRatings: { monthsAgo: number; rating: number }[] /* 0..100, a trend over ~6 months, some listings none */;
  revenue: { monthsAgo: number; mrrCents: number }[] /* some listings only */;
  reviews: DemoReview[];
  story: DemoStory | null /* mostly paid */;
  milestones: DemoMilestone[];
  updates: { daysAgo: number; title: string; body: string }[];
  unlockedSections: ('story' | 'milestones' | 'media')[] /* paid listings: all three; a few free: some */;
  alternatives: { slug: string; approved: boolean }[] /* slugs of other demo listings */;
}
export interface DemoBlogPost {
  slug: string;
  title: string;
  excerpt: string;
  bodyMarkdown: string;
  author: string;
  publishedDaysAgo: number;
  tags: string[];
  faqs: DemoFaq[];
}
export interface DemoData {
  categories: DemoCategory[];
  founders: DemoFounder[];
  listings: DemoListing[];
  blogPosts: DemoBlogPost[];
  interviewQuestions: string[];
}
export interface SyntheticListing {
  slug: string;
  name: string;
  domain: string;
  tagline: string;
  description: string;
  keywords: string[];
  categorySlug: string /* one of the demo categories' slugs */;
  country: string;
  stage: string;
  pricingModel: string;
  votes: number;
  launchWeekOffset: number;
}
