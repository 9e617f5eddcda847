import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { sendPrecompressed, varyOnEncoding } from '../net/compress-replies.js';
import { Precompressed } from '../net/content-coding.js';
import { PageTemplate, type PersonalParts, viewerOf } from './personal-parts.js';

/**
 * Public pages rendered once and served to everyone until something they show changes: the
 * anonymous page's site-side answer to the read cache. A page is rendered with its personal parts
 * left open (personal-parts.ts); signed-out visitors get the copy filled in for nobody, kept as
 * bytes with its ETag and its compressed copies, and signed-in people the same rendering with
 * their own parts filled in, per request.
 *
 * A memoised page is dropped when the read cache is emptied — which every write that a public
 * page could show does, on this instance at once and on the others through NOTIFY (context.ts) —
 * when the minute changes (pages say "today", "this week" and what is featured now), and after
 * READ_CACHE_SECONDS, the time the list answers it is built from are reused anyway (for changes no
 * instance is told of). READ_CACHE_SECONDS=0 turns it off: every request renders.
 */

/** A page as a signed-out visitor gets it: the bytes, compressed once per coding, and their validator. */
export interface AnonymousPage {
  body: Precompressed;
  etag: string;
}

export function anonymousPage(html: string): AnonymousPage {
  const identity = Buffer.from(html);
  const hash = crypto.createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  // Weak: the same validator stands for the page in every content coding.
  return { body: new Precompressed(identity, 'often'), etag: `W/"${hash}"` };
}

/** Whether an If-None-Match header names this validator (weak comparison, RFC 9110 §13.1.2). */
function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

const sendHtml = (reply: FastifyReply, body: string) => reply.type('text/html; charset=utf-8').send(body);

/**
 * Sends a signed-out visitor's page: stored by any cache but checked with us each time (a 304
 * when unchanged), since it changes whenever a vote does.
 */
export function sendAnonymousPage(req: FastifyRequest, reply: FastifyReply, page: AnonymousPage) {
  reply.header('ETag', page.etag).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
  if (noneMatch(req.headers['if-none-match'], page.etag)) {
    varyOnEncoding(reply);
    return reply.code(304).send();
  }
  return sendPrecompressed(req, reply, page.body);
}

/** A signed-in person's page: theirs alone, never kept by a shared cache. */
export const sendPersonalPage = (reply: FastifyReply, body: string) =>
  sendHtml(reply.header('Cache-Control', 'private, no-cache'), body);

interface Memo {
  epoch: number;
  minute: number;
  until: number;
  page: Promise<{ template: PageTemplate; anonymous: AnonymousPage }>;
}

/** Addresses kept at once (a page and its compressed copies are ≈ 30 KB): the oldest go first. */
const MAX_PAGES = 500;

export type DrawPage = (parts: PersonalParts) => Promise<string>;

export class PageMemo {
  private readonly pages = new Map<string, Memo>();

  constructor(private readonly ctx: AppContext) {}

  /**
   * Sends the page at the request's address, drawn by `draw` when there is no current copy.
   * `reuse: false` for addresses too many to keep (a search's text): drawn for each request.
   */
  async send(req: FastifyRequest, reply: FastifyReply, draw: DrawPage, o: { reuse?: boolean } = {}) {
    if (o.reuse === false || this.ctx.config.readCacheSeconds === 0) {
      const template = await PageTemplate.render(draw);
      const viewer = await viewerOf(this.ctx, req, reply, template);
      return viewer ? sendPersonalPage(reply, template.fill(viewer)) : sendHtml(reply, template.fill(null));
    }
    const page = await this.page(req.url, draw);
    if (!req.user) return sendAnonymousPage(req, reply, page.anonymous);
    return sendPersonalPage(reply, page.template.fill(await viewerOf(this.ctx, req, reply, page.template)));
  }

  private page(url: string, draw: DrawPage): Memo['page'] {
    const { ctx } = this;
    // Read before drawing: a change during the drawing leaves the copy out of date at once.
    const epoch = ctx.readCache.epoch;
    const minute = Math.floor(ctx.now().getTime() / 60_000);
    const now = Date.now();
    const memo = this.pages.get(url);
    if (memo && memo.epoch === epoch && memo.minute === minute && memo.until > now) return memo.page;
    // Every visitor arriving while it is drawn shares the one drawing.
    const made: Memo = {
      epoch,
      minute,
      until: now + ctx.config.readCacheSeconds * 1000,
      page: PageTemplate.render(draw).then((template) => ({ template, anonymous: anonymousPage(template.fill(null)) })),
    };
    // A failure (a 404, the database away) is not kept.
    made.page.catch(() => {
      if (this.pages.get(url) === made) this.pages.delete(url);
    });
    if (!memo && this.pages.size >= MAX_PAGES) {
      let n = MAX_PAGES / 10;
      for (const key of this.pages.keys()) {
        this.pages.delete(key);
        if (--n === 0) break;
      }
    }
    this.pages.delete(url);
    this.pages.set(url, made);
    return made.page;
  }
}

const memos = new WeakMap<AppContext, PageMemo>();

/** The app's page memo (one per app context, shared by every route file). */
export function pageMemoOf(ctx: AppContext): PageMemo {
  let memo = memos.get(ctx);
  if (!memo) memos.set(ctx, (memo = new PageMemo(ctx)));
  return memo;
}
