import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { SCOPE_DESCRIPTIONS, type Scope } from '../api/registry.js';
import { html, layout, type SafeHtml } from '../site/html.js';
import { currentUser, signIn } from '../site/session.js';
import { passwordSignIn, throttledMessage } from '../domain/accounts/password-sign-in.js';
import { errorRedirect, parseAuthorizationRequest, type AuthorizationRequest } from './authorization-request.js';
import { grantedScopes, issueCode, upsertGrant } from './tokens.js';

type Params = Record<string, string | string[] | undefined>;

/** The request's parameters, carried through the sign-in and consent forms as hidden fields. */
function hiddenFields(r: AuthorizationRequest): SafeHtml {
  const fields: [string, string][] = [
    ['response_type', 'code'],
    ['client_id', r.client.client_id],
    ['redirect_uri', r.redirectUri],
    ['code_challenge', r.codeChallenge],
    ['code_challenge_method', 'S256'],
    ['scope', r.scopes.join(' ')],
    ...(r.state !== undefined ? [['state', r.state] as [string, string]] : []),
    ...r.resources.map((res) => ['resource', res] as [string, string]),
  ];
  return html`${fields.map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`)}`;
}

const scopeList = (scopes: Scope[]) =>
  html`<ul>${scopes.map((s) => html`<li>${SCOPE_DESCRIPTIONS[s]} <span class="muted">(<code>${s}</code>)</span></li>`)}</ul>`;

/** Who asks and for what; with what it was already allowed apart, since allowing adds to that. */
function describeClient(r: AuthorizationRequest, granted: Scope[] = []): SafeHtml {
  const back = new URL(r.redirectUri);
  const asked = r.scopes.filter((s) => !granted.includes(s));
  return html`<p><strong>${r.client.client_name}</strong>${r.client.client_uri ? html` (<a href="${r.client.client_uri}" rel="noopener nofollow">${new URL(r.client.client_uri).host}</a>)` : ''}
    wants to use your ${''}account. It will send you back to <code>${back.host || back.protocol}</code>.</p>
    ${asked.length ? html`<p>It asks to:</p>${scopeList(asked)}` : html`<p>It asks for nothing more than you already allowed.</p>`}
    ${granted.length ? html`<p>You already allowed it to:</p>${scopeList(granted)}` : ''}`;
}

/** OAuth 2.1 authorization endpoint: sign in (if needed), then Allow access or Deny. */
export function registerAuthorizeRoutes(app: FastifyInstance, ctx: AppContext) {
  const siteName = ctx.site.name;
  const page = async (req: FastifyRequest, reply: FastifyReply, title: string, body: SafeHtml, status = 200) => {
    // The consent page must never be framed by another site (clickjacking).
    reply
      .header('X-Frame-Options', 'DENY')
      .header('Content-Security-Policy', "frame-ancestors 'none'")
      .header('Cache-Control', 'no-store');
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .send(layout({ title: `${title} — ${siteName}`, siteName, user: await currentUser(ctx, req) }, body));
  };
  const stop = (req: FastifyRequest, reply: FastifyReply, message: string) =>
    page(
      req,
      reply,
      'Cannot continue',
      html`<h1>We could not connect this application</h1><p class="error">${message}</p><p><a href="/">Back to ${siteName}</a></p>`,
      400,
    );

  const consent = async (
    req: FastifyRequest,
    reply: FastifyReply,
    r: AuthorizationRequest,
    errors: string[] = [],
    status = 200,
  ) => {
    const user = await currentUser(ctx, req);
    const csrf = html`<input type="hidden" name="_csrf" value="${reply.generateCsrf()}">`;
    if (!user) {
      return page(
        req,
        reply,
        'Sign in to continue',
        html`<h1>Sign in to ${siteName}</h1>${describeClient(r)}
        ${errors.length ? html`<p class="error" role="alert">${errors.join(' ')}</p>` : ''}
        <form method="post" action="/oauth/authorize/signin" class="form">${csrf}${hiddenFields(r)}
          <label>Email <input type="email" name="email" required maxlength="254" autocomplete="email"></label>
          <label>Password <input type="password" name="password" required maxlength="200" autocomplete="current-password"></label>
          <button type="submit">Sign in</button></form>
        <p class="muted">No account yet? <a href="/signup">Sign up</a>, then open the application's link again.</p>`,
        status,
      );
    }
    const granted = await grantedScopes(ctx.db, user.id, r.client.client_id);
    return page(
      req,
      reply,
      'Allow access?',
      html`<h1>Allow access?</h1>${describeClient(r, granted)}
      <p>Signed in as <strong>${user.email}</strong>. You can disconnect it at any time from your <a href="/account#connected-apps">account page</a>.</p>
      <form method="post" action="/oauth/authorize" class="actions">${csrf}${hiddenFields(r)}
        <button type="submit" name="decision" value="allow">Allow access</button>
        <button type="submit" name="decision" value="deny" class="secondary">Deny</button></form>`,
      status,
    );
  };

  app.get<{ Querystring: Params }>('/oauth/authorize', async (req, reply) => {
    const parsed = await parseAuthorizationRequest(ctx, req.query);
    if (!parsed.ok) return 'show' in parsed ? stop(req, reply, parsed.show) : reply.redirect(parsed.redirect, 303);
    return consent(req, reply, parsed.request);
  });

  app.post<{ Body: Params }>('/oauth/authorize/signin', { preHandler: app.csrfProtection }, async (req, reply) => {
    const parsed = await parseAuthorizationRequest(ctx, req.body ?? {});
    if (!parsed.ok) return 'show' in parsed ? stop(req, reply, parsed.show) : reply.redirect(parsed.redirect, 303);
    const outcome = await passwordSignIn(ctx.db, {
      email: String(req.body.email ?? ''),
      password: String(req.body.password ?? ''),
      address: req.ip,
      now: ctx.now(),
      policy: ctx.config.signInThrottle,
    });
    if (!outcome.ok && outcome.reason === 'throttled') {
      reply.header('Retry-After', String(outcome.retryAfterSeconds));
      return consent(req, reply, parsed.request, [throttledMessage(outcome.retryAfterSeconds)], 429);
    }
    if (!outcome.ok) return consent(req, reply, parsed.request, ['Email or password is not right.'], 401);
    await signIn(ctx, req, reply, outcome.user.id);
    return consent(req, reply, parsed.request);
  });

  app.post<{ Body: Params }>('/oauth/authorize', { preHandler: app.csrfProtection }, async (req, reply) => {
    const parsed = await parseAuthorizationRequest(ctx, req.body ?? {});
    if (!parsed.ok) return 'show' in parsed ? stop(req, reply, parsed.show) : reply.redirect(parsed.redirect, 303);
    const r = parsed.request;
    const user = await currentUser(ctx, req);
    if (!user) return consent(req, reply, r, ['Your session ended; sign in again.'], 401);
    if (req.body.decision !== 'allow') {
      return reply.redirect(
        errorRedirect(r.redirectUri, 'access_denied', 'the user denied access', r.state, ctx.config.publicUrl),
        303,
      );
    }
    // The code carries every scope of the grant, those allowed before included.
    const grant = await upsertGrant(ctx.db, user.id, r.client.client_id, r.scopes, r.resources);
    const code = await issueCode(ctx, grant.id, {
      client_id: r.client.client_id,
      user_id: user.id,
      redirect_uri: r.redirectUri,
      code_challenge: r.codeChallenge,
      scopes: grant.scopes,
      resources: r.resources,
    });
    const back = new URL(r.redirectUri);
    back.searchParams.set('code', code);
    if (r.state !== undefined) back.searchParams.set('state', r.state);
    back.searchParams.set('iss', ctx.config.publicUrl); // RFC 9207: the client can check who answered
    return reply.redirect(back.toString(), 303);
  });
}
