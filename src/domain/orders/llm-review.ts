import { chatJson, type LlmSettings } from '../../drafting/llm/llm-client.js';
import type { ListingProfile } from '../listings/listing-profile.js';
import type { ReviewPoint } from './profile-review.js';

/** The profile fields a review may speak of, with what the profile says now. */
function reviewedFields(p: ListingProfile): Record<string, string> {
  return {
    name: p.name,
    tagline: p.tagline,
    short_description: p.short_description,
    description: p.description,
    features: p.features.join('\n'),
    pricing: [p.pricing.model, p.pricing.summary].filter(Boolean).join(' — '),
    faqs: p.faqs.map((f) => `${f.question} ${f.answer}`).join('\n'),
    founders: p.founders.map((f) => `${f.name} ${f.title}`).join('\n'),
    seo_title: p.seo.title,
    seo_description: p.seo.description,
    logo_url: p.logo_url ?? '',
    demo_video_url: p.demo_video_url ?? '',
    socials: Object.values(p.socials ?? {}).join('\n'),
  };
}

const FIELDS = [
  'name',
  'tagline',
  'short_description',
  'description',
  'features',
  'pricing',
  'faqs',
  'founders',
  'seo_title',
  'seo_description',
  'logo_url',
  'demo_video_url',
  'socials',
];

const SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['summary', 'points'],
  properties: {
    summary: { type: 'string' },
    points: {
      type: 'array',
      maxItems: 15,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['field', 'severity', 'advice', 'quote'],
        properties: {
          field: { type: 'string', enum: FIELDS },
          severity: { type: 'string', enum: ['missing', 'weak', 'good'] },
          advice: { type: 'string' },
          quote: {
            type: ['string', 'null'],
            description: 'Words copied exactly from that field of the profile; null only when the field is empty',
          },
        },
      },
    },
  },
};

const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * ai_review with a language model (LLM_BASE_URL and LLM_MODEL set): a written review of the
 * profile. Each point must quote its field verbatim (whitespace and case aside) or, when it says
 * the field is missing, concern a field that is indeed empty; points that do not hold are dropped,
 * so the review never puts words in the profile's mouth. Null when the model fails or nothing holds.
 */
export async function llmReviewProfile(
  llm: LlmSettings,
  p: ListingProfile,
): Promise<{ summary: string; points: ReviewPoint[] } | null> {
  const fields = reviewedFields(p);
  let answer: { summary?: unknown; points?: unknown };
  try {
    answer = (await chatJson(llm, {
      system:
        'You review a product listing on a launch directory for its founder: what is missing or weak and how ' +
        'to fix it, most important first. ' +
        "Every point names one field and quotes that field's own words exactly (quote null only when the field " +
        'is empty). Do not invent facts about the product.',
      user: JSON.stringify(fields),
      schemaName: 'profile_review',
      schema: SCHEMA,
      timeoutMs: 30_000,
    })) as { summary?: unknown; points?: unknown };
  } catch {
    return null;
  }
  const points = (Array.isArray(answer.points) ? answer.points : [])
    .filter((x): x is ReviewPoint => {
      const pt = x as Partial<ReviewPoint>;
      if (
        typeof pt.field !== 'string' ||
        !FIELDS.includes(pt.field) ||
        typeof pt.advice !== 'string' ||
        !pt.advice.trim()
      )
        return false;
      if (!['missing', 'weak', 'good'].includes(pt.severity as string)) return false;
      const value = fields[pt.field];
      if (pt.quote === null || pt.quote === undefined || pt.quote === '')
        return pt.severity === 'missing' && value.trim() === '';
      return typeof pt.quote === 'string' && squash(value).includes(squash(pt.quote));
    })
    .map((pt) => ({
      field: pt.field,
      severity: pt.severity,
      advice: pt.advice.trim().slice(0, 1000),
      quote: pt.quote ? pt.quote.slice(0, 500) : null,
    }));
  if (points.length === 0) return null;
  const summary =
    typeof answer.summary === 'string' && answer.summary.trim()
      ? answer.summary.trim().slice(0, 1000)
      : `${points.length} points on ${p.name}'s profile.`;
  return { summary, points };
}
