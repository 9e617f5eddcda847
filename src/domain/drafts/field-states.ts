import type { Evidence } from '../../drafting/evidence.js';
import { PROFILE_FIELDS, type ProfileField, type Proposal } from '../../drafting/draft-content.js';

/** Where a draft field's value came from: quoted by the AI, not found, edited, typed, locked (override) or deleted. */
export type FieldState = 'ai' | 'not_found' | 'edited' | 'manual' | 'override' | 'deleted';

/** What a profile field holds: text, a list of texts (LIST_FIELDS), or null when not found or removed. */
export type FieldValue = string | string[] | null;

/** One profile field of a draft: what is shown, and what the AI originally drafted (for restore). */
export interface FieldRow {
  value: FieldValue;
  state: FieldState;
  evidence: Evidence[];
  ai_value: FieldValue;
  ai_evidence: Evidence[];
}
export type FieldRows = Record<ProfileField, FieldRow>;

const hasValue = (v: unknown) => v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0) && v !== '';

export const emptyRow = (): FieldRow => ({
  value: null,
  state: 'not_found',
  evidence: [],
  ai_value: null,
  ai_evidence: [],
});
export const emptyRows = (): FieldRows => Object.fromEntries(PROFILE_FIELDS.map((f) => [f, emptyRow()])) as FieldRows;

/** A drafted value as a field holds it: text or a list of texts; anything else is no value. */
function fieldValueOf(v: unknown): FieldValue {
  if (typeof v === 'string') return v;
  return Array.isArray(v) && v.every((item) => typeof item === 'string') ? v : null;
}

/** A proposal counts only with verified evidence: a value without a quote is not_found. */
function aiOf(p: Proposal | undefined): { value: FieldValue; evidence: Evidence[] } {
  const value = fieldValueOf(p?.value);
  if (!p || !hasValue(value) || p.evidence.length === 0) return { value: null, evidence: [] };
  return { value, evidence: p.evidence };
}

/**
 * Takes a drafting result into a field. A full draft ('compose') never overwrites what the founder
 * typed, deleted or locked — it only refreshes the AI original kept for restore. 'regenerate' is
 * the founder asking for a redraft of this field, so it replaces their value unless it is locked.
 */
export function mergeProposal(row: FieldRow, proposal: Proposal | undefined, mode: 'compose' | 'regenerate'): FieldRow {
  const ai = aiOf(proposal);
  const next: FieldRow = { ...row, ai_value: ai.value, ai_evidence: ai.evidence };
  const founderOwned = row.state === 'edited' || row.state === 'manual' || row.state === 'deleted';
  if (row.state === 'override' || (mode === 'compose' && founderOwned)) return next;
  return { ...next, value: ai.value, evidence: ai.evidence, state: hasValue(ai.value) ? 'ai' : 'not_found' };
}

export interface FieldEdits {
  fields?: Partial<Record<ProfileField, FieldValue>>;
  lock_fields?: ProfileField[];
  restore?: ProfileField[];
}

/**
 * The founder's edits: a typed value is `edited` when it replaced an AI value and
 * `manual` when there was none; null removes the field (`deleted`); restore brings back the AI
 * original; lock_fields marks `override`, which AI redrafts skip. A locked field stays locked when
 * its value is typed again. Applied in that order, so "type and lock" in one call works.
 */
export function applyEdits(rows: FieldRows, edits: FieldEdits): FieldRows {
  const out = { ...rows };
  for (const [name, value] of Object.entries(edits.fields ?? {}) as [ProfileField, FieldValue][]) {
    const row = out[name];
    if (value === null) {
      out[name] = { ...row, value: null, evidence: [], state: row.state === 'override' ? 'override' : 'deleted' };
      continue;
    }
    const state: FieldState = row.state === 'override' ? 'override' : hasValue(row.ai_value) ? 'edited' : 'manual';
    out[name] = { ...row, value, evidence: [], state };
  }
  for (const name of edits.restore ?? []) {
    const row = out[name];
    out[name] = {
      ...row,
      value: row.ai_value,
      evidence: row.ai_evidence,
      state: hasValue(row.ai_value) ? 'ai' : 'not_found',
    };
  }
  for (const name of edits.lock_fields ?? []) out[name] = { ...out[name], state: 'override' };
  return out;
}

/** How complete a draft is: the share of profile fields and parts that have a value, and which do not. */
export function completenessOf(
  rows: FieldRows,
  parts: { faqs: unknown[]; founders: unknown[]; company_socials: Record<string, unknown> },
): { completeness: number; missing: string[] } {
  const missing: string[] = PROFILE_FIELDS.filter((f) => !hasValue(rows[f].value));
  if (parts.faqs.length === 0) missing.push('faqs');
  if (parts.founders.length === 0) missing.push('founders');
  if (Object.keys(parts.company_socials).length === 0) missing.push('company_socials');
  const total = PROFILE_FIELDS.length + 3;
  return { completeness: Math.round((100 * (total - missing.length)) / total), missing };
}
