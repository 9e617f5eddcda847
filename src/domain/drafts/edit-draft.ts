import type { AppContext } from '../../app-context.js';
import { badRequest, conflict, type FieldError } from '../../api/errors.js';
import type { ProfileField } from '../../drafting/draft-content.js';
import { enqueueAndNotify } from '../../jobs/queue.js';
import { checkSocialLinks, checkTypedFields } from './field-checks.js';
import { applyEdits, completenessOf, type FieldRows } from './field-states.js';
import { categoryChoices, draftFromStoredPages } from './process-draft.js';
import { loadDraft, saveFieldRows, saveParts, setCompetitor, type DraftParts, type DraftRecord, type PartName, type Sourced } from './draft-repository.js';
import { checkSubmittedUrl } from './submitted-url.js';
import { saveDraftAsListing } from './draft-listing.js';

export const COMPETITOR_JOB = 'draft.competitor';

type Socials = Record<string, string | undefined>;
export interface DraftEdits {
  fields?: Partial<Record<ProfileField, unknown>>;
  lock_fields?: ProfileField[];
  regenerate?: ProfileField[];
  restore?: ProfileField[];
  faqs?: { question: string; answer: string }[];
  company_socials?: Socials;
  founder_socials?: Socials;
  founders?: { name: string; title?: string; bio?: string }[];
  story?: Record<string, string | undefined>;
  milestones?: { date: string; title: string; description?: string; url?: string }[];
  competitor_url?: string;
  seo?: { title?: string; meta?: string };
}

const typed = (value: string): Sourced => ({ value, evidence: [] });
function typedMap(m: Record<string, string | undefined>, base: Record<string, Sourced> = {}): Record<string, Sourced> {
  const out = { ...base };
  for (const [k, v] of Object.entries(m)) {
    if (v === undefined) continue;
    if (v.trim() === '') delete out[k]; else out[k] = typed(v.trim());
  }
  return out;
}

/** Checks everything an edit names before anything is written, so a bad edit changes nothing. */
async function checkEdits(ctx: Pick<AppContext, 'db' | 'config' | 'site'>, edits: DraftEdits) {
  const errors: FieldError[] = [];
  const categories = edits.fields?.categories ? (await categoryChoices(ctx.db, ctx.site.id)).map((c) => c.name) : [];
  const { values, errors: fieldErrors } = checkTypedFields(edits.fields ?? {}, categories);
  errors.push(...fieldErrors);
  for (const name of edits.restore ?? []) {
    if (edits.fields && name in edits.fields) errors.push({ path: 'restore', message: `${name} is both set in fields and restored; send one of them` });
  }
  if (edits.company_socials) errors.push(...checkSocialLinks('company_socials', edits.company_socials));
  if (edits.founder_socials) errors.push(...checkSocialLinks('founder_socials', edits.founder_socials));
  let competitorUrl: string | null | undefined;
  if (edits.competitor_url !== undefined) {
    if (edits.competitor_url.trim() === '') competitorUrl = null;
    else {
      try { competitorUrl = checkSubmittedUrl(edits.competitor_url, 'competitor_url', ctx.config.crawlAllowHosts).toString(); } catch (err) {
        errors.push(...((err as { errors?: FieldError[] }).errors ?? [{ path: 'competitor_url', message: (err as Error).message }]));
      }
    }
  }
  if (errors.length) throw badRequest(errors.map((e) => `${e.path}: ${e.message}`).join('; '), errors);
  return { values, competitorUrl };
}

/**
 * update_draft (SPEC §4.2, §3.3). Field edits, locks, restores and replaced parts are written in
 * one transaction; regenerate then redrafts the named unlocked fields from the pages already read;
 * a competitor URL is read by a background job. A draft already saved as a listing updates it too.
 */
export async function editDraft(ctx: AppContext, draft: DraftRecord, userId: number, edits: DraftEdits): Promise<DraftRecord> {
  const { values, competitorUrl } = await checkEdits(ctx, edits);
  if (edits.regenerate?.length && draft.status !== 'ready') throw conflict(`The draft is still ${draft.status}; regenerate works once it is ready. Poll get_draft until status is ready.`);
  const now = ctx.now();

  await ctx.db.transaction(async (tx) => {
    const current = (await loadDraft(tx, draft.id))!;
    const fields: FieldRows = applyEdits(current.fields, { fields: values, lock_fields: edits.lock_fields, restore: edits.restore });
    const touched = new Set<ProfileField>([...Object.keys(values) as ProfileField[], ...(edits.lock_fields ?? []), ...(edits.restore ?? [])]);
    const changedRows = Object.fromEntries([...touched].map((f) => [f, fields[f]]));

    const parts: Partial<DraftParts> = {};
    if (edits.faqs) parts.faqs = edits.faqs.map((f) => ({ question: f.question.trim(), answer: f.answer.trim(), evidence: [] }));
    if (edits.founders) parts.founders = edits.founders.map((f) => ({ ...f, name: f.name.trim(), evidence: [] }));
    if (edits.milestones) parts.milestones = edits.milestones.map((m) => ({ ...m, evidence: [] }));
    if (edits.company_socials) parts.company_socials = typedMap(edits.company_socials);
    if (edits.founder_socials) parts.founder_socials = typedMap(edits.founder_socials);
    if (edits.story) parts.story = typedMap(edits.story, current.story);
    if (edits.seo) parts.seo = typedMap(edits.seo, current.seo as Record<string, Sourced>);
    const editedParts = [...new Set([...current.edited_parts, ...(Object.keys(parts) as PartName[])])];

    await saveFieldRows(tx, draft.id, changedRows, now);
    const merged = { ...current, ...parts };
    await saveParts(tx, draft.id, parts, { ...completenessOf(fields, merged), editedParts }, now);
    if (competitorUrl !== undefined) {
      await setCompetitor(tx, draft.id, competitorUrl, competitorUrl ? { status: 'reading', url: competitorUrl } : null, now);
      if (competitorUrl) await enqueueAndNotify(tx, COMPETITOR_JOB, { draftId: draft.id, url: competitorUrl }, { runAt: now, maxAttempts: 2 });
    }
  });

  const regenerate = (edits.regenerate ?? []).filter((f) => !(edits.lock_fields ?? []).includes(f));
  if (regenerate.length) await draftFromStoredPages(ctx, draft.id, { only: regenerate });

  const updated = (await loadDraft(ctx.db, draft.id))!;
  if (updated.listing_id) await saveDraftAsListing(ctx, updated, userId);
  return (await loadDraft(ctx.db, draft.id))!;
}
