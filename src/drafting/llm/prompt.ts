import type { DraftContent, ProfileField } from '../draft-content.js';
import type { SourcePage } from '../evidence.js';

/**
 * The instructions and material sent to the model. The rules here only make a good answer
 * likely; what makes the result trustworthy is the verification in refine-draft.
 */
export const SYSTEM_PROMPT = [
  'You write the profile of a software product for a product directory, using only the website pages you are given.',
  'Rules:',
  '- Never invent or infer anything the pages do not state. When the pages do not say, give null (or an empty list).',
  '- Back every value with quotes: whole sentences or lines copied character for character from a page, with ' +
    "that page's address. Values without an exact quote are thrown away.",
  '- A quote must state the value itself: the year, the city, the country, the e-mail address, the link or the ' +
    'price must appear in it.',
  '- Paraphrase only for texts (tagline, descriptions, features, FAQs, story), and keep to what the quotes ' +
    'say; copy numbers and prices exactly.',
  '- Categories: choose only names from the category list, most fitting first.',
  '- Country: the ISO 3166-1 alpha-2 code of the country a page names for the company.',
  '- The draft found so far by simple extraction is given for reference: improve on it, do not copy its mistakes.',
  '- Write in the language of the website; plain text, no markdown.',
].join('\n');

/** Values only: the evidence of the deterministic draft would double the prompt and adds nothing. */
function draftValues(d: DraftContent, fields: readonly ProfileField[], withParts: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (d.fields[f]) out[f] = d.fields[f]!.value;
  if (!withParts) return out;
  if (d.faqs.length) out.faqs = d.faqs.map((f) => ({ question: f.question, answer: f.answer }));
  if (d.founders.length) out.founders = d.founders.map((f) => ({ name: f.name, title: f.title ?? null }));
  const socials = (s: DraftContent['company_socials']) =>
    Object.fromEntries(Object.entries(s).map(([k, p]) => [k, p!.value]));
  if (Object.keys(d.company_socials).length) out.company_socials = socials(d.company_socials);
  if (Object.keys(d.founder_socials).length) out.founder_socials = socials(d.founder_socials);
  if (d.milestones.length) out.milestones = d.milestones.map((m) => ({ date: m.date, title: m.title }));
  return out;
}

export function userPrompt(input: {
  pages: SourcePage[];
  deterministic: DraftContent;
  categoryNames: string[];
  fields: readonly ProfileField[];
  withParts: boolean;
}): string {
  const parts: string[] = [];
  parts.push(
    input.withParts
      ? 'Draft the whole profile from the pages below.'
      : `Redraft only these fields from the pages below: ${input.fields.join(', ')}.`,
  );
  parts.push(
    `Category list (choose only from these ` +
      `names):\n${input.categoryNames.length ? input.categoryNames.join('\n') : '(none: leave categories empty)'}`,
  );
  parts.push(
    `Draft found so far:\n${JSON.stringify(draftValues(input.deterministic, input.fields, input.withParts), null, 1)}`,
  );
  for (const p of input.pages) {
    // Head and link texts (meta tags, link lists) are quotable too; saying which is which helps the model.
    const source = (p as { source?: string }).source;
    parts.push(`=== PAGE ${p.url}${source && source !== 'text' ? ` (${source})` : ''} ===\n${p.text}`);
  }
  return parts.join('\n\n');
}
