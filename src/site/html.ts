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

/** The mark in the header and the favicon: a rocket-ish chevron in the accent colour. */
export const LOGO_SVG =
  '<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="8" fill="#b3400a"/><path d="M9 21l7-12 7 12h-4l-3-5-3 5z" fill="#fff"/></svg>';

export interface LayoutOptions {
  title: string;
  siteName: string;
  description?: string;
  user?: { email: string; is_admin?: boolean } | null;
  /** The header's account links as rendered elsewhere (a memoised page's placeholder, see personal-parts.ts); otherwise from `user`. */
  account?: SafeHtml;
  /** The page's canonical URL (absolute). */
  canonical?: string;
  /** An absolute image URL of our own origin for link previews (OpenGraph / Twitter cards), e.g. a generated share image. */
  image?: string | null;
  /** Structured data (schema.org objects) for search engines, as JSON-LD data blocks. */
  jsonLd?: object[];
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

/** The header's links of the visitor's account, or to sign in. */
export function accountLinks(user: { is_admin?: boolean } | null | undefined): SafeHtml {
  return user
    ? html`${user.is_admin ? html`<a href="/admin">Admin</a>` : ''}<a href="/drafts">Drafts</a><a href="/my/listings">My listings</a><a href="/orders">Orders</a><a href="/account">Account</a>`
    : html`<a href="/signin">Sign in</a><a href="/signup">Sign up</a>`;
}

/**
 * Every page of the site: skip link, header (with the visitor's signed-in state), main, footer.
 * No inline script or style: the CSP allows only our own files.
 */
export function layout(opts: LayoutOptions, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${opts.title}</title>${opts.description ? html`<meta name="description" content="${opts.description}">` : ''}
${opts.canonical ? html`<link rel="canonical" href="${opts.canonical}">` : ''}
<meta property="og:site_name" content="${opts.siteName}"><meta property="og:type" content="website"><meta property="og:title" content="${opts.title}">
${opts.description ? html`<meta property="og:description" content="${opts.description}">` : ''}${opts.canonical ? html`<meta property="og:url" content="${opts.canonical}">` : ''}
${opts.image ? html`<meta property="og:image" content="${opts.image}"><meta name="twitter:image" content="${opts.image}">` : ''}<meta name="twitter:card" content="${opts.image ? 'summary_large_image' : 'summary'}">
${(opts.jsonLd ?? []).map((o) => html`<script type="application/ld+json">${raw(ldJson(o))}</script>`)}
<link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="manifest" href="/manifest.webmanifest"><meta name="theme-color" content="#b3400a"><link rel="alternate" type="application/rss+xml" title="New launches" href="/feed.xml"><link rel="stylesheet" href="${STYLESHEET_PATH}">${(opts.stylesheets ?? []).map((href) => html`<link rel="stylesheet" href="${href}">`)}${(opts.alternates ?? []).map((a) => html`<link rel="alternate" type="${a.type}" href="${a.href}"${a.title ? html` title="${a.title}"` : ''}>`)}</head>
<body><a class="skip-link" href="#main">Skip to content</a>
<header class="top"><a class="brand" href="/">${raw(LOGO_SVG)}<span>${opts.siteName}</span></a>
<nav aria-label="Main"><a href="/launches">Launches</a><a href="/categories">Categories</a><a href="/submit">Submit a product</a><a href="/docs">API</a><a href="/docs/mcp">MCP</a>
${opts.account ?? accountLinks(opts.user)}</nav></header>
<main id="main">${body}</main>
<footer class="site"><div class="inner"><p>${opts.siteName} — products and their weekly launches.</p>
<nav aria-label="Footer"><a href="/docs">API reference</a><a href="/api/v1/openapi.json">OpenAPI</a><a href="/docs/mcp">MCP server</a><a href="/submit">Submit a product</a><a href="/hall-of-fame">Hall of Fame</a></nav></div></footer></body></html>`
    .value;
}
