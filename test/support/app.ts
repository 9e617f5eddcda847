import { after, before, describe } from 'node:test';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../../src/config.js';
import { createAppContext } from '../../src/context.js';
import { buildApp } from '../../src/app.js';
import type { AppContext } from '../../src/app-context.js';
import { DATABASE_KINDS, openTestDatabase, type DatabaseKind } from './databases.js';
import { freeLoopbackPort } from './free-port.js';

export interface TestEnv {
  kind: DatabaseKind;
  ctx: AppContext;
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>`: the app on real HTTP, for clients that need a socket (MCP streams). */
  baseUrl: string;
  /** The test clock; assign to move time. */
  clock: { now: Date };
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  json<T = any>(
    url: string,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: T; headers: Record<string, unknown> }>;
}

export const FIXED_NOW = new Date('2026-11-18T12:00:00Z'); // a Wednesday

export interface SuiteOptions {
  env?: Record<string, string>;
  seed?: (ctx: AppContext) => Promise<void>;
  /**
   * Make PUBLIC_URL the address the app really listens on (`http://127.0.0.1:<port>`), for
   * out-of-process clients that follow the URLs the app advertises (OAuth metadata, MCP
   * conformance). Takes precedence over `env.PUBLIC_URL`.
   */
  publicUrlIsListenAddress?: boolean;
  /** With publicUrlIsListenAddress: PUBLIC_URL's host, default 127.0.0.1 (`localhost` for WebAuthn, which refuses IP addresses). */
  publicHost?: string;
  /**
   * The database kinds to run on (default both). Pages whose rendering cannot depend on the
   * engine (browser layout and accessibility checks) run on one, to keep the suite fast.
   */
  kinds?: readonly DatabaseKind[];
  /** Fastify logger options (e.g. a `stream` to capture log lines); the app logs nothing by default. */
  logger?: Record<string, unknown>;
}

export { freeLoopbackPort };

/**
 * Runs `suite` once per database kind (PGlite and PostgreSQL), each with a fresh migrated
 * database, an app around it and a controllable clock.
 */
export function describeEachDatabase(name: string, suite: (env: () => TestEnv) => void, opts: SuiteOptions = {}) {
  for (const kind of opts.kinds ?? DATABASE_KINDS) {
    describe(`${name} [${kind}]`, () => {
      let env: TestEnv;
      let close: () => Promise<void>;
      before(async () => {
        const opened = await openTestDatabase(kind, { migrated: true });
        const clock = { now: new Date(FIXED_NOW) };
        // Tests write then read at once, often straight in SQL: list answers are not reused unless a test asks.
        const baseEnv = {
          PUBLIC_URL: 'http://launchdeck.test',
          RATE_LIMIT_MAX: '100000',
          LOG_LEVEL: 'silent',
          READ_CACHE_SECONDS: '0',
          ...opts.env,
        };
        const ctx = await createAppContext(loadConfig(baseEnv), { db: opened.db, now: () => clock.now });
        // The port is picked after the slow migrations, to keep the window in which another process could take it short.
        let listenPort = 0;
        const pickPublicPort = async () => {
          listenPort = await freeLoopbackPort();
          ctx.config = loadConfig({ ...baseEnv, PUBLIC_URL: `http://${opts.publicHost ?? '127.0.0.1'}:${listenPort}` });
        };
        if (opts.publicUrlIsListenAddress) await pickPublicPort();
        if (opts.seed) await opts.seed(ctx);
        let app: FastifyInstance;
        for (let attempt = 1; ; attempt++) {
          app = await buildApp(ctx, opts.logger ? { logger: opts.logger } : {});
          try {
            await app.listen({ port: listenPort, host: '127.0.0.1' });
            break;
          } catch (err) {
            await app.close();
            // Someone took the picked port in the meantime: pick another (the app is cheap to rebuild).
            if (!opts.publicUrlIsListenAddress || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 3)
              throw err;
            await pickPublicPort();
          }
        }
        const { port } = app.server.address() as AddressInfo;
        close = async () => {
          await app.close();
          await opened.close();
        };
        env = {
          kind,
          ctx,
          app,
          clock,
          baseUrl: `http://127.0.0.1:${port}`,
          get: (url, headers) => app.inject({ method: 'GET', url, headers }),
          async json(url, headers) {
            const res = await app.inject({ method: 'GET', url, headers });
            return { status: res.statusCode, body: res.json(), headers: res.headers };
          },
        };
      });
      after(async () => {
        await close?.();
      });
      suite(() => env);
    });
  }
}
