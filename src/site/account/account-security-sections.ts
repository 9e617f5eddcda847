import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { activeSessions } from '../../domain/accounts/active-sessions.js';
import { hasPassword, identitiesOf, type SignInProvider } from '../../domain/accounts/identity-repository.js';
import { deviceLabel } from '../../domain/accounts/session-device.js';
import type { User } from '../../domain/accounts/user-repository.js';
import { enabledProviders } from '../../sign-in-providers/enabled-providers.js';
import { html, type SafeHtml } from '../html.js';
import { SESSION_COOKIE } from '../session.js';

/** The outcome a form of these sections redirected with (`?methods=…` / `?sessions=…`), in words. */
const METHOD_NOTICES: Record<string, (provider: string) => string> = {
  linked: (p) => `${p} is linked: you can sign in with it from now on.`,
  already_linked: (p) => `That ${p} account was linked to yours already.`,
  linked_elsewhere: (p) =>
    `That ${p} account signs into another account here, so it was not linked. Unlink it there first.`,
  unlinked: () => 'The account was unlinked: it no longer signs you in.',
  last_way_in: () =>
    'That is the only way left to sign in to your account, so it stays. Set a password or link another account first.',
  not_found: () => 'No such linked account on your account.',
};
const SESSION_NOTICES: Record<string, string> = {
  ended: 'That session was signed out: its next request finds itself signed out.',
  not_found: 'No such session on your account (it may have ended already).',
};

const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '—');

function providerLabel(ctx: AppContext, provider: SignInProvider): string {
  const enabled = enabledProviders(ctx.config.signInProviders).get(provider);
  if (enabled) return enabled.label;
  return provider === 'github' ? 'GitHub' : provider === 'google' ? 'Google' : 'Single sign-on';
}

/**
 * The account page's "Ways to sign in" (password, linked providers; link and unlink) and
 * "Sessions" (every signed-in browser; sign any other one out). Reads the outcome of its own
 * forms from the page's query.
 */
export async function accountSecuritySections(
  ctx: AppContext,
  reply: FastifyReply,
  user: User,
  csrf: string,
): Promise<SafeHtml> {
  const req = reply.request;
  const query = req.query as Record<string, string | undefined>;
  const token = req.cookies[SESSION_COOKIE] ?? '';
  const [password, identities, sessions] = await Promise.all([
    hasPassword(ctx.db, user.id),
    identitiesOf(ctx.db, user.id),
    activeSessions(ctx.db, user.id, token, ctx.now()),
  ]);
  const providers = [...enabledProviders(ctx.config.signInProviders).values()];
  const ways = (password ? 1 : 0) + identities.length;
  const csrfField = html`<input type="hidden" name="_csrf" value="${csrf}">`;
  const named = providers.find((p) => p.key === query.provider)?.label ?? 'The provider';
  const methodNotice = query.methods ? METHOD_NOTICES[query.methods]?.(named) : undefined;
  const sessionNotice = query.sessions ? SESSION_NOTICES[query.sessions] : undefined;

  return html`
  <h2 id="sign-in-methods">Ways to sign in</h2>
  ${methodNotice ? html`<p class="notice" role="status">${methodNotice}</p>` : ''}
  <table class="stack"><thead><tr><th>Way</th><th>Account</th><th>Added</th><th>Last used</th><th><span class="sr-only">Action</span></th></tr></thead><tbody>
    <tr><td>Password</td><td>${password ? 'Set' : 'Not set'}</td><td></td><td></td>
      <td><form method="post" action="/forgot-password">${csrfField}<input type="hidden" name="email" value="${user.email}"><button class="secondary small">${password ? 'Change it by email' : 'Set one by email'}</button></form></td></tr>
    ${identities.map((i) => {
      const label = providerLabel(ctx, i.provider);
      return html`<tr><td>${label}</td><td>${i.email ?? ''}</td><td>${when(i.created_at)}</td><td>${when(i.last_used_at)}</td>
      <td>${
        ways > 1
          ? html`<form method="post" action="/account/linked-accounts/${i.id}/unlink">${csrfField}<button class="secondary small" aria-label="Unlink ${label}${i.email ? ` (${i.email})` : ''}">Unlink</button></form>`
          : html`<span class="muted">Your only way in</span>`
      }</td></tr>`;
    })}
  </tbody></table>
  ${
    providers.length
      ? html`<div class="providers">${providers.map(
          (p) =>
            html`<form method="post" action="/account/providers/${p.key}/link">${csrfField}<button class="secondary">Link ${p.label}</button></form>`,
        )}</div>`
      : ''
  }

  <h2 id="sessions">Sessions</h2>
  ${sessionNotice ? html`<p class="notice" role="status">${sessionNotice}</p>` : ''}
  <p>Every browser signed in to your account. Places are networks (the first three parts of an IPv4 address, the first three groups of an IPv6 one), not addresses.</p>
  <table class="stack"><thead><tr><th>Device</th><th>Network</th><th>Signed in</th><th>Last seen</th><th><span class="sr-only">Action</span></th></tr></thead><tbody>
    ${sessions.map((s) => {
      const device = deviceLabel(s.user_agent);
      return html`<tr><td>${device}${s.current ? html` <strong>(this browser)</strong>` : ''}</td><td>${s.ip_prefix || '—'}</td>
      <td>${when(s.created_at)}</td><td>${when(s.last_seen_at)}</td>
      <td>${
        s.current
          ? ''
          : html`<form method="post" action="/account/sessions/${s.id}/sign-out">${csrfField}<button class="secondary small" aria-label="Sign out ${device}, last seen ${when(s.last_seen_at)}">Sign out</button></form>`
      }</td></tr>`;
    })}
  </tbody></table>`;
}
