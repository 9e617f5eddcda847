import type { CallToolResult, ServerContext } from '@modelcontextprotocol/server';
import type { AppContext } from '../app-context.js';
import { submitListingOperation } from '../api/operations/submit.js';
import { loadDraft } from '../domain/drafts/draft-repository.js';
import { draftView } from '../domain/drafts/draft-view.js';
import { waitForDraft } from '../domain/drafts/wait-for-draft.js';
import type { CatalogTool } from './tool-catalog.js';

/**
 * How long a submit_listing call with a progress token waits for the draft. Under the 60 s that
 * the MCP SDKs (1.x and 2.x) give a request by default and, unless the caller asks, do not extend
 * on progress: such a client gets the draft as it stands rather than a timeout error (after which
 * an agent might submit again). Drafting usually takes well under a minute; a slower draft goes
 * on, and get_draft shows it.
 */
export const DRAFT_WAIT_LIMIT_MS = 50_000;

/**
 * submit_listing called with a progress token (`params._meta.progressToken`): instead of answering
 * at once, the call stays open, sends notifications/progress as the website is read and the profile
 * drafted, and answers with the draft once it is ready (what get_draft would answer), or as it
 * stands after DRAFT_WAIT_LIMIT_MS. Every other call, and a refused one, is answered as it is.
 * Works on every protocol revision served here: the SDK streams the notifications on the POST's
 * response (SSE) before the result, for the 2025 revisions and 2026-07-28 alike.
 */
export async function withDraftProgress(
  tool: CatalogTool,
  result: CallToolResult,
  ctx: AppContext,
  request: ServerContext['mcpReq'],
): Promise<CallToolResult> {
  const progressToken = request._meta?.progressToken;
  if (progressToken === undefined || tool.op.operationId !== submitListingOperation.operationId || result.isError)
    return result;
  const id = (result.structuredContent as { id?: unknown } | undefined)?.id;
  if (typeof id !== 'string') return result;
  const end = await waitForDraft(ctx.db, id, {
    signal: request.signal,
    limitMs: DRAFT_WAIT_LIMIT_MS,
    onProgress: (note) =>
      // A client gone mid-call fails the send; the signal then stops the wait.
      request.notify({ method: 'notifications/progress', params: { progressToken, ...note } }).catch(() => {}),
  });
  if (end === 'aborted' || end === 'gone') return result;
  const draft = await loadDraft(ctx.db, id);
  if (!draft) return result;
  // The JSON REST and get_draft send: dates as strings, no undefined.
  const text = JSON.stringify(await draftView(ctx.db, draft));
  return { content: [{ type: 'text', text }], structuredContent: JSON.parse(text) };
}
