import type { AppContext } from '../../app-context.js';
import { badRequest, conflict, type FieldError } from '../../errors/app-error.js';
import type { ProfileField } from '../../drafting/draft-content.js';
import { enqueueAndNotify } from '../../jobs/queue.js';
import { checkSocialLinks, checkTypedFields } from './field-checks.js';
import { applyEdits, completenessOf, type FieldRows } from './field-states.js';
import { categoryChoices, composeFromStoredPages } from './process-draft.js';
import { writeDraftContent } from './draft-writing.js';
import {
  loadDraft,
  lockDraft,
  saveFieldRows,
  saveParts,
  setCompetitor,
  type DraftParts,
  type DraftRecord,
  type PartName,
  type Sourced,
} from './draft-repository.js';
import { checkSubmittedUrl } from './submitted-url.js';
import { saveDraftAsListingTx } from './draft-listing.js';
import { languageError, primaryLanguage } from '../listings/listing-language.js';

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
  language?: string | null;
}

const typed = (value: string): Sourced => ({ value, evidence: [] });
function typedMap(m: Record<string, string | undefined>, base: Record<string, Sourced> = {}): Record<string, Sourced> {
  const out = { ...base };
  for (const [k, v] of Object.entries(m)) {
    if (v === undefined) continue;
    if (v.trim() === '') delete out[k];
    else out[k] = typed(v.trim());
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
    if (edits.fields && name in edits.fields)
      errors.push({ path: 'restore', message: `${name} is both set in fields and restored; send one of them` });
  }
  if (edits.company_socials) errors.push(...checkSocialLinks('company_socials', edits.company_socials));
  if (edits.founder_socials) errors.push(...checkSocialLinks('founder_socials', edits.founder_socials));
  let competitorUrl: string | null | undefined;
  if (edits.competitor_url !== undefined) {
    if (edits.competitor_url.trim() === '') competitorUrl = null;
    else {
      try {
        competitorUrl = checkSubmittedUrl(
          edits.competitor_url,
          'competitor_url',
          ctx.config.crawlAllowHosts,
        ).toString();
      } catch (err) {
        errors.push(
          ...((err as { errors?: FieldError[] }).errors ?? [
            { path: 'competitor_url', message: (err as Error).message },
          ]),
        );
      }
    }
  }
  const languageProblem = languageError('language', edits.language);
  if (languageProblem) errors.push(languageProblem);
  if (errors.length) throw badRequest(errors.map((e) => `${e.path}: ${e.message}`).join('; '), errors);
  const language =
    edits.language === undefined ? undefined : edits.language && (primaryLanguage(edits.language) ?? null);
  return { values, competitorUrl, language };
}

/**
 * update_draft. Regenerated values are drafted first (that may take seconds with
 * an LLM); then, in one transaction on the locked draft, the edits, locks, restores, replaced parts
 * and redrafts are written, and a draft already saved as a listing updates it — so a refused
 * listing update leaves the draft untouched too. A competitor URL is read by a background job.
 */
export async function editDraft(
  ctx: AppContext,
  draft: DraftRecord,
  userId: number,
  edits: DraftEdits,
): Promise<DraftRecord> {
  const { values, competitorUrl, language } = await checkEdits(ctx, edits);
  const regenerate = edits.regenerate ?? [];
  if (regenerate.length && draft.status !== 'ready')
    throw conflict(
      `The draft is still ${draft.status}; regenerate works once it is ready. Poll get_draft until status is ready.`,
    );
  const redrafted = regenerate.length ? await composeFromStoredPages(ctx, draft, { only: regenerate }) : null;
  const now = ctx.now();

  await ctx.db.transaction(async (tx) => {
    await lockDraft(tx, draft.id);
    const current = (await loadDraft(tx, draft.id))!;
    const fields: FieldRows = applyEdits(current.fields, {
      fields: values,
      lock_fields: edits.lock_fields,
      restore: edits.restore,
    });
    const touched = new Set<ProfileField>([
      ...(Object.keys(values) as ProfileField[]),
      ...(edits.lock_fields ?? []),
      ...(edits.restore ?? []),
    ]);
    const changedRows = Object.fromEntries([...touched].map((f) => [f, fields[f]]));

    const parts: Partial<DraftParts> = {};
    if (edits.faqs)
      parts.faqs = edits.faqs.map((f) => ({ question: f.question.trim(), answer: f.answer.trim(), evidence: [] }));
    if (edits.founders) parts.founders = edits.founders.map((f) => ({ ...f, name: f.name.trim(), evidence: [] }));
    if (edits.milestones) parts.milestones = edits.milestones.map((m) => ({ ...m, evidence: [] }));
    if (edits.company_socials) parts.company_socials = typedMap(edits.company_socials);
    if (edits.founder_socials) parts.founder_socials = typedMap(edits.founder_socials);
    if (edits.story) parts.story = typedMap(edits.story, current.story);
    if (edits.seo) parts.seo = typedMap(edits.seo, current.seo as Record<string, Sourced>);
    const editedParts = [...new Set([...current.edited_parts, ...(Object.keys(parts) as PartName[])])];

    await saveFieldRows(tx, draft.id, changedRows, now);
    const merged = { ...current, ...parts };
    await saveParts(tx, draft.id, parts, { ...completenessOf(fields, merged), editedParts, language }, now);
    // Locked fields (including ones locked in this very call) are skipped by the merge.
    if (redrafted) await writeDraftContent(tx, draft.id, redrafted.content, { only: regenerate, now });
    if (competitorUrl !== undefined) {
      await setCompetitor(
        tx,
        draft.id,
        competitorUrl,
        competitorUrl ? { status: 'reading', url: competitorUrl } : null,
        now,
      );
      if (competitorUrl)
        await enqueueAndNotify(
          tx,
          COMPETITOR_JOB,
          { draftId: draft.id, url: competitorUrl },
          { runAt: now, maxAttempts: 2 },
        );
    }
    if (current.listing_id) await saveDraftAsListingTx(tx, ctx, draft.id, userId);
  });
  return (await loadDraft(ctx.db, draft.id))!;
}
