import type { ListingCache } from '../../domain/listings/listing-cache.js';
import { profileCacheKey } from '../../domain/listings/listing-cache.js';
import { anonymousPage, type AnonymousPage } from '../page-memo.js';

type Shown = { slug: string; featured_until: string | null };
type Alternatives = { items: Shown[] };

interface Kept {
  generation: number;
  profile: object;
  profileContent: string;
  alternatives: object;
  alternativesContent: string;
  /** The read cache's epoch when the alternatives were last found unchanged, and when (Date.now()). */
  epoch: number;
  checked: number;
  /** When a listing shown starts or stops being featured: the page changes then. */
  until: number;
  page: Promise<AnonymousPage>;
}

/** Listing pages kept at once (a page and its compressed copies are ≈ 30 KB): the oldest go first. */
const MAX_PAGES = 1_000;
/** How long alternatives are trusted without a listing write anywhere: what nobody announces shows within it. */
const RECHECK_MS = 60_000;

// What a page shows of an answer: all of it but the view counts, which move with every visit.
const contents = new WeakMap<object, string>();
function contentOf(o: object): string {
  let c = contents.get(o);
  if (c === undefined) contents.set(o, (c = JSON.stringify(o, (k, v) => (k === 'views' ? undefined : v))));
  return c;
}

/**
 * Signed-out visitors' copies of the listing pages, per slug. A copy stays while its listing was
 * not changed (its profile's generation in the listing cache: every write to it, or to its
 * comments, reviews and votes, here or told through NOTIFY) and the profile it was drawn from says
 * the same as the cache's current one (reloaded every few minutes, mostly unchanged), until a listing
 * it shows starts or stops being featured. Its alternatives are read again only when some listing
 * was written (the read cache was emptied) or a minute has passed, and it is drawn again only if
 * they say something else: reading them on every visit kept the embedded database busy reloading
 * each listing's alternatives every few seconds.
 */
export class ListingPageMemo {
  private readonly pages = new Map<string, Kept>();

  constructor(
    private readonly listings: ListingCache,
    private readonly lists: ListingCache,
    private readonly siteId: number,
  ) {}

  /** Read before the profile: a change after it leaves the copy out of date. */
  versions(slug: string): { generation: number; epoch: number } {
    return { generation: this.listings.generationOf(profileCacheKey(this.siteId, slug)), epoch: this.lists.epoch };
  }

  async page<A extends Alternatives>(o: {
    versions: { generation: number; epoch: number };
    profile: Shown;
    now: Date;
    alternatives: () => Promise<A>;
    render: (alternatives: A) => Promise<string>;
  }): Promise<AnonymousPage> {
    const { profile, versions } = o;
    const kept = this.pages.get(profile.slug);
    const current =
      kept &&
      kept.generation === versions.generation &&
      o.now.getTime() < kept.until &&
      (kept.profile === profile || kept.profileContent === contentOf(profile));
    if (current) {
      // The same content in a new object: compared once, not on every visit.
      kept.profile = profile;
      if (kept.epoch === versions.epoch && Date.now() - kept.checked < RECHECK_MS) return kept.page;
    }
    const alternatives = await o.alternatives();
    if (current && (kept.alternatives === alternatives || kept.alternativesContent === contentOf(alternatives))) {
      kept.alternatives = alternatives;
      kept.epoch = versions.epoch;
      kept.checked = Date.now();
      return kept.page;
    }
    const featuredEnds = [profile, ...alternatives.items]
      .map((l) => (l.featured_until ? Date.parse(l.featured_until) : Number.NaN))
      .filter((t) => t > o.now.getTime());
    const made: Kept = {
      ...versions,
      profile,
      profileContent: contentOf(profile),
      alternatives,
      alternativesContent: contentOf(alternatives),
      checked: Date.now(),
      until: Math.min(Number.POSITIVE_INFINITY, ...featuredEnds),
      page: o.render(alternatives).then(anonymousPage),
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
