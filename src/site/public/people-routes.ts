import { compareListingsOperation } from '../../api/operations/listings.js';
import { getBlogPostOperation } from '../../api/operations/content.js';
import { getFounderOperation } from '../../api/operations/people.js';
import { listBlogPostsOperation } from '../../api/operations/content.js';
import { listFoundersOperation } from '../../api/operations/people.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { html, layout, type SafeHtml } from '../html.js';
import { cardList, monogram, pagination } from '../components.js';
import { renderMarkdown } from '../markdown.js';
import { currentUser } from '../session.js';
import { pageMemoOf } from '../page-memo.js';
import { readOperation } from './read-operation.js';
import { websitePath } from './outbound-routes.js';
import { avatarPath } from '../../domain/images/image-addresses.js';
import { SOCIAL_LABELS } from '../../drafting/draft-content.js';

type Query = Record<string, string | string[] | undefined>;

const send = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).type('text/html; charset=utf-8').send(body);
/** The visitor, for the header; a broken session never breaks a public page. */
const visitor = (ctx: AppContext, req: FastifyRequest) => currentUser(ctx, req).catch(() => null);
/** One text value of a query parameter (a repeated one is passed on as is, for the API to refuse). */
const param = (q: Query, key: string) => q[key];
const text = (q: Query, key: string): string | undefined =>
  typeof q[key] === 'string' ? (q[key] as string) : undefined;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
function countryName(code: string | null): string | null {
  if (!code) return null;
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

const longDate = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });
function dateTag(v: string | Date): SafeHtml {
  const d = new Date(v);
  return html`<time datetime="${d.toISOString().slice(0, 10)}">${longDate.format(d)}</time>`;
}

/** Only web addresses become links or images; anything else stays text. */
const isWebUrl = (u: string | null | undefined): u is string => !!u && /^https?:\/\/[^\s]+$/i.test(u);
const hostOf = (u: string) => {
  try {
    return new URL(u).host.replace(/^www\./, '');
  } catch {
    return u;
  }
};

/** Plain text with blank lines between paragraphs (bios, stories, answers). */
const paragraphs = (s: string): SafeHtml =>
  html`${s
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => html`<p>${p}</p>`)}`;

/** A founder's photo, served from our origin (fetched once, resized; never hot-linked), or the monogram. */
function avatar(f: { slug: string; name: string; avatar_url: string | null }, size: 'm' | 'l' = 'm'): SafeHtml {
  const px = size === 'l' ? 72 : 48;
  return isWebUrl(f.avatar_url)
    ? html`<img class="logo logo-${size} avatar" src="${avatarPath(f)}" alt="" width="${px}" height="${px}"${size === 'm' ? html` loading="lazy"` : ''} decoding="async">`
    : html`<span class="logo logo-${size} avatar">${monogram(f.name)}</span>`;
}

const SOCIAL_WORDS: Record<string, string> = SOCIAL_LABELS;

/** The canonical address of a list page: its path, plus the page number past the first (filters are not canonical). */
const listCanonical = (base: string, page: number) => `${base}${page > 1 ? `?page=${page}` : ''}`;

function searchForm(o: {
  action: string;
  label: string;
  id: string;
  q?: string;
  maxLength: number;
  extra?: SafeHtml;
}): SafeHtml {
  return html`<form class="search-form" method="get" action="${o.action}" role="search">
    <div class="field"><label for="${o.id}-q">${o.label}</label><input id="${o.id}-q" type="search" name="q" value="${o.q ?? ''}" maxlength="${o.maxLength}"></div>
    ${o.extra ?? ''}
    <button type="submit">Search</button></form>`;
}

/**
 * Public pages for people and reading: founders, the blog and the compare view. Every page reads
 * through the public API operation it shows, so it validates and answers exactly as the API does;
 * a bad parameter (400) or an absent resource (404) reaches the site's HTML error pages. Founders
 * and the blog are memoised (page-memo.ts), but for searches for a text.
 */
export function registerPeopleRoutes(app: FastifyInstance, ctx: AppContext) {
  const siteName = ctx.site.name;
  const base = () => ctx.config.publicUrl;
  const memo = pageMemoOf(ctx);

  app.get<{ Querystring: Query }>('/founders', (req, reply) =>
    memo.send(
      req,
      reply,
      async (parts) => {
        const q = req.query;
        const input = {
          q: param(q, 'q'),
          country: param(q, 'country'),
          page: param(q, 'page'),
          per_page: param(q, 'per_page'),
        };
        const result = await readOperation(ctx, listFoundersOperation, input);
        const search = text(q, 'q')?.trim();
        const country = text(q, 'country');
        const filtered = !!(search || country);
        const cards = result.items.map((f) => {
          const products = f.products;
          const place = countryName(f.country);
          return html`<li class="person-card">${avatar(f)}
        <div class="body"><h2 class="name"><a href="/founders/${f.slug}">${f.name}</a></h2>
          ${f.title || place ? html`<p class="muted">${[f.title, place].filter(Boolean).join(' · ')}</p>` : ''}
          ${
            products?.length
              ? html`<p class="products"><span class="sr-only">Products: </span>${products.map((l, j) => html`${j ? ', ' : ''}<a href="/p/${l.slug}">${l.name}</a>`)}</p>`
              : f.companies.length
                ? html`<p class="products">${f.companies.join(', ')}</p>`
                : ''
          }
        </div></li>`;
        });
        const body = html`<h1>Founders</h1>
      <p class="muted">The people behind the products listed on ${siteName}.</p>
      ${searchForm({
        action: '/founders',
        label: 'Name',
        id: 'founders',
        q: text(q, 'q'),
        maxLength: 120,
        extra: html`
        <div class="field"><label for="founders-country">Country code</label><input id="founders-country" name="country" value="${country ?? ''}" maxlength="2" size="4" pattern="[A-Za-z]{2}" autocomplete="country" aria-describedby="founders-country-hint"><span id="founders-country-hint" class="small muted">Two letters, e.g. DE</span></div>`,
      })}
      ${filtered ? html`<p class="muted" role="status">${result.total} ${result.total === 1 ? 'founder' : 'founders'} found.${' '}<a href="/founders">Show all</a></p>` : ''}
      ${cards.length ? html`<ul class="person-cards">${cards}</ul>` : html`<p class="muted empty">${filtered ? 'No founder matches this search.' : 'No founders yet.'}</p>`}
      ${pagination('/founders', { q: text(q, 'q'), country, per_page: text(q, 'per_page') }, result.page, result.total_pages)}`;
        return layout(
          {
            title: `${search ? `Founders matching “${search}”` : 'Founders'} — ${siteName}`,
            siteName,
            description: `The founders behind the products listed on ${siteName}: who they are, where they are and what they build.`,
            header: parts.header,
            canonical: `${base()}${listCanonical('/founders', result.page)}`,
            breadcrumbs: [{ href: '/', label: 'Home' }, { label: 'Founders' }],
          },
          body,
        );
      },
      { reuse: !req.query.q },
    ),
  );

  app.get<{ Params: { slug: string } }>('/founders/:slug', (req, reply) =>
    memo.send(req, reply, async (parts) => {
      const f = await readOperation(ctx, getFounderOperation, { slug: req.params.slug });
      const place = countryName(f.country);
      const socials = Object.entries(f.socials ?? {}).filter(([, url]) => isWebUrl(url));
      const listingName = new Map(f.companies.map((l) => [l.slug, l.name]));
      const body = html`<div class="page-head">${avatar(f, 'l')}<div><h1>${f.name}</h1>
        ${f.title || place ? html`<p class="muted">${[f.title, place].filter(Boolean).join(' · ')}</p>` : ''}</div></div>
      ${f.bio ? html`<div class="bio">${paragraphs(f.bio)}</div>` : ''}
      ${
        socials.length
          ? html`<h2>Elsewhere</h2><ul class="socials">${socials.map(
              ([k, url]) =>
                html`<li><a href="${url}" rel="nofollow noopener">${SOCIAL_WORDS[k] ?? k}<span class="muted"> · ${hostOf(url)}</span></a></li>`,
            )}</ul>`
          : ''
      }
      <h2>Products</h2>
      ${cardList(f.companies, { now: ctx.now(), empty: 'No live products yet.' })}
      ${
        f.stories.length
          ? html`<h2>Stories</h2>${f.stories.map(
              (s) => html`<article class="story">
        <h3>${s.title || `The story of ${listingName.get(s.listing) ?? s.listing}`}</h3>${paragraphs(s.story)}
        <p class="small"><a href="/p/${s.listing}">About ${listingName.get(s.listing) ?? s.listing}</a></p></article>`,
            )}`
          : ''
      }
      ${f.interview.length ? html`<h2>Interview</h2><dl class="qa">${f.interview.map((a) => html`<dt>${a.question}</dt><dd>${paragraphs(a.answer)}</dd>`)}</dl>` : ''}`;
      const summary = [f.title, place].filter(Boolean).join(', ');
      return layout(
        {
          title: `${f.name}${f.title ? `, ${f.title}` : ''} — ${siteName}`,
          siteName,
          description: (
            f.bio ||
            `${f.name}${summary ? ` (${summary})` : ''}, founder of ${f.companies.map((l) => l.name).join(', ')}.`
          ).slice(0, 300),
          header: parts.header,
          canonical: `${base()}/founders/${f.slug}`,
          breadcrumbs: [{ href: '/', label: 'Home' }, { href: '/founders', label: 'Founders' }, { label: f.name }],
        },
        body,
      );
    }),
  );

  app.get<{ Querystring: Query }>('/blog', (req, reply) =>
    memo.send(
      req,
      reply,
      async (parts) => {
        const q = req.query;
        const result = await readOperation(ctx, listBlogPostsOperation, {
          q: param(q, 'q'),
          page: param(q, 'page'),
          per_page: param(q, 'per_page'),
        });
        const search = text(q, 'q')?.trim();
        const body = html`<h1>Blog</h1>
      <p class="muted">Notes on launching and growing products, from the ${siteName} team.</p>
      ${searchForm({ action: '/blog', label: 'Search posts', id: 'blog', q: text(q, 'q'), maxLength: 200 })}
      ${search ? html`<p class="muted" role="status">${result.total} ${result.total === 1 ? 'post' : 'posts'} found.${' '}<a href="/blog">All posts</a></p>` : ''}
      ${
        result.items.length
          ? html`<ol class="post-list">${result.items.map(
              (p) => html`<li>
        <h2><a href="/blog/${p.slug}">${p.title}</a></h2>
        <p class="meta muted">${dateTag(p.published_at)}${p.author ? html` · by ${p.author}` : ''}</p>
        ${p.excerpt ? html`<p>${p.excerpt}</p>` : ''}</li>`,
            )}</ol>`
          : html`<p class="muted empty">${search ? 'No post matches this search.' : 'No posts yet.'}</p>`
      }
      ${pagination('/blog', { q: text(q, 'q'), per_page: text(q, 'per_page') }, result.page, result.total_pages)}`;
        return layout(
          {
            title: `${search ? `Blog posts matching “${search}”` : 'Blog'} — ${siteName}`,
            siteName,
            description: `Articles from ${siteName} on launching, pricing and growing a product.`,
            header: parts.header,
            canonical: `${base()}${listCanonical('/blog', result.page)}`,
            breadcrumbs: [{ href: '/', label: 'Home' }, { label: 'Blog' }],
          },
          body,
        );
      },
      { reuse: !req.query.q },
    ),
  );

  app.get<{ Params: { slug: string } }>('/blog/:slug', (req, reply) =>
    memo.send(req, reply, async (parts) => {
      const p = await readOperation(ctx, getBlogPostOperation, { slug: req.params.slug });
      const body = html`<article class="post"><h1>${p.title}</h1>
        <p class="meta muted">${dateTag(p.published_at)}${p.author ? html` · by ${p.author}` : ''}</p>
        ${p.tags.length ? html`<p class="chips"><span class="sr-only">Tags: </span>${p.tags.map((t) => html`<a class="chip" href="/blog?q=${encodeURIComponent(t)}">${t}</a> `)}</p>` : ''}
        <div class="prose">${renderMarkdown(p.body_markdown)}</div>
        ${
          p.faqs.length
            ? html`<section class="faqs" aria-labelledby="faq-h"><h2 id="faq-h">Frequently asked questions</h2>
          ${p.faqs.map((f) => html`<details><summary>${f.question}</summary>${paragraphs(f.answer)}</details>`)}</section>`
            : ''
        }
      </article>
      <p><a href="/blog">← All posts</a></p>`;
      return layout(
        {
          title: `${p.title} — ${siteName}`,
          siteName,
          description: p.excerpt || undefined,
          header: parts.header,
          canonical: `${base()}/blog/${p.slug}`,
          breadcrumbs: [{ href: '/', label: 'Home' }, { href: '/blog', label: 'Blog' }, { label: p.title }],
        },
        body,
      );
    }),
  );

  app.get<{ Querystring: Query }>('/compare', async (req, reply) => {
    const q = req.query;
    const user = await visitor(ctx, req);
    const form = (o: {
      a?: string;
      b?: string;
      heading: boolean;
    }) => html`<form class="compare-form" method="get" action="/compare">
      ${o.heading ? html`<h2>Compare other products</h2>` : ''}
      <div class="field"><label for="compare-a">First product</label><input id="compare-a" name="a" value="${o.a ?? ''}" required pattern="[a-z0-9][a-z0-9\\-]*" aria-describedby="compare-hint"></div>
      <div class="field"><label for="compare-b">Second product</label><input id="compare-b" name="b" value="${o.b ?? ''}" required pattern="[a-z0-9][a-z0-9\\-]*" aria-describedby="compare-hint"></div>
      <p id="compare-hint" class="small muted">The product's address name, as in /p/<em>name</em>.</p>
      <button type="submit">Compare</button></form>`;
    if (param(q, 'a') === undefined || param(q, 'a') === '' || param(q, 'b') === undefined || param(q, 'b') === '') {
      return send(
        reply,
        200,
        layout(
          {
            title: `Compare products — ${siteName}`,
            siteName,
            description: `Compare two products listed on ${siteName} side by side.`,
            user,
            canonical: `${base()}/compare`,
            breadcrumbs: [{ href: '/', label: 'Home' }, { label: 'Compare' }],
          },
          html`<h1>Compare two products</h1><p class="muted">Pick two products to see their facts side by side.</p>${form({ a: text(q, 'a'), b: text(q, 'b'), heading: false })}`,
        ),
      );
    }
    const c = await readOperation(ctx, compareListingsOperation, { a: param(q, 'a'), b: param(q, 'b') });
    const cell = (v: string | null) =>
      v === null || v === '' ? html`<td class="not-stated">Not stated</td>` : html`<td>${v}</td>`;
    const site = (l: { slug: string; url: string }) =>
      isWebUrl(l.url)
        ? html`<td><a href="${websitePath(l.slug)}" rel="nofollow noopener">${hostOf(l.url)}</a></td>`
        : cell(l.url || null);
    const body = html`<h1>${c.a.name} vs ${c.b.name}</h1>
      <div class="table-wrap"><table class="compare">
        <caption>${c.a.name} and ${c.b.name} side by side; “Not stated” means the product does not say.</caption>
        <thead><tr><th scope="col">Fact</th><th scope="col"><a href="/p/${c.a.slug}">${c.a.name}</a></th><th scope="col"><a href="/p/${c.b.slug}">${c.b.name}</a></th></tr></thead>
        <tbody>
          <tr><th scope="row">Website</th>${site(c.a)}${site(c.b)}</tr>
          <tr><th scope="row">Category</th>${cell(c.a.category)}${cell(c.b.category)}</tr>
          ${c.rows.map((r) => html`<tr><th scope="row">${r.label}</th>${cell(r.a)}${cell(r.b)}</tr>`)}
        </tbody></table></div>
      ${form({ a: c.a.slug, b: c.b.slug, heading: true })}`;
    return send(
      reply,
      200,
      layout(
        {
          title: `${c.a.name} vs ${c.b.name} — ${siteName}`,
          siteName,
          description: `${c.a.name} and ${c.b.name} compared side by side: pricing, stage, country and their category's facts.`,
          user,
          canonical: `${base()}/compare?a=${encodeURIComponent(c.a.slug)}&b=${encodeURIComponent(c.b.slug)}`,
          breadcrumbs: [
            { href: '/', label: 'Home' },
            { href: '/compare', label: 'Compare' },
            { label: `${c.a.name} and ${c.b.name}` },
          ],
        },
        body,
      ),
    );
  });
}
