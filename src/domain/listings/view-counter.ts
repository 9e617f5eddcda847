import type { NoRows, Queryable } from '../../db/client.js';

/** Counts listing views in memory and adds them to the database in one statement every few seconds, not one write per
 *  read. */
export class ViewCounter {
  private pending = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  constructor(
    private readonly db: Queryable,
    private readonly intervalMs = 5_000,
  ) {}

  start() {
    if (!this.timer) {
      this.timer = setInterval(() => {
        this.flush().catch(() => {});
      }, this.intervalMs);
      this.timer.unref();
    }
  }

  count(listingId: number) {
    this.pending.set(listingId, (this.pending.get(listingId) ?? 0) + 1);
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    await this.db.query<NoRows>(
      `UPDATE listings l SET views_count = l.views_count + v.n
         FROM unnest($1::int[], $2::int[]) AS v(id, n) WHERE l.id = v.id`,
      [[...batch.keys()], [...batch.values()]],
    );
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}
