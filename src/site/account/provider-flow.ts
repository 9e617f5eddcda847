import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { SignInProvider } from '../../domain/accounts/identity-repository.js';
import { type FlowSecrets, newFlowSecrets, type ProviderClient } from '../../sign-in-providers/provider-client.js';
import { safeNext, secureCookies } from '../session.js';

const FLOW_COOKIE = 'ld_provider_flow';
/** Time to sign in at the provider (and maybe create an account there) and come back. */
const FLOW_MINUTES = 15;

/** One trip to a provider, as the browser carries it: the secrets, where to go after, and for whom a link is. */
interface Flow extends FlowSecrets {
  provider: SignInProvider;
  next: string;
  /** Linking to this account (the one signed in when the trip began); null: signing in. */
  linkTo: number | null;
  startedAt: number;
}

export const callbackUrl = (ctx: AppContext, provider: SignInProvider) =>
  `${ctx.config.publicUrl}/auth/${provider}/callback`;

/**
 * Starts a trip to the provider: its secrets go in a signed, HttpOnly cookie bound to this browser
 * (SameSite=Lax: it comes back on the provider's top-level redirect), and the browser is sent on.
 * A trip started in another tab replaces this one's cookie, and this one's answer is then refused.
 */
export async function startProviderFlow(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  provider: ProviderClient,
  opts: { next: unknown; linkTo: number | null },
): Promise<FastifyReply> {
  const secrets = newFlowSecrets();
  const url = await provider.authorizationUrl(secrets, callbackUrl(ctx, provider.key));
  const flow: Flow = {
    ...secrets,
    provider: provider.key,
    next: safeNext(opts.next),
    linkTo: opts.linkTo,
    startedAt: ctx.now().getTime(),
  };
  reply.setCookie(FLOW_COOKIE, Buffer.from(JSON.stringify(flow)).toString('base64url'), {
    path: '/auth/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies(ctx, req),
    signed: true,
    maxAge: FLOW_MINUTES * 60,
  });
  return reply.redirect(url.href, 303);
}

/**
 * The trip this browser began with this provider, used up: the cookie is cleared whatever comes
 * of it. Null when there is none, it is not ours (bad signature), or it is too old.
 */
export function takeProviderFlow(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  provider: SignInProvider,
): Flow | null {
  const raw = req.cookies[FLOW_COOKIE];
  if (!raw) return null;
  reply.clearCookie(FLOW_COOKIE, { path: '/auth/' });
  const unsigned = req.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  let flow: Flow;
  try {
    flow = JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')) as Flow;
  } catch {
    return null;
  }
  const age = ctx.now().getTime() - flow.startedAt;
  if (flow.provider !== provider || !(age >= 0 && age <= FLOW_MINUTES * 60_000)) return null;
  return flow;
}
