import robotsParserModule from 'robots-parser';
import { allowListFor } from '../net/address-policy.js';
import {
  BlockedAddressError,
  RedirectRefusedError,
  checkUrl,
  safeFetch,
  type SafeFetchOptions,
  type SafeResponse,
} from '../net/safe-fetch.js';
import { decodeBody, isHtml } from './decode.js';
import { extractPage, type PageContent } from './page-text.js';
import { bareHost, linkSource, pageKey, rankPages, sameSite, type Candidate, type PageKind } from './page-picker.js';
import { chromiumRenderer, hasUndrawnParts, isAppShell, type RenderOptions, type Renderer } from './render-page.js';
import { readScriptLinks } from './script-links.js';
import { readSitemaps } from './sitemaps.js';

// CommonJS default export under NodeNext: the function sits one level down at run time.
const robotsParser = ((robotsParserModule as unknown as { default?: typeof robotsParserModule }).default ??
  robotsParserModule) as unknown as (
  url: string,
  txt: string,
) => { isAllowed(url: string, ua?: string): boolean | undefined; getSitemaps(): string[] };

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
export async function readRobots(
  start: URL,
  fetchOpts: SafeFetchOptions,
): Promise<
  { rules: RobotsRules; blocked: null; retryable?: false } | { rules: null; blocked: string; retryable: boolean }
> {
  const robotsUrl = new URL('/robots.txt', start).toString();
  let text = '';
  try {
    const r = await safeFetch(robotsUrl, { ...fetchOpts, maxBytes: 500_000 });
    if (r.status >= 500)
      return {
        rules: null,
        blocked: `The site's robots.txt answered HTTP ${r.status}, so we read nothing.`,
        retryable: true,
      };
    if (r.status < 400) text = decodeBody(r.body, r.headers.get('content-type'));
  } catch (err) {
    const policy = err instanceof BlockedAddressError;
    return {
      rules: null,
      blocked: policy
        ? `The site cannot be read: ${err.message}.`
        : `The site could not be reached (${(err as Error).message}).`,
      retryable: !policy,
    };
  }
  const robots = robotsParser(robotsUrl, text);
  return {
    rules: { allows: (u) => robots.isAllowed(u, CRAWLER_NAME) !== false, sitemaps: robots.getSitemaps() },
    blocked: null,
  };
}

export type RobotsOutcome = Awaited<ReturnType<typeof readRobots>>;

/**
 * robots.txt per origin, read once each: `start`'s rules are already known; a URL on another
 * origin (a redirect's target) is judged by that origin's robots.txt, read the first time it is
 * needed. An unreadable robots.txt allows nothing there. Shared by the crawl and the badge check.
 */
export function robotsPerOrigin(start: URL, startRules: RobotsRules, fetchOpts: () => SafeFetchOptions) {
  const origins = new Map<string, Promise<RobotsOutcome>>([
    [start.origin, Promise.resolve({ rules: startRules, blocked: null })],
  ]);
  const robotsOf = (url: string): Promise<RobotsOutcome> => {
    const origin = new URL(url).origin;
    if (!origins.has(origin)) origins.set(origin, readRobots(new URL(origin), fetchOpts()));
    return origins.get(origin)!;
  };
  const allows = async (url: string): Promise<boolean> => {
    const { rules } = await robotsOf(url);
    return rules ? rules.allows(url) : false;
  };
  return { robotsOf, allows };
}

/** Why a page of the site was not read, for people (the draft's progress) and programs alike. */
export type SkipReason =
  | 'page_limit'
  | 'time_limit'
  | 'robots'
  | 'not_html'
  | 'too_large'
  | 'timeout'
  | 'off_site_redirect'
  | 'http_error'
  | 'blocked_address'
  | 'unreachable'
  | 'duplicate';
export interface SkippedPage {
  url: string;
  reason: SkipReason;
  detail: string;
}

export interface CrawledPage extends Partial<PageContent> {
  url: string;
  kind: PageKind;
  status: number;
  contentType: string | null;
  /** The `Content-Language` response header, lower-cased, when sent: one of the signs of the site's language. */
  contentLanguage?: string;
  /** Why the page has no text: not HTML, too large, an error… */
  skipped?: string;
  /** The same, as a code. */
  skipReason?: SkipReason;
  /** An application shell (its text is written by JavaScript): whether it was rendered, and why not. */
  /** Set when the page needed JavaScript: a whole application shell, or only `partly` (parts drawn by script). */
  javascript?: { rendered: true } | { rendered: false; why: string; partly?: true };
}

export interface CrawlResult {
  startUrl: string;
  finalUrl: string | null;
  /** The pages fetched, in rank order (home first); those that gave no text say why in `skipped`. */
  pages: CrawledPage[];
  /** Every page found but not read, with the reason: fetched and failed, or never fetched (limit, robots.txt, not
   *  HTML). */
  skipped: SkippedPage[];
  /** Set when nothing could be read, with the reason to show (robots.txt, unreachable, private address…). */
  blocked: string | null;
  /** The block may pass if tried again later (network error, timeout, HTTP 5xx) — unlike robots.txt or a private
   *  address. */
  retryable: boolean;
  /** What the founder should know about how the site was read, when something was missed (pages rendered by
   *  JavaScript). */
  notice: string | null;
  notes: string[];
}

export interface CrawlOptions {
  publicUrl: string;
  allowHosts: string[];
  maxPages?: number;
  maxBytesPerPage?: number;
  pageTimeoutMs?: number;
  totalTimeoutMs?: number;
  /** Pages fetched at once. */
  concurrency?: number;
  /** Render application shells in Chromium (CRAWL_RENDER=chromium); null or absent: never. */
  render?: RenderOptions | null;
  onProgress?: (p: { fetched: number; planned: number; url: string }) => void;
}

/** A fetch failure as a skip reason, with its words. */
function failureOf(err: unknown, timeoutMs: number): { reason: SkipReason; detail: string } {
  const e = err as Error;
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError')
    return { reason: 'timeout', detail: `timed out after ${Math.round(timeoutMs / 1000)} s` };
  if (e instanceof BlockedAddressError)
    return { reason: /larger than/.test(e.message) ? 'too_large' : 'blocked_address', detail: e.message };
  return { reason: 'unreachable', detail: e?.message ?? String(err) };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What the founder is told when application shells were read without their JavaScript. */
export function renderNotice(pages: CrawledPage[], renderingOn: boolean): string | null {
  const unrendered = pages.filter((p) => p.javascript && !p.javascript.rendered);
  if (unrendered.length === 0) return null;
  const first = unrendered[0];
  const which =
    unrendered.length === 1
      ? `The page ${first.url} is`
      : `${plural(unrendered.length, 'page')} (${first.url} and others) are`;
  const why = first.javascript && !first.javascript.rendered ? first.javascript.why : '';
  // Web components left empty (navigation, footer, a section): the rest of the page was read.
  if (unrendered.every((p) => p.javascript && !p.javascript.rendered && p.javascript.partly)) {
    const parts = `${unrendered.length === 1 ? `Parts of the page ${first.url} are` : `Parts of ${plural(unrendered.length, 'page')} (${first.url} and others) are`} drawn by JavaScript (its navigation, footer or sections)`;
    return renderingOn
      ? `${parts} and could not be rendered (${why}), so what they hold was not read.`
      : `${parts}, so what they hold was not read: set CRAWL_RENDER=chromium on the server to have such pages ` +
          `rendered in a headless browser.`;
  }
  return renderingOn
    ? `${which} rendered by JavaScript and could not be rendered (${why}), so only the title and meta tags were read.`
    : `${which} rendered by JavaScript, so only the title and meta tags were read: this page is rendered by ` +
        `JavaScript; set CRAWL_RENDER=chromium on the server to have such pages rendered in a headless browser.`;
}

/**
 * Reads a small product website whole, the way a careful visitor would: robots.txt first (a page it
 * disallows for our User-Agent is never fetched), then the homepage, then up to `maxPages` pages in
 * rank order (page-picker.ts: main navigation, footer, other links, the sitemap; legal, other-language
 * and sign-in pages last), a few at once. Pages that are application shells are rendered in Chromium
 * when that is configured. Every request goes through the SSRF guard; pages, bytes, time and
 * redirects are bounded; every page not read is reported with the reason.
 */
export async function crawlSite(startUrl: string, opts: CrawlOptions): Promise<CrawlResult> {
  const renderer = opts.render ? chromiumRenderer(opts.render) : null;
  try {
    return await crawl(startUrl, opts, renderer);
  } finally {
    await renderer?.close();
  }
}

async function crawl(startUrl: string, opts: CrawlOptions, renderer: Renderer | null): Promise<CrawlResult> {
  const allow = allowListFor(opts.allowHosts);
  const userAgent = crawlerUserAgent(opts.publicUrl);
  const maxPages = opts.maxPages ?? 15;
  const pageTimeoutMs = opts.pageTimeoutMs ?? 10_000;
  const deadline = Date.now() + (opts.totalTimeoutMs ?? 60_000);
  const fetchOpts = { allow, userAgent, maxBytes: opts.maxBytesPerPage ?? 2_000_000, maxRedirects: 5 };
  const timeLeft = () => Math.max(1, Math.min(pageTimeoutMs, deadline - Date.now()));
  const notes: string[] = [];
  const skipped: SkippedPage[] = [];
  const result: CrawlResult = {
    startUrl,
    finalUrl: null,
    pages: [],
    skipped,
    blocked: null,
    retryable: false,
    notice: null,
    notes,
  };

  let start: URL;
  try {
    start = checkUrl(startUrl, allow);
  } catch (err) {
    result.blocked = `The address cannot be read: ${(err as Error).message}.`;
    return result;
  }

  const robots = await readRobots(start, { ...fetchOpts, timeoutMs: timeLeft() });
  if (!robots.rules) {
    result.blocked = robots.blocked;
    result.retryable = robots.retryable;
    return result;
  }
  const allowed = robots.rules.allows;
  // A redirect to another origin is governed by that origin's robots.txt, read once per origin.
  const allowedAnywhere = robotsPerOrigin(start, robots.rules, () => ({ ...fetchOpts, timeoutMs: timeLeft() })).allows;
  if (!allowed(start.toString())) {
    result.blocked =
      `The site's robots.txt does not allow ${CRAWLER_NAME} to read ${start.pathname}, so nothing was read from ` +
      `the website.`;
    return result;
  }
  let transientFailure = false;

  /** `site` set: a redirect off that site is not followed (only the homepage may move to another site). */
  const fetchPage = async (
    url: string,
    kind: PageKind,
    site: URL | null,
  ): Promise<{ page: CrawledPage; response: SafeResponse | null }> => {
    let offSite: string | null = null;
    const skip = (u: string, status: number, contentType: string | null, reason: SkipReason, detail: string) => ({
      page: { url: u, kind, status, contentType, skipped: detail, skipReason: reason } as CrawledPage,
      response: null,
    });
    try {
      // A redirect is followed only where robots.txt allows us, so a disallowed target is never fetched.
      const res = await safeFetch(url, {
        ...fetchOpts,
        timeoutMs: timeLeft(),
        accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5',
        mayFollow: async (next) => {
          if (site && !sameSite(next, site)) {
            offSite = next.toString();
            return false;
          }
          return allowedAnywhere(next.toString());
        },
      });
      const contentType = res.headers.get('content-type');
      if (!(await allowedAnywhere(res.url)))
        return skip(res.url, res.status, contentType, 'robots', 'disallowed by robots.txt after a redirect');
      if (res.status >= 400)
        return { ...skip(res.url, res.status, contentType, 'http_error', `HTTP ${res.status}`), response: res };
      if (!isHtml(contentType))
        return {
          ...skip(
            res.url,
            res.status,
            contentType,
            'not_html',
            `not an HTML page (${contentType ?? 'no content type'})`,
          ),
          response: res,
        };
      const html = decodeBody(res.body, contentType);
      const contentLanguage = res.headers.get('content-language')?.trim().toLowerCase() || undefined;
      let content = extractPage(html, res.url);
      let javascript: CrawledPage['javascript'];
      const shell = isAppShell(html, content);
      if (shell || hasUndrawnParts(html)) {
        const partly = shell ? {} : { partly: true as const };
        if (!renderer) javascript = { rendered: false, why: 'rendering is off', ...partly };
        else {
          try {
            const rendered = await renderer.render({
              url: res.url,
              html,
              contentType,
              timeoutMs: timeLeft(),
              allows: allowedAnywhere,
              fetchOpts,
            });
            content = extractPage(rendered.html, res.url);
            javascript = { rendered: true };
            if (rendered.blocked.length)
              notes.push(
                `rendering ${res.url} refused ${plural(rendered.blocked.length, 'request')}: ` +
                  `${rendered.blocked.slice(0, 5).join(', ')}`,
              );
          } catch (err) {
            javascript = { rendered: false, why: (err as Error).message.split('\n')[0].slice(0, 200), ...partly };
          }
        }
      }
      return {
        page: {
          url: res.url,
          kind,
          status: res.status,
          contentType,
          ...(contentLanguage ? { contentLanguage } : {}),
          ...content,
          ...(javascript ? { javascript } : {}),
        },
        response: res,
      };
    } catch (err) {
      if (err instanceof RedirectRefusedError) {
        return offSite
          ? skip(url, 0, null, 'off_site_redirect', `redirects off the site, to ${offSite}`)
          : skip(err.target, 0, null, 'robots', 'disallowed by robots.txt after a redirect');
      }
      if (!(err instanceof BlockedAddressError)) transientFailure = true;
      const failure = failureOf(err, pageTimeoutMs);
      // The reason in the words safeFetch gives (what the founder and the tests see), the code beside it.
      return skip(url, 0, null, failure.reason, failure.reason === 'timeout' ? failure.detail : (err as Error).message);
    }
  };

  // The sitemaps are read while the homepage is.
  const sitemapPages = readSitemaps(start, robots.rules.sitemaps, {
    fetchOpts: () => ({ ...fetchOpts, timeoutMs: timeLeft() }),
    allows: allowedAnywhere,
    stillTime: () => Date.now() < deadline,
  });
  let home = await fetchPage(start.toString(), 'homepage', null);
  // A homepage with next to nothing on it that sends browsers elsewhere on the site at once (a meta refresh or a
  // script: a root that picks the language, "/" to "/pt-br/") is read where it sends them, once.
  const sendsTo = home.page.redirect ? new URL(home.page.redirect) : null;
  if (
    sendsTo &&
    /^https?:$/.test(sendsTo.protocol) &&
    sameSite(sendsTo, new URL(home.page.url)) &&
    pageKey(sendsTo) !== pageKey(new URL(home.page.url)) &&
    (home.page.text ?? '').length < 500 &&
    (await allowedAnywhere(sendsTo.toString()))
  ) {
    const moved = await fetchPage(sendsTo.toString(), 'homepage', new URL(home.page.url));
    if (moved.page.text || moved.page.headText) {
      notes.push(`the homepage sends browsers to ${moved.page.url}, which was read as the homepage`);
      home = moved;
    }
  }
  result.pages.push(home.page);
  result.finalUrl = home.response?.url ?? null;
  opts.onProgress?.({ fetched: 1, planned: 1, url: home.page.url });
  // A single-page app's shell has no visible text, but its title and meta tags still say what it is.
  if (!home.page.text && !home.page.headText) {
    result.blocked = `The homepage could not be read: ${home.page.skipped ?? 'it has no text'}.`;
    result.retryable = transientFailure || home.page.status >= 500;
    await sitemapPages.catch(() => []);
    return result;
  }
  const base = new URL(home.page.url);
  const homeLanguage = home.page.lang ?? null;
  // The site's own domain as its homepage declares it (canonical, og:url), when it is served from another host (a
  // preview, a mirror): its absolute links to that domain are to pages of this copy, read here by their path.
  const declared = new Set(
    [home.page.canonical, home.page.meta?.['og:url']]
      .map((u) => {
        try {
          return u ? new URL(u) : null;
        } catch {
          return null;
        }
      })
      .filter((u): u is URL => !!u && /^https?:$/.test(u.protocol) && !sameSite(u, base))
      .map(bareHost),
  );
  const here = (href: string) => {
    try {
      const u = new URL(href);
      if (!declared.has(bareHost(u))) return href;
      return new URL(`${u.pathname}${u.search}`, base).toString();
    } catch {
      return href;
    }
  };
  const fromSitemap: Candidate[] = (await sitemapPages).map((href) => ({
    href: here(href),
    text: '',
    source: 'sitemap',
  }));
  const linksOf = (p: CrawledPage): Candidate[] => [
    ...(p.links ?? []).map((l) => ({ href: here(l.href), text: l.text, source: linkSource(l.within) })),
    ...(p.scriptLinks ?? []).map((href) => ({ href: here(href), text: '', source: 'script' as const })),
  ];
  // The homepage's own scripts may draw its navigation: the pages they name are offered after the visible links.
  const fromScripts: Candidate[] = (
    await readScriptLinks(home.page, {
      fetchOpts: () => ({ ...fetchOpts, timeoutMs: timeLeft() }),
      allows: allowedAnywhere,
      stillTime: () => Date.now() < deadline,
    })
  ).map((href) => ({ href, text: '', source: 'script' }));

  // The links found so far, in the order of the pages that hold them (home first), then the sitemap's.
  const done: { rankIndex: number; page: CrawledPage }[] = [];
  const taken = new Set<string>([pageKey(start), pageKey(base)]);
  const disallowed = new Map<string, string>();
  const ranking = () => {
    const found = [
      ...linksOf(home.page),
      ...done
        .slice()
        .sort((a, b) => a.rankIndex - b.rankIndex)
        .flatMap((d) => linksOf(d.page)),
      ...fromScripts,
      ...fromSitemap,
    ];
    const { ranked, rejected } = rankPages(base, found, { homeLanguage, exclude: taken });
    return { open: ranked, rejected };
  };

  const concurrency = Math.max(1, opts.concurrency ?? 4);
  // Pages that fail do not use up the limit, but attempts are bounded too.
  const maxAttempts = maxPages * 2;
  let readCount = 1;
  let attempts = 0;
  let order = 0;
  let timeUp = false;
  // Pages are read in waves: a few chosen from the links of every page read so far, read together, and the next
  // wave chosen once they are all in. Choosing whenever one answer came in made the pages read (and so the
  // draft) depend on which of them answered first; a wave makes the same site give the same draft.
  for (;;) {
    const wave: { next: ReturnType<typeof ranking>['open'][number]; rankIndex: number }[] = [];
    while (wave.length < concurrency && readCount + wave.length < maxPages && attempts < maxAttempts) {
      if (Date.now() >= deadline) {
        timeUp = true;
        break;
      }
      const next = ranking().open[0];
      if (!next) break;
      taken.add(pageKey(new URL(next.url)));
      // Each page by its own origin's robots.txt (www.example.com and example.com may differ), read once per origin.
      if (!(await allowedAnywhere(next.url))) {
        disallowed.set(next.url, next.kind);
        continue;
      }
      attempts++;
      wave.push({ next, rankIndex: order++ });
    }
    if (!wave.length) break;
    let inFlight = wave.length;
    await Promise.all(
      wave.map(({ next, rankIndex }) =>
        fetchPage(next.url, next.kind, base).then(({ page }) => {
          inFlight--;
          // A page that redirected to one already read is not read twice.
          const key = pageKey(new URL(page.url));
          if (
            page.url !== next.url &&
            !page.skipped &&
            (key === pageKey(base) || done.some((d) => pageKey(new URL(d.page.url)) === key))
          ) {
            page = {
              ...page,
              text: undefined,
              headText: undefined,
              links: [],
              skipped: 'redirects to a page already read',
              skipReason: 'duplicate',
            };
          }
          done.push({ rankIndex, page });
          if (page.text || page.headText) readCount++;
          const fetched = done.length + 1;
          opts.onProgress?.({
            fetched,
            planned: fetched + inFlight + Math.min(ranking().open.length, Math.max(0, maxPages - readCount - inFlight)),
            url: page.url,
          });
        }),
      ),
    );
  }

  done.sort((a, b) => a.rankIndex - b.rankIndex);
  result.pages.push(...done.map((d) => d.page));
  for (const p of result.pages)
    if (p.skipped) skipped.push({ url: p.url, reason: p.skipReason ?? 'unreachable', detail: p.skipped });
  const rest = ranking();
  const overLimit: string[] = [];
  for (const p of rest.open) {
    if (await allowedAnywhere(p.url)) overLimit.push(p.url);
    else disallowed.set(p.url, p.kind);
  }
  for (const [url] of disallowed) skipped.push({ url, reason: 'robots', detail: 'disallowed by robots.txt' });
  for (const r of rest.rejected) skipped.push({ url: r.url, reason: 'not_html', detail: r.reason });
  const limitReason: SkipReason = timeUp ? 'time_limit' : 'page_limit';
  const limitDetail = timeUp
    ? `not read within the ${Math.round((opts.totalTimeoutMs ?? 60_000) / 1000)}-second limit`
    : `over the ${maxPages}-page limit`;
  for (const url of overLimit) skipped.push({ url, reason: limitReason, detail: limitDetail });
  if (timeUp) notes.push(`stopped at the ${Math.round((opts.totalTimeoutMs ?? 60_000) / 1000)}-second limit`);
  for (const [url, kind] of disallowed) notes.push(`${kind} page ${url} not read: disallowed by robots.txt`);
  result.notice = renderNotice(result.pages, renderer !== null);
  return result;
}
