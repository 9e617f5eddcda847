import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { User } from '../../domain/accounts/user-repository.js';
import {
  addComment,
  commentableListing,
  commentsWrittenSince,
  deleteComment,
  editComment,
  likeComment,
  unlikeComment,
  type CommentOutcome,
  type CommentTarget,
} from '../../domain/comments/comments.js';
import { COMMENTS_PER_MINUTE_PER_ACCOUNT, commentSort, type CommentSort } from '../../domain/comments/comment-rules.js';
import { participationRefusal } from '../../domain/accounts/participation.js';
import { participationRefusalPage } from './participation-page.js';
import { pageSender } from '../account/account-pages.js';
import { html, type SafeHtml } from '../html.js';
import { currentUser } from '../session.js';
import { commentForm } from './comment-views.js';

const SLUG = /^[a-z0-9][a-z0-9-]{0,219}$/;
const ID = /^[1-9][0-9]{0,9}$/;
/** Comment posts one address may send a minute (the per-account limit is counted in the database). */
const POSTS_PER_MINUTE_PER_ADDRESS = 60;

type Body = Record<string, unknown> | undefined;
type CommentRequest = FastifyRequest<{ Params: { slug: string; id?: string }; Body: Body }>;

/** A form field's text: the first value when a field came twice, '' when it is missing. */
const field = (body: Body, name: string): string => {
  const v = body?.[name];
  return typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : '';
};

/** What the refused field is called on the form, for the error message. */
const FIELD_WORDS = { body: 'Comment text (body)', parent_id: 'Reply target (parent_id)' } as const;

/**
 * Comments on launches, on the site only (not an API operation): plain form posts with their
 * CSRF token, each answered by a redirect back to the comment on the listing page, or by a page
 * that says in plain words what went wrong (a refused text comes back in its form, kept).
 */
export function registerCommentRoutes(app: FastifyInstance, ctx: AppContext) {
  const send = pageSender(ctx);
  const page = (reply: FastifyReply, status: number, user: User | null, title: string, body: SafeHtml) =>
    send(reply, user, title, body, status);
  const back = (slug: string, sort: CommentSort, id?: number) =>
    `/p/${slug}${sort === 'top' ? '?comments=top' : ''}${id ? `#comment-${id}` : '#comments'}`;
  const backLink = (slug: string) => html`<p><a href="/p/${slug}#comments">Back to the discussion</a></p>`;

  /**
   * The signed-in, confirmed, unsuspended author and the live listing, or null once a redirect
   * or a refusal page has been sent.
   */
  async function participant(
    req: CommentRequest,
    reply: FastifyReply,
  ): Promise<{ user: User; listing: CommentTarget; sort: CommentSort } | null> {
    const slug = req.params.slug;
    const sort = commentSort(field(req.body, 'sort'));
    const user = await currentUser(ctx, req);
    if (!user) {
      reply.redirect(`/signin?next=${encodeURIComponent(`/p/${slug}#comments`)}`, 303);
      return null;
    }
    const listing = SLUG.test(slug) ? await commentableListing(ctx.db, ctx.site.id, slug) : null;
    if (!listing) {
      page(
        reply,
        404,
        user,
        'Not found',
        html`<h1>No live listing here</h1><p>Only live launches take comments. <a href="/">Back to launches</a></p>`,
      );
      return null;
    }
    const refusal = participationRefusal(user);
    if (refusal) {
      const [title, body] = participationRefusalPage(refusal, 'Comments are taken');
      page(reply, 403, user, title, html`${body}${backLink(slug)}`);
      return null;
    }
    return { user, listing, sort };
  }

  /** The page of a refused write: 400 with the text kept in its form, 403 or 404 in plain words. */
  function refused(
    reply: FastifyReply,
    user: User,
    listing: CommentTarget,
    sort: CommentSort,
    outcome: Exclude<CommentOutcome, { ok: true }>,
    form: { action: string; text: string; parentId?: number; editing: boolean },
  ) {
    if (outcome.status === 400) {
      const title = form.editing ? 'Your changes were not saved' : 'Your comment was not posted';
      const message = `${FIELD_WORDS[outcome.field]}: ${outcome.message}`;
      // A reply whose comment went away can still be posted as a comment of its own.
      const parentId = outcome.field === 'parent_id' ? undefined : form.parentId;
      return page(
        reply,
        400,
        user,
        title,
        html`<h1>${title}</h1><p class="notice" role="alert">${message}</p>
        ${commentForm({
          action: form.action,
          csrf: reply.generateCsrf(),
          sort,
          parentId,
          id: 'comment-body',
          label: form.editing ? 'Your comment' : parentId ? 'Your reply' : 'Your comment',
          value: form.text,
          error: outcome.field === 'body' ? message : undefined,
          hint: true,
          submit: form.editing
            ? 'Save changes'
            : outcome.field === 'parent_id'
              ? 'Post as a new comment'
              : parentId
                ? 'Post reply'
                : 'Post comment',
        })}
        ${backLink(listing.slug)}`,
      );
    }
    if (outcome.status === 404)
      return page(
        reply,
        404,
        user,
        'No such comment',
        html`<h1>No such comment</h1><p>${outcome.message}</p>${backLink(listing.slug)}`,
      );
    const titles = {
      not_author: 'Not your comment',
      window_passed: 'Too late to change this comment',
      hidden: 'This comment was hidden',
    } as const;
    return page(
      reply,
      403,
      user,
      titles[outcome.reason],
      html`<h1>${titles[outcome.reason]}</h1><p>${outcome.message}</p>${backLink(listing.slug)}`,
    );
  }

  const done = (reply: FastifyReply, listing: CommentTarget, sort: CommentSort, id?: number) =>
    reply.redirect(back(listing.slug, sort, id), 303);
  const commentId = (req: CommentRequest) => (ID.test(req.params.id ?? '') ? Number(req.params.id) : 0);

  const options = {
    preHandler: app.csrfProtection,
    config: { rateLimit: { max: POSTS_PER_MINUTE_PER_ADDRESS, timeWindow: 60_000 } },
  };

  app.post<{ Params: { slug: string }; Body: Body }>('/p/:slug/comments', options, async (req, reply) => {
    const who = await participant(req, reply);
    if (!who) return reply;
    const { user, listing, sort } = who;
    const text = field(req.body, 'body');
    const rawParent = field(req.body, 'parent_id').trim();
    const parentId = rawParent === '' ? null : ID.test(rawParent) ? Number(rawParent) : NaN;
    const form = { action: `/p/${listing.slug}/comments`, text, parentId: parentId ?? undefined, editing: false };
    if (Number.isNaN(parentId)) {
      return refused(
        reply,
        user,
        listing,
        sort,
        { ok: false, status: 400, field: 'parent_id', message: 'The comment to reply to must be named by its number.' },
        form,
      );
    }
    const now = ctx.now();
    if (
      (await commentsWrittenSince(ctx.db, user.id, new Date(now.getTime() - 60_000))) >= COMMENTS_PER_MINUTE_PER_ACCOUNT
    ) {
      reply.header('Retry-After', '60');
      return page(
        reply,
        429,
        user,
        'Too many comments',
        html`<h1>Too many comments at once</h1>
        <p>An account can post ${COMMENTS_PER_MINUTE_PER_ACCOUNT} comments a minute. Wait a minute and send it again; your text is below.</p>
        ${commentForm({ action: form.action, csrf: reply.generateCsrf(), sort, parentId: parentId ?? undefined, id: 'comment-body', label: parentId ? 'Your reply' : 'Your comment', value: text, submit: parentId ? 'Post reply' : 'Post comment' })}
        ${backLink(listing.slug)}`,
      );
    }
    const outcome = await addComment(ctx.db, listing, user.id, { body: text, parentId }, now);
    return outcome.ok ? done(reply, listing, sort, outcome.id) : refused(reply, user, listing, sort, outcome, form);
  });

  app.post<{ Params: { slug: string; id: string }; Body: Body }>(
    '/p/:slug/comments/:id/edit',
    options,
    async (req, reply) => {
      const who = await participant(req, reply);
      if (!who) return reply;
      const { user, listing, sort } = who;
      const text = field(req.body, 'body');
      const outcome = await editComment(ctx.db, listing, commentId(req), user.id, text, ctx.now());
      return outcome.ok
        ? done(reply, listing, sort, outcome.id)
        : refused(reply, user, listing, sort, outcome, {
            action: `/p/${listing.slug}/comments/${req.params.id}/edit`,
            text,
            editing: true,
          });
    },
  );

  app.post<{ Params: { slug: string; id: string }; Body: Body }>(
    '/p/:slug/comments/:id/delete',
    options,
    async (req, reply) => {
      const who = await participant(req, reply);
      if (!who) return reply;
      const { user, listing, sort } = who;
      const outcome = await deleteComment(ctx.db, listing, commentId(req), user.id, ctx.now());
      // Back to the thread the comment stood in: a reply's parent, else the discussion.
      return outcome.ok
        ? done(reply, listing, sort, outcome.parent_id ?? undefined)
        : refused(reply, user, listing, sort, outcome, {
            action: `/p/${listing.slug}/comments`,
            text: '',
            editing: false,
          });
    },
  );

  for (const action of ['like', 'unlike'] as const) {
    app.post<{ Params: { slug: string; id: string }; Body: Body }>(
      `/p/:slug/comments/:id/${action}`,
      options,
      async (req, reply) => {
        const who = await participant(req, reply);
        if (!who) return reply;
        const { user, listing, sort } = who;
        const outcome =
          action === 'like'
            ? await likeComment(ctx.db, listing, commentId(req), user.id, ctx.now())
            : await unlikeComment(ctx.db, listing, commentId(req), user.id);
        return outcome.ok
          ? done(reply, listing, sort, outcome.id)
          : refused(reply, user, listing, sort, outcome, {
              action: `/p/${listing.slug}/comments`,
              text: '',
              editing: false,
            });
      },
    );
  }
}
