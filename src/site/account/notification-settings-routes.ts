import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { updateNotificationSettingsOperation } from '../../api/operations/notification-settings.js';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS } from '../../domain/notifications/notification-kinds.js';
import { kindsTurnedOff } from '../../domain/notifications/notification-repository.js';
import type { User } from '../../domain/accounts/user-repository.js';
import { runForm } from '../forms/run-form.js';
import type { PostedForm } from '../forms/form-values.js';
import { html, type SafeHtml } from '../html.js';
import { signedInUserOf } from '../site-request.js';

/** The account page's "Email notifications" section: one checkbox per kind, on unless turned off. */
export async function accountNotificationSettings(ctx: AppContext, user: User, csrf: string): Promise<SafeHtml> {
  const off = await kindsTurnedOff(ctx.db, user.id);
  return html`
      <h2 id="notifications">Email notifications</h2>
      <form method="post" action="/account/notifications" class="form"><input type="hidden" name="_csrf" value="${csrf}">
        <fieldset><legend>Mail me about</legend>${NOTIFICATION_KINDS.map(
          (k) =>
            html`<label class="check"><input type="checkbox" name="on" value="${k}" ${off.has(k) ? '' : 'checked'}> ${NOTIFICATION_KIND_LABELS[k]}</label>`,
        )}</fieldset>
        <p class="muted small">At most one mail of each kind an hour, gathering everything new; the digest goes once a week. Every mail has a link that turns its kind off.</p>
        <button type="submit">Save notification settings</button>
      </form>`;
}

export function registerNotificationSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post<{ Body: PostedForm }>('/account/notifications', { preHandler: app.csrfProtection }, async (req, reply) => {
    const r = await runForm(ctx, signedInUserOf(req), updateNotificationSettingsOperation, req.body ?? {});
    return reply.redirect(`/account?notifications=${r.ok ? 'saved' : 'refused'}#notifications`, 303);
  });
}
