import dns from 'node:dns';
import net from 'node:net';
import { Agent, fetch, type Dispatcher } from 'undici';
import { type AllowList, isPublicAddress, unmapIpv4 } from './address-policy.js';

export class BlockedAddressError extends Error {}

export interface SafeFetchOptions {
  allow: AllowList;
  userAgent: string;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  accept?: string;
  /** http is only followed to allow-listed hosts (tests); otherwise https only when set. */
  httpsOnly?: boolean;
  /** Asked before each redirect is followed (e.g. the target's robots.txt); false stops with RedirectRefusedError. */
  mayFollow?: (next: URL) => Promise<boolean>;
  /** Name resolution (default: the system's); every answer is checked at connect time either way. */
  resolve?: ResolveAll;
  /** A POST with this body and these headers (outgoing webhooks); default a GET. */
  post?: { body: string; headers: Record<string, string> };
  /** false: a redirect is answered as it is, not followed (a webhook's 3xx is a failed delivery). */
  followRedirects?: boolean;
}

/** A redirect the caller's mayFollow refused: nothing was fetched from its target. */
export class RedirectRefusedError extends Error {
  constructor(readonly target: string) {
    super(`the redirect to ${target} was not followed`);
  }
}

export interface SafeResponse {
  url: string;
  status: number;
  headers: Headers;
  body: Buffer;
  redirects: string[];
}

// `localhost.` is `localhost`: a trailing dot only marks the name as fully qualified.
function hostOf(u: URL) {
  return u.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
}

/** Every address a name resolves to; replaceable so tests can resolve through a DNS server on loopback. */
export type ResolveAll = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemResolve: ResolveAll = (hostname) => dns.promises.lookup(hostname, { all: true });

/**
 * Every connection resolves the name itself and refuses a non-public address, so a name that
 * resolves differently between our check and the connect (DNS rebinding) still cannot reach inside.
 */
function agentFor(allow: AllowList, resolve: ResolveAll): Dispatcher {
  return new Agent({
    connect: {
      lookup(hostname, options, callback) {
        resolve(hostname).then(
          (addresses) => {
            const ok = addresses.filter(
              (a) => isPublicAddress(a.address) || allow.allowsAddress(a.address) || allow.allowsHost(hostname),
            );
            if (ok.length === 0)
              return callback(new BlockedAddressError(`${hostname} resolves to a private or reserved address`), '', 0);
            const all = (options as { all?: boolean }).all;
            if (all)
              (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, ok as dns.LookupAddress[]);
            else callback(null, ok[0].address, ok[0].family);
          },
          (err: NodeJS.ErrnoException) => callback(err, '', 0),
        );
      },
    },
  });
}

// One pool per allow-list and resolver: agents keep connections alive between fetches.
const agents = new WeakMap<ResolveAll, WeakMap<AllowList, Dispatcher>>();
function dispatcherFor(allow: AllowList, resolve: ResolveAll): Dispatcher {
  let byAllow = agents.get(resolve);
  if (!byAllow) {
    byAllow = new WeakMap();
    agents.set(resolve, byAllow);
  }
  let agent = byAllow.get(allow);
  if (!agent) {
    agent = agentFor(allow, resolve);
    byAllow.set(allow, agent);
  }
  return agent;
}

/** Checks a URL before any connection: scheme, no credentials, and literal addresses. */
export function checkUrl(raw: string, allow: AllowList, httpsOnly = false): URL {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new BlockedAddressError('not a valid URL');
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new BlockedAddressError('only http and https URLs');
  if (u.username || u.password) throw new BlockedAddressError('URLs with credentials are refused');
  const host = hostOf(u);
  const allowed = allow.allowsHost(host) || (net.isIP(unmapIpv4(host)) !== 0 && allow.allowsAddress(host));
  if (httpsOnly && u.protocol !== 'https:' && !allowed) throw new BlockedAddressError('only https URLs');
  // WHATWG URL parsing already turned decimal, octal and hex IPv4 forms into dotted quads.
  if (net.isIP(unmapIpv4(host)) !== 0 && !allowed && !isPublicAddress(host))
    throw new BlockedAddressError(`${host} is a private or reserved address`);
  if (/^(localhost|.*\.localhost|.*\.internal|.*\.local)$/i.test(host) && !allowed)
    throw new BlockedAddressError(`${host} is not a public host`);
  return u;
}

/** Fetches a public URL with size, time and redirect limits, re-checking every hop. */
export async function safeFetch(raw: string, opts: SafeFetchOptions): Promise<SafeResponse> {
  const maxBytes = opts.maxBytes ?? 2_000_000;
  const maxRedirects = opts.maxRedirects ?? 5;
  const dispatcher = dispatcherFor(opts.allow, opts.resolve ?? systemResolve);
  const redirects: string[] = [];
  let url = checkUrl(raw, opts.allow, opts.httpsOnly);
  const deadline = AbortSignal.timeout(opts.timeoutMs ?? 10_000);
  for (;;) {
    let res;
    try {
      res = await fetch(url, {
        dispatcher,
        redirect: 'manual',
        signal: deadline,
        method: opts.post ? 'POST' : 'GET',
        body: opts.post?.body,
        headers: { ...opts.post?.headers, 'user-agent': opts.userAgent, accept: opts.accept ?? '*/*' },
      });
    } catch (err) {
      // undici wraps connection failures in "fetch failed"; surface our refusal as itself.
      const cause = (err as { cause?: unknown }).cause;
      throw cause instanceof Error ? cause : err;
    }
    if (
      opts.followRedirects !== false &&
      [301, 302, 303, 307, 308].includes(res.status) &&
      res.headers.get('location')
    ) {
      await res.body?.cancel();
      if (redirects.length >= maxRedirects) throw new BlockedAddressError(`more than ${maxRedirects} redirects`);
      const next = new URL(res.headers.get('location')!, url).toString();
      redirects.push(next);
      url = checkUrl(next, opts.allow, opts.httpsOnly);
      if (opts.mayFollow && !(await opts.mayFollow(url))) throw new RedirectRefusedError(next);
      continue;
    }
    const declared = Number(res.headers.get('content-length') ?? '0');
    if (declared > maxBytes) {
      await res.body?.cancel();
      throw new BlockedAddressError(`response larger than ${maxBytes} bytes`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    if (res.body) {
      for await (const chunk of res.body) {
        size += chunk.length;
        if (size > maxBytes) throw new BlockedAddressError(`response larger than ${maxBytes} bytes`);
        chunks.push(Buffer.from(chunk));
      }
    }
    return {
      url: url.toString(),
      status: res.status,
      headers: res.headers as unknown as Headers,
      body: Buffer.concat(chunks),
      redirects,
    };
  }
}
