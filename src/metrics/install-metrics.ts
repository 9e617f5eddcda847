import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { API_PREFIX, fastifyPath } from '../api/rest.js';
import type { Operation } from '../api/registry.js';
import { metricsOf } from './metrics.js';
import { registerMetricsRoute } from './metrics-route.js';
import { installRequestMetrics } from './request-metrics.js';
import { addScrapeGauges } from './scrape-gauges.js';

const withGauges = new WeakSet<object>();

/** Wires metrics into an app: the request hook, the scrape-time gauges and GET /metrics. */
export function installMetrics(app: FastifyInstance, ctx: AppContext, ops: Operation[]): void {
  const metrics = metricsOf(ctx);
  if (!withGauges.has(metrics)) {
    withGauges.add(metrics);
    addScrapeGauges(metrics, ctx.db, () => ctx.now());
  }
  const names = new Map(ops.map((op) => [`${op.method} ${API_PREFIX}${fastifyPath(op.path)}`, op.operationId]));
  installRequestMetrics(app, metrics, names);
  registerMetricsRoute(app, metrics, ctx.config.metricsToken);
}
