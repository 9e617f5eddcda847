import { PROFILE_FIELDS, type CategoryChoice, type DraftContent, type ProfileField } from '../draft-content.js';
import type { SourcePage } from '../evidence.js';
import { answerSchema } from './answer-schema.js';
import { chatJson, type LlmSettings } from './llm-client.js';
import { LlmError } from './llm-error.js';
import { mergeDraft } from './merge-draft.js';
import { DEFAULT_PAGE_BUDGET, pagesWithinBudget } from './page-budget.js';
import { SYSTEM_PROMPT, userPrompt } from './prompt.js';
import { verifyAnswer, type Rejection } from './verify-answer.js';

export interface RefineDraftInput {
  pages: SourcePage[];
  deterministic: DraftContent;
  categories: CategoryChoice[];
  /** Regenerate: only these fields are asked for and may change; FAQs, founders and the rest stay. Without it, the
   *  empty fields are asked for. */
  only?: ProfileField[];
  llm: LlmSettings;
  signal?: AbortSignal;
  /** Defaults to 45 s. */
  timeoutMs?: number;
  /** Characters of page text the model reads; defaults to 60 000. */
  pageBudget?: number;
}

export interface RefineDraftResult {
  content: DraftContent;
  rejected: Rejection[];
}

export const MALFORMED_OUTPUT = 'malformed model output';
export const REFUSED_OUTPUT = 'the model declined to answer';

/**
 * Asks the language model for a better draft, then keeps only what the pages prove: every
 * value needs a quote found verbatim on a fetched page that also states that value. The model
 * is a writer here, never a source.
 *
 * Never throws for a bad answer (malformed or truncated JSON, a refusal, wrong shapes, invented values): those are
 * rejected and the deterministic draft stands. Throws LlmError when the endpoint cannot be used
 * (unreachable, HTTP error, still rate-limited, timeout, cancelled), so the caller can fall back and say why.
 */
export async function refineDraft(input: RefineDraftInput): Promise<RefineDraftResult> {
  const only = input.only ? new Set(input.only) : null;
  // A full draft asks only for the fields the extractor left empty: what it found is already quoted.
  const fields = only
    ? PROFILE_FIELDS.filter((f) => only.has(f))
    : PROFILE_FIELDS.filter((f) => !input.deterministic.fields[f]);
  const withParts = !only;
  if (fields.length === 0 && !withParts) return { content: input.deterministic, rejected: [] };

  const categoryNames = [...new Set(input.categories.map((c) => c.name))];
  const pages = pagesWithinBudget(input.pages, input.pageBudget ?? DEFAULT_PAGE_BUDGET);
  let answer: unknown;
  try {
    answer = await chatJson(input.llm, {
      system: SYSTEM_PROMPT,
      user: userPrompt({ pages, deterministic: input.deterministic, categoryNames, fields, withParts }),
      schemaName: 'launchdeck_draft',
      schema: answerSchema({ fields, categoryNames, withParts }),
      timeoutMs: input.timeoutMs,
      signal: input.signal,
    });
  } catch (err) {
    if (err instanceof LlmError && (err.code === 'invalid_json' || err.code === 'truncated'))
      return keepDeterministic(input.deterministic);
    if (err instanceof LlmError && err.code === 'refused')
      return keepDeterministic(input.deterministic, REFUSED_OUTPUT);
    throw err;
  }
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return keepDeterministic(input.deterministic);

  // Quotes are checked against the full pages, not the budgeted excerpt the model read.
  const verified = verifyAnswer(answer as Record<string, unknown>, {
    pages: input.pages,
    categories: input.categories,
    fields,
    withParts,
  });
  return { content: mergeDraft(input.deterministic, verified, fields, withParts), rejected: verified.rejected };
}

function keepDeterministic(content: DraftContent, reason = MALFORMED_OUTPUT): RefineDraftResult {
  return { content, rejected: [{ field: '*', value: null, reason }] };
}

export type { LlmSettings } from './llm-client.js';
export type { Rejection } from './verify-answer.js';
