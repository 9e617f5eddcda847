import { setTimeout as pause } from 'node:timers/promises';
import type { Queryable } from '../../db/client.js';
import { PROFILE_FIELDS } from '../../drafting/draft-content.js';
import { readDraftProgress, type DraftProgressRow } from './draft-repository.js';

/**
 * How often a waiting caller looks at the draft. The job writes its crawl progress at most every
 * 250 ms (process-draft.ts), so looking more often would find nothing new; each look is one small
 * read by primary key, and it works whichever instance runs the job.
 */
export const DRAFT_POLL_MS = 300;

/** One report of how far a draft has come, in the shape of MCP's notifications/progress. */
export interface ProgressNote {
  /** Only ever grows: the crawl's start, then one per page read, then drafting, then done. */
  progress: number;
  /** The units there will be in all, once the crawl knows how many pages it plans to read. */
  total?: number;
  message: string;
}

/** The last note reported and the phase it was in, to tell whether a new look is worth a note. */
export interface ProgressSeen {
  phase: string;
  note: ProgressNote;
}

const phaseOf = (row: DraftProgressRow) => (row.status === 'ready' ? 'done' : (row.progress.phase ?? row.status));
const pages = (n: number) => `${n} page${n === 1 ? '' : 's'}`;

function messageOf(row: DraftProgressRow, phase: string): string {
  const p = row.progress;
  switch (phase) {
    case 'queued':
      return `Waiting for the crawler to start reading ${row.url}`;
    case 'crawling': {
      if (!p.pages_read) return p.message ?? `Reading ${row.url}`;
      const read = p.pages_planned ? `${p.pages_read} of ${pages(p.pages_planned)}` : pages(p.pages_read);
      return `Read ${read}${p.current_url ? `: ${p.current_url}` : ''}`;
    }
    case 'drafting':
      return p.message ?? 'Drafting the profile';
    case 'done': {
      const found = row.fields_found === null ? '' : `${row.fields_found} of ${PROFILE_FIELDS.length} fields found. `;
      return `Draft ready: ${found}${p.message ?? ''}`.trim();
    }
    default:
      return p.message ?? phase;
  }
}

/** Where a phase stands on the scale of `progress`: one for starting the crawl, one per page, drafting, done. */
function unitsOf(row: DraftProgressRow, phase: string): { progress: number; total?: number } {
  const p = row.progress;
  const planned = p.pages_planned;
  switch (phase) {
    case 'queued':
      return { progress: 0 };
    case 'crawling':
      return { progress: 1 + (p.pages_read ?? 0), ...(planned ? { total: planned + 3 } : {}) };
    case 'drafting':
      return { progress: 2 + (planned ?? p.pages_read ?? 0), ...(planned ? { total: planned + 3 } : {}) };
    default:
      return { progress: 3 + (p.pages_read ?? 0) };
  }
}

/**
 * The note to report for a new look at the draft, or null when it says nothing new. `progress`
 * must grow with every note (MCP requires it) even where the page counts do not (a page
 * skipped, a retried crawl): a new phase moves it on by at least one; within a phase, only more
 * pages make a note. The total never falls below what is already reported, and once the draft is
 * ready it is the progress itself.
 */
export function nextProgressNote(row: DraftProgressRow, seen: ProgressSeen | null): ProgressSeen | null {
  const phase = phaseOf(row);
  const units = unitsOf(row, phase);
  const before = seen?.note.progress ?? -1;
  const progress = seen && seen.phase !== phase ? Math.max(units.progress, before + 1) : units.progress;
  if (progress <= before) return null;
  const total =
    phase === 'done' ? progress : units.total === undefined ? undefined : Math.max(units.total, progress + 1);
  const note: ProgressNote = { progress, ...(total === undefined ? {} : { total }), message: messageOf(row, phase) };
  return { phase, note };
}

export type WaitEnd = 'ready' | 'time_limit' | 'aborted' | 'gone';

/**
 * Waits for a draft to be ready, reporting each step on the way (`onProgress`), for at most
 * `limitMs`. It reads the draft's progress from the database, as the job (on this instance or
 * another) writes it. Stops when `signal` aborts: nobody is left to tell.
 */
export async function waitForDraft(
  db: Queryable,
  draftId: string,
  opts: {
    onProgress: (note: ProgressNote) => Promise<void> | void;
    signal?: AbortSignal;
    limitMs: number;
    pollMs?: number;
  },
): Promise<WaitEnd> {
  const deadline = performance.now() + opts.limitMs;
  let seen: ProgressSeen | null = null;
  for (;;) {
    if (opts.signal?.aborted) return 'aborted';
    const row = await readDraftProgress(db, draftId);
    if (!row) return 'gone';
    if (opts.signal?.aborted) return 'aborted';
    const next = nextProgressNote(row, seen);
    if (next) {
      seen = next;
      await opts.onProgress(next.note);
    }
    if (row.status === 'ready') return 'ready';
    const left = deadline - performance.now();
    if (left <= 0) return 'time_limit';
    try {
      await pause(Math.min(opts.pollMs ?? DRAFT_POLL_MS, left), undefined, { signal: opts.signal });
    } catch {
      return 'aborted';
    }
  }
}
