import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { html } from '../html.js';
import { signedInUserOf } from '../site-request.js';
import { listApiKeys } from '../../domain/accounts/api-keys.js';
import { SCOPES, SCOPE_DESCRIPTIONS } from '../../api/registry.js';
import type { FieldError } from '../../api/errors.js';
import {
  createApiKeyOperation,
  disconnectAppOperation,
  resendVerificationOperation,
  revokeApiKeyOperation,
} from '../../api/operations/account-settings.js';
import { runForm } from '../forms/run-form.js';
import type { User } from '../../domain/accounts/user-repository.js';
import { connectedApps } from '../../oauth/tokens.js';
import { accountSecuritySections } from './account-security-sections.js';
import { accountPasskeys } from './passkey-account-routes.js';
import { accountNotificationSettings } from './notification-settings-routes.js';

type Form = Record<string, string | string[] | undefined>;
const EXPIRY_CHOICES: [string, string][] = [
  ['', 'Never'],
  ['30', 'In 30 days'],
  ['90', 'In 90 days'],
  ['365', 'In a year'],
];

/** The account page: profile, email confirmation, API keys (create, shown once; list; revoke) and connected apps. */
export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext) {
  async function accountPage(
    reply: FastifyReply,
    user: User,
    opts: { newKey?: string; errors?: string[]; notice?: string; passkey?: string } = {},
    status = 200,
  ) {
    const csrf = reply.generateCsrf();
    const [keys, apps, security, passkeys, notifications] = await Promise.all([
      listApiKeys(ctx.db, user.id),
      connectedApps(ctx.db, user.id),
      accountSecuritySections(ctx, reply, user, csrf),
      accountPasskeys(ctx, user, csrf, opts.passkey),
      accountNotificationSettings(ctx, user, csrf),
    ]);
    const now = ctx.now().getTime();
    const state = (k: (typeof keys)[number]) =>
      k.revoked_at ? 'revoked' : k.expires_at && Date.parse(k.expires_at) <= now ? 'expired' : 'active';
    return reply.page(
      'Your account',
      html`
      <h1>Your account</h1>
      ${opts.notice ? html`<p class="notice">${opts.notice}</p>` : ''}
      <p>Signed in as <strong>${user.email}</strong>${user.name ? html` (${user.name})` : ''}.
      ${user.email_verified_at ? html`Email confirmed.` : html`<span class="error">Email not confirmed yet.</span>`}</p>
      ${user.email_verified_at ? '' : html`<form method="post" action="/account/resend-verification"><input type="hidden" name="_csrf" value="${csrf}"><button class="secondary">Send the confirmation email again</button></form>`}
      <p><a href="/submit">Submit a product</a> · <a href="/drafts">Your drafts</a> · <a href="/account/webhooks">Webhooks</a></p>
      <form method="post" action="/signout"><input type="hidden" name="_csrf" value="${csrf}"><button class="secondary">Sign out</button></form>
      ${security}
      ${passkeys}
      ${notifications}

      <h2 id="api-keys">API keys</h2>
      <p>Use a key as <code>Authorization: Bearer &lt;key&gt;</code> on the <a href="/docs">REST API</a> and the MCP server at <code>${ctx.config.publicUrl}/mcp</code>.</p>
      ${opts.newKey ? html`<div class="card" role="status"><p><strong>Your new API key.</strong> Copy it now: it is shown only this once.</p><code class="secret">${opts.newKey}</code></div>` : ''}
      ${opts.errors?.length ? html`<div class="error" role="alert"><ul>${opts.errors.map((e) => html`<li>${e}</li>`)}</ul></div>` : ''}
      ${
        keys.length
          ? html`<table><thead><tr><th>Name</th><th>Key</th><th>Scopes</th><th>Last used</th><th>Expires</th><th>State</th><th></th></tr></thead><tbody>
        ${keys.map(
          (k) => html`<tr><td>${k.name}</td><td><code>${k.prefix}…</code></td><td>${k.scopes.join(', ')}</td>
          <td>${k.last_used_at ? k.last_used_at.slice(0, 16).replace('T', ' ') : 'never'}</td><td>${k.expires_at ? k.expires_at.slice(0, 10) : 'never'}</td><td>${state(k)}</td>
          <td>${state(k) === 'active' ? html`<form method="post" action="/account/api-keys/${k.id}/revoke"><input type="hidden" name="_csrf" value="${csrf}"><button class="secondary" aria-label="Revoke ${k.name}">Revoke</button></form>` : ''}</td></tr>`,
        )}
      </tbody></table>`
          : html`<p class="muted">No API keys yet.</p>`
      }
      ${
        user.email_verified_at
          ? html`
      <h3>Create a key</h3>
      <form method="post" action="/account/api-keys" class="form"><input type="hidden" name="_csrf" value="${csrf}">
        <label>Name <input name="name" required maxlength="80" placeholder="e.g. my agent"></label>
        <fieldset><legend>Scopes</legend>${SCOPES.map((s) => html`<label class="check"><input type="checkbox" name="scopes" value="${s}" ${s === 'account:read' ? 'checked' : ''}> <code>${s}</code> — ${SCOPE_DESCRIPTIONS[s]}</label>`)}</fieldset>
        <label>Expires <select name="expires">${EXPIRY_CHOICES.map(([v, l]) => html`<option value="${v}">${l}</option>`)}</select></label>
        <button type="submit">Create the key</button>
      </form>`
          : html`<p>Confirm your email address to create API keys.</p>`
      }

      <h2 id="connected-apps">Connected apps</h2>
      ${
        apps.length
          ? html`<table><thead><tr><th>Application</th><th>Access</th><th>Since</th><th></th></tr></thead><tbody>
        ${apps.map(
          (a) => html`<tr><td>${a.client_name}</td><td>${a.scopes.join(', ')}</td><td>${a.created_at.slice(0, 10)}</td>
          <td><form method="post" action="/account/connected-apps/${a.id}/disconnect"><input type="hidden" name="_csrf" value="${csrf}"><button class="secondary" aria-label="Disconnect ${a.client_name}">Disconnect</button></form></td></tr>`,
        )}
      </tbody></table>`
          : html`<p class="muted">No applications are connected. MCP clients that you allow appear here.</p>`
      }`,
      status,
    );
  }

  app.get<{ Querystring: Form }>('/account', async (req, reply) => {
    const user = signedInUserOf(req);
    const q = req.query;
    const notice = q.welcome
      ? 'Welcome! Your email is confirmed.'
      : q.sent
        ? 'We sent the confirmation email again.'
        : q.reset
          ? 'Your password was changed; other sessions were signed out.'
          : q.revoked
            ? 'The key was revoked: it stops working at once.'
            : q.disconnected
              ? 'The app was disconnected: its tokens stop working at once.'
              : q.notifications === 'saved'
                ? 'Your notification settings are saved.'
                : undefined;
    return accountPage(reply, user, { notice, passkey: typeof q.passkey === 'string' ? q.passkey : undefined });
  });

  app.post<{ Body: Form }>('/account/api-keys', { preHandler: app.csrfProtection }, async (req, reply) => {
    const user = signedInUserOf(req);
    const r = await runForm(ctx, user, createApiKeyOperation, req.body);
    if (!r.ok) return accountPage(reply, user, { errors: keyFormErrors(r) }, 400);
    // Rendered, not redirected: the key must never travel in a URL or be shown twice.
    reply.header('Cache-Control', 'no-store');
    return accountPage(reply, user, { newKey: r.value.key }, 201);
  });

  app.post<{ Params: { id: string } }>(
    '/account/api-keys/:id/revoke',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const user = signedInUserOf(req);
      const r = await runForm(ctx, user, revokeApiKeyOperation, undefined, { id: req.params.id });
      if (!r.ok) return accountPage(reply, user, { errors: ['No such active key on your account.'] }, 404);
      return reply.redirect('/account?revoked=1#api-keys', 303);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/account/connected-apps/:id/disconnect',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const user = signedInUserOf(req);
      const r = await runForm(ctx, user, disconnectAppOperation, undefined, { id: req.params.id });
      if (!r.ok) return accountPage(reply, user, { errors: ['No such connected app on your account.'] }, 404);
      return reply.redirect('/account?disconnected=1#connected-apps', 303);
    },
  );

  app.post('/account/resend-verification', { preHandler: app.csrfProtection }, async (req, reply) => {
    await runForm(ctx, signedInUserOf(req), resendVerificationOperation, undefined);
    return reply.redirect('/account?sent=1', 303);
  });
}

/** The create-key form's refusal in the page's words: one line per field the schema refused, else the handler's reason. */
function keyFormErrors(r: { invalidInput: boolean; message: string; errors: FieldError[] }): string[] {
  if (!r.invalidInput) return [r.message];
  const refused = (field: string) => r.errors.some((e) => e.path === field || e.path.startsWith(`${field}.`));
  return [
    refused('name') ? 'Name: 1 to 80 characters.' : '',
    refused('scopes') ? 'Scopes: choose at least one of the scopes listed.' : '',
    refused('expires') ? 'Expires: choose one of the options.' : '',
  ].filter(Boolean);
}
