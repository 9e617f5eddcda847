import { metricsOf } from './metrics.js';

/** Records one website crawl's duration (launchdeck_crawl_duration_seconds), read or blocked. */
export function observeCrawl(deps: { db: object }, startedMs: number, crawl: { blocked: string | null }): void {
  metricsOf(deps).crawlDuration.observe(
    { outcome: crawl.blocked ? 'blocked' : 'read' },
    (performance.now() - startedMs) / 1000,
  );
}
