import { safeFetch, type SafeFetchOptions } from '../net/safe-fetch.js';
import { decodeBody } from './decode.js';

/**
 * Page addresses a site names only in its scripts: navigation injected by JavaScript (`href="./faq.html"` in a
 * template string), router tables (`path: '/pricing'`), link data (`"url":"/about"`), Next.js build manifests and
 * data (`"/pricing":[…]`, `"page":"/faq"`), Nuxt payloads. The crawler offers them to the page picker after the
 * links a visitor sees, so pages reachable only through a script are still read.
 */

/** Paths and files that are never pages: assets, APIs and framework internals. */
const NOT_A_PAGE =
  /^\/(?:_[^/]*|api|static|assets?|cdn-cgi|wp-json|wp-content|wp-includes|graphql|node_modules|fonts?|img|images|css|js)(?:\/|$)|\.(?:js|mjs|cjs|css|map|json|xml|txt|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|otf|eot|mp[34]|webm|pdf|zip|wasm)$/i;
/** Attribute and property names that hold a page's address, in markup strings, router tables and JSON. */
const ADDRESS_KEYS = '(?:href|path|pathname|url|to|link|route|as|page|slug)';
const PATTERNS = [
  // Markup inside a string: href="/faq", href='./faq.html', href=\"/faq\" (escaped inside JSON).
  /\bhref\s*=\s*\\?["'`]([^"'`\s<>{}\\]+)\\?["'`]/g,
  // A key holding an address: path: '/pricing', "url":"/about", to: "/team".
  new RegExp(`["']?\\b${ADDRESS_KEYS}["']?\\s*[:=]\\s*["'\`]([^"'\`\\s<>{}\\\\]+)["'\`]`, 'g'),
  // A route table keyed by path (Next.js build manifest): "/pricing":[…].
  /["'](\/[^"'\s<>{}\\]*)["']\s*:\s*\[/g,
];
/** Bounds, so a large bundle cannot flood the picker. */
const MAX_SCAN_CHARS = 1_000_000;
const MAX_PATHS = 40;

/**
 * The same-site page addresses a script (or JSON) names, absolute, each once, in the order written. Relative ones
 * are read against the page, as a browser resolves a link the script inserts. Route patterns (`/blog/[slug]`,
 * `/user/:id`), templates and assets are left out.
 */
export function scriptPaths(source: string, pageUrl: string): string[] {
  const page = new URL(pageUrl);
  const text = source.length > MAX_SCAN_CHARS ? source.slice(0, MAX_SCAN_CHARS) : source;
  const found: { at: number; url: string }[] = [];
  for (const pattern of PATTERNS) {
    for (const m of text.matchAll(pattern)) {
      const url = pageAddress(m[1], page);
      if (url) found.push({ at: m.index ?? 0, url });
    }
  }
  found.sort((a, b) => a.at - b.at);
  const out: string[] = [];
  for (const { url } of found) {
    if (!out.includes(url)) out.push(url);
    if (out.length >= MAX_PATHS) break;
  }
  return out;
}

function pageAddress(raw: string, page: URL): string | null {
  // A page address: absolute path, ./ or ../ relative, a bare file.html, or a full URL on this site.
  if (!/^(?:\/(?!\/)|\.\.?\/|[\w-]+\.html?(?:[?#]|$)|https?:\/\/)/i.test(raw)) return null;
  // Route patterns and templates name no single page.
  if (/[[\]*]|\$\{/.test(raw)) return null;
  let u: URL;
  try {
    u = new URL(raw, page);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(u.protocol) || u.host.replace(/^www\./, '') !== page.host.replace(/^www\./, '')) return null;
  if (NOT_A_PAGE.test(u.pathname) || u.pathname.includes('/:')) return null;
  u.hash = '';
  return u.toString();
}

/** The homepage's own scripts read for addresses, and the bytes read of each. */
const MAX_SCRIPTS = 4;
const MAX_SCRIPT_BYTES = 1_000_000;

/**
 * The page addresses a page's own scripts name (`PageContent.scripts`: same site, no known library), a few read at
 * once, each within robots.txt and the SSRF guard; a script that cannot be read adds nothing.
 */
export async function readScriptLinks(
  page: { url: string; scripts?: string[] },
  opts: {
    fetchOpts: () => SafeFetchOptions;
    allows: (url: string) => Promise<boolean>;
    stillTime: () => boolean;
  },
): Promise<string[]> {
  const read = await Promise.all(
    (page.scripts ?? []).slice(0, MAX_SCRIPTS).map(async (src) => {
      try {
        if (!opts.stillTime() || !(await opts.allows(src))) return [];
        const r = await safeFetch(src, { ...opts.fetchOpts(), maxBytes: MAX_SCRIPT_BYTES, accept: '*/*' });
        if (r.status >= 400 || /html/i.test(r.headers.get('content-type') ?? '')) return [];
        return scriptPaths(decodeBody(r.body, r.headers.get('content-type')), page.url);
      } catch {
        return [];
      }
    }),
  );
  return [...new Set(read.flat())];
}
