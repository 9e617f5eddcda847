import type { CommentSort } from './comment-rules.js';

/** One stored comment as the thread is built from it (the author's email is already reduced to a name). */
export interface CommentRecord {
  id: number;
  parent_id: number | null;
  launch_week: string | null;
  user_id: number | null;
  author_name: string;
  /** The author owns or co-owns the listing. */
  is_maker: boolean;
  body: string;
  created_at: string;
  edited_at: string | null;
  deleted_at: string | null;
  hidden_at: string | null;
  likes: number;
  /** The viewer likes it. */
  liked: boolean;
}

/**
 * shown: its text is on the page; deleted: its author deleted it ("[deleted]"); hidden: a
 * moderator hid it. Neither of the last two carries its text any more.
 */
export type CommentState = 'shown' | 'deleted' | 'hidden';

export interface ThreadComment {
  id: number;
  parent_id: number | null;
  author_name: string;
  is_maker: boolean;
  /** The viewer wrote it. */
  is_mine: boolean;
  state: CommentState;
  /** The Markdown source; empty unless shown. */
  body: string;
  created_at: string;
  edited_at: string | null;
  likes: number;
  liked: boolean;
  /** Oldest first; always empty on a reply (threads are one level deep). */
  replies: ThreadComment[];
}

export interface LaunchThread {
  /** The launch the comments were written on (null: before the listing had a launch week). */
  launch_week: string | null;
  comments: ThreadComment[];
  /** Comments whose text is shown (not deleted, not hidden). */
  count: number;
}

export interface Discussion extends LaunchThread {
  sort: CommentSort;
  /** Threads of the listing's earlier launches, latest launch first; read-only. */
  earlier: LaunchThread[];
}

const stateOf = (r: CommentRecord): CommentState => (r.deleted_at ? 'deleted' : r.hidden_at ? 'hidden' : 'shown');
const oldestFirst = (a: { created_at: string; id: number }, b: { created_at: string; id: number }) =>
  a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id - b.id;
const ORDER: Record<CommentSort, (a: ThreadComment, b: ThreadComment) => number> = {
  newest: (a, b) => oldestFirst(b, a),
  // Most liked first; among equals the earlier comment, which had longer to be liked… and was first.
  top: (a, b) => b.likes - a.likes || oldestFirst(a, b),
};

/**
 * Lays out comments as threads: top-level comments in the chosen order, each with its replies
 * oldest first. A deleted reply disappears; a deleted top-level comment stays as "[deleted]" only
 * while it has replies to hold together. A hidden comment stays as the moderator's note.
 */
export function arrangeThread(records: CommentRecord[], sort: CommentSort, viewerId: number | null): ThreadComment[] {
  const view = (r: CommentRecord): ThreadComment => {
    const state = stateOf(r);
    return {
      id: r.id,
      parent_id: r.parent_id,
      author_name: r.author_name,
      is_maker: r.is_maker,
      is_mine: viewerId !== null && r.user_id === viewerId,
      state,
      body: state === 'shown' ? r.body : '',
      created_at: r.created_at,
      edited_at: r.edited_at,
      likes: r.likes,
      liked: r.liked,
      replies: [],
    };
  };
  const replies = new Map<number, CommentRecord[]>();
  for (const r of records) if (r.parent_id !== null) replies.set(r.parent_id, [...(replies.get(r.parent_id) ?? []), r]);
  return records
    .filter((r) => r.parent_id === null)
    .map((r) => ({
      ...view(r),
      replies: (replies.get(r.id) ?? [])
        .filter((x) => !x.deleted_at)
        .sort(oldestFirst)
        .map(view),
    }))
    .filter((c) => c.state !== 'deleted' || c.replies.length > 0)
    .sort(ORDER[sort]);
}

const shownCount = (comments: ThreadComment[]) =>
  comments.reduce((n, c) => n + (c.state === 'shown' ? 1 : 0) + c.replies.filter((r) => r.state === 'shown').length, 0);

/**
 * The listing's discussion: the thread of its current launch, and those of earlier launches.
 * A reply belongs to its parent's thread.
 */
export function arrangeDiscussion(
  records: CommentRecord[],
  currentLaunch: string | null,
  sort: CommentSort,
  viewerId: number | null,
): Discussion {
  const launchOf = new Map(records.filter((r) => r.parent_id === null).map((r) => [r.id, r.launch_week]));
  const byLaunch = new Map<string | null, CommentRecord[]>();
  for (const r of records) {
    const launch = r.parent_id === null ? r.launch_week : launchOf.get(r.parent_id);
    if (launch === undefined) continue;
    byLaunch.set(launch, [...(byLaunch.get(launch) ?? []), r]);
  }
  const thread = (launch: string | null): LaunchThread => {
    const comments = arrangeThread(byLaunch.get(launch) ?? [], sort, viewerId);
    return { launch_week: launch, comments, count: shownCount(comments) };
  };
  const earlier = [...byLaunch.keys()]
    .filter((w) => w !== currentLaunch)
    // Latest launch first; comments from before any launch week last.
    .sort((a, b) => (a === null ? 1 : b === null ? -1 : a < b ? 1 : a > b ? -1 : 0))
    .map(thread)
    .filter((t) => t.comments.length > 0);
  return { ...thread(currentLaunch), sort, earlier };
}
