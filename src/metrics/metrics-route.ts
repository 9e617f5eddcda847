import type { FastifyInstance } from 'fastify';
import { sendProblem } from '../api/error-handler.js';
import { problem } from '../api/errors.js';
import type { Metrics } from './metrics.js';
import { mayReadMetrics } from './metrics-access.js';

/** GET /metrics in Prometheus text format, for METRICS_TOKEN holders or loopback callers (README "Monitoring"). */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string | null): void {
  app.get('/metrics', async (req, reply) => {
    const allowed = mayReadMetrics(token, {
      authorization: req.headers.authorization,
      socketAddress: req.socket.remoteAddress,
      forwarded: req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined,
    });
    if (!allowed) {
      // A problem document rather than the site's HTML error page: the callers are scrapers.
      if (token !== null)
        return sendProblem(reply, problem(401, 'Metrics need the METRICS_TOKEN as a Bearer token.'), {
          'WWW-Authenticate': 'Bearer realm="metrics"',
        });
      return sendProblem(reply, problem(403, 'Metrics answer only to loopback clients unless METRICS_TOKEN is set.'));
    }
    const text = await metrics.registry.metrics();
    return reply.header('Cache-Control', 'no-store').type(metrics.registry.contentType).send(text);
  });
}
