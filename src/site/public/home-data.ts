import { listCategoriesOperation } from '../../api/operations/categories.js';
import { listBlogPostsOperation } from '../../api/operations/content.js';
import { listLaunchesOperation } from '../../api/operations/launches.js';
import type { OutputOf } from '../../api/registry.js';
import type { AppContext } from '../../app-context.js';
import { type AwardWeek, winnersByWeek } from '../../domain/awards/hall-of-fame.js';
import type { CategoryNode } from '../../domain/categories/category-repository.js';
import { featuredListings } from '../../domain/listings/featured.js';
import type { ListingSummary } from '../../domain/listings/listing-summary.js';
import { readOperation } from './read-operation.js';

type Launches = OutputOf<typeof listLaunchesOperation>;

/** Everything the home page shows. */
export interface HomeData {
  today: Launches;
  week: Launches;
  upcoming: Launches;
  featured: ListingSummary[];
  /** Top-level categories with the most live products. */
  categories: CategoryNode[];
  /** The latest awarded week's Launch of the Week #1–#3, or null before the first week is awarded. */
  winners: AwardWeek | null;
  posts: OutputOf<typeof listBlogPostsOperation>['items'];
}

const HOME_LIMITS = { today: 5, week: 10, upcoming: 5, featured: 4, categories: 8, posts: 3 } as const;

/**
 * The home page's data: the public reads the API serves (list_launches and list_categories are
 * cached reads), the featured placements and the latest winners, one small indexed query each.
 */
export async function homeData(ctx: AppContext, now: Date): Promise<HomeData> {
  const launches = (section: string, perPage: number) =>
    readOperation(ctx, listLaunchesOperation, { section, per_page: perPage });
  const [today, week, upcoming, featured, tree, winners, posts] = await Promise.all([
    launches('today', HOME_LIMITS.today),
    launches('this-week', HOME_LIMITS.week),
    launches('upcoming', HOME_LIMITS.upcoming),
    featuredListings(ctx.db, ctx.site.id, now, HOME_LIMITS.featured),
    readOperation(ctx, listCategoriesOperation, { include_empty: false }),
    winnersByWeek(ctx.db, ctx.site.id, 1, 0),
    readOperation(ctx, listBlogPostsOperation, { per_page: HOME_LIMITS.posts }),
  ]);
  const categories = [...tree.items]
    .sort((a, b) => b.live_listings - a.live_listings || a.name.localeCompare(b.name))
    .slice(0, HOME_LIMITS.categories);
  return { today, week, upcoming, featured, categories, winners: winners.weeks[0] ?? null, posts: posts.items };
}
