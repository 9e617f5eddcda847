import type { DraftContent, ProfileField, SourcedFounder } from '../draft-content.js';
import { addEvidence } from './quote-verifier.js';
import type { VerifiedAnswer } from './verify-answer.js';

/**
 * The deterministic draft with the verified model values laid over it. Whatever the model left
 * out, or had rejected, keeps the deterministic proposal: the model can improve a draft, never
 * empty it. Lists of records (FAQs, founders, milestones) are replaced whole when the model
 * brought at least one verified record, since mixing two differently-worded lists duplicates.
 */
export function mergeDraft(
  base: DraftContent,
  answer: VerifiedAnswer,
  fields: readonly ProfileField[],
  withParts: boolean,
): DraftContent {
  const out: DraftContent = {
    ...base,
    fields: { ...base.fields },
    company_socials: { ...base.company_socials },
    founder_socials: { ...base.founder_socials },
    story: { ...base.story },
    seo: { ...base.seo },
  };
  for (const f of fields) if (answer.fields[f]) out.fields[f] = answer.fields[f];
  if (!withParts) return out;
  if (answer.faqs.length) out.faqs = answer.faqs;
  if (answer.founders.length) out.founders = answer.founders.map((f) => withKnownDetails(f, base.founders));
  if (answer.milestones.length) out.milestones = answer.milestones;
  Object.assign(out.company_socials, answer.company_socials);
  Object.assign(out.founder_socials, answer.founder_socials);
  Object.assign(out.story, answer.story);
  if (answer.seo.title) out.seo.title = answer.seo.title;
  if (answer.seo.meta) out.seo.meta = answer.seo.meta;
  return out;
}

/** A founder the extractor also found keeps the role, bio and links the model did not repeat. */
function withKnownDetails(f: SourcedFounder, known: SourcedFounder[]): SourcedFounder {
  const same = known.find((k) => k.name.trim().toLowerCase() === f.name.trim().toLowerCase());
  if (!same) return f;
  const evidence = addEvidence([...f.evidence], same.evidence);
  const socials = { ...same.socials, ...f.socials };
  return {
    name: f.name,
    ...((f.title ?? same.title) ? { title: f.title ?? same.title } : {}),
    ...((f.bio ?? same.bio) ? { bio: f.bio ?? same.bio } : {}),
    ...(Object.keys(socials).length ? { socials } : {}),
    evidence,
  };
}
