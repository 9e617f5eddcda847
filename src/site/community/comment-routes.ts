import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { User } from '../../domain/accounts/user-repository.js';
import { NOT_FOUND, type CommentOutcome } from '../../domain/comments/comments.js';
import {
  checkCommentBody,
  COMMENTS_PER_MINUTE_PER_ACCOUNT,
  commentSort,
  type CommentSort,
} from '../../domain/comments/comment-rules.js';
import {
  addCommentOperation,
  deleteCommentOperation,
  editCommentOperation,
  likeCommentOperation,
  unlikeCommentOperation,
  type CommentAnswer,
} from '../../api/operations/community.js';
import { runForm, type FormOutcome } from '../forms/run-form.js';
import { firstValue, type PostedForm } from '../forms/form-values.js';
import { participationRefusalPage } from './participation-page.js';
import { pageSender } from '../account/account-pages.js';
import { html, type SafeHtml } from '../html.js';
import { currentUser } from '../session.js';
import { commentForm } from './comment-views.js';
import { csrfOrSameSite, keptComment, rememberAndSignIn } from './pending-actions.js';

/** Comment posts one address may send a minute (the per-account limit is counted in the database). */
const POSTS_PER_MINUTE_PER_ADDRESS = 60;

type Body = PostedForm | undefined;
type CommentRequest = FastifyRequest<{ Params: { slug: string; id?: string }; Body: Body }>;

/** A form field's text: the first value when a field came twice, '' when it is missing. */
const field = (body: Body, name: string): string => firstValue(body?.[name]) ?? '';

/**
 * The operation's answer, with what its schemas refused told as the domain tells it: a text in the
 * domain's words, a reply target that is no number, an id or slug that names nothing (404).
 */
function answer(r: FormOutcome<CommentAnswer>, text: string): CommentAnswer {
  if (r.ok) return r.value;
  const [field, message] = Object.entries(r.fields)[0] ?? ['body', r.message];
  if (field === 'slug') return { ok: false, status: 404, reason: 'no_listing' };
  if (field === 'id') return NOT_FOUND;
  if (field === 'parent_id')
    return { ok: false, status: 400, field, message: 'The comment to reply to must be named by its number.' };
  const checked = checkCommentBody(text);
  return { ok: false, status: 400, field: 'body', message: checked.ok ? message : checked.message };
}

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

  /** The signed-in author, or null once they were sent to sign in. */
  async function participant(
    req: CommentRequest,
    reply: FastifyReply,
  ): Promise<{ user: User; sort: CommentSort } | null> {
    const sort = commentSort(field(req.body, 'sort'));
    const user = await currentUser(ctx, req);
    // A comment or reply typed signed out is kept and posted after sign-in (pending-actions.ts).
    const text = field(req.body, 'body');
    if (!user && req.routeOptions.url === '/p/:slug/comments' && text.trim()) {
      const slug = req.params.slug;
      const parentId = field(req.body, 'parent_id').trim() || undefined;
      await rememberAndSignIn(ctx, req, reply, {
        kind: 'comment',
        slug,
        body: keptComment(text, parentId),
        back: `/p/${slug}${parentId && /^[1-9][0-9]{0,9}$/.test(parentId) ? `#comment-${parentId}` : '#comments'}`,
      });
      return null;
    }
    if (!user) {
      reply.redirect(`/signin?next=${encodeURIComponent(`/p/${req.params.slug}#comments`)}`, 303);
      return null;
    }
    return { user, sort };
  }

  /** The page of a refusal before the comment itself: no live listing (404), the account (403). */
  function turnedAway(reply: FastifyReply, user: User, slug: string, a: CommentAnswer) {
    if (a.ok || !('reason' in a)) return false;
    if (a.reason === 'no_listing') {
      page(
        reply,
        404,
        user,
        'Not found',
        html`<h1>No live listing here</h1><p>Only live launches take comments. <a href="/">Back to launches</a></p>`,
      );
      return true;
    }
    if (a.reason === 'unconfirmed' || a.reason === 'suspended') {
      const [title, body] = participationRefusalPage(a.reason, 'Comments are taken');
      page(reply, 403, user, title, html`${body}${backLink(slug)}`);
      return true;
    }
    return false;
  }

  /** The page of a refused write: 400 with the text kept in its form, 403 or 404 in plain words. */
  function refused(
    reply: FastifyReply,
    user: User,
    listing: { slug: string },
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

  const done = (reply: FastifyReply, listing: { slug: string }, sort: CommentSort, id?: number) =>
    reply.redirect(back(listing.slug, sort, id), 303);

  const options = {
    preHandler: csrfOrSameSite(app, ctx),
    config: { rateLimit: { max: POSTS_PER_MINUTE_PER_ADDRESS, timeWindow: 60_000 } },
  };

  app.post<{ Params: { slug: string }; Body: Body }>('/p/:slug/comments', options, async (req, reply) => {
    const who = await participant(req, reply);
    if (!who) return reply;
    const { user, sort } = who;
    const listing = { slug: req.params.slug };
    const text = field(req.body, 'body');
    const rawParent = field(req.body, 'parent_id').trim();
    const parentId = /^[1-9][0-9]{0,9}$/.test(rawParent) ? Number(rawParent) : undefined;
    const form = { action: `/p/${listing.slug}/comments`, text, parentId, editing: false };
    const outcome = answer(await runForm(ctx, user, addCommentOperation, req.body, listing), text);
    if (outcome.ok) return done(reply, listing, sort, outcome.id);
    if (turnedAway(reply, user, listing.slug, outcome)) return reply;
    if ('reason' in outcome && outcome.reason === 'rate_limited') {
      reply.header('Retry-After', '60');
      return page(
        reply,
        429,
        user,
        'Too many comments',
        html`<h1>Too many comments at once</h1>
        <p>An account can post ${COMMENTS_PER_MINUTE_PER_ACCOUNT} comments a minute. Wait a minute and send it again; your text is below.</p>
        ${commentForm({ action: form.action, csrf: reply.generateCsrf(), sort, parentId, id: 'comment-body', label: parentId ? 'Your reply' : 'Your comment', value: text, submit: parentId ? 'Post reply' : 'Post comment' })}
        ${backLink(listing.slug)}`,
      );
    }
    return refused(reply, user, listing, sort, outcome as Exclude<CommentOutcome, { ok: true }>, form);
  });

  app.post<{ Params: { slug: string; id: string }; Body: Body }>(
    '/p/:slug/comments/:id/edit',
    options,
    async (req, reply) => {
      const who = await participant(req, reply);
      if (!who) return reply;
      const { user, sort } = who;
      const { slug, id } = req.params;
      const text = field(req.body, 'body');
      const outcome = answer(await runForm(ctx, user, editCommentOperation, req.body, { slug, id }), text);
      if (outcome.ok) return done(reply, { slug }, sort, outcome.id);
      if (turnedAway(reply, user, slug, outcome)) return reply;
      return refused(reply, user, { slug }, sort, outcome as Exclude<CommentOutcome, { ok: true }>, {
        action: `/p/${slug}/comments/${id}/edit`,
        text,
        editing: true,
      });
    },
  );

  // Deleting, liking and taking back a like: no text, and back to the comment (a deleted one's thread).
  const change = {
    delete: deleteCommentOperation,
    like: likeCommentOperation,
    unlike: unlikeCommentOperation,
  } as const;
  for (const action of ['delete', 'like', 'unlike'] as const) {
    app.post<{ Params: { slug: string; id: string }; Body: Body }>(
      `/p/:slug/comments/:id/${action}`,
      options,
      async (req, reply) => {
        const who = await participant(req, reply);
        if (!who) return reply;
        const { user, sort } = who;
        const { slug, id } = req.params;
        const outcome = answer(await runForm(ctx, user, change[action], undefined, { slug, id }), '');
        if (outcome.ok)
          return done(reply, { slug }, sort, action === 'delete' ? (outcome.parent_id ?? undefined) : outcome.id);
        if (turnedAway(reply, user, slug, outcome)) return reply;
        return refused(reply, user, { slug }, sort, outcome as Exclude<CommentOutcome, { ok: true }>, {
          action: `/p/${slug}/comments`,
          text: '',
          editing: false,
        });
      },
    );
  }
}
