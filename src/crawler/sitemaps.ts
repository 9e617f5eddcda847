import { safeFetch, type SafeFetchOptions } from '../net/safe-fetch.js';
import { decodeBody } from './decode.js';
import { sameSite } from './page-picker.js';

/** Sitemap files read per crawl (an index's children included), and page addresses kept from them. */
const MAX_SITEMAPS = 6;
const MAX_ENTRIES = 2_000;

/**
 * The page addresses a site's sitemaps list, in their order: those robots.txt names (`Sitemap:`
 * lines, same site only), else /sitemap.xml; a sitemap index is followed to its own sitemaps.
 * Bounded in files, bytes and entries; an unreadable sitemap adds nothing.
 */
export async function readSitemaps(
  start: URL,
  declared: string[],
  opts: {
    fetchOpts: () => SafeFetchOptions;
    allows: (url: string) => Promise<boolean>;
    stillTime: () => boolean;
  },
): Promise<string[]> {
  const queue: string[] = [];
  for (const raw of declared) {
    try {
      // robots.txt should give absolute addresses; a relative one is read against the site.
      const u = new URL(raw, start);
      if (sameSite(u, start)) queue.push(u.toString());
    } catch {
      /* not a URL */
    }
  }
  if (queue.length === 0) queue.push(new URL('/sitemap.xml', start).toString());
  const seen = new Set<string>();
  const pages: string[] = [];
  while (queue.length && seen.size < MAX_SITEMAPS && pages.length < MAX_ENTRIES && opts.stillTime()) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    let xml: string;
    try {
      if (!(await opts.allows(url))) continue;
      const r = await safeFetch(url, { ...opts.fetchOpts(), maxBytes: 1_000_000 });
      if (r.status >= 400) continue;
      xml = decodeBody(r.body, r.headers.get('content-type'));
    } catch {
      continue;
    }
    const isIndex = /<sitemapindex[\s>]/i.test(xml);
    for (const m of xml.matchAll(/<loc>\s*(?:<!\[CDATA\[)?\s*([^<\s\]]+)\s*(?:\]\]>)?\s*<\/loc>/gi)) {
      let loc: URL;
      try {
        loc = new URL(m[1].replace(/&amp;/g, '&'), url);
      } catch {
        continue;
      }
      if (!sameSite(loc, start)) continue;
      if (isIndex) queue.push(loc.toString());
      else if (pages.length < MAX_ENTRIES) pages.push(loc.toString());
    }
  }
  return pages;
}
