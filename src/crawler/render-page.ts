import fs from 'node:fs';
import * as cheerio from 'cheerio';
import type { Browser, Route } from 'playwright-core';
import { safeFetch, type SafeFetchOptions } from '../net/safe-fetch.js';
import type { PageContent } from './page-text.js';

/** Rendering settings: CRAWL_RENDER=chromium, with the browser at CHROMIUM_PATH. */
export interface RenderOptions {
  chromiumPath: string;
}

/** Below this many characters of visible text a page with a mount point and scripts is an application shell. */
const SHELL_TEXT_CHARS = 200;
/** What one render may ask for through us, beyond the page itself. */
const MAX_SUBREQUESTS = 150;
const MAX_RENDER_BYTES = 10_000_000;

/**
 * An application shell: little visible text, an (almost) empty root `<div id=…>` that a script
 * fills in, and scripts to fill it. Such a page says nothing until JavaScript runs.
 */
export function isAppShell(html: string, content: Pick<PageContent, 'text'>): boolean {
  if (content.text.length >= SHELL_TEXT_CHARS) return false;
  if (!/<script\b/i.test(html)) return false;
  const $ = cheerio.load(html);
  if ($('body script').length + $('head script[src]').length === 0) return false;
  return $('body div[id]')
    .toArray()
    .some((el) => $(el).text().trim().length < SHELL_TEXT_CHARS && $(el).parents('div[id]').length === 0);
}

/**
 * Parts of the page drawn by script: web components left empty in the HTML (`<site-footer></site-footer>`)
 * that hold the navigation, the footer or a whole section. Small widgets (`<ion-icon>`) do not count:
 * only an empty custom element straight under <body>, or one named like a part of the layout.
 */
export function hasUndrawnParts(html: string): boolean {
  if (!/<[a-z][a-z0-9]*-[a-z0-9-]*[\s>]/i.test(html) || !/<script\b/i.test(html)) return false;
  const $ = cheerio.load(html);
  return $('body *')
    .toArray()
    .some((el) => {
      const name = (el as { tagName?: string }).tagName ?? '';
      if (!name.includes('-') || $(el).text().trim() !== '' || $(el).children().length > 0) return false;
      return $(el).parent().is('body') || /(nav|header|footer|menu|app|root|layout|page|section)/.test(name);
    });
}

/** The Chromium flags that keep a render off the network: every request is answered by us (route.fulfill). */
const CHROMIUM_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-default-apps',
  '--disable-sync',
  '--disable-extensions',
  '--no-first-run',
  '--no-default-browser-check',
  '--disable-dev-shm-usage',
  '--disable-gpu',
  '--mute-audio',
  '--disable-breakpad',
  '--metrics-recording-only',
  // Anything that escapes interception (WebSockets, WebRTC) goes to a proxy that is not there.
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
];

export interface RenderTarget {
  url: string;
  /** The document as already fetched (through the SSRF guard): served to the browser as is. */
  html: string;
  contentType: string | null;
  timeoutMs: number;
  /** Whether robots.txt lets us fetch this URL (scripts and data the page loads are fetched by us too). */
  allows: (url: string) => Promise<boolean>;
  fetchOpts: Omit<SafeFetchOptions, 'timeoutMs'>;
}

export interface Renderer {
  /** The rendered DOM as HTML; throws with a readable reason when the page cannot be rendered. */
  render(target: RenderTarget): Promise<{ html: string; blocked: string[] }>;
  close(): Promise<void>;
}

/**
 * Renders application shells in headless Chromium (playwright-core), launched on first use with a
 * fresh profile and closed with close(). The browser never touches the network itself: every
 * request it makes is intercepted, and only GET requests to the page's own origin that robots.txt
 * allows are fetched — by safeFetch, so through the same address policy as the crawl, with the
 * connection pinned to the checked address — and handed back; everything else is aborted.
 * Renders run one at a time, each within its time limit.
 */
export function chromiumRenderer(opts: RenderOptions): Renderer {
  let browser: Promise<Browser> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const launch = async () => {
    if (!fs.existsSync(opts.chromiumPath)) throw new Error(`no Chromium at ${opts.chromiumPath}`);
    const { chromium } = await import('playwright-core');
    // Chromium's own sandbox refuses to start as root (containers); elsewhere it stays on.
    return chromium.launch({
      executablePath: opts.chromiumPath,
      headless: true,
      chromiumSandbox: process.getuid?.() !== 0,
      args: CHROMIUM_ARGS,
      timeout: 10_000,
    });
  };

  const renderOne = async (target: RenderTarget, deadline: number) => {
    if (Date.now() >= deadline)
      throw new Error(`no time left to render it within ${Math.round(target.timeoutMs / 1000)} s`);
    const left = () => Math.max(1, deadline - Date.now());
    browser ??= launch();
    const b = await withTimeout(browser, left(), 'starting Chromium');
    const pageUrl = new URL(target.url);
    pageUrl.hash = '';
    const origin = pageUrl.origin;
    const context = await b.newContext({
      userAgent: target.fetchOpts.userAgent,
      serviceWorkers: 'block',
      acceptDownloads: false,
    });
    const blocked: string[] = [];
    let requests = 0;
    let bytes = 0;
    try {
      let documentServed = false;
      const handle = async (route: Route) => {
        const req = route.request();
        const url = req.url();
        let u: URL | null = null;
        try {
          u = new URL(url);
          u.hash = '';
        } catch {
          /* not a URL: refused below */
        }
        if (!documentServed && req.isNavigationRequest() && u?.toString() === pageUrl.toString()) {
          documentServed = true;
          return route.fulfill({
            status: 200,
            contentType: target.contentType ?? 'text/html; charset=utf-8',
            body: target.html,
          });
        }
        const refuse = (why: string) => {
          blocked.push(`${url.slice(0, 200)} (${why})`);
          return route.abort('blockedbyclient');
        };
        if (!u || u.origin !== origin) return refuse('another origin');
        if (req.method() !== 'GET' && req.method() !== 'HEAD') return refuse(`${req.method()} request`);
        if (++requests > MAX_SUBREQUESTS) return refuse('too many requests');
        try {
          if (!(await target.allows(url))) return refuse('disallowed by robots.txt');
          const res = await safeFetch(url, {
            ...target.fetchOpts,
            timeoutMs: left(),
            mayFollow: async (next) => next.origin === origin && target.allows(next.toString()),
          });
          bytes += res.body.length;
          if (bytes > MAX_RENDER_BYTES) return refuse('the render read too much');
          const type = res.headers.get('content-type');
          return route.fulfill({ status: res.status, headers: type ? { 'content-type': type } : {}, body: res.body });
        } catch (err) {
          return refuse((err as Error).message);
        }
      };
      // A request still in flight when the context closes has nowhere to go: that is not an error.
      await context.route('**/*', (route) => handle(route).catch(() => {}));
      const page = await context.newPage();
      page.setDefaultTimeout(left());
      await page.goto(target.url, { waitUntil: 'load', timeout: left() });
      // Scripts usually fetch their content after load: give them until the network is quiet.
      await page.waitForLoadState('networkidle', { timeout: Math.min(left(), 3_000) }).catch(() => {});
      const html = await withTimeout(page.content(), left(), 'reading the rendered page');
      return { html, blocked };
    } finally {
      await context.close().catch(() => {});
    }
  };

  return {
    render(target) {
      // The time limit starts now: waiting for the render before this one counts.
      const deadline = Date.now() + target.timeoutMs;
      const run = queue.then(() => renderOne(target, deadline));
      queue = run.catch(() => {});
      return run;
    },
    async close() {
      const b = browser;
      browser = null;
      if (b) await (await b.catch(() => null))?.close().catch(() => {});
    },
  };
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took longer than ${Math.round(ms / 1000)} s`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
