import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { operations } from '../api/operations/index.js';
import { installMetrics } from './install-metrics.js';

/**
 * GET /metrics (and /healthz) on their own port, for a worker process (`npm run worker`), which
 * serves no other HTTP: its job, crawl and mail counts live in its memory. Same protection as on
 * the web app: METRICS_TOKEN, else loopback only.
 */
export async function startMetricsServer(ctx: AppContext, port: number, host: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  installMetrics(app, ctx, operations);
  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.listen({ port, host });
  return app;
}
