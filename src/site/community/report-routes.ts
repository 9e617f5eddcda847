import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { User } from '../../domain/accounts/user-repository.js';
import { describeTarget, type TargetView } from '../../domain/moderation/moderate.js';
import { isReportKind, REPORT_DETAILS_MAX, REPORT_REASONS, reportProblem } from '../../domain/moderation/reports.js';
import { fileReportOperation } from '../../api/operations/community.js';
import { runForm } from '../forms/run-form.js';
import { pageSender, signedInUser } from '../account/account-pages.js';
import { formValue, idParam } from '../admin/admin-guard.js';
import { html } from '../html.js';
import { KIND_WORDS } from './report-link.js';
import { participationRefusal } from '../../domain/accounts/participation.js';
import { participationRefusalPage } from './participation-page.js';

export const REPORTS_PER_MINUTE_PER_ADDRESS = 10;

/**
 * Reporting abuse (issue 14): anyone signed in with a confirmed email can report a listing, a
 * review or a comment, with a reason and optional text; the report goes to the moderation queue.
 */
export function registerReportRoutes(app: FastifyInstance, ctx: AppContext) {
  const page = pageSender(ctx);
  const signedIn = signedInUser(ctx);

  /** Who may report, or null after answering why not. */
  const reporter = async (req: FastifyRequest, reply: FastifyReply, next: string): Promise<User | null> => {
    const user = await signedIn(req, reply, next);
    if (!user) return null;
    const refusal = participationRefusal(user);
    if (refusal) {
      page(reply, user, ...participationRefusalPage(refusal, 'Reports are taken'), 403);
      return null;
    }
    return user;
  };

  const target = async (kind: string, id: string | undefined): Promise<TargetView | null> => {
    const n = idParam(id);
    if (!isReportKind(kind) || n === null) return null;
    const t = await describeTarget(ctx.db, ctx.site.id, kind, n);
    return t?.visible ? t : null;
  };

  const form = (
    reply: FastifyReply,
    user: User,
    t: TargetView,
    o: { reason?: string; details?: string; error?: { field: string; message: string } } = {},
    status = 200,
  ) =>
    page(
      reply,
      user,
      `Report this ${KIND_WORDS[t.kind]}`,
      html`<h1>Report this ${KIND_WORDS[t.kind]}</h1>
      <blockquote class="card report-target"><p><strong>${t.title}</strong></p>${t.text ? html`<p>${t.text}</p>` : ''}</blockquote>
      ${o.error ? html`<p class="error" role="alert" id="report-error">${o.error.field === 'details' ? 'Details' : 'Reason'}: ${o.error.message}.</p>` : ''}
      <form method="post" action="/reports" class="form">
        <input type="hidden" name="_csrf" value="${reply.generateCsrf()}"><input type="hidden" name="kind" value="${t.kind}"><input type="hidden" name="id" value="${t.id}">
        <fieldset><legend>What is wrong?</legend>
          ${Object.entries(REPORT_REASONS).map(([value, label]) => html`<label class="check"><input type="radio" name="reason" value="${value}" required${(o.reason ?? '') === value ? ' checked' : ''}> ${label}</label>`)}
        </fieldset>
        <label for="report-details">Anything our moderators should know <span class="muted">(optional, up to ${REPORT_DETAILS_MAX} characters)</span></label>
        <textarea id="report-details" name="details" rows="4" maxlength="${REPORT_DETAILS_MAX}"${o.error ? html` aria-describedby="report-error"` : ''}>${o.details ?? ''}</textarea>
        <p><button type="submit">Send report</button> ${t.href ? html`<a href="${t.href}">Cancel</a>` : ''}</p>
      </form>
      <p class="small muted">Reports are read by the site's moderators; the person you report is not told who reported them.</p>`,
      status,
    );

  app.get<{ Querystring: Record<string, string | undefined> }>('/reports/new', async (req, reply) => {
    const user = await reporter(req, reply, req.url);
    if (!user) return reply;
    const t = await target(req.query.kind ?? '', req.query.id);
    if (!t)
      return page(
        reply,
        user,
        'Nothing to report',
        html`<h1>Nothing to report here</h1><p>That listing, review or comment does not exist or is no longer shown.</p>`,
        404,
      );
    return form(reply, user, t);
  });

  app.post<{ Body: Record<string, string | string[] | undefined> }>(
    '/reports',
    {
      preHandler: app.csrfProtection,
      config: { rateLimit: { max: REPORTS_PER_MINUTE_PER_ADDRESS, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      const kind = formValue(req.body, 'kind');
      const id = formValue(req.body, 'id');
      const user = await reporter(
        req,
        reply,
        `/reports/new?kind=${encodeURIComponent(kind)}&id=${encodeURIComponent(id)}`,
      );
      if (!user) return reply;
      const t = await target(kind, id);
      if (!t)
        return page(
          reply,
          user,
          'Nothing to report',
          html`<h1>Nothing to report here</h1><p>That listing, review or comment does not exist or is no longer shown.</p>`,
          404,
        );
      const input = {
        kind: t.kind,
        targetId: t.id,
        reason: formValue(req.body, 'reason'),
        details: formValue(req.body, 'details'),
      };
      const r = await runForm(ctx, user, fileReportOperation, req.body, {});
      if (!r.ok) {
        // A field the schema refused is told in the domain's words when it has them.
        const [field, message] = Object.entries(r.fields)[0] ?? ['reason', r.message];
        const error = reportProblem(input) ?? { field, message };
        return form(reply, user, t, { reason: input.reason, details: input.details, error }, 400);
      }
      return page(
        reply,
        user,
        'Thank you',
        html`<h1>Thank you — we will take a look</h1>
      <p>Your report about <strong>${t.title}</strong> is in our moderators' queue.</p>${t.href ? html`<p><a href="${t.href}">Back</a></p>` : ''}`,
      );
    },
  );
}
