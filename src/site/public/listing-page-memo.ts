import type { ListingCache } from '../../domain/listings/listing-cache.js';
import { profileCacheKey } from '../../domain/listings/listing-cache.js';
import { anonymousPage, type AnonymousPage } from '../page-memo.js';

type Shown = { slug: string; featured_until: string | null };

interface Kept {
  generation: number;
  profile: object;
  profileContent: string;
  alternatives: object;
  alternativesContent: string;
  /** When a listing shown stops (or starts) being featured: the page changes then. */
  until: number;
  page: Promise<AnonymousPage>;
}

/** Listing pages kept at once (a page and its compressed copies are ≈ 30 KB): the oldest go first. */
const MAX_PAGES = 1_000;

// What a page shows of an answer: all of it but the view counts, which move with every visit.
const contents = new WeakMap<object, string>();
function contentOf(o: object): string {
  let c = contents.get(o);
  if (c === undefined) contents.set(o, (c = JSON.stringify(o, (k, v) => (k === 'views' ? undefined : v))));
  return c;
}

/**
 * Signed-out visitors' copies of the listing pages, per slug. A copy stays while the listing was
 * not changed (its profile's generation in the listing cache: every write to it, or to its
 * comments, reviews and votes, here or told through NOTIFY), while the profile and alternatives it
 * was drawn from say the same as the cache's current ones (they are reloaded every few seconds,
 * mostly unchanged), and until a listing it shows starts or stops being featured.
 */
export class ListingPageMemo {
  private readonly pages = new Map<string, Kept>();

  constructor(
    private readonly cache: ListingCache,
    private readonly siteId: number,
  ) {}

  /** Read before the profile: a change after it leaves the copy out of date. */
  generation(slug: string): number {
    return this.cache.generationOf(profileCacheKey(this.siteId, slug));
  }

  page(
    generation: number,
    profile: Shown,
    alternatives: { items: Shown[] },
    now: Date,
    render: () => Promise<string>,
  ): Promise<AnonymousPage> {
    const kept = this.pages.get(profile.slug);
    if (
      kept &&
      kept.generation === generation &&
      now.getTime() < kept.until &&
      (kept.profile === profile || kept.profileContent === contentOf(profile)) &&
      (kept.alternatives === alternatives || kept.alternativesContent === contentOf(alternatives))
    ) {
      // The same content in new objects: compared once, not on every visit.
      kept.profile = profile;
      kept.alternatives = alternatives;
      return kept.page;
    }
    const featuredEnds = [profile, ...alternatives.items]
      .map((l) => (l.featured_until ? Date.parse(l.featured_until) : Number.NaN))
      .filter((t) => t > now.getTime());
    const made: Kept = {
      generation,
      profile,
      profileContent: contentOf(profile),
      alternatives,
      alternativesContent: contentOf(alternatives),
      until: Math.min(Number.POSITIVE_INFINITY, ...featuredEnds),
      page: render().then(anonymousPage),
    };
    // A failure is not kept.
    made.page.catch(() => {
      if (this.pages.get(profile.slug) === made) this.pages.delete(profile.slug);
    });
    if (!kept && this.pages.size >= MAX_PAGES) {
      let n = MAX_PAGES / 10;
      for (const key of this.pages.keys()) {
        this.pages.delete(key);
        if (--n === 0) break;
      }
    }
    this.pages.delete(profile.slug);
    this.pages.set(profile.slug, made);
    return made.page;
  }
}
