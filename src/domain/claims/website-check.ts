import * as cheerio from 'cheerio';
import { allowListFor } from '../../net/address-policy.js';
import { BlockedAddressError, safeFetch, type SafeResponse } from '../../net/safe-fetch.js';
import { crawlerUserAgent } from '../../crawler/crawl-site.js';
import { decodeBody, isHtml } from '../../crawler/decode.js';
import { claimFileUrl, claimHost, homepageUrl, META_NAME, metaTag } from './claim-instructions.js';
import type { Finding } from './dns-check.js';

const short = (s: string, n = 120) => (s.length > n ? `${s.slice(0, n)}…` : s);

/** The <meta name="launchdeck-claim"> tags of a page: in the <head> (where they count) and elsewhere. */
export function claimMetaTags(html: string): { head: string[]; elsewhere: string[] } {
  const $ = cheerio.load(html);
  const head: string[] = [];
  const elsewhere: string[] = [];
  $('meta').each((_, el) => {
    if (($(el).attr('name') ?? '').trim().toLowerCase() !== META_NAME) return;
    const content = ($(el).attr('content') ?? '').trim();
    ($(el).closest('head').length > 0 ? head : elsewhere).push(content);
  });
  return { head, elsewhere };
}

/** Compares the homepage's claim meta tags with the token. */
export function evaluateMeta(url: string, html: string, token: string): Finding {
  const { head, elsewhere } = claimMetaTags(html);
  const seen = [...head, ...elsewhere];
  if (head.includes(token))
    return { found: true, detail: `${metaTag(token)} found in the <head> of ${url}.`, checked: url, seen };
  const parts: string[] = [];
  if (head.length > 0)
    parts.push(
      `the <head> of ${url} has <meta name="${META_NAME}"> with content ` +
        `${head.map((c) => JSON.stringify(c)).join(', ')}, not "${token}"`,
    );
  else parts.push(`no <meta name="${META_NAME}"> in the <head> of ${url}`);
  if (elsewhere.includes(token)) parts.push(`the tag with the right content is in the <body>; move it into the <head>`);
  else if (elsewhere.length > 0)
    parts.push(`tags outside the <head> have content ${elsewhere.map((c) => JSON.stringify(c)).join(', ')}`);
  const detail = parts.join('; ');
  return {
    found: false,
    detail: `${detail[0].toUpperCase()}${detail.slice(1)}. Expected ${metaTag(token)}.`,
    checked: url,
    seen,
  };
}

/** Compares the claim file's content with the token (surrounding whitespace and a byte order mark do not matter). */
export function evaluateFile(url: string, status: number, body: string, token: string): Finding {
  if (status >= 400)
    return {
      found: false,
      detail: `${url} answered HTTP ${status}; expected a file containing ${token}.`,
      checked: url,
      seen: [],
    };
  const content = body.replace(/^\uFEFF/, '').trim();
  if (content === token)
    return { found: true, detail: `${url} (HTTP ${status}) contains the token.`, checked: url, seen: [content] };
  const what = content === '' ? 'is empty' : `contains ${JSON.stringify(short(content))}`;
  return {
    found: false,
    detail: `${url} (HTTP ${status}) ${what}; expected exactly ${token}.`,
    checked: url,
    seen: content === '' ? [] : [short(content)],
  };
}

/**
 * A redirect may only stay on the company's own site: its website's host, its domain or a
 * subdomain. Otherwise anyone who controls where the homepage redirects to (a link shortener, a
 * hosted page builder) could claim the company.
 */
export function sameCompanyHost(finalUrl: string, websiteUrl: string, domain: string): boolean {
  const host = new URL(finalUrl).hostname.toLowerCase();
  const d = claimHost(domain);
  return host === new URL(websiteUrl).hostname.toLowerCase() || host === d || host.endsWith(`.${d}`);
}

export interface WebsiteCheckOptions {
  publicUrl: string;
  allowHosts: string[];
}

/** Fetches one page of the company's site for a check (no robots.txt: the owner asked us to look at exactly this
 *  URL). */
async function fetchForCheck(
  url: string,
  websiteUrl: string,
  domain: string,
  opts: WebsiteCheckOptions,
  maxBytes: number,
): Promise<SafeResponse | Finding> {
  let res: SafeResponse;
  try {
    res = await safeFetch(url, {
      allow: allowListFor(opts.allowHosts),
      userAgent: crawlerUserAgent(opts.publicUrl),
      maxBytes,
      timeoutMs: 10_000,
      maxRedirects: 5,
      accept: 'text/html,text/plain;q=0.9,*/*;q=0.5',
    });
  } catch (err) {
    const why =
      err instanceof BlockedAddressError ? err.message : `it could not be reached (${(err as Error).message})`;
    return { found: false, detail: `${url} could not be read: ${why}.`, checked: url, seen: [] };
  }
  if (!sameCompanyHost(res.url, websiteUrl, domain)) {
    return {
      found: false,
      detail:
        `${url} redirected to ${res.url}, which is not on ${claimHost(domain)}; the check has to be answered by ` +
        `the company's own site.`,
      checked: url,
      seen: [],
    };
  }
  return res;
}

const isFinding = (r: SafeResponse | Finding): r is Finding => 'found' in r;

/** The meta-tag check: the homepage's HTML, as the server sends it. */
export async function checkMeta(
  websiteUrl: string,
  domain: string,
  token: string,
  opts: WebsiteCheckOptions,
): Promise<Finding> {
  const url = homepageUrl(websiteUrl);
  const res = await fetchForCheck(url, websiteUrl, domain, opts, 2_000_000);
  if (isFinding(res)) return res;
  const where = res.url === url ? url : `${url} (redirected to ${res.url})`;
  if (res.status >= 400)
    return {
      found: false,
      detail: `${where} answered HTTP ${res.status}; expected a homepage with ${metaTag(token)}.`,
      checked: url,
      seen: [],
    };
  const type = res.headers.get('content-type');
  if (!isHtml(type))
    return {
      found: false,
      detail: `${where} is not an HTML page (${type ?? 'no content type'}); expected a homepage with ${metaTag(token)}.`,
      checked: url,
      seen: [],
    };
  return { ...evaluateMeta(where, decodeBody(res.body, type), token), checked: url };
}

/** The file check: the well-known file on the website's origin. */
export async function checkFile(
  websiteUrl: string,
  domain: string,
  token: string,
  opts: WebsiteCheckOptions,
): Promise<Finding> {
  const url = claimFileUrl(websiteUrl);
  const res = await fetchForCheck(url, websiteUrl, domain, opts, 64_000);
  if (isFinding(res)) return res;
  const where = res.url === url ? url : `${url} (redirected to ${res.url})`;
  return {
    ...evaluateFile(where, res.status, decodeBody(res.body, res.headers.get('content-type')), token),
    checked: url,
  };
}
