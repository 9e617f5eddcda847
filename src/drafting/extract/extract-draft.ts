import type { CrawledPage } from '../../crawler/crawl-site.js';
import {
  emptyDraftContent,
  FIELD_LIMITS,
  type CategoryChoice,
  type DraftContent,
  type ProfileField,
  type Proposal,
} from '../draft-content.js';
import { extractCategories } from './categories.js';
import { extractContactEmail } from './contact.js';
import { allFaqs, FAQ_LIMITS } from './faqs.js';
import { extractFeatures, extractUsps } from './features.js';
import { extractFoundedYear } from './founded.js';
import {
  extractDescription,
  extractLogo,
  extractName,
  extractSeo,
  extractShortDescription,
  extractTagline,
} from './identity.js';
import { extractKeywords, extractTags } from './keywords.js';
import { extractLocation } from './location.js';
import { extractPricingModel, extractPricingSummary, extractTiers } from './pricing.js';
import { siteView } from './site-view.js';
import { extractCompanySocials } from './socials.js';
import { extractStage } from './stage.js';
import { extractMilestones, extractStory } from './story.js';
import { extractFounders, founderSocials } from './team.js';
import { fitText } from './text-fit.js';
import { extractDemoVideo } from './video.js';

export interface ExtractOptions {
  categories: CategoryChoice[];
}

/**
 * Drafts a profile from crawled pages without a language model: structured data (JSON-LD,
 * OpenGraph, meta), page kinds (pricing, FAQ, team, about, contact) and the shape of the text.
 * Every value carries quotes verified against the fetched text; what the site does not state is
 * simply absent. Pure and synchronous.
 */
export function extractDraft(pages: CrawledPage[], opts: ExtractOptions): DraftContent {
  const draft = emptyDraftContent();
  const site = siteView(pages);
  if (!site.pages.length) return draft;

  const name = extractName(site);
  const tiers = extractTiers(site);
  const location = extractLocation(site);
  // All of them: a question about the price may come after the first ten, which the draft keeps.
  const faqs = allFaqs(site);
  const fields: Partial<Record<ProfileField, Proposal | undefined>> = {
    name,
    tagline: extractTagline(site, name?.value),
    short_description: extractShortDescription(site),
    description: extractDescription(site),
    stage: extractStage(site),
    categories: extractCategories(site, opts.categories),
    tags: extractTags(site),
    pricing_model: extractPricingModel(site, tiers, name?.value, faqs),
    pricing_summary: extractPricingSummary(tiers, site, faqs),
    country: location.country,
    city: location.city,
    founded_year: extractFoundedYear(site, name?.value),
    features: extractFeatures(site),
    usps: extractUsps(site),
    keywords: extractKeywords(site),
    contact_email: extractContactEmail(site, name?.value),
    demo_video_url: extractDemoVideo(site),
    logo_url: extractLogo(site, name?.value),
  };
  for (const [field, proposal] of Object.entries(fields) as [ProfileField, Proposal | undefined][]) {
    const fitted = proposal && withinLimits(field, proposal);
    if (fitted) draft.fields[field] = fitted;
  }

  draft.faqs = faqs.slice(0, FAQ_LIMITS.items);
  draft.founders = extractFounders(site, name?.value);
  draft.founder_socials = founderSocials(draft.founders[0]);
  draft.company_socials = extractCompanySocials(site, name?.value);
  draft.story = extractStory(site);
  draft.milestones = extractMilestones(site);
  draft.seo = extractSeo(site);
  return draft;
}

/** Field limits (FIELD_LIMITS): strings shortened to a prefix (still quoted), list items beyond the limits dropped. */
function withinLimits(field: ProfileField, p: Proposal): Proposal | undefined {
  const limit = FIELD_LIMITS[field];
  if (!p.evidence.length) return undefined;
  if (typeof p.value === 'string') {
    const value = fitText(p.value, limit.max);
    return value ? { value, evidence: p.evidence } : undefined;
  }
  if (Array.isArray(p.value)) {
    const items = p.value
      .filter((v): v is string => typeof v === 'string' && v.length > 0 && v.length <= limit.max)
      .slice(0, limit.items ?? 20);
    return items.length ? { value: items, evidence: p.evidence } : undefined;
  }
  return undefined;
}
