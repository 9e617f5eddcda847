import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.js';

interface Instruments {
  count: { inc(): void };
  time: { observe(v: number): void };
}

/**
 * Counts and times every request under a bounded name: the API operation's operationId (looked up
 * from its route), or the route pattern for pages (`/p/:slug`), or `unmatched` for 404s of
 * unknown paths — never the raw URL.
 */
export function installRequestMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  operationNames: Map<string, string>,
): void {
  // The labelled children are looked up once per (operation, method, status), not hashed per request.
  const children = new Map<string, Instruments>();
  const instruments = (operation: string, method: string, status: number): Instruments => {
    const key = `${operation} ${method} ${status}`;
    let i = children.get(key);
    if (!i) {
      const labels = { operation, method, status: String(status) };
      i = { count: metrics.httpRequests.labels(labels), time: metrics.httpDuration.labels(labels) };
      children.set(key, i);
    }
    return i;
  };
  // onResponse runs from Fastify's own listener on the response's finish — hijacked replies (MCP
  // streams) included; a listener of our own per request would cost ~13 % of a trivial route.
  app.addHook('onResponse', (req, reply, done) => {
    const pattern = req.routeOptions.url;
    const method = req.method;
    const operation = pattern === undefined ? 'unmatched' : (operationNames.get(`${method} ${pattern}`) ?? pattern);
    const i = instruments(operation, method, reply.raw.statusCode);
    i.count.inc();
    i.time.observe(reply.elapsedTime / 1000);
    done();
  });
}
