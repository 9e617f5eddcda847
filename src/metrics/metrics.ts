import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Seconds; request latencies from sub-millisecond cached reads up to slow writes. */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds; crawls and jobs take from a fraction of a second to the crawl's one-minute limit. */
const WORK_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120];

/**
 * Every instrument of one running app, in its own Registry (never prom-client's global one), so
 * several apps in one process — tests — keep separate counts. Labels hold bounded values only:
 * operation names and route patterns, never raw URLs.
 */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'operation' | 'method' | 'status'>;
  httpDuration: Histogram<'operation' | 'method' | 'status'>;
  mcpToolCalls: Counter<'tool' | 'outcome'>;
  mcpToolDuration: Histogram<'tool'>;
  jobRuns: Counter<'kind' | 'outcome'>;
  jobDuration: Histogram<'kind'>;
  crawlDuration: Histogram<'outcome'>;
  mail: Counter<'outcome'>;
  /** One MCP tool call: counted by outcome and timed (labelled children cached per tool). */
  countToolCall(tool: string, ok: boolean, seconds: number): void;
  /** Gauges read at scrape time (job queue, database pool) register themselves here. */
  addCollector(
    name: string,
    help: string,
    labelNames: string[],
    collect: (set: (labels: Record<string, string>, value: number) => void) => Promise<void> | void,
  ): void;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'launchdeck_' });
  const registers = [registry];
  const mcpToolCalls = new Counter({
    name: 'launchdeck_mcp_tool_calls_total',
    help: 'MCP tools/call requests, by tool and outcome (ok, error)',
    labelNames: ['tool', 'outcome'],
    registers,
  });
  const mcpToolDuration = new Histogram({
    name: 'launchdeck_mcp_tool_call_duration_seconds',
    help: 'Time to run an MCP tool call, by tool',
    labelNames: ['tool'],
    buckets: REQUEST_BUCKETS,
    registers,
  });
  // Labelled children looked up once per tool, not hashed on every call.
  const toolChildren = new Map<
    string,
    { ok: { inc(): void }; error: { inc(): void }; time: { observe(v: number): void } }
  >();
  return {
    registry,
    httpRequests: new Counter({
      name: 'launchdeck_http_requests_total',
      help: 'HTTP requests answered, by operation (API operationId, MCP, or site route pattern), method and status',
      labelNames: ['operation', 'method', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'launchdeck_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by operation, method and status',
      labelNames: ['operation', 'method', 'status'],
      buckets: REQUEST_BUCKETS,
      registers,
    }),
    mcpToolCalls,
    mcpToolDuration,
    jobRuns: new Counter({
      name: 'launchdeck_job_runs_total',
      help: 'Background job attempts run by this process, by kind and outcome (done; retry: failed, will run again; failed: out of attempts)',
      labelNames: ['kind', 'outcome'],
      registers,
    }),
    jobDuration: new Histogram({
      name: 'launchdeck_job_duration_seconds',
      help: 'Time a background job attempt ran, by kind',
      labelNames: ['kind'],
      buckets: WORK_BUCKETS,
      registers,
    }),
    crawlDuration: new Histogram({
      name: 'launchdeck_crawl_duration_seconds',
      help: 'Time to crawl a submitted website, by outcome (read, blocked)',
      labelNames: ['outcome'],
      buckets: WORK_BUCKETS,
      registers,
    }),
    mail: new Counter({
      name: 'launchdeck_mail_total',
      help: 'Mail delivery attempts through SMTP, by outcome (sent, failed)',
      labelNames: ['outcome'],
      registers,
    }),
    countToolCall(tool, ok, seconds) {
      let c = toolChildren.get(tool);
      if (!c) {
        c = {
          ok: mcpToolCalls.labels({ tool, outcome: 'ok' }),
          error: mcpToolCalls.labels({ tool, outcome: 'error' }),
          time: mcpToolDuration.labels({ tool }),
        };
        toolChildren.set(tool, c);
      }
      (ok ? c.ok : c.error).inc();
      c.time.observe(seconds);
    },
    addCollector(name, help, labelNames, collect) {
      new Gauge({
        name,
        help,
        labelNames,
        registers,
        async collect() {
          this.reset();
          await collect((labels, value) => this.set(labels, value));
        },
      });
    },
  };
}

const byDatabase = new WeakMap<object, Metrics>();

/**
 * The metrics of the app around this database. Keyed by the database handle because it is the one
 * object every part shares — handlers get copies of the context, the worker and the app the same db.
 */
export function metricsOf(ctx: { db: object }): Metrics {
  let m = byDatabase.get(ctx.db);
  if (!m) {
    m = createMetrics();
    byDatabase.set(ctx.db, m);
  }
  return m;
}
