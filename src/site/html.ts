/**
 * HTML built with a tagged template that escapes every interpolated value unless it is already
 * `SafeHtml` — so user and AI text can never inject markup, without a template engine to learn.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

export const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function render(v: unknown): string {
  if (v === null || v === undefined || v === false) return '';
  if (v instanceof SafeHtml) return v.value;
  if (Array.isArray(v)) return v.map(render).join('');
  return escapeHtml(String(v));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1];
  return new SafeHtml(out);
}

export const raw = (s: string) => new SafeHtml(s);

import { STYLESHEET_PATH } from './assets.js';
import { breadcrumbList, FOOTER_GROUPS, pathOf, SECTIONS, sectionOf, type Crumb } from './site-navigation.js';

/** The mark in the header and the favicon: a rocket-ish chevron in the accent colour. */
export const LOGO_SVG =
  '<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="8" fill="#b3400a"/><path d="M9 21l7-12 7 12h-4l-3-5-3 5z" fill="#fff"/></svg>';

export interface LayoutOptions {
  title: string;
  siteName: string;
  description?: string;
  user?: { email: string; is_admin?: boolean } | null;
  /** The header as rendered elsewhere (a memoised page's placeholder, see personal-parts.ts); otherwise from `user`. */
  header?: (at: { siteName: string; path: string }) => SafeHtml;
  /** The page's canonical URL (absolute); its path also says which section of the header is marked current. */
  canonical?: string;
  /** An absolute image URL of our own origin for link previews (OpenGraph / Twitter cards), e.g. a generated share image. */
  image?: string | null;
  /** Structured data (schema.org objects) for search engines, as JSON-LD data blocks. */
  jsonLd?: object[];
  /** Where the page sits, from Home to itself: shown above the content and given to search engines as a BreadcrumbList. */
  breadcrumbs?: Crumb[];
  /** More stylesheets of our own origin, after the site's (e.g. the API reference's). */
  stylesheets?: string[];
  /** Other representations of the page for programs (e.g. the OpenAPI document of /docs). */
  alternates?: { type: string; href: string; title?: string }[];
}

/** JSON for a <script type="application/ld+json"> data block: `<` escaped so text can never close the element. */
const ldJson = (o: object) =>
  JSON.stringify(o)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** aria-current for a link: "page" on the page itself, "true" on the section the page is in. */
const current = (href: string, path: string, section: string | null) =>
  href === path ? html` aria-current="page"` : href === section ? html` aria-current="true"` : '';

function breadcrumbNav(trail: Crumb[]): SafeHtml {
  return html`<nav class="breadcrumbs" aria-label="Breadcrumb"><ol>${trail.map((t, i) => html`<li>${t.href && i < trail.length - 1 ? html`<a href="${t.href}">${t.label}</a>` : html`<span aria-current="page">${t.label}</span>`}</li>`)}</ol></nav>`;
}

/** The page's header: the sections (the page's one marked) and the visitor's account links, or sign-in. */
export function siteHeader(opts: { siteName: string; user?: { is_admin?: boolean } | null }, path: string): SafeHtml {
  const section = sectionOf(path);
  const account = opts.user
    ? html`${opts.user.is_admin ? html`<li><a href="/admin">Admin</a></li>` : ''}<li><a href="/drafts">Drafts</a></li><li><a href="/my/listings">My listings</a></li><li><a href="/orders">Orders</a></li><li><a href="/account">Account</a></li>`
    : html`<li><a href="/signin">Sign in</a></li><li class="sign-up"><a href="/signup">Sign up</a></li>`;
  return html`<header class="top${opts.user ? ' signed-in' : ''}"><a class="brand" href="/">${raw(LOGO_SVG)}<span>${opts.siteName}</span></a>
<nav class="sections" aria-label="Main"><ul>${SECTIONS.map((s) => html`<li><a href="${s.href}"${current(s.href, path, section)}>${s.label}</a></li>`)}</ul></nav>
<nav class="account" aria-label="Account"><ul>${account}<li><a class="button" href="/submit">Submit<span class="wide-only"> a product</span></a></li></ul></nav></header>`;
}

function siteFooter(siteName: string, path: string): SafeHtml {
  return html`<footer class="site"><div class="inner"><nav aria-label="Footer">${FOOTER_GROUPS.map(
    (g) =>
      html`<div class="footer-group"><h2>${g.title}</h2><ul>${g.links.map((l) => html`<li><a href="${l.href}"${l.href === path ? html` aria-current="page"` : ''}>${l.label}</a></li>`)}</ul></div>`,
  )}</nav>
<p class="footer-note"><a class="brand" href="/">${raw(LOGO_SVG)}<span>${siteName}</span></a> <span>Products and their weekly launches.</span> <a href="/sitemap"${path === '/sitemap' ? html` aria-current="page"` : ''}>Site map</a></p></div></footer>`;
}

/**
 * Every page of the site: skip link, header (the sections, the current one marked, and the
 * visitor's signed-in state), breadcrumbs, main, footer. No inline script or style: the CSP allows
 * only our own files.
 */
export function layout(opts: LayoutOptions, body: SafeHtml): string {
  const path = pathOf(opts.canonical);
  const jsonLd = [
    ...(opts.jsonLd ?? []),
    ...(opts.breadcrumbs && opts.canonical ? [breadcrumbList(opts.breadcrumbs, opts.canonical)] : []),
  ];
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${opts.title}</title>${opts.description ? html`<meta name="description" content="${opts.description}">` : ''}
${opts.canonical ? html`<link rel="canonical" href="${opts.canonical}">` : ''}
<meta property="og:site_name" content="${opts.siteName}"><meta property="og:type" content="website"><meta property="og:title" content="${opts.title}">
${opts.description ? html`<meta property="og:description" content="${opts.description}">` : ''}${opts.canonical ? html`<meta property="og:url" content="${opts.canonical}">` : ''}
${opts.image ? html`<meta property="og:image" content="${opts.image}"><meta name="twitter:image" content="${opts.image}">` : ''}<meta name="twitter:card" content="${opts.image ? 'summary_large_image' : 'summary'}">
${jsonLd.map((o) => html`<script type="application/ld+json">${raw(ldJson(o))}</script>`)}
<link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="manifest" href="/manifest.webmanifest"><meta name="theme-color" content="#b3400a"><link rel="alternate" type="application/rss+xml" title="New launches" href="/feed.xml"><link rel="stylesheet" href="${STYLESHEET_PATH}">${(opts.stylesheets ?? []).map((href) => html`<link rel="stylesheet" href="${href}">`)}${(opts.alternates ?? []).map((a) => html`<link rel="alternate" type="${a.type}" href="${a.href}"${a.title ? html` title="${a.title}"` : ''}>`)}</head>
<body><a class="skip-link" href="#main">Skip to content</a>
${opts.header ? opts.header({ siteName: opts.siteName, path }) : siteHeader(opts, path)}
<main id="main">${opts.breadcrumbs ? breadcrumbNav(opts.breadcrumbs) : ''}${body}</main>
${siteFooter(opts.siteName, path)}</body></html>`.value;
}
