/**
 * What a write changed that an instance may keep a copy of (cached profiles and lists, settings,
 * the sales catalogue). The write announces it on the handle it wrote through, `db.changed(...)`;
 * the caches subscribe when the app context is built (context.ts). On a transaction's handle the
 * announcement waits for the commit and a rollback drops it, so no cache is emptied before the
 * write is visible (a reload in between would keep the old rows).
 */
export type Change =
  /** A listing's public profile (its votes too), and with it any list or page that shows the listing. */
  | { kind: 'listing'; siteId: number; slug: string }
  /** Something every listing shows, for all of them at once (domain ratings). */
  | { kind: 'all_listings' }
  | { kind: 'categories'; siteId: number }
  | { kind: 'site_settings'; siteId: number }
  /** Products, prices or bundles. */
  | { kind: 'sales_catalog'; siteId: number }
  /** What only the site's pages show: blog posts, founders' interviews. */
  | { kind: 'content' };

export type ChangeHandler = (change: Change) => void;

/** The subscribers of one database handle; told of each change once it is visible to readers. */
export class ChangeFeed {
  private readonly handlers = new Set<ChangeHandler>();

  subscribe(handler: ChangeHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  publish(change: Change): void {
    for (const handler of this.handlers) {
      // The write has committed: a failing cache must not turn it into an error for the writer.
      try {
        handler(change);
      } catch (err) {
        console.error('change handler:', err);
      }
    }
  }
}
