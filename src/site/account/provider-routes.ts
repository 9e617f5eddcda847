import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { SignInProvider } from '../../domain/accounts/identity-repository.js';
import { linkProvider, signInWithProvider } from '../../domain/accounts/provider-sign-in.js';
import { enabledProviders } from '../../sign-in-providers/enabled-providers.js';
import type { ProviderClient } from '../../sign-in-providers/provider-client.js';
import { html, type SafeHtml } from '../html.js';
import { safeNext, signIn } from '../session.js';
import { startProviderFlow, takeProviderFlow } from './provider-flow.js';

type Form = Record<string, string | undefined>;

/** The enabled provider a route's `:provider` names, or null (then the route answers 404). */
export const providerNamed = (ctx: AppContext, name: string): ProviderClient | null =>
  enabledProviders(ctx.config.signInProviders).get(name as SignInProvider) ?? null;

/**
 * "Continue with GitHub / Google / <OIDC_NAME>": one small form per enabled provider, for the
 * sign-in and sign-up pages; nothing when none is enabled. `next` is where signing in brings the person.
 */
export function providerButtons(ctx: AppContext, reply: FastifyReply, next: string): SafeHtml | '' {
  const providers = [...enabledProviders(ctx.config.signInProviders).values()];
  if (!providers.length) return '';
  const csrf = reply.generateCsrf();
  return html`<div class="providers">${providers.map(
    (
      p,
    ) => html`<form method="post" action="/auth/${p.key}"><input type="hidden" name="_csrf" value="${csrf}"><input type="hidden" name="next" value="${next}">
      <button type="submit" class="secondary">Continue with ${p.label}</button></form>`,
  )}</div><p class="muted">Or with your email address:</p>`;
}

/**
 * Signing in with GitHub, Google or the site's OpenID Connect provider: the start (a form post, so
 * no other site can send someone off on a trip) and the way back, which also finishes linking a
 * provider from the account page (see sign-in-method-routes.ts).
 */
export function registerProviderRoutes(app: FastifyInstance, ctx: AppContext) {
  const refused = (reply: FastifyReply, title: string, body: SafeHtml, status: number) =>
    reply.header('Cache-Control', 'no-store').page(title, html`<h1>${title}</h1>${body}`, status);

  app.post<{ Params: { provider: string }; Body: Form }>(
    '/auth/:provider',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const provider = providerNamed(ctx, req.params.provider);
      if (!provider) return reply.callNotFound();
      return startOrExplain(ctx, req, reply, provider, { next: req.body?.next, linkTo: null });
    },
  );

  app.get<{ Params: { provider: string }; Querystring: Form }>('/auth/:provider/callback', async (req, reply) => {
    const provider = providerNamed(ctx, req.params.provider);
    if (!provider) return reply.callNotFound();
    const flow = takeProviderFlow(ctx, req, reply, provider.key);
    const again = html`<p><a href="/signin">Back to sign in</a></p>`;
    // openid-client checks the state too; this says it in the page's words.
    if (!flow || req.query.state !== flow.state)
      return refused(
        reply,
        'Sign-in not finished',
        html`<p>This sign-in with ${provider.label} could not be finished here: it took longer than 15 minutes, or it was started in another browser or tab. Please try again.</p>${again}`,
        400,
      );
    if (req.query.error)
      return refused(
        reply,
        'Sign-in not finished',
        html`<p>${provider.label} did not sign you in${req.query.error === 'access_denied' ? ': access was not allowed' : ''}. You can try again, or sign in another way.</p>${again}`,
        400,
      );

    let identity: Awaited<ReturnType<ProviderClient['identify']>>;
    try {
      identity = await provider.identify(new URL(`${ctx.config.publicUrl}${req.url}`), flow);
    } catch (err) {
      req.log.warn({ err, provider: provider.key }, 'provider sign-in failed');
      return refused(
        reply,
        'Sign-in not finished',
        html`<p>We could not confirm who you are with ${provider.label}. Please try again in a moment, or sign in another way.</p>${again}`,
        502,
      );
    }

    if (flow.linkTo !== null) {
      // The trip began on the account page: it links to that account, and only while it is still signed in.
      if (req.user?.id !== flow.linkTo)
        return refused(
          reply,
          'Not linked',
          html`<p>You are no longer signed in to the account that asked to link ${provider.label}. Sign in and link it again from your account page.</p>${again}`,
          403,
        );
      const linked = await linkProvider(ctx, flow.linkTo, identity);
      return reply.redirect(`/account?methods=${linked}&provider=${provider.key}#sign-in-methods`, 303);
    }

    const outcome = await signInWithProvider(ctx, identity);
    if (outcome.ok) {
      await signIn(ctx, req, reply, outcome.userId);
      return reply.redirect(safeNext(flow.next), 303);
    }
    if (outcome.reason === 'unverified_email_taken')
      return refused(
        reply,
        'Sign in another way first',
        html`<p>An account here already uses ${outcome.email}, but ${provider.label} has not verified that this address is yours, so ${provider.label} cannot sign into that account.</p>
        <p>Sign in another way (your password, or <a href="/forgot-password">a reset link by email</a>), then link ${provider.label} from your account page.</p>${again}`,
        403,
      );
    return refused(
      reply,
      'No verified email address',
      html`<p>${provider.label} did not give us an email address it has verified, which a new account here needs. Verify your address with ${provider.label} and try again, or <a href="/signup">sign up with your email</a>.</p>${again}`,
      403,
    );
  });
}

/** Sends the browser to the provider, or says the provider cannot be reached (its discovery failed). */
export async function startOrExplain(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  provider: ProviderClient,
  opts: { next: unknown; linkTo: number | null },
): Promise<FastifyReply> {
  try {
    return await startProviderFlow(ctx, req, reply, provider, opts);
  } catch (err) {
    req.log.warn({ err, provider: provider.key }, 'provider unreachable');
    return reply
      .header('Cache-Control', 'no-store')
      .page(
        'Sign-in not available',
        html`<h1>Sign-in not available</h1><p>${provider.label} cannot be reached just now. Please try again in a moment, or sign in another way.</p><p><a href="/signin">Back to sign in</a></p>`,
        502,
      );
  }
}
