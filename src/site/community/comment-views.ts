import { html, type SafeHtml } from '../html.js';
import { renderCommentMarkdown } from '../markdown.js';
import { reportLink } from './report-link.js';
import {
  BODY_MAX_CHARS,
  EDIT_WINDOW_MINUTES,
  editableUntil,
  type CommentSort,
} from '../../domain/comments/comment-rules.js';
import type { Discussion, LaunchThread, ThreadComment } from '../../domain/comments/comment-thread.js';

/**
 * The "Discussion" section at the end of a listing page, and the forms of the comment routes.
 * Every action is a plain form post with its CSRF token, and replying, editing and deleting open
 * in a <details>, so the whole discussion works without JavaScript.
 */

/** Who is looking: null when signed out. `refusal` says why they may only read. */
export interface CommentViewer {
  csrf: string;
  refusal: 'unconfirmed' | 'suspended' | null;
}

export interface DiscussionOptions {
  slug: string;
  name: string;
  /** Live listings take comments; others show their (read-only) discussion. */
  open: boolean;
  now: Date;
  viewer: CommentViewer | null;
  /** What came of a comment kept through sign-in (pending-actions.ts), at the top of the section. */
  notice?: SafeHtml;
}

/** "2026-11-18 12:00 UTC": one form for everyone, whatever their time zone (pages are shared by all). */
const when = (iso: string) => `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const timeOfDay = (d: Date) => `${d.toISOString().slice(11, 16)} UTC`;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const csrfInput = (csrf: string) => html`<input type="hidden" name="_csrf" value="${csrf}">`;
// The chosen sort goes along with every form, so the page comes back sorted the same way.
const sortInput = (sort: CommentSort) => (sort === 'top' ? html`<input type="hidden" name="sort" value="top">` : '');

export interface BodyFieldOptions {
  id: string;
  label: string;
  value?: string;
  error?: string;
  hint?: boolean;
}

/** The labelled textarea of every comment form, with its error (when the text came back refused). */
export function bodyField(o: BodyFieldOptions): SafeHtml {
  const describedBy = [o.hint ? `${o.id}-hint` : '', o.error ? `${o.id}-error` : ''].filter(Boolean).join(' ');
  return html`<div class="field${o.error ? ' has-error' : ''}"><label for="${o.id}">${o.label}</label>
    ${o.error ? html`<p class="field-error" id="${o.id}-error">${o.error}</p>` : ''}
    <textarea id="${o.id}" name="body" rows="4" required${describedBy ? html` aria-describedby="${describedBy}"` : ''}${o.error ? html` aria-invalid="true"` : ''}>${o.value ?? ''}</textarea>
    ${o.hint ? html`<p class="small muted" id="${o.id}-hint">Markdown works: **bold**, _italic_, \`code\`, lists and links. Up to ${BODY_MAX_CHARS} characters; you can edit or delete it for ${EDIT_WINDOW_MINUTES} minutes.</p>` : ''}</div>`;
}

export interface CommentFormOptions extends BodyFieldOptions {
  action: string;
  /** Left out on a signed-out visitor's forms (pages shared by every visitor carry no token). */
  csrf: string | null;
  sort: CommentSort;
  parentId?: number;
  submit: string;
}

export function commentForm(o: CommentFormOptions): SafeHtml {
  return html`<form class="comment-form" method="post" action="${o.action}">${o.csrf === null ? '' : csrfInput(o.csrf)}${sortInput(o.sort)}
    ${o.parentId ? html`<input type="hidden" name="parent_id" value="${o.parentId}">` : ''}
    ${bodyField(o)}<p><button type="submit">${o.submit}</button></p></form>`;
}

interface ItemContext {
  slug: string;
  sort: CommentSort;
  now: Date;
  csrf: string | null;
  readOnly: boolean;
  /** Signed out: replies can be written all the same, kept through sign-in and posted after it. */
  guest: boolean;
}

function likeControl(c: ThreadComment, x: ItemContext): SafeHtml | string {
  const count = html`<span class="like-count">${c.likes}</span><span class="sr-only"> ${c.likes === 1 ? 'like' : 'likes'}</span>`;
  if (!x.csrf || x.readOnly) return c.likes ? html`<span class="comment-likes">♥ ${count}</span>` : '';
  return html`<form class="comment-like" method="post" action="/p/${x.slug}/comments/${c.id}/${c.liked ? 'unlike' : 'like'}">${csrfInput(x.csrf)}${sortInput(x.sort)}
    <button class="small secondary${c.liked ? ' liked' : ''}" aria-pressed="${c.liked ? 'true' : 'false'}"><span aria-hidden="true">♥</span> Like · ${count}</button></form>`;
}

function ownControls(c: ThreadComment, x: ItemContext): SafeHtml | string {
  if (!x.csrf || x.readOnly || !c.is_mine) return '';
  const until = editableUntil(c.created_at);
  if (x.now >= until) return '';
  const base = `/p/${x.slug}/comments/${c.id}`;
  return html`<details class="comment-edit"><summary>Edit<span class="sr-only"> your comment</span></summary>
      ${commentForm({ action: `${base}/edit`, csrf: x.csrf, sort: x.sort, id: `edit-body-${c.id}`, label: 'Your comment', value: c.body, submit: 'Save changes' })}</details>
    <details class="comment-delete"><summary>Delete<span class="sr-only"> your comment</span></summary>
      <form method="post" action="${base}/delete">${csrfInput(x.csrf)}${sortInput(x.sort)}
        <p class="small">Delete this comment?${c.replies.length ? ' Its replies stay.' : ''}</p><button class="small">Delete comment</button></form></details>
    <span class="small muted">You can edit or delete it until ${timeOfDay(until)}.</span>`;
}

function commentItem(c: ThreadComment, x: ItemContext): SafeHtml {
  const isReply = c.parent_id !== null;
  const content =
    c.state === 'hidden'
      ? html`<p class="comment-note">This comment was hidden by a moderator.</p>`
      : c.state === 'deleted'
        ? html`<p class="comment-note">[deleted]</p>`
        : html`<p class="comment-meta"><span class="comment-author">${c.author_name}</span>${c.is_maker ? html` <span class="maker-mark" title="Works on this product">Maker</span>` : ''}
          <a class="comment-time" href="#comment-${c.id}"><time datetime="${c.created_at}">${when(c.created_at)}</time></a>${c.edited_at ? html` <span class="comment-edited" title="Edited ${when(c.edited_at)}">(edited)</span>` : ''}</p>
        <div class="comment-body">${renderCommentMarkdown(c.body)}</div>
        <div class="comment-actions">${likeControl(c, x)}
          ${
            !isReply && (x.csrf || x.guest) && !x.readOnly
              ? html`<details class="comment-reply"><summary>Reply<span class="sr-only"> to ${c.author_name}</span></summary>
            ${commentForm({ action: `/p/${x.slug}/comments`, csrf: x.csrf, sort: x.sort, parentId: c.id, id: `reply-body-${c.id}`, label: `Your reply to ${c.author_name}`, submit: x.guest ? 'Sign in and post reply' : 'Post reply' })}</details>`
              : ''
          }
          ${ownControls(c, x)}
          ${c.is_mine ? '' : reportLink('comment', c.id)}</div>`;
  return html`<li class="comment${isReply ? ' reply' : ''}${c.is_maker && c.state === 'shown' ? ' by-maker' : ''}" id="comment-${c.id}">${content}
    ${c.replies.length ? html`<ol class="replies" aria-label="Replies">${c.replies.map((r) => commentItem(r, x))}</ol>` : ''}</li>`;
}

const commentList = (t: LaunchThread, x: ItemContext) =>
  html`<ol class="comments">${t.comments.map((c) => commentItem(c, x))}</ol>`;

function sortLinks(slug: string, sort: CommentSort): SafeHtml {
  const link = (s: CommentSort, href: string, label: string) =>
    html`<a href="${href}"${s === sort ? html` aria-current="true"` : ''}>${label}</a>`;
  return html`<nav class="comment-sort" aria-label="Sort comments">${link('newest', `/p/${slug}#comments`, 'Newest')} ${link('top', `/p/${slug}?comments=top#comments`, 'Top')}</nav>`;
}

function joinPrompt(o: DiscussionOptions, sort: CommentSort): SafeHtml {
  if (!o.open) return html`<p class="muted">The discussion opens when ${o.name} launches.</p>`;
  // Signed out, the form is there all the same: the text is kept through sign-in and posted after it.
  if (!o.viewer)
    return html`<form class="comment-form" method="post" action="/p/${o.slug}/comments">
    ${bodyField({ id: 'comment-body', label: 'Add a comment', hint: true })}
    <p><button type="submit">Sign in and post</button> <span class="small muted">Already have an account? <a href="/signin?next=${encodeURIComponent(`/p/${o.slug}#comments`)}">Sign in</a> first.</span></p></form>`;
  if (o.viewer.refusal === 'unconfirmed')
    return html`<p class="notice">Confirm your email address to join the discussion: open the link we mailed you, or send it again from <a href="/account">your account</a>.</p>`;
  if (o.viewer.refusal === 'suspended')
    return html`<p class="notice">A moderator suspended your account, so it cannot comment.</p>`;
  return commentForm({
    action: `/p/${o.slug}/comments`,
    csrf: o.viewer.csrf,
    sort,
    id: 'comment-body',
    label: 'Add a comment',
    hint: true,
    submit: 'Post comment',
  });
}

/** The listing's "Discussion" section. */
export function discussionSection(d: Discussion, o: DiscussionOptions): SafeHtml {
  const mayWrite = o.open && o.viewer !== null && o.viewer.refusal === null;
  const x: ItemContext = {
    slug: o.slug,
    sort: d.sort,
    now: o.now,
    csrf: mayWrite ? o.viewer!.csrf : null,
    readOnly: false,
    guest: o.open && o.viewer === null,
  };
  const earlierCount = d.earlier.reduce((n, t) => n + t.count, 0);
  return html`<section class="discussion" id="comments" aria-labelledby="comments-h">
    <h2 id="comments-h">Discussion${d.count ? html` <span class="muted">(${d.count})</span>` : ''}</h2>${o.notice ?? ''}
    ${d.comments.length > 1 ? sortLinks(o.slug, d.sort) : ''}
    ${joinPrompt(o, d.sort)}
    ${d.comments.length ? commentList(d, x) : html`<p class="muted">No comments on this launch yet.</p>`}
    ${
      d.earlier.length
        ? html`<details class="earlier-launches"><summary>${plural(earlierCount, 'comment', 'comments')} from earlier launches</summary>
      ${d.earlier.map((t) => html`<h3>${t.launch_week ? `Launch of the week of ${t.launch_week}` : 'Before its launch week'}</h3>${commentList(t, { ...x, csrf: null, readOnly: true, guest: false })}`)}</details>`
        : ''
    }
  </section>`;
}
