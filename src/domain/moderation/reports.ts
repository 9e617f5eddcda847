import type { Queryable } from '../../db/client.js';

export type ReportKind = 'listing' | 'review' | 'comment';
export const REPORT_KINDS: readonly ReportKind[] = ['listing', 'review', 'comment'];

/** Why something is reported: a short fixed list a moderator can sort by, plus free text. */
export const REPORT_REASONS = {
  spam: 'Spam or advertising',
  abuse: 'Harassment or hate',
  misleading: 'Misleading or fake',
  illegal: 'Illegal content',
  other: 'Something else',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
export const REPORT_DETAILS_MAX = 1000;

export const isReportKind = (v: string): v is ReportKind => (REPORT_KINDS as readonly string[]).includes(v);
export const isReportReason = (v: string): v is ReportReason => Object.hasOwn(REPORT_REASONS, v);

export interface ReportInput {
  kind: string;
  targetId: number;
  reason: string;
  details: string;
}
export type ReportProblem = { field: 'kind' | 'id' | 'reason' | 'details'; message: string };

/** What is wrong with a report as sent, naming the field; null when it can be filed. */
export function reportProblem(r: ReportInput): ReportProblem | null {
  if (!isReportKind(r.kind)) return { field: 'kind', message: `must be one of ${REPORT_KINDS.join(', ')}` };
  if (!Number.isInteger(r.targetId) || r.targetId < 1 || r.targetId > 2_147_483_647)
    return { field: 'id', message: 'must be a whole number from 1' };
  if (!isReportReason(r.reason))
    return { field: 'reason', message: `must be one of ${Object.keys(REPORT_REASONS).join(', ')}` };
  if (r.details.length > REPORT_DETAILS_MAX)
    return { field: 'details', message: `is ${r.details.length} characters; at most ${REPORT_DETAILS_MAX}` };
  if (r.reason === 'other' && r.details.trim() === '')
    return { field: 'details', message: 'say what is wrong when the reason is "Something else"' };
  return null;
}

/**
 * Files a report. One open report per person and target: reporting the same thing again updates
 * the reason and text instead of adding a second (so one person cannot inflate the queue).
 */
export async function fileReport(
  db: Queryable,
  siteId: number,
  reporterId: number,
  r: { kind: ReportKind; targetId: number; reason: ReportReason; details: string },
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO reports (site_id, target_kind, target_id, reporter_id, reason, details) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (target_kind, target_id, reporter_id) WHERE status = 'open'
     DO UPDATE SET reason = EXCLUDED.reason, details = EXCLUDED.details, created_at = now() RETURNING id`,
    [siteId, r.kind, r.targetId, reporterId, r.reason, r.details.trim()],
  );
  return rows[0].id;
}

export interface ReportedTarget {
  kind: ReportKind;
  target_id: number;
  reports: number;
  last_reported_at: string;
  reasons: { reason: ReportReason; details: string; reporter: string | null; created_at: string }[];
}

/** Open reports grouped by what they are about, most reported first. */
export async function openReports(db: Queryable, siteId: number, limit = 50): Promise<ReportedTarget[]> {
  const rows = await db.query<{
    kind: ReportKind;
    target_id: number;
    reports: number;
    last_reported_at: string;
    reasons: unknown;
  }>(
    `SELECT r.target_kind AS kind, r.target_id, count(*)::int AS reports, max(r.created_at) AS last_reported_at,
            json_agg(json_build_object('reason', r.reason, 'details', r.details, 'reporter', u.email, 'created_at', r.created_at) ORDER BY r.created_at DESC) AS reasons
       FROM reports r LEFT JOIN users u ON u.id = r.reporter_id
      WHERE r.site_id = $1 AND r.status = 'open'
      GROUP BY r.target_kind, r.target_id ORDER BY count(*) DESC, max(r.created_at) DESC LIMIT $2`,
    [siteId, limit],
  );
  return rows.map((r) => ({
    ...r,
    reasons: (typeof r.reasons === 'string' ? JSON.parse(r.reasons) : r.reasons) as ReportedTarget['reasons'],
  }));
}

export async function openReportCount(db: Queryable, siteId: number): Promise<number> {
  return (
    await db.query<{ n: number }>(
      `SELECT count(DISTINCT (target_kind, target_id))::int AS n FROM reports WHERE site_id = $1 AND status = 'open'`,
      [siteId],
    )
  )[0].n;
}

/** Closes every open report about a target: resolved (action taken) or dismissed (nothing wrong). */
export async function closeReports(
  db: Queryable,
  siteId: number,
  kind: ReportKind,
  targetId: number,
  outcome: 'resolved' | 'dismissed',
  adminId: number,
  now: Date,
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `UPDATE reports SET status = $5, resolved_at = $6, resolved_by = $4 WHERE site_id = $1 AND target_kind = $2 AND target_id = $3 AND status = 'open' RETURNING id`,
    [siteId, kind, targetId, adminId, outcome, now.toISOString()],
  );
  return rows.length;
}
