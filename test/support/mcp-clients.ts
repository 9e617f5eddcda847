import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { Client as ClientV1 } from '@modelcontextprotocol/sdk/client/index.js';
import {
  StreamableHTTPClientTransport as TransportV1,
  StreamableHTTPError as HttpErrorV1,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  UnauthorizedError as UnauthorizedErrorV1,
  type OAuthClientProvider as ProviderV1,
} from '@modelcontextprotocol/sdk/client/auth.js';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
  UnauthorizedError as UnauthorizedErrorV2,
  type OAuthClientProvider as ProviderV2,
} from '@modelcontextprotocol/client';
import type { TestEnv } from './app.js';
import { openPage, signInThroughForm } from './browser.js';

/**
 * Real MCP clients for the tests: the official TypeScript SDK 1.x (`@modelcontextprotocol/sdk`, what
 * most agents embed) and 2.x (`@modelcontextprotocol/client`), behind one small interface so a test
 * is written once and run with both. Everything on the wire is the SDK's own doing: discovery,
 * registration, PKCE, token exchange and refresh, step-up; the test only plays the person who
 * presses Allow access, in Chromium.
 */
export type SdkMajor = 1 | 2;
export const SDK_MAJORS: readonly SdkMajor[] = [1, 2];

/** One HTTP exchange the client made (MCP, discovery, registration, token), as the server answered it. */
export interface Exchange {
  method: string;
  path: string;
  status: number;
  /** The JSON-RPC method of a POST to /mcp. */
  rpc?: string;
  /** The body of a form POST (the token endpoint's grant). */
  form?: URLSearchParams;
  bearer: boolean;
  wwwAuthenticate: string | null;
}

export interface ToolResult {
  isError?: boolean;
  content: { type: string; text?: string }[];
  structuredContent?: Record<string, any>;
  _meta?: Record<string, unknown>;
}

/** A fetch that passes everything on unchanged and writes down what went out and what came back. */
function recordingFetch(log: Exchange[]): typeof fetch {
  return async (input, init) => {
    const res = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = init?.body;
    let rpc: string | undefined;
    let form: URLSearchParams | undefined;
    if (typeof body === 'string' && body.startsWith('{')) rpc = (JSON.parse(body) as { method?: string }).method;
    else if (body instanceof URLSearchParams) form = new URLSearchParams(body);
    else if (typeof body === 'string') form = new URLSearchParams(body);
    log.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      status: res.status,
      rpc,
      form,
      bearer: /^Bearer /i.test(new Headers(init?.headers).get('authorization') ?? ''),
      wwwAuthenticate: res.headers.get('www-authenticate'),
    });
    return res;
  };
}

/**
 * An OAuth client's storage, in memory, as an agent keeps it between runs: its registration, tokens,
 * PKCE verifier and discovery state. "Redirecting" the person to the authorization page is writing
 * the URL down for the test, which opens it in Chromium. Satisfies both SDKs' OAuthClientProvider.
 */
export class MemoryOAuthProvider {
  client?: Record<string, any>;
  stored?: Record<string, any>;
  verifier = '';
  discovery?: any;
  /** Every authorization URL the SDK sent the person to, in order. */
  readonly authorizationUrls: URL[] = [];
  private pending?: URL;

  constructor(
    readonly redirectUrl: string,
    private readonly clientName: string,
  ) {}

  get clientMetadata() {
    return {
      client_name: this.clientName,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  state() {
    return crypto.randomBytes(16).toString('base64url');
  }
  clientInformation() {
    return this.client as any;
  }
  saveClientInformation(info: Record<string, any>) {
    this.client = info;
  }
  tokens() {
    return this.stored as any;
  }
  saveTokens(tokens: Record<string, any>) {
    this.stored = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrls.push(url);
    this.pending = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: unknown) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
  invalidateCredentials(what: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    if (what === 'all' || what === 'client') this.client = undefined;
    if (what === 'all' || what === 'tokens') this.stored = undefined;
    if (what === 'all' || what === 'verifier') this.verifier = '';
    if (what === 'all' || what === 'discovery') this.discovery = undefined;
  }
  /** The authorization URL the SDK asked the person to open since the last call, if any. */
  takeAuthorizationUrl(): URL | undefined {
    const url = this.pending;
    this.pending = undefined;
    return url;
  }
}

/** How a session authenticates: OAuth through the SDK, a fixed bearer token (an API key), or not at all. */
export type SessionAuth = { oauth: MemoryOAuthProvider } | { bearer: string } | null;

/** One connected client of either SDK major. */
export interface McpSession {
  /** Every HTTP exchange of this session, discovery and token requests included. */
  readonly exchanges: Exchange[];
  listTools(): Promise<{ name: string; inputSchema: any; outputSchema?: any }[]>;
  callTool(name: string, args?: Record<string, unknown>, meta?: Record<string, unknown>): Promise<ToolResult>;
  /** Hands the authorization response (the redirect's query) to the SDK, which exchanges the code. */
  finishAuth(callback: URLSearchParams): Promise<void>;
  /** The SDK's "the person must authorize first" error. */
  isUnauthorized(err: unknown): boolean;
  /**
   * 1.x's answer to a 403 insufficient_scope: it refreshes its token, which cannot widen a grant, and
   * gives up on the second 403 instead of asking the person (2.x asks: that is an isUnauthorized).
   */
  gaveUpStepUp(err: unknown): boolean;
  close(): Promise<void>;
}

/** Connects a client of SDK `sdk` to `mcpUrl` (initialize; nothing needs a credential yet). */
export async function connectSession(sdk: SdkMajor, mcpUrl: string, auth: SessionAuth): Promise<McpSession> {
  const exchanges: Exchange[] = [];
  const url = new URL(mcpUrl);
  const info = { name: `launchdeck-test-sdk-${sdk}`, version: '1.0.0' };
  const fetchFn = recordingFetch(exchanges);
  if (sdk === 1) {
    const transport = new TransportV1(url, {
      fetch: fetchFn,
      ...(auth && 'oauth' in auth ? { authProvider: auth.oauth as unknown as ProviderV1 } : {}),
      ...(auth && 'bearer' in auth ? { requestInit: { headers: { authorization: `Bearer ${auth.bearer}` } } } : {}),
    });
    const client = new ClientV1(info, { capabilities: {} });
    await client.connect(transport);
    return {
      exchanges,
      listTools: async () => (await client.listTools()).tools,
      callTool: async (name, args = {}, meta) =>
        (await client.callTool({ name, arguments: args, ...(meta ? { _meta: meta } : {}) })) as ToolResult,
      finishAuth: (callback) => transport.finishAuth(callback.get('code') ?? ''),
      isUnauthorized: (err) => err instanceof UnauthorizedErrorV1,
      gaveUpStepUp: (err) => err instanceof HttpErrorV1 && err.code === 403 && /upscoping/.test(err.message),
      close: () => client.close(),
    };
  }
  const transport = new TransportV2(url, {
    fetch: fetchFn,
    ...(auth && 'oauth' in auth ? { authProvider: auth.oauth as unknown as ProviderV2 } : {}),
    ...(auth && 'bearer' in auth ? { authProvider: { token: async () => auth.bearer } } : {}),
  });
  const client = new ClientV2(info);
  await client.connect(transport);
  return {
    exchanges,
    listTools: async () => (await client.listTools()).tools,
    callTool: async (name, args = {}, meta) =>
      (await client.callTool({ name, arguments: args, ...(meta ? { _meta: meta } : {}) })) as ToolResult,
    finishAuth: (callback) => transport.finishAuth(callback),
    isUnauthorized: (err) => UnauthorizedErrorV2.isInstance(err),
    gaveUpStepUp: () => false,
    close: () => client.close(),
  };
}

/**
 * A signed-in person's Chromium tab, and the loopback page an MCP client listens on for the
 * authorization response (RFC 8252 §7.3), as desktop agents do.
 */
export class ConsentTab {
  private constructor(
    private readonly context: BrowserContext,
    readonly page: Page,
    private readonly callback: http.Server,
    readonly redirectUrl: string,
  ) {}

  /** Opens a fresh profile and signs `email` in through /signin. */
  static async open(browser: Browser, env: TestEnv, email: string): Promise<ConsentTab> {
    const callback = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Signed in. You may close this tab.</p>');
    });
    await new Promise<void>((r) => callback.listen(0, '127.0.0.1', r));
    const redirectUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
    const { context, page } = await openPage(browser, env.baseUrl);
    await signInThroughForm(page, email);
    return new ConsentTab(context, page, callback, redirectUrl);
  }

  /**
   * Opens the authorization URL the client produced, checks the consent page asks for `scopes`
   * (when given), presses Allow access and returns what the client's redirect page received.
   */
  async approve(url: URL, scopes?: string[]): Promise<URLSearchParams> {
    await this.page.goto(url.toString());
    await this.page.getByRole('heading', { level: 1, name: 'Allow access?' }).waitFor();
    for (const scope of scopes ?? []) await this.page.locator('li code', { hasText: scope }).waitFor();
    await this.page.getByRole('button', { name: 'Allow access' }).click();
    await this.page.waitForURL((u) => u.href.startsWith(this.redirectUrl));
    return new URL(this.page.url()).searchParams;
  }

  async close(): Promise<void> {
    await this.context.close();
    this.callback.closeAllConnections();
    await new Promise<void>((r) => this.callback.close(() => r()));
  }
}

/**
 * Calls a tool as an agent's host does: when the SDK stopped to send the person to authorize (a 401,
 * or a 2.x step-up), approves in the tab, lets the SDK exchange the code and calls again. When 1.x
 * gave up on a step-up, the host drops the token that is not enough and calls again: the 401 that
 * follows names the scope to ask for.
 */
export async function callWithConsent(
  session: McpSession,
  oauth: MemoryOAuthProvider,
  tab: ConsentTab,
  name: string,
  args: Record<string, unknown> = {},
  meta?: Record<string, unknown>,
): Promise<ToolResult> {
  for (let round = 1; ; round++) {
    try {
      return await session.callTool(name, args, meta);
    } catch (err) {
      const url = oauth.takeAuthorizationUrl();
      if (round < 3 && !url && session.gaveUpStepUp(err)) oauth.invalidateCredentials('tokens');
      else if (round < 3 && url && session.isUnauthorized(err)) await session.finishAuth(await tab.approve(url));
      else throw err;
    }
  }
}

/** The structuredContent of a successful tool result (fails with the problem text otherwise). */
export function structured(result: ToolResult): Record<string, any> {
  if (result.isError || !result.structuredContent)
    throw new Error(`expected a tool result, got ${result.content?.[0]?.text ?? JSON.stringify(result)}`);
  return result.structuredContent;
}
