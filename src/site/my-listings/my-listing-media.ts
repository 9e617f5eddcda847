import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { FieldError } from '../../api/errors.js';
import { HttpError } from '../../api/errors.js';
import {
  addListingMediaOperation,
  deleteListingMediaOperation,
  updateListingMediaOperation,
} from '../../api/operations/listing-media.js';
import type { OwnedListing } from '../../domain/listings/listing-ownership.js';
import { companyName } from '../../domain/listings/listing-repository.js';
import { mediaList, type MediaList } from '../../domain/media/listing-media.js';
import { imageSourcesOf } from '../../domain/media/media-addresses.js';
import type { MediaItem } from '../../domain/media/media-item.js';
import {
  CAPTION_MAX,
  IMAGE_BASE64_MAX,
  IMAGE_URL_MAX_BYTES,
  MAX_SCREENSHOTS,
} from '../../domain/media/media-limits.js';
import { videoLink } from '../../domain/media/video-links.js';
import { SCREENSHOT_FORMATS } from '../../images/screenshot-image.js';
import { html, type SafeHtml } from '../html.js';
import { firstValue } from '../forms/form-values.js';
import { readMultipart, type UploadForm, type UploadedFile } from '../forms/multipart.js';
import { fieldErrorsOf, runOperation } from '../forms/run-form.js';
import { screenshotPicture } from '../public/listing-media.js';
import { signedInUserOf } from '../site-request.js';
import { listingFor } from './owned-listing-page.js';

/** A page with a file input posts up to this much (a screenshot of IMAGE_BASE64_MAX, plus the form): a larger
 *  file than the operation takes still gets its explanation beside the field, not an error page. */
const UPLOAD_BODY_LIMIT = 2 * 1_048_576;
const UPLOAD_KB = Math.floor((IMAGE_BASE64_MAX * 3) / 4 / 1000);

const NOTICES: Record<string, string> = {
  added: 'The screenshot was added.',
  'video-added': 'The demo video was added.',
  caption: 'The caption was saved.',
  moved: 'The screenshot was moved.',
  deleted: 'It was deleted.',
};

/** Which form a refused post came from, what was typed into it, and why it was refused. */
interface Refused {
  form: 'screenshot' | 'video' | number;
  errors: FieldError[];
  typed: Record<string, string>;
}

interface MediaPage {
  listing: OwnedListing;
  name: string;
  csrf: string;
  state: MediaList;
  notice?: string;
  refused?: Refused;
}

const csrfInput = (csrf: string) => html`<input type="hidden" name="_csrf" value="${csrf}">`;

/** Words for a refusal of the file field: its limit is the operation's base64 length, which people do not count in. */
function fileError(e: FieldError): string {
  return /more than|fewer than|characters/.test(e.message)
    ? `is larger than ${UPLOAD_KB} KB: send a smaller file, or give its address instead (up to ${IMAGE_URL_MAX_BYTES / 1_000_000} MB)`
    : e.message.replace(/^the image /, '');
}

function errorsOf(r: Refused | undefined, form: Refused['form'], path: string): SafeHtml {
  if (!r || r.form !== form) return html``;
  return html`${r.errors
    .filter((e) => e.path === path)
    .map(
      (e) =>
        html`<p class="field-error" role="alert">${path === 'image_base64' ? `The file ${fileError(e)}` : e.message}</p>`,
    )}`;
}

/** Errors of a form that name none of its fields (nothing was sent, the listing is full…). */
function otherErrors(r: Refused | undefined, form: Refused['form'], fields: string[]): SafeHtml {
  if (!r || r.form !== form) return html``;
  const rest = r.errors.filter((e) => !fields.includes(e.path));
  return html`${rest.map((e) => html`<p class="error" role="alert">${e.path ? `${e.path}: ` : ''}${e.message}</p>`)}`;
}

function screenshotItem(p: MediaPage, m: MediaItem, i: number, count: number): SafeHtml {
  const src = m.width && m.height ? imageSourcesOf(m.url, m.width) : null;
  const base = `/my/listings/${p.listing.id}/media/${m.id}`;
  const label = `screenshot ${i + 1}`;
  const typed = p.refused?.form === m.id ? p.refused.typed.caption : undefined;
  const move = (to: number, text: string, what: string) =>
    html`<form method="post" action="${base}">${csrfInput(p.csrf)}<input type="hidden" name="position" value="${to}">
      <button class="secondary small" aria-label="${what} ${label}"${to < 1 || to > count ? ' disabled' : ''}>${text}</button></form>`;
  return html`<li id="media-${m.id}">
    <a href="${src?.full ?? m.url}">${src ? screenshotPicture(src, { width: m.width!, height: m.height! }, `Screenshot ${i + 1}${m.caption ? `: ${m.caption}` : ''}`, '160px') : `Screenshot ${i + 1}`}</a>
    <div><form method="post" action="${base}" class="editor">${csrfInput(p.csrf)}
      <label for="caption-${m.id}">Caption of ${label}</label>
      <input id="caption-${m.id}" name="caption" value="${typed ?? m.caption}" maxlength="${CAPTION_MAX}">
      ${errorsOf(p.refused, m.id, 'caption')}${otherErrors(p.refused, m.id, ['caption'])}
      <button class="small">Save the caption</button></form>
      <div class="row">${move(i, '↑ Move up', 'Move up')}${move(i + 2, '↓ Move down', 'Move down')}
        <form method="post" action="${base}/delete">${csrfInput(p.csrf)}<button class="secondary small" aria-label="Delete ${label}">Delete</button></form></div>
    </div></li>`;
}

function videoSection(p: MediaPage, video: MediaItem | undefined): SafeHtml {
  const base = `/my/listings/${p.listing.id}/media`;
  if (video) {
    const typed = p.refused?.form === video.id ? p.refused.typed.caption : undefined;
    return html`<p><a href="${video.url}" rel="nofollow noopener">${video.url}</a> <span class="muted">(${videoLink(video.url)?.provider ?? 'video'}; shown as a poster, its player loads only when a visitor presses play)</span></p>
      <form method="post" action="${base}/${video.id}" class="editor">${csrfInput(p.csrf)}
        <label for="caption-${video.id}">Caption of the video</label>
        <input id="caption-${video.id}" name="caption" value="${typed ?? video.caption}" maxlength="${CAPTION_MAX}">
        ${errorsOf(p.refused, video.id, 'caption')}${otherErrors(p.refused, video.id, ['caption'])}
        <button class="small">Save the caption</button></form>
      <form method="post" action="${base}/${video.id}/delete" class="row">${csrfInput(p.csrf)}<button class="secondary small">Delete the video</button></form>`;
  }
  const t = p.refused?.form === 'video' ? p.refused.typed : {};
  return html`<form id="video-form" method="post" action="${base}" class="editor">${csrfInput(p.csrf)}
    <input type="hidden" name="form" value="video">
    ${otherErrors(p.refused, 'video', ['video_url', 'caption'])}
    <div class="field"><label for="video_url">Video link</label>
      <input id="video_url" name="video_url" value="${t.video_url ?? ''}" placeholder="https://www.youtube.com/watch?v=…" aria-describedby="video-hint">
      <p class="small muted" id="video-hint">A YouTube, Vimeo or Loom video.</p>${errorsOf(p.refused, 'video', 'video_url')}</div>
    <div class="field"><label for="video-caption">Caption</label>
      <input id="video-caption" name="caption" value="${t.caption ?? ''}" maxlength="${CAPTION_MAX}">${errorsOf(p.refused, 'video', 'caption')}</div>
    <button>Add the video</button></form>`;
}

function mediaView(p: MediaPage): SafeHtml {
  const shots = p.state.media.filter((m) => m.kind === 'image');
  const video = p.state.media.find((m) => m.kind === 'video');
  const base = `/my/listings/${p.listing.id}/media`;
  const t = p.refused?.form === 'screenshot' ? p.refused.typed : {};
  return html`<p><a href="/my/listings/${p.listing.id}">← ${p.name}</a></p>
    <h1>Screenshots and video of ${p.name}</h1>
    ${p.notice ? html`<p class="notice" role="status">${p.notice}</p>` : ''}
    <p>${
      p.state.public
        ? html`Shown on <a href="/p/${p.listing.slug}">your public listing</a>.`
        : html`Saved, but shown publicly only on paid listings or when the media section is unlocked (<a href="/my/listings/${p.listing.id}/launch">launch plans</a>).`
    }</p>
    <h2 id="screenshots">Screenshots <span class="muted small">(${shots.length} of ${MAX_SCREENSHOTS})</span></h2>
    ${shots.length ? html`<ol class="media-admin">${shots.map((m, i) => screenshotItem(p, m, i, shots.length))}</ol>` : html`<p class="muted">No screenshots yet.</p>`}
    <h3 id="add-screenshot">Add a screenshot</h3>
    ${
      shots.length >= MAX_SCREENSHOTS
        ? html`<p class="muted">The listing has ${MAX_SCREENSHOTS} screenshots, the most it can have: delete one to add another.</p>`
        : html`<form id="screenshot-form" method="post" action="${base}" enctype="multipart/form-data" class="editor">${csrfInput(p.csrf)}
      <input type="hidden" name="form" value="screenshot">
      ${otherErrors(p.refused, 'screenshot', ['image_base64', 'image_url', 'caption'])}
      <div class="field"><label for="image_file">Image file</label>
        <input id="image_file" name="image_file" type="file" accept="image/png,image/jpeg,image/webp,image/avif,image/gif" aria-describedby="file-hint">
        <p class="small muted" id="file-hint">${SCREENSHOT_FORMATS}, up to ${UPLOAD_KB} KB. It is redrawn here: its metadata (such as location) is not kept.</p>
        ${errorsOf(p.refused, 'screenshot', 'image_base64')}</div>
      <div class="field"><label for="image_url">Or the image's address</label>
        <input id="image_url" name="image_url" value="${t.image_url ?? ''}" placeholder="https://" aria-describedby="url-hint">
        <p class="small muted" id="url-hint">Up to ${IMAGE_URL_MAX_BYTES / 1_000_000} MB; fetched once and kept here.</p>${errorsOf(p.refused, 'screenshot', 'image_url')}</div>
      <div class="field"><label for="shot-caption">Caption</label>
        <input id="shot-caption" name="caption" value="${t.caption ?? ''}" maxlength="${CAPTION_MAX}" aria-describedby="caption-hint">
        <p class="small muted" id="caption-hint">Also what screen readers say of it.</p>${errorsOf(p.refused, 'screenshot', 'caption')}</div>
      <button>Add the screenshot</button></form>`
    }
    <h2 id="video">Demo video</h2>
    ${videoSection(p, video)}`;
}

const text = (v: UploadForm[string]): string =>
  (typeof v === 'string' ? v : Array.isArray(v) ? (v[0] ?? '') : '').trim();
const isFile = (v: UploadForm[string]): v is UploadedFile => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * /my/listings/:id/media: the owners add, caption, reorder (move up/down, no dragging: plain
 * forms) and delete screenshots and the demo video. Every change runs the media operations, as the
 * API and MCP do; the screenshot form posts its file as multipart/form-data.
 */
export function registerListingMediaRoutes(app: FastifyInstance, ctx: AppContext) {
  async function show(
    reply: FastifyReply,
    listing: OwnedListing,
    extra: { notice?: string; refused?: Refused } = {},
    status = 200,
  ) {
    const [state, name] = await Promise.all([mediaList(ctx, listing.id), companyName(ctx.db, listing.company_id)]);
    const title = `Screenshots and video of ${name ?? listing.slug}`;
    return reply.page(
      title,
      mediaView({ listing, name: name ?? listing.slug, csrf: reply.generateCsrf(), state, ...extra }),
      status,
    );
  }
  const owned = async (req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const user = signedInUserOf(req);
    const listing = await listingFor(ctx, reply, user, req.params.id);
    return listing ? { user, listing } : null;
  };
  const back = (reply: FastifyReply, listing: OwnedListing, what: string, anchor: string) =>
    reply.redirect(`/my/listings/${listing.id}/media?done=${what}#${anchor}`, 303);
  const noSuchItem = (reply: FastifyReply, listing: OwnedListing) =>
    reply.page(
      'Not found',
      html`<h1>Not found</h1><p>This listing has no such screenshot or video. <a href="/my/listings/${listing.id}/media">Back to its media</a></p>`,
      404,
    );

  app.get<{ Params: { id: string }; Querystring: Record<string, string | string[] | undefined> }>(
    '/my/listings/:id/media',
    async (req, reply) => {
      const o = await owned(req, reply);
      if (!o) return reply;
      return show(reply, o.listing, { notice: NOTICES[firstValue(req.query.done) ?? ''] });
    },
  );

  // Its own plugin, so only these routes read multipart bodies (and may be this large).
  app.register(async (uploads) => {
    uploads.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: UPLOAD_BODY_LIMIT },
      async (req: FastifyRequest, body: Buffer) => readMultipart(String(req.headers['content-type']), body),
    );
    uploads.post<{ Params: { id: string }; Body: UploadForm }>(
      '/my/listings/:id/media',
      { preHandler: uploads.csrfProtection, bodyLimit: UPLOAD_BODY_LIMIT },
      async (req, reply) => {
        const o = await owned(req, reply);
        if (!o) return reply;
        const form = req.body ?? {};
        const which = text(form.form) === 'video' ? 'video' : 'screenshot';
        const typed = { image_url: text(form.image_url), video_url: text(form.video_url), caption: text(form.caption) };
        // What was sent goes to the operation as it is; it says what is missing or one too many.
        const body: Record<string, string> = {};
        if (isFile(form.image_file)) body.image_base64 = form.image_file.bytes.toString('base64');
        for (const k of ['image_url', 'video_url', 'caption'] as const) if (typed[k]) body[k] = typed[k];
        const r = await runOperation(ctx, o.user, addListingMediaOperation, {
          params: { listing_id: o.listing.id },
          body,
        });
        if (r.ok) {
          const added = r.value.media.find((m) => m.id === r.value.id);
          return back(reply, o.listing, added?.kind === 'video' ? 'video-added' : 'added', `media-${r.value.id}`);
        }
        return show(reply, o.listing, { refused: { form: which, errors: fieldErrorsOf(r), typed } }, r.status);
      },
    );
  });

  app.post<{ Params: { id: string; mid: string }; Body: Record<string, string | string[] | undefined> }>(
    '/my/listings/:id/media/:mid',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const o = await owned(req, reply);
      if (!o) return reply;
      const form = req.body ?? {};
      const body: Record<string, unknown> = {};
      // A blank caption is sent too: it removes the caption.
      if (form.caption !== undefined) body.caption = (firstValue(form.caption) ?? '').trim();
      if (form.position !== undefined) body.position = firstValue(form.position);
      const r = await runOperation(
        ctx,
        o.user,
        updateListingMediaOperation,
        { params: { listing_id: o.listing.id, media_id: req.params.mid }, body },
        { coerce: true },
      );
      if (r.ok)
        return back(reply, o.listing, body.position !== undefined ? 'moved' : 'caption', `media-${req.params.mid}`);
      // An address that cannot name an item of this listing is no item of it either.
      if (r.status === 404 || r.errors.some((e) => e.path === 'media_id')) return noSuchItem(reply, o.listing);
      const typed = { caption: String(body.caption ?? '') };
      return show(
        reply,
        o.listing,
        { refused: { form: Number(req.params.mid), errors: fieldErrorsOf(r), typed } },
        r.status,
      );
    },
  );

  app.post<{ Params: { id: string; mid: string } }>(
    '/my/listings/:id/media/:mid/delete',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const o = await owned(req, reply);
      if (!o) return reply;
      const r = await runOperation(
        ctx,
        o.user,
        deleteListingMediaOperation,
        { params: { listing_id: o.listing.id, media_id: req.params.mid } },
        { coerce: true },
      );
      if (!r.ok && (r.status === 404 || r.status === 400)) return noSuchItem(reply, o.listing);
      if (!r.ok) throw new HttpError(r.status, r.message);
      return back(reply, o.listing, 'deleted', 'screenshots');
    },
  );
}
