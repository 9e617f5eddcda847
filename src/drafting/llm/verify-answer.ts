import {
  LIST_FIELDS,
  FIELD_LIMITS,
  SOCIAL_KEYS,
  STORY_SECTIONS,
  type CategoryChoice,
  type DraftContent,
  type ProfileField,
  type Proposal,
  type SocialKey,
  type SourcedFaq,
  type SourcedFounder,
  type SourcedMilestone,
  type StorySection,
} from '../draft-content.js';
import type { Evidence, SourcePage } from '../evidence.js';
import {
  FIELD_CHECKS,
  httpUrl,
  shapeFieldValue,
  shapeListItem,
  shapeSocialLink,
  shapeText,
  type Shaped,
} from './field-rules.js';
import { addEvidence, QuoteVerifier } from './quote-verifier.js';
import { supportingEvidence, type SupportCheck } from './supports.js';

export interface Rejection {
  field: string;
  value: unknown;
  reason: string;
}

/** What survived verification; every value here has at least one verified, supporting quote. */
export interface VerifiedAnswer extends DraftContent {
  rejected: Rejection[];
}

export const NO_VERIFIED_QUOTE = 'no verified quote';
export const NOT_SUPPORTED = 'quote does not support the value';
export const NOT_A_CATEGORY = 'not a category from the list';

/** Limits of the draft's parts: at most 10 FAQs, 6 founders, 50 milestones; SEO title 70 and meta 170 characters. */
export const PART_LIMITS = { faqs: 10, founders: 6, milestones: 50, seoTitle: 70, seoMeta: 170 } as const;

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : null);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const isReason = (s: Shaped): s is { reason: string } => 'reason' in s;

/**
 * Walks the model's answer, trusting nothing about its shape, and keeps each value only when
 * its quotes are on the pages and back it. Everything dropped is reported with the reason.
 */
export function verifyAnswer(
  answer: Rec,
  ctx: {
    pages: SourcePage[];
    categories: CategoryChoice[];
    fields: readonly ProfileField[];
    withParts: boolean;
  },
): VerifiedAnswer {
  const v = new AnswerVerifier(new QuoteVerifier(ctx.pages), ctx.categories);
  const out: VerifiedAnswer = {
    fields: {},
    faqs: [],
    founders: [],
    company_socials: {},
    founder_socials: {},
    story: {},
    milestones: [],
    seo: {},
    rejected: v.rejected,
  };
  const fields = rec(answer.fields) ?? {};
  for (const f of ctx.fields) {
    const entry = rec(fields[f]);
    if (!entry) continue;
    const proposal = LIST_FIELDS.includes(f) ? v.listField(f, entry) : v.scalarField(f, entry);
    if (proposal) out.fields[f] = proposal;
  }
  if (!ctx.withParts) return out;
  out.faqs = v.capped('faqs', list(answer.faqs), PART_LIMITS.faqs, (x, i) => v.faq(x, i));
  out.founders = v.capped('founders', list(answer.founders), PART_LIMITS.founders, (x, i) => v.founder(x, i));
  out.company_socials = v.socials('company_socials', list(answer.company_socials));
  out.founder_socials = v.socials('founder_socials', list(answer.founder_socials));
  out.story = v.story(list(answer.story));
  out.milestones = v.capped('milestones', list(answer.milestones), PART_LIMITS.milestones, (x, i) => v.milestone(x, i));
  const seo = rec(answer.seo) ?? {};
  const seoTitle = v.quotedText('seo.title', rec(seo.title), PART_LIMITS.seoTitle, 'text');
  const seoMeta = v.quotedText('seo.meta', rec(seo.meta), PART_LIMITS.seoMeta, 'text');
  if (seoTitle) out.seo.title = seoTitle;
  if (seoMeta) out.seo.meta = seoMeta;
  return out;
}

class AnswerVerifier {
  readonly rejected: Rejection[] = [];
  private readonly categoryByName = new Map<string, string>();

  constructor(
    private readonly quotes: QuoteVerifier,
    categories: CategoryChoice[],
  ) {
    // Matching by name or slug, case aside, always yields the canonical name.
    for (const c of categories) {
      this.categoryByName.set(c.name.trim().toLowerCase(), c.name);
      this.categoryByName.set(c.slug.trim().toLowerCase(), c.name);
    }
  }

  private reject(field: string, value: unknown, reason: string): null {
    this.rejected.push({ field, value, reason });
    return null;
  }

  /** The verified quotes that back `value`, or null (and a rejection) when there are none. */
  private backed(
    field: string,
    value: unknown,
    shown: string,
    check: SupportCheck,
    verified: Evidence[],
  ): Evidence[] | null {
    if (verified.length === 0) return this.reject(field, value, NO_VERIFIED_QUOTE);
    const support = supportingEvidence(check, shown, verified);
    return support.length ? support : this.reject(field, value, NOT_SUPPORTED);
  }

  scalarField(f: ProfileField, entry: Rec): Proposal | null {
    if (entry.value === null || entry.value === undefined) return null; // not found: keep what we had
    const shaped = shapeFieldValue(f, entry.value);
    if (isReason(shaped)) return this.reject(f, entry.value, shaped.reason);
    const evidence = this.backed(f, shaped.value, shaped.value, FIELD_CHECKS[f], this.quotes.verify(entry.quotes));
    return evidence ? { value: shaped.value, evidence } : null;
  }

  listField(f: ProfileField, entry: Rec): Proposal | null {
    // The schema asks for {items: [{value, quotes}]}; a model that answers {value: [...], quotes} shares its quotes.
    const items: Rec[] = Array.isArray(entry.items)
      ? entry.items.map((i): Rec => rec(i) ?? { value: i })
      : list(entry.value).map((value) => ({ value, quotes: entry.quotes }));
    const max = FIELD_LIMITS[f].items ?? 20;
    const values: string[] = [];
    const evidence: Evidence[] = [];
    for (let i = 0; i < items.length; i++) {
      if (values.length >= max) {
        this.reject(
          f,
          items.slice(i).map((x) => x.value),
          `more than ${max} items`,
        );
        break;
      }
      const raw = items[i].value;
      const shaped = shapeListItem(f, raw);
      if (isReason(shaped)) {
        this.reject(f, raw, shaped.reason);
        continue;
      }
      let value = shaped.value;
      if (f === 'categories') {
        const canonical = this.categoryByName.get(value.toLowerCase());
        if (!canonical) {
          this.reject(f, raw, NOT_A_CATEGORY);
          continue;
        }
        value = canonical;
      }
      if (values.some((x) => x.toLowerCase() === value.toLowerCase())) continue;
      const backing = this.backed(f, raw, value, FIELD_CHECKS[f], this.quotes.verify(items[i].quotes));
      if (!backing) continue;
      values.push(value);
      addEvidence(evidence, backing);
    }
    return values.length ? { value: values, evidence } : null;
  }

  /** Up to `max` accepted records; the ones past the limit are reported together. */
  capped<T>(field: string, items: unknown[], max: number, one: (x: Rec, i: number) => T | null): T[] {
    const out: T[] = [];
    for (let i = 0; i < items.length; i++) {
      if (out.length >= max) {
        this.reject(field, items.slice(i), `more than ${max} items`);
        break;
      }
      const x = rec(items[i]);
      if (!x) {
        this.reject(`${field}[${i}]`, items[i], 'not a record');
        continue;
      }
      const accepted = one(x, i);
      if (accepted) out.push(accepted);
    }
    return out;
  }

  faq(x: Rec, i: number): SourcedFaq | null {
    const field = `faqs[${i}]`;
    const shown = { question: x.question, answer: x.answer };
    const q = shapeText(x.question, 300);
    const a = shapeText(x.answer, 1500, true);
    if (isReason(q)) return this.reject(field, shown, `question: ${q.reason}`);
    if (isReason(a)) return this.reject(field, shown, `answer: ${a.reason}`);
    const verified = this.quotes.verify(x.quotes);
    // Questions are framed by the writer ("Is there a free plan?"), so they need only the label overlap.
    const qEv = this.backed(field, shown, q.value, 'label', verified);
    if (!qEv) return null;
    const aEv = this.backed(field, shown, a.value, 'text', verified);
    if (!aEv) return null;
    return { question: q.value, answer: a.value, evidence: addEvidence([...qEv], aEv) };
  }

  founder(x: Rec, i: number): SourcedFounder | null {
    const field = `founders[${i}]`;
    const name = shapeText(x.name, 160);
    if (isReason(name)) return this.reject(field, x.name, `name: ${name.reason}`);
    const verified = this.quotes.verify(x.quotes);
    const evidence = this.backed(field, x.name, name.value, 'phrase', verified);
    if (!evidence) return null;
    const founder: SourcedFounder = { name: name.value, evidence };
    // A role, bio or link that fails costs only itself: the person is still on the page.
    const title =
      x.title == null ? null : this.part(`${field}.title`, x.title, shapeText(x.title, 160), 'label', verified);
    if (title) {
      founder.title = title.value;
      addEvidence(evidence, title.evidence);
    }
    const bio = x.bio == null ? null : this.part(`${field}.bio`, x.bio, shapeText(x.bio, 3000, true), 'text', verified);
    if (bio) {
      founder.bio = bio.value;
      addEvidence(evidence, bio.evidence);
    }
    for (const s of list(x.socials)) {
      const social = rec(s);
      const platform = social?.platform;
      if (!social || typeof platform !== 'string' || !(SOCIAL_KEYS as readonly string[]).includes(platform)) {
        this.reject(`${field}.socials`, s, 'unknown platform');
        continue;
      }
      const key = platform as SocialKey;
      if (founder.socials?.[key]) continue;
      const link = this.part(`${field}.socials.${key}`, social.url, shapeSocialLink(key, social.url), 'link', verified);
      if (link) {
        founder.socials = { ...founder.socials, [key]: link.value };
        addEvidence(evidence, link.evidence);
      }
    }
    return founder;
  }

  private part(
    field: string,
    raw: unknown,
    shaped: Shaped,
    check: SupportCheck,
    verified: Evidence[],
  ): Proposal<string> | null {
    if (isReason(shaped)) return this.reject(field, raw, shaped.reason);
    const evidence = this.backed(field, raw, shaped.value, check, verified);
    return evidence ? { value: shaped.value, evidence } : null;
  }

  socials(field: string, items: unknown[]): Partial<Record<SocialKey, Proposal<string>>> {
    const out: Partial<Record<SocialKey, Proposal<string>>> = {};
    for (const s of items) {
      const social = rec(s);
      const platform = social?.platform;
      if (!social || typeof platform !== 'string' || !(SOCIAL_KEYS as readonly string[]).includes(platform)) {
        this.reject(field, s, 'unknown platform');
        continue;
      }
      const key = platform as SocialKey;
      if (out[key]) continue; // one link per platform: the first the model gave
      const link = this.part(
        `${field}.${key}`,
        social.url,
        shapeSocialLink(key, social.url),
        'link',
        this.quotes.verify(social.quotes),
      );
      if (link) out[key] = link;
    }
    return out;
  }

  story(items: unknown[]): Partial<Record<StorySection, Proposal<string>>> {
    const out: Partial<Record<StorySection, Proposal<string>>> = {};
    for (const s of items) {
      const section = rec(s)?.section;
      if (typeof section !== 'string' || !(STORY_SECTIONS as readonly string[]).includes(section)) {
        this.reject('story', s, 'unknown story section');
        continue;
      }
      const key = section as StorySection;
      if (out[key]) continue;
      const x = rec(s)!;
      // A title is a heading, not a claim: label overlap is enough.
      const text = this.part(
        `story.${key}`,
        x.text,
        shapeText(x.text, 8000, true),
        key === 'title' ? 'label' : 'text',
        this.quotes.verify(x.quotes),
      );
      if (text) out[key] = text;
    }
    return out;
  }

  milestone(x: Rec, i: number): SourcedMilestone | null {
    const field = `milestones[${i}]`;
    const shown = { date: x.date, title: x.title };
    if (typeof x.date !== 'string' || !isIsoDate(x.date)) return this.reject(field, shown, 'not a date (YYYY-MM-DD)');
    const title = shapeText(x.title, 200);
    if (isReason(title)) return this.reject(field, shown, `title: ${title.reason}`);
    const verified = this.quotes.verify(x.quotes);
    const dateEv = this.backed(field, shown, x.date, 'date', verified);
    if (!dateEv) return null;
    const titleEv = this.backed(field, shown, title.value, 'label', verified);
    if (!titleEv) return null;
    const m: SourcedMilestone = { date: x.date, title: title.value, evidence: addEvidence([...dateEv], titleEv) };
    const description =
      x.description == null
        ? null
        : this.part(`${field}.description`, x.description, shapeText(x.description, 2000, true), 'text', verified);
    if (description) {
      m.description = description.value;
      addEvidence(m.evidence, description.evidence);
    }
    if (x.url != null) {
      const url = typeof x.url === 'string' ? x.url.trim() : '';
      const shaped: Shaped =
        url.length > 500
          ? { reason: 'longer than 500 characters' }
          : httpUrl(url)?.protocol === 'https:'
            ? { value: url }
            : { reason: 'not an https link' };
      const link = this.part(`${field}.url`, x.url, shaped, 'link', verified);
      if (link) {
        m.url = link.value;
        addEvidence(m.evidence, link.evidence);
      }
    }
    return m;
  }

  /** A {value, quotes} text such as the SEO title; null value means not found. */
  quotedText(field: string, entry: Rec | null, max: number, check: SupportCheck): Proposal<string> | null {
    if (!entry || entry.value === null || entry.value === undefined) return null;
    return this.part(field, entry.value, shapeText(entry.value, max), check, this.quotes.verify(entry.quotes));
  }
}

function isIsoDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
