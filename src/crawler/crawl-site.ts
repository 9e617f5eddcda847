import robotsParserModule from 'robots-parser';
import { allowListFor } from '../net/address-policy.js';
import { BlockedAddressError, RedirectRefusedError, checkUrl, safeFetch, type SafeFetchOptions, type SafeResponse } from '../net/safe-fetch.js';
import { decodeBody, isHtml } from './decode.js';
import { extractPage, type PageContent } from './page-text.js';
import { pickPages, sameSite, type PageKind } from './page-picker.js';

// CommonJS default export under NodeNext: the function sits one level down at run time.
const robotsParser = ((robotsParserModule as unknown as { default?: typeof robotsParserModule }).default ?? robotsParserModule) as unknown as (url: string, txt: string) => { isAllowed(url: string, ua?: string): boolean | undefined; getSitemaps(): string[] };

export const CRAWLER_NAME = 'LaunchdeckBot';
export const crawlerUserAgent = (publicUrl: string) => `${CRAWLER_NAME}/1.0 (+${publicUrl}/docs)`;

export interface RobotsRules {
  /** Whether our User-Agent may fetch this URL of the site. */
  allows(url: string): boolean;
  sitemaps: string[];
}

/**
 * The robots.txt rules of `start`'s site for our User-Agent (RFC 9309): missing (4xx) allows
 * everything; unreachable or 5xx allows nothing, and `blocked` says why. Shared by the crawl and
 * the free queue's badge check, so both honour a site's wishes the same way.
 */
export async function readRobots(start: URL, fetchOpts: SafeFetchOptions): Promise<{ rules: RobotsRules; blocked: null; retryable?: false } | { rules: null; blocked: string; retryable: boolean }> {
  const robotsUrl = new URL('/robots.txt', start).toString();
  let text = '';
  try {
    const r = await safeFetch(robotsUrl, { ...fetchOpts, maxBytes: 500_000 });
    if (r.status >= 500) return { rules: null, blocked: `The site's robots.txt answered HTTP ${r.status}, so we read nothing.`, retryable: true };
    if (r.status < 400) text = decodeBody(r.body, r.headers.get('content-type'));
  } catch (err) {
    const policy = err instanceof BlockedAddressError;
    return { rules: null, blocked: policy ? `The site cannot be read: ${err.message}.` : `The site could not be reached (${(err as Error).message}).`, retryable: !policy };
  }
  const robots = robotsParser(robotsUrl, text);
  return { rules: { allows: (u) => robots.isAllowed(u, CRAWLER_NAME) !== false, sitemaps: robots.getSitemaps() }, blocked: null };
}

export type RobotsOutcome = Awaited<ReturnType<typeof readRobots>>;

/**
 * robots.txt per origin, read once each: `start`'s rules are already known; a URL on another
 * origin (a redirect's target) is judged by that origin's robots.txt, read the first time it is
 * needed. An unreadable robots.txt allows nothing there. Shared by the crawl and the badge check.
 */
export function robotsPerOrigin(start: URL, startRules: RobotsRules, fetchOpts: () => SafeFetchOptions) {
  const origins = new Map<string, Promise<RobotsOutcome>>([[start.origin, Promise.resolve({ rules: startRules, blocked: null })]]);
  const robotsOf = (url: string): Promise<RobotsOutcome> => {
    const origin = new URL(url).origin;
    if (!origins.has(origin)) origins.set(origin, readRobots(new URL(origin), fetchOpts()));
    return origins.get(origin)!;
  };
  const allows = async (url: string): Promise<boolean> => {
    const { rules } = await robotsOf(url);
    return rules !== null && rules.allows(url);
  };
  return { robotsOf, allows };
}

export interface CrawledPage extends Partial<PageContent> {
  url: string;
  kind: PageKind;
  status: number;
  contentType: string | null;
  /** Why the page has no text: not HTML, too large, an error… */
  skipped?: string;
}

export interface CrawlResult {
  startUrl: string;
  finalUrl: string | null;
  pages: CrawledPage[];
  /** Set when nothing could be read, with the reason to show (robots.txt, unreachable, private address…). */
  blocked: string | null;
  /** The block may pass if tried again later (network error, timeout, HTTP 5xx) — unlike robots.txt or a private address. */
  retryable: boolean;
  notes: string[];
}

export interface CrawlOptions {
  publicUrl: string;
  allowHosts: string[];
  maxPages?: number;
  maxBytesPerPage?: number;
  pageTimeoutMs?: number;
  totalTimeoutMs?: number;
  onProgress?: (p: { fetched: number; planned: number; url: string }) => void;
}

/**
 * Reads a product's website the way a careful visitor would: robots.txt first (a page it disallows
 * for our User-Agent is never fetched), then the homepage and the pages that tell what a product
 * is — about, pricing, features, FAQ, team, contact, blog, press — found from links and the sitemap.
 * Every request goes through the SSRF guard; pages, bytes, time and redirects are bounded.
 */
export async function crawlSite(startUrl: string, opts: CrawlOptions): Promise<CrawlResult> {
  const allow = allowListFor(opts.allowHosts);
  const userAgent = crawlerUserAgent(opts.publicUrl);
  const maxPages = opts.maxPages ?? 15;
  const deadline = Date.now() + (opts.totalTimeoutMs ?? 60_000);
  const fetchOpts = { allow, userAgent, maxBytes: opts.maxBytesPerPage ?? 2_000_000, maxRedirects: 5 };
  const timeLeft = () => Math.max(1, Math.min(opts.pageTimeoutMs ?? 10_000, deadline - Date.now()));
  const notes: string[] = [];
  const result: CrawlResult = { startUrl, finalUrl: null, pages: [], blocked: null, retryable: false, notes };

  let start: URL;
  try {
    start = checkUrl(startUrl, allow);
  } catch (err) {
    result.blocked = `The address cannot be read: ${(err as Error).message}.`;
    return result;
  }

  const robots = await readRobots(start, { ...fetchOpts, timeoutMs: timeLeft() });
  if (!robots.rules) { result.blocked = robots.blocked; result.retryable = robots.retryable; return result; }
  const sitemaps = robots.rules.sitemaps;
  const allowed = robots.rules.allows;
  // A redirect to another origin is governed by that origin's robots.txt, read once per origin.
  const allowedAnywhere = robotsPerOrigin(start, robots.rules, () => ({ ...fetchOpts, timeoutMs: timeLeft() })).allows;
  if (!allowed(start.toString())) {
    result.blocked = `The site's robots.txt does not allow ${CRAWLER_NAME} to read ${start.pathname}, so nothing was read from the website.`;
    return result;
  }

  const fetchPage = async (url: string, kind: PageKind): Promise<{ page: CrawledPage; response: SafeResponse | null }> => {
    try {
      // A redirect is followed only where robots.txt allows us, so a disallowed target is never fetched.
      const res = await safeFetch(url, { ...fetchOpts, timeoutMs: timeLeft(), accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5', mayFollow: (next) => allowedAnywhere(next.toString()) });
      const contentType = res.headers.get('content-type');
      if (!(await allowedAnywhere(res.url))) return { page: { url: res.url, kind, status: res.status, contentType, skipped: 'disallowed by robots.txt after a redirect' }, response: null };
      if (res.status >= 400) return { page: { url: res.url, kind, status: res.status, contentType, skipped: `HTTP ${res.status}` }, response: res };
      if (!isHtml(contentType)) return { page: { url: res.url, kind, status: res.status, contentType, skipped: `not an HTML page (${contentType ?? 'no content type'})` }, response: res };
      const content = extractPage(decodeBody(res.body, contentType), res.url);
      return { page: { url: res.url, kind, status: res.status, contentType, ...content }, response: res };
    } catch (err) {
      if (err instanceof RedirectRefusedError) return { page: { url: err.target, kind, status: 0, contentType: null, skipped: 'disallowed by robots.txt after a redirect' }, response: null };
      if (!(err instanceof BlockedAddressError)) transientFailure = true;
      return { page: { url, kind, status: 0, contentType: null, skipped: (err as Error).message }, response: null };
    }
  };
  let transientFailure = false;

  const home = await fetchPage(start.toString(), 'homepage');
  result.pages.push(home.page);
  result.finalUrl = home.response?.url ?? null;
  opts.onProgress?.({ fetched: 1, planned: 1, url: home.page.url });
  // A single-page app's shell has no visible text, but its title and meta tags still say what it is.
  if (!home.page.text && !home.page.headText) {
    result.blocked = `The homepage could not be read: ${home.page.skipped ?? 'it has no text'}.`;
    result.retryable = transientFailure || home.page.status >= 500;
    return result;
  }
  const base = new URL(home.page.url);

  // Candidate links: the homepage's own, plus sitemap entries (first sitemap only, bounded).
  const links = [...(home.page.links ?? [])];
  const sitemapUrl = sitemaps[0] ?? new URL('/sitemap.xml', base).toString();
  try {
    const sm = new URL(sitemapUrl);
    if (sameSite(sm, base) && (await allowedAnywhere(sitemapUrl)) && Date.now() < deadline) {
      const r = await safeFetch(sitemapUrl, { ...fetchOpts, maxBytes: 1_000_000, timeoutMs: timeLeft() });
      if (r.status < 400) {
        for (const m of decodeBody(r.body, r.headers.get('content-type')).matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/g)) {
          try { links.push({ href: new URL(m[1], sitemapUrl).toString(), text: '' }); } catch { /* not a URL */ }
        }
      }
    }
  } catch { notes.push('no readable sitemap'); }

  const planned = pickPages(base, links, maxPages - 1).filter((p) => p.url !== home.page.url && allowed(p.url));
  const disallowed = pickPages(base, links, maxPages - 1).filter((p) => !allowed(p.url));
  for (const d of disallowed) notes.push(`${d.kind} page ${d.url} not read: disallowed by robots.txt`);
  for (const [i, p] of planned.entries()) {
    if (Date.now() >= deadline) { notes.push('stopped at the 60-second limit'); break; }
    const { page } = await fetchPage(p.url, p.kind);
    result.pages.push(page);
    opts.onProgress?.({ fetched: i + 2, planned: planned.length + 1, url: page.url });
  }
  return result;
}
