import type { CrawledPage } from '../../crawler/crawl-site.js';
import type { PageKind } from '../../crawler/page-picker.js';
import type { PageLink, PageMedia, TextBlock } from '../../crawler/page-text.js';
import { sourcesOf, verifyQuote, type Evidence, type EvidenceSource, type SourcePage } from '../evidence.js';
import type { Proposal } from '../draft-content.js';
import { windowAround } from './text-fit.js';

/** A crawled page as the extractors read it: lines with their element, and its quotable sources. */
export interface ViewPage {
  url: string;
  kind: PageKind;
  title: string;
  blocks: TextBlock[];
  links: PageLink[];
  media: PageMedia[];
  meta: Record<string, string>;
  jsonLd: unknown[];
  sources: Partial<Record<EvidenceSource, SourcePage>>;
  /** The page's declared language (`<html lang>`), lower-cased, when it declares one. */
  lang?: string;
}

/** The whole crawled site: pages with text, the homepage first. */
export interface SiteView {
  pages: ViewPage[];
  home: ViewPage | undefined;
  /** Hosts the site calls its own (the crawled host, canonical and og:url hosts), without www. */
  ownHosts: string[];
}

/** Pages written by the company about itself; blog and press pages talk about anything. */
export const SELF_DESCRIBING: readonly PageKind[] = [
  'homepage',
  'about',
  'features',
  'pricing',
  'faq',
  'team',
  'contact',
  'page',
];

/**
 * Lines that are navigation, footer, cookie notices, announcement bars or other people's words, not the company's own
 * statements. ("banner" is left out: hero sections are often called that.)
 */
const NOT_OWN_WORDS =
  /\b(nav|footer|cookie|consent|gdpr|onetrust|announcement|topbar|modal|popup|newsletter|breadcrumb|menu|navbar|sidebar)\b/;
const OTHER_PEOPLES_WORDS = /\b(testimonial|review|quote|blockquote)\b/;

export const isBoilerplate = (b: TextBlock) => NOT_OWN_WORDS.test(b.within);
export const isOtherPeoplesWords = (b: TextBlock) =>
  OTHER_PEOPLES_WORDS.test(b.within) || b.tag === 'blockquote' || b.tag === 'figcaption';
/** A line the company says in its own voice, in the page's main content. */
export const isOwnStatement = (b: TextBlock) => !isBoilerplate(b) && !isOtherPeoplesWords(b);

/** The host of an address without a leading www, or null when it is none. */
export const hostOf = (u: string | undefined) => {
  try {
    return u ? new URL(u).hostname.toLowerCase().replace(/^www\./, '') : null;
  } catch {
    return null;
  }
};

/** Pages saved before blocks existed still have text: each line becomes a paragraph. */
function blocksOf(page: CrawledPage): TextBlock[] {
  if (page.blocks) return page.blocks;
  return (page.text ?? '')
    .split('\n')
    .filter(Boolean)
    .map((text) => ({ tag: 'p', text, within: '' }));
}

/**
 * What the extractors read of a page: its first 250 000 characters and its last 50 000 (the footer
 * with addresses and links), each line cut to 10 000. What a company says about itself is there;
 * beyond it lie generated listings, and reading them would only cost time. A cut line is a prefix
 * of the real one, so quotes from it still verify.
 */
const LEADING_CHARS = 250_000;
const TRAILING_CHARS = 50_000;
const MAX_LINE = 10_000;

function boundedLines(blocks: TextBlock[], links: PageLink[]): { blocks: TextBlock[]; links: PageLink[] } {
  const cut = (b: TextBlock) => (b.text.length > MAX_LINE ? { ...b, text: b.text.slice(0, MAX_LINE) } : b);
  let total = 0;
  for (const b of blocks) total += Math.min(b.text.length, MAX_LINE) + 1;
  if (total <= LEADING_CHARS + TRAILING_CHARS) return { blocks: blocks.map(cut), links };
  let head = 0;
  for (let chars = 0; head < blocks.length && chars < LEADING_CHARS; head++)
    chars += Math.min(blocks[head].text.length, MAX_LINE) + 1;
  let tail = blocks.length;
  for (let chars = 0; tail > head && chars < TRAILING_CHARS; tail--)
    chars += Math.min(blocks[tail - 1].text.length, MAX_LINE) + 1;
  const kept = [...blocks.slice(0, head), ...blocks.slice(tail)].map(cut);
  const gap = tail - head;
  const moved = links.map((l) => {
    if (l.block === undefined || l.block < head) return l;
    return l.block >= tail ? { ...l, block: l.block - gap } : { href: l.href, text: l.text };
  });
  return { blocks: kept, links: moved };
}

export function siteView(crawled: CrawledPage[]): SiteView {
  const pages: ViewPage[] = [];
  for (const p of crawled) {
    if (p.skipped || (!p.text && !p.headText && !p.linkText)) continue;
    const sources: ViewPage['sources'] = {};
    for (const s of sourcesOf(p)) sources[s.source ?? 'text'] = s;
    const { blocks, links } = boundedLines(blocksOf(p), p.links ?? []);
    pages.push({
      url: p.url,
      kind: p.kind,
      title: p.title ?? '',
      blocks,
      links,
      media: p.media ?? [],
      meta: p.meta ?? {},
      jsonLd: p.jsonLd ?? [],
      sources,
      ...(p.lang ? { lang: p.lang } : {}),
    });
  }
  markBarsAboveNavigation(pages);
  for (const p of pages) unmarkContentColumn(p);
  pages.sort((a, b) => Number(b.kind === 'homepage') - Number(a.kind === 'homepage'));
  const home = pages.find((p) => p.kind === 'homepage');
  // The crawled host may be a staging or loopback address; the canonical and og:url name the real domain.
  const ownHosts = new Set<string>();
  const first = home ?? pages[0];
  const canonical = crawled.find((c) => c.url === first?.url)?.canonical;
  for (const h of first ? [hostOf(first.url), hostOf(canonical), hostOf(first.meta['og:url'])] : [])
    if (h) ownHosts.add(h);
  return { pages, home, ownHosts: [...ownHosts] };
}

/**
 * Lines above the navigation that two pages or more repeat word for word: an announcement bar ("Spring sale: Pro free
 * for life until May 31"), a campaign or a sponsor's strip, whatever its markup is called. They are marked as such, so
 * an offer of the moment is not read as the product's price or a feature.
 */
function markBarsAboveNavigation(pages: ViewPage[]): void {
  const above = (p: ViewPage) => {
    const nav = p.blocks.findIndex((b) => /\b(nav|navbar|menu|header)\b/.test(b.within));
    return nav > 0 ? p.blocks.slice(0, Math.min(nav, 5)) : [];
  };
  const seen = new Map<string, number>();
  for (const p of pages) for (const t of new Set(above(p).map((b) => b.text))) seen.set(t, (seen.get(t) ?? 0) + 1);
  for (const p of pages) {
    const nav = above(p).length;
    p.blocks = p.blocks.map((b, i) =>
      i < nav && (seen.get(b.text) ?? 0) >= 2 && !/\bhero\b/.test(b.within)
        ? { ...b, within: `${b.within} announcement`.trim() }
        : b,
    );
  }
}

/**
 * A theme may call its content column "sidebar" ("sidebar-content fullwidth"): when the page's own heading lies inside
 * it, it is the page's main content, and its lines are not set aside as a sidebar's.
 */
function unmarkContentColumn(page: ViewPage): void {
  const h1 = page.blocks.find((b) => b.tag === 'h1');
  if (!h1 || !/\bsidebar\b/.test(h1.within)) return;
  page.blocks = page.blocks.map((b) =>
    /\bsidebar\b/.test(b.within)
      ? {
          ...b,
          within: b.within
            .replace(/\bsidebar\b/g, ' ')
            .replace(/\s+/g, ' ')
            .trim(),
        }
      : b,
  );
}

const joinedText = new WeakMap<ViewPage, string>();
/** The lines the extractors read, joined once: a pattern is tested on a page in one scan before line by line. */
export function readText(page: ViewPage): string {
  let text = joinedText.get(page);
  if (text === undefined) {
    text = page.blocks.map((b) => b.text).join('\n');
    joinedText.set(page, text);
  }
  return text;
}

export const pagesOfKind = (site: SiteView, ...kinds: PageKind[]) => site.pages.filter((p) => kinds.includes(p.kind));

/**
 * Evidence for a quote taken from one source of one page. The only way the extractors make
 * evidence: through verifyQuote, so a quote that is not really there yields nothing.
 */
export function quoteOn(page: ViewPage, source: EvidenceSource, quote: string): Evidence | null {
  const src = page.sources[source];
  return src ? verifyQuote(quote, [src]) : null;
}

/** Evidence for a visible line, or for the part of a long line around [at, at+len). */
export function quoteLine(page: ViewPage, text: string, at = 0, len = text.length): Evidence | null {
  return quoteOn(page, 'text', windowAround(text, at, len));
}

/** A proposal only when at least one quote verified; otherwise the value is not used at all. */
export function propose<T>(value: T, evidence: (Evidence | null | undefined)[]): Proposal<T> | undefined {
  const verified = dedupe(evidence);
  return verified.length ? { value, evidence: verified } : undefined;
}

export function dedupe(evidence: (Evidence | null | undefined)[]): Evidence[] {
  const out: Evidence[] = [];
  for (const e of evidence) {
    if (e && !out.some((o) => o.url === e.url && o.source === e.source && o.start === e.start && o.end === e.end))
      out.push(e);
  }
  return out;
}
