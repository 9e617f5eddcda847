import type { Queryable } from '../../db/client.js';
import type { EvidenceSource } from '../../drafting/evidence.js';

/** One text of a page read for a draft: what an evidence quote's start/end positions refer to. */
export interface DraftPageText {
  url: string;
  title: string;
  kind: string;
  source: EvidenceSource;
  text: string;
}

const COLUMN: Record<EvidenceSource, string> = { text: 'text', head: 'head_text', links: 'link_text' };

/**
 * The stored text of a draft's page that a quote came from: the visible text, the head text
 * (title, meta tags, JSON-LD) or the link targets, as `source` says. Null when the page is not
 * among the pages read for that draft.
 */
export async function draftPageText(
  db: Queryable,
  draftId: string,
  url: string,
  source: EvidenceSource = 'text',
): Promise<DraftPageText | null> {
  const column = COLUMN[source] ?? COLUMN.text;
  const rows = await db.query<{ url: string; title: string | null; kind: string; text: string | null }>(
    `SELECT url, title, kind, ${column} AS text FROM draft_pages WHERE draft_id = $1 AND url = $2 ORDER BY position, id
      LIMIT 1`,
    [draftId, url],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    url: row.url,
    title: row.title ?? '',
    kind: row.kind,
    source: COLUMN[source] ? source : 'text',
    text: row.text ?? '',
  };
}
