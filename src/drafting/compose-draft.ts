import type { CrawledPage } from '../crawler/crawl-site.js';
import type { Config } from '../config.js';
import type { CategoryChoice, DraftContent, ProfileField } from './draft-content.js';
import { extractDraft } from './extract/extract-draft.js';
import { siteLanguage } from './extract/language.js';
import { sourcesOf } from './evidence.js';
import { refineDraft } from './llm/refine-draft.js';

export interface ComposeResult {
  content: DraftContent;
  /** LLM values refused because their quotes did not check out (kept for the logs and tests). */
  rejected: { field: string; value: unknown; reason: string }[];
  /** Set when the LLM was configured but could not be used; the deterministic draft stands. */
  llmError: string | null;
}

/**
 * Drafts a profile from the pages read: the deterministic extractor always runs; when an LLM is
 * configured it refines that draft, and every value it proposes is kept only if its quotes verify.
 * With `only`, just those fields are redrafted (regenerate).
 */
export async function composeDraft(
  pages: CrawledPage[],
  opts: { categories: CategoryChoice[]; llm: Config['llm']; only?: ProfileField[]; signal?: AbortSignal },
): Promise<ComposeResult> {
  const language = siteLanguage(pages);
  const deterministic = { ...extractDraft(pages, { categories: opts.categories }), ...(language ? { language } : {}) };
  const { provider, baseUrl, apiKey, model, maxTokens } = opts.llm;
  if (!baseUrl || !model) return { content: deterministic, rejected: [], llmError: null };
  try {
    const refined = await refineDraft({
      pages: pages.flatMap((p) => sourcesOf(p)),
      deterministic,
      categories: opts.categories,
      only: opts.only,
      llm: { provider, baseUrl, apiKey: apiKey ?? undefined, model, maxTokens },
      signal: opts.signal,
    });
    return {
      content: { ...refined.content, ...(language ? { language } : {}) },
      rejected: refined.rejected,
      llmError: null,
    };
  } catch (err) {
    return { content: deterministic, rejected: [], llmError: (err as Error).message };
  }
}
