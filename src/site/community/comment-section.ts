import type { AppContext } from '../../app-context.js';
import type { User } from '../../domain/accounts/user-repository.js';
import type { CommentSort } from '../../domain/comments/comment-rules.js';
import { participationRefusal } from '../../domain/accounts/participation.js';
import { loadDiscussion } from '../../domain/comments/comments.js';
import type { SafeHtml } from '../html.js';
import { discussionSection } from './comment-views.js';

/**
 * The listing page's "Discussion" slot: the thread as this visitor sees it. `csrf` is the page's
 * token (one per page: a second token made without a CSRF cookie would replace the first's secret).
 */
export async function commentsSection(
  ctx: AppContext,
  listing: { id: number; slug: string; name: string; status: string; launch_week: string | null },
  user: User | null,
  o: { sort: CommentSort; csrf: string | null; notice?: SafeHtml },
): Promise<SafeHtml> {
  const discussion = await loadDiscussion(ctx.db, listing, o.sort, user?.id ?? null);
  return discussionSection(discussion, {
    slug: listing.slug,
    name: listing.name,
    open: listing.status === 'live',
    now: ctx.now(),
    viewer: user && o.csrf ? { csrf: o.csrf, refusal: participationRefusal(user) } : null,
    notice: o.notice,
  });
}
