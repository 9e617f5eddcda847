import type { NoRows, Queryable } from '../../db/client.js';
import type { Evidence } from '../../drafting/evidence.js';
import { PROFILE_FIELDS, type ProfileField } from '../../drafting/draft-content.js';
import { emptyRows, type FieldRow, type FieldRows } from './field-states.js';

export type DraftStatus = 'crawling' | 'drafting' | 'ready';

/** A sourced value of a draft part (socials, story sections, SEO): the text and the quotes behind it. */
export interface Sourced<T = string> {
  value: T;
  evidence: Evidence[];
}

export interface DraftParts {
  faqs: { question: string; answer: string; evidence: Evidence[] }[];
  founders: { name: string; title?: string; bio?: string; socials?: Record<string, string>; evidence: Evidence[] }[];
  company_socials: Record<string, Sourced>;
  founder_socials: Record<string, Sourced>;
  story: Record<string, Sourced>;
  milestones: { date: string; title: string; description?: string; url?: string; evidence: Evidence[] }[];
  seo: { title?: Sourced; meta?: Sourced };
}
export const PART_NAMES = [
  'faqs',
  'founders',
  'company_socials',
  'founder_socials',
  'story',
  'milestones',
  'seo',
] as const;
export type PartName = (typeof PART_NAMES)[number];

export interface DraftProgress {
  phase?: string;
  pages_read?: number;
  pages_planned?: number;
  current_url?: string;
  message?: string;
  /** The pages read, in the order they were ranked (home first). */
  read_urls?: string[];
  /** Pages found and not read, each with its reason (crawl-site.ts SkipReason) in code and words; at most
   *  MAX_SKIPPED_SHOWN. */
  skipped?: { url: string; reason: string; detail: string }[];
  /** How many more were skipped than `skipped` lists. */
  skipped_more?: number;
}

export interface DraftRecord extends DraftParts {
  id: string;
  site_id: number;
  user_id: number;
  url: string;
  domain: string;
  status: DraftStatus;
  progress: DraftProgress;
  notice: string | null;
  existing_listing_id: number | null;
  competitor_url: string | null;
  competitor: Record<string, unknown> | null;
  completeness: number;
  missing: string[];
  listing_id: number | null;
  submitted_at: string | null;
  edited_parts: PartName[];
  /** The site's language (BCP 47), as drafting read it from the site; null when it could not tell. */
  language: string | null;
  created_at: string;
  updated_at: string;
  fields: FieldRows;
}

export interface StoredPage {
  url: string;
  kind: string;
  status: number;
  contentType: string | null;
  title: string;
  text: string;
  headText: string;
  linkText: string;
  skipped: string | null;
  links: { href: string; text: string }[];
  meta: Record<string, string>;
  jsonLd: unknown[];
  headings: string[];
  /** `<html lang>` and the `Content-Language` header, when the page had them: how the site's language is told. */
  lang?: string;
  contentLanguage?: string;
}

const DRAFT_COLUMNS = `id, site_id, user_id, url, domain, status, progress, notice, existing_listing_id, faqs, founders,
  company_socials, founder_socials, story, milestones, seo, competitor_url, competitor, completeness, missing,
  listing_id, submitted_at, edited_parts, language, created_at, updated_at`;

export async function insertDraft(
  db: Queryable,
  d: { siteId: number; userId: number; url: string; domain: string; existingListingId: number | null; now: Date },
): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO drafts (site_id, user_id, url, domain, existing_listing_id, progress, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id`,
    [
      d.siteId,
      d.userId,
      d.url,
      d.domain,
      d.existingListingId,
      JSON.stringify({ phase: 'queued', message: 'Waiting for the crawler' }),
      d.now.toISOString(),
    ],
  );
  return rows[0].id;
}

/** The listing on this site for a company of that domain, if one exists (a draft then points to claim_listing when it
 *  is public). */
export async function findListingByDomain(
  db: Queryable,
  siteId: number,
  domain: string,
): Promise<{ id: number; slug: string; public: boolean } | null> {
  const rows = await db.query<{ id: number; slug: string; public: boolean }>(
    `SELECT l.id, l.slug, l.status IN ('live', 'scheduled') AS public FROM listings l
      JOIN companies c ON c.id = l.company_id WHERE l.site_id = $1 AND c.domain = $2`,
    [siteId, domain],
  );
  return rows[0] ?? null;
}

/** Serialises writers of one draft (the drafting job, edits, submit) until the transaction ends. */
export async function lockDraft(tx: Queryable, id: string): Promise<boolean> {
  return (await tx.query<{ one: number }>('SELECT 1 AS one FROM drafts WHERE id = $1 FOR UPDATE', [id])).length > 0;
}

export async function loadDraft(db: Queryable, id: string): Promise<DraftRecord | null> {
  const [draft] = await db.query<Omit<DraftRecord, 'fields'>>(`SELECT ${DRAFT_COLUMNS} FROM drafts WHERE id = $1`, [
    id,
  ]);
  if (!draft) return null;
  const fieldRows = await db.query<FieldRow & { field: ProfileField }>(
    'SELECT field, value, state, evidence, ai_value, ai_evidence FROM draft_fields WHERE draft_id = $1',
    [id],
  );
  const fields = emptyRows();
  for (const r of fieldRows)
    if ((PROFILE_FIELDS as readonly string[]).includes(r.field))
      fields[r.field] = {
        value: r.value,
        state: r.state,
        evidence: r.evidence,
        ai_value: r.ai_value,
        ai_evidence: r.ai_evidence,
      };
  return { ...draft, fields };
}

/** Who may see and edit a draft: its author and the co-founders who accepted an invite. */
export async function draftAccess(
  db: Queryable,
  draftId: string,
  userId: number,
): Promise<'owner' | 'cofounder' | null> {
  const rows = await db.query<{ owner: boolean }>(
    `SELECT d.user_id = $2 AS owner FROM drafts d WHERE d.id = $1 AND (d.user_id = $2 OR EXISTS (
       SELECT 1 FROM draft_invites i WHERE i.draft_id = d.id AND i.accepted_by = $2))`,
    [draftId, userId],
  );
  return rows.length === 0 ? null : rows[0].owner ? 'owner' : 'cofounder';
}

export interface DraftSummary {
  id: string;
  url: string;
  domain: string;
  status: string;
  completeness: number;
  listing_id: number | null;
  created_at: string;
  updated_at: string;
  role: 'owner' | 'cofounder';
}

export async function listDrafts(
  db: Queryable,
  siteId: number,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ items: DraftSummary[]; total: number }> {
  const where = `d.site_id = $1 AND (d.user_id = $2 OR EXISTS (SELECT 1 FROM draft_invites i WHERE i.draft_id = d.id
                  AND i.accepted_by = $2))`;
  const [items, count] = await Promise.all([
    db.query<DraftSummary>(
      `SELECT d.id, d.url, d.domain, d.status, d.completeness, d.listing_id, d.created_at, d.updated_at,
              CASE WHEN d.user_id = $2 THEN 'owner' ELSE 'cofounder' END AS role
         FROM drafts d WHERE ${where} ORDER BY d.created_at DESC, d.id LIMIT $3 OFFSET $4`,
      [siteId, userId, limit, offset],
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM drafts d WHERE ${where}`, [siteId, userId]),
  ]);
  return { items, total: count[0].n };
}

export async function setProgress(db: Queryable, id: string, progress: DraftProgress, now: Date): Promise<void> {
  await db.query<NoRows>('UPDATE drafts SET progress = $2, updated_at = $3 WHERE id = $1', [
    id,
    JSON.stringify(progress),
    now.toISOString(),
  ]);
}

export async function setStatus(
  db: Queryable,
  id: string,
  status: DraftStatus,
  progress: DraftProgress,
  now: Date,
  notice?: string | null,
): Promise<void> {
  await db.query<NoRows>(
    `UPDATE drafts SET status = $2, progress = $3, updated_at = $4, notice = CASE WHEN $5::boolean THEN $6
      ELSE notice END WHERE id = $1`,
    [id, status, JSON.stringify(progress), now.toISOString(), notice !== undefined, notice ?? null],
  );
}

/** What a caller waiting for a draft reads on each look: a few columns, never the pages or fields themselves. */
export interface DraftProgressRow {
  status: DraftStatus;
  url: string;
  /** The progress without its lists of pages read and skipped. */
  progress: Pick<DraftProgress, 'phase' | 'pages_read' | 'pages_planned' | 'current_url' | 'message'>;
  /** Profile fields with a value, once the draft is ready (null before). */
  fields_found: number | null;
}

export async function readDraftProgress(db: Queryable, id: string): Promise<DraftProgressRow | null> {
  const rows = await db.query<DraftProgressRow>(
    `SELECT d.status, d.url, d.progress - 'read_urls' - 'skipped' AS progress,
            CASE WHEN d.status = 'ready' THEN (SELECT count(*)::int FROM draft_fields f
              WHERE f.draft_id = d.id AND f.state NOT IN ('not_found', 'deleted')) END AS fields_found
       FROM drafts d WHERE d.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** Replaces the pages read for a draft (a re-run crawl starts over, so the job stays idempotent). */
export async function savePages(db: Queryable, draftId: string, pages: StoredPage[]): Promise<void> {
  await db.query<NoRows>('DELETE FROM draft_pages WHERE draft_id = $1', [draftId]);
  for (const [i, p] of pages.entries()) {
    await db.query<NoRows>(
      `INSERT INTO draft_pages (draft_id, url, kind, http_status, content_type, title, text, head_text, link_text,
       skipped, position, doc)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        draftId,
        p.url,
        p.kind,
        p.status,
        p.contentType,
        p.title,
        p.text,
        p.headText,
        p.linkText,
        p.skipped,
        i,
        JSON.stringify({
          links: p.links,
          meta: p.meta,
          jsonLd: p.jsonLd,
          headings: p.headings,
          lang: p.lang,
          contentLanguage: p.contentLanguage,
        }),
      ],
    );
  }
}

export async function loadPages(db: Queryable, draftId: string): Promise<StoredPage[]> {
  const rows = await db.query<{
    url: string;
    kind: string;
    http_status: number | null;
    content_type: string | null;
    title: string | null;
    text: string;
    head_text: string;
    link_text: string;
    skipped: string | null;
    doc: Partial<Pick<StoredPage, 'links' | 'meta' | 'jsonLd' | 'headings' | 'lang' | 'contentLanguage'>> | null;
  }>(
    'SELECT url, kind, http_status, content_type, title, text, head_text, link_text, skipped, doc FROM ' +
      'draft_pages WHERE draft_id = $1 ORDER BY position, id',
    [draftId],
  );
  return rows.map((r) => ({
    url: r.url,
    kind: r.kind,
    status: r.http_status ?? 0,
    contentType: r.content_type,
    title: r.title ?? '',
    text: r.text,
    headText: r.head_text,
    linkText: r.link_text,
    skipped: r.skipped,
    links: r.doc?.links ?? [],
    meta: r.doc?.meta ?? {},
    jsonLd: r.doc?.jsonLd ?? [],
    headings: r.doc?.headings ?? [],
    ...(r.doc?.lang ? { lang: r.doc.lang } : {}),
    ...(r.doc?.contentLanguage ? { contentLanguage: r.doc.contentLanguage } : {}),
  }));
}

/** The pages read, without their text: what get_draft lists as its sources. */
export async function pageList(
  db: Queryable,
  draftId: string,
): Promise<{ url: string; kind: string; status: number | null; skipped: string | null }[]> {
  return db.query<{ url: string; kind: string; status: number | null; skipped: string | null }>(
    'SELECT url, kind, http_status AS status, skipped FROM draft_pages WHERE draft_id = $1 ORDER BY position, id',
    [draftId],
  );
}

export async function saveFieldRows(
  db: Queryable,
  draftId: string,
  rows: Partial<FieldRows>,
  now: Date,
): Promise<void> {
  for (const [field, r] of Object.entries(rows) as [ProfileField, FieldRow][]) {
    await db.query<NoRows>(
      `INSERT INTO draft_fields (draft_id, field, value, state, evidence, ai_value, ai_evidence, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (draft_id, field) DO UPDATE
       SET value = EXCLUDED.value, state = EXCLUDED.state, evidence = EXCLUDED.evidence,
         ai_value = EXCLUDED.ai_value, ai_evidence = EXCLUDED.ai_evidence, updated_at = EXCLUDED.updated_at`,
      [
        draftId,
        field,
        JSON.stringify(r.value ?? null),
        r.state,
        JSON.stringify(r.evidence),
        JSON.stringify(r.ai_value ?? null),
        JSON.stringify(r.ai_evidence),
        now.toISOString(),
      ],
    );
  }
}

/** Writes draft parts, completeness and (optionally) which parts the founder replaced by hand. */
export async function saveParts(
  db: Queryable,
  draftId: string,
  parts: Partial<DraftParts>,
  summary: { completeness: number; missing: string[]; editedParts?: PartName[]; language?: string | null },
  now: Date,
): Promise<void> {
  const sets: string[] = ['completeness = $2', 'missing = $3', 'updated_at = $4'];
  const params: unknown[] = [draftId, summary.completeness, summary.missing, now.toISOString()];
  for (const name of PART_NAMES) {
    if (parts[name] === undefined) continue;
    params.push(JSON.stringify(parts[name]));
    sets.push(`${name} = $${params.length}`);
  }
  if (summary.editedParts) {
    params.push(summary.editedParts);
    sets.push(`edited_parts = $${params.length}`);
  }
  if (summary.language !== undefined) {
    params.push(summary.language);
    sets.push(`language = $${params.length}`);
  }
  await db.query<NoRows>(`UPDATE drafts SET ${sets.join(', ')} WHERE id = $1`, params);
}

export async function setCompetitor(
  db: Queryable,
  draftId: string,
  url: string | null,
  competitor: Record<string, unknown> | null,
  now: Date,
): Promise<void> {
  await db.query<NoRows>('UPDATE drafts SET competitor_url = $2, competitor = $3, updated_at = $4 WHERE id = $1', [
    draftId,
    url,
    competitor && JSON.stringify(competitor),
    now.toISOString(),
  ]);
}

export async function markSubmitted(db: Queryable, draftId: string, listingId: number, now: Date): Promise<void> {
  await db.query<NoRows>(
    'UPDATE drafts SET listing_id = $2, submitted_at = coalesce(submitted_at, $3), updated_at = $3 WHERE id = $1',
    [draftId, listingId, now.toISOString()],
  );
}
