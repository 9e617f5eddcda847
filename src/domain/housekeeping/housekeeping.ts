import type { Queryable } from '../../db/client.js';
import { purgeBatch, type PurgeTarget } from './purge-repository.js';

export interface HousekeepingPlan {
  /** Rows of each target older than its cutoff go. */
  cutoffs: Record<PurgeTarget, Date>;
  /** Rows per statement: short statements keep locks and WAL bursts small. */
  batchSize?: number;
  /** Stop starting new batches after this long; what is left goes on the next run. */
  budgetMs?: number;
}

export interface HousekeepingResult {
  purged: Record<PurgeTarget, number>;
  /** True when the time budget ran out before every target was done. */
  unfinished: boolean;
}

/**
 * Deletes expired and finished rows, target by target, in batches until each is done or the time
 * budget is spent. Safe to run anywhere at any time: a row goes once whoever deletes it.
 */
export async function runHousekeeping(db: Queryable, plan: HousekeepingPlan): Promise<HousekeepingResult> {
  const batchSize = plan.batchSize ?? 1000;
  const deadline = Date.now() + (plan.budgetMs ?? 30_000);
  const purged = {} as Record<PurgeTarget, number>;
  let unfinished = false;
  for (const [target, before] of Object.entries(plan.cutoffs) as [PurgeTarget, Date][]) {
    purged[target] = 0;
    for (;;) {
      const n = await purgeBatch(db, target, before, batchSize);
      purged[target] += n;
      if (n < batchSize) break;
      if (Date.now() >= deadline) {
        unfinished = true;
        break;
      }
    }
  }
  return { purged, unfinished };
}
