import type { Queryable } from '../../db/client.js';
import { PROFILE_FIELDS, type DraftContent, type ProfileField, type Proposal } from '../../drafting/draft-content.js';
import { completenessOf, mergeProposal, type FieldRows } from './field-states.js';
import {
  loadDraft,
  lockDraft,
  saveFieldRows,
  saveParts,
  type DraftParts,
  type DraftRecord,
  type Sourced,
} from './draft-repository.js';

const quoted = <T extends { evidence: unknown[] }>(items: T[]) => items.filter((i) => i.evidence.length > 0);
function quotedMap(map: Partial<Record<string, Proposal<string>>>): Record<string, Sourced> {
  const out: Record<string, Sourced> = {};
  for (const [k, p] of Object.entries(map))
    if (p?.value && p.evidence.length > 0) out[k] = { value: p.value, evidence: p.evidence };
  return out;
}

/** Draft parts as drafted from the website; anything without a verified quote is left out. */
export function partsFromContent(c: DraftContent): DraftParts {
  return {
    faqs: quoted(c.faqs).slice(0, 10),
    founders: quoted(c.founders)
      .slice(0, 6)
      .map((f) => ({ ...f, socials: f.socials as Record<string, string> | undefined })),
    company_socials: quotedMap(c.company_socials),
    founder_socials: quotedMap(c.founder_socials),
    story: quotedMap(c.story),
    milestones: quoted(c.milestones).slice(0, 50),
    seo: quotedMap(c.seo as Record<string, Proposal<string>>),
  };
}

/**
 * Stores a drafting result in a draft. A full draft refreshes every field and every part the
 * founder has not replaced; `only` (regenerate) redrafts just those fields. Fields the founder
 * locked never change. The draft is locked and read again here, inside the caller's transaction,
 * so an edit made while the (slow) drafting ran is merged with, never overwritten.
 */
export async function writeDraftContent(
  db: Queryable,
  draftId: string,
  content: DraftContent,
  opts: { only?: ProfileField[]; now: Date },
): Promise<DraftRecord | null> {
  if (!(await lockDraft(db, draftId))) return null;
  const draft = (await loadDraft(db, draftId))!;
  const names = opts.only ?? PROFILE_FIELDS;
  const changed: Partial<FieldRows> = {};
  for (const f of names)
    changed[f] = mergeProposal(draft.fields[f], content.fields[f], opts.only ? 'regenerate' : 'compose');
  const fields = { ...draft.fields, ...changed } as FieldRows;
  const drafted = partsFromContent(content);
  const parts: DraftParts = { ...draft };
  if (!opts.only)
    for (const name of Object.keys(drafted) as (keyof DraftParts)[]) {
      if (!draft.edited_parts.includes(name)) (parts as unknown as Record<string, unknown>)[name] = drafted[name];
    }
  await saveFieldRows(db, draft.id, changed, opts.now);
  const { faqs, founders, company_socials, founder_socials, story, milestones, seo } = parts;
  await saveParts(
    db,
    draft.id,
    opts.only ? {} : { faqs, founders, company_socials, founder_socials, story, milestones, seo },
    // A redraft of some fields reads the same pages: the language stays as the full draft found it.
    { ...completenessOf(fields, parts), ...(opts.only ? {} : { language: content.language ?? null }) },
    opts.now,
  );
  return loadDraft(db, draftId);
}
