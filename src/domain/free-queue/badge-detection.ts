import * as cheerio from 'cheerio';

/** What on a homepage counts as our badge, and the tag that showed it. */
export interface BadgeSighting {
  kind: 'badge-image' | 'listing-link';
  url: string;
  tag: string;
}

/** Host without a leading `www.`, so www and bare domains are the same site (the port stays). */
const siteHost = (u: URL) => u.host.toLowerCase().replace(/^www\./, '');
const withoutTrailingSlash = (p: string) => p.replace(/\/+$/, '');

/**
 * Finds our badge in a homepage's HTML: an <img> whose src is one of our badge images for this
 * listing (`<PUBLIC_URL>/badges/<slug>/…`), or any link to the listing's page on our site
 * (`<PUBLIC_URL>/p/<slug>`). The embed code has both, but founders often keep only one — a
 * restyled image, or a plain text link — and either is the backlink the free plan asks for.
 * Scheme (http/https), `www.`, a trailing slash, query and fragment do not matter; relative URLs
 * are resolved against the page (so they point at the founder's own site, and never count).
 */
export function findBadge(html: string, pageUrl: string, publicUrl: string, slug: string): BadgeSighting | null {
  const ours = new URL(publicUrl);
  const base = withoutTrailingSlash(ours.pathname.toLowerCase());
  const imagePrefix = `${base}/badges/${slug}/`;
  const listingPage = `${base}/p/${slug}`;
  const $ = cheerio.load(html);
  const docBase = (() => {
    const href = $('base[href]').first().attr('href');
    try {
      return href ? new URL(href, pageUrl).toString() : pageUrl;
    } catch {
      return pageUrl;
    }
  })();
  const onOurSite = (raw: string | undefined): URL | null => {
    if (!raw) return null;
    try {
      const u = new URL(raw.trim(), docBase);
      return (u.protocol === 'https:' || u.protocol === 'http:') && siteHost(u) === siteHost(ours) ? u : null;
    } catch {
      return null;
    }
  };
  const tag = (el: Parameters<typeof $>[0]) => ($.html(el) ?? '').slice(0, 500);

  for (const el of $('img[src]').toArray()) {
    const u = onOurSite($(el).attr('src'));
    if (u?.pathname.toLowerCase().startsWith(imagePrefix))
      return { kind: 'badge-image', url: u.toString(), tag: tag(el) };
  }
  for (const el of $('a[href]').toArray()) {
    const u = onOurSite($(el).attr('href'));
    if (u && withoutTrailingSlash(u.pathname.toLowerCase()) === listingPage)
      return { kind: 'listing-link', url: u.toString(), tag: tag(el) };
  }
  return null;
}
