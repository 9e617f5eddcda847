import * as cheerio from 'cheerio';
import { scriptFaqs } from './script-faqs.js';
import { scriptPaths } from './script-links.js';

/** One line of visible text and the element that holds it; `text` is these lines joined by newlines. */
export interface TextBlock {
  /** Innermost block element holding the line: p, li, h1…h6, dt, dd, summary, td, address, div… */
  tag: string;
  text: string;
  /**
   * Space-separated hints from the ancestors: landmark tags (nav, header, footer, aside, blockquote,
   * figure, details, dl, form, address) and class/id/role words from a small vocabulary (testimonial,
   * team, faq, pricing, timeline…), so the drafter can skip navigation and quotes of other people; "sublist" for the
   * items of a list nested in a list item.
   */
  within: string;
}

export interface PageLink {
  href: string;
  text: string;
  /** Index in `blocks` of the line the link stands on (an icon-only link belongs to the line before it). */
  block?: number;
  /** What an icon link says it is without text: its aria-label or title, and "rel=me" when it declares so. */
  label?: string;
  /** The landmark hints around the link (as TextBlock.within), so the crawler can tell navigation from body links. */
  within?: string;
}

/** Non-text resources a profile may point at: logos, icons, embedded players. */
export interface PageMedia {
  /** `image`: a picture whose alt text is a short name (1–3 words), which may be a logo named only by its alt. */
  url: string;
  kind: 'logo' | 'icon' | 'apple-touch-icon' | 'embed' | 'image';
  within: string;
  alt?: string;
  /** An icon's declared size ("180x180", "any") and type ("image/svg+xml"): the drafter prefers the largest. */
  sizes?: string;
  type?: string;
  /** The image's own class or id says it is the dark-mode one ("VPImage dark logo", id "logo-dark"). */
  dark?: boolean;
}

export interface PageContent {
  title: string;
  /** Visible text, whitespace-normalised, blocks separated by newlines: what evidence is quoted from. */
  text: string;
  /** The lines of `text` with the element each comes from. */
  blocks: TextBlock[];
  /**
   * Fetched but not visible: the title, each quotable meta content and each string in JSON-LD, one a line,
   * as written in the HTML once entities are decoded. Evidence for values taken from there.
   */
  headText: string;
  /** One line per link target (mailto included), logo image, icon and embedded player: evidence for URLs. */
  linkText: string;
  links: PageLink[];
  media: PageMedia[];
  meta: Record<string, string>;
  jsonLd: unknown[];
  headings: string[];
  /** The page's own address as it declares it (`<link rel=canonical>`), absolute. */
  canonical?: string;
  /** `<html lang>`, lower-cased, when declared: the crawler ranks other-language copies low. */
  lang?: string;
  /** Same-site page addresses named only in the page's inline scripts and JSON (navigation drawn by script). */
  scriptLinks?: string[];
  /** The page's own scripts (same site, `<script src>`), which may name more pages: the crawler reads a few. */
  scripts?: string[];
  /** Where the page sends a browser at once: `<meta http-equiv="refresh">` or an inline `location = …` (absolute). */
  redirect?: string;
}

/** Elements that end a line of text. */
const BLOCK_TAGS = new Set([
  'p',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'dt',
  'dd',
  'td',
  'th',
  'tr',
  'blockquote',
  'pre',
  'figcaption',
  'figure',
  'summary',
  'details',
  'address',
  'section',
  'article',
  'div',
  'header',
  'footer',
  'main',
  'nav',
  'aside',
  'ul',
  'ol',
  'dl',
  'table',
  'thead',
  'tbody',
  'caption',
  'form',
  'fieldset',
  'legend',
  'hr',
  'body',
  'html',
  'center',
  'dialog',
  'option',
  'button',
]);
/** Elements whose content is never visible text. */
const SKIPPED_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'iframe',
  'head',
  'object',
  'canvas',
  'select',
  'math',
]);
const LANDMARK_TAGS = new Set([
  'nav',
  'header',
  'footer',
  'aside',
  'blockquote',
  'figure',
  'details',
  'dl',
  'form',
  'address',
]);
/** Class/id words worth knowing about (singular); plurals are folded onto them. */
const HINT_WORDS = new Set([
  'testimonial',
  'review',
  'quote',
  'customer',
  'client',
  'team',
  'member',
  'founder',
  'person',
  'people',
  'bio',
  'faq',
  'question',
  'pricing',
  'plan',
  'tier',
  'price',
  'feature',
  'benefit',
  'checklist',
  'timeline',
  'milestone',
  'history',
  'hero',
  'cookie',
  'consent',
  'gdpr',
  'onetrust',
  'announcement',
  'topbar',
  'banner',
  'logo',
  'brand',
  'footer',
  'nav',
  'navbar',
  'menu',
  'sidebar',
  'social',
  'breadcrumb',
  'modal',
  'popup',
  'newsletter',
  'share',
  'accordion',
]);
const ROLE_HINTS: Record<string, string> = {
  navigation: 'nav',
  contentinfo: 'footer',
  banner: 'header',
  complementary: 'aside',
};
/** Meta tags whose content is worth quoting (the rest are viewport, robots, verification tokens…). */
const QUOTABLE_META =
  /^(description|keywords|author|application-name|apple-mobile-web-app-title|og:.+|twitter:.+|article:.+|product:.+)$/;

interface DomNode {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Class words that would mark everything inside as navigation or a sidebar. */
const BOILERPLATE_HINTS = new Set(['nav', 'navbar', 'menu', 'sidebar']);

/** Whether the element holds an h1: the page's title lies in its main content, never in a menu or a sidebar. */
function holdsTitle(node: DomNode): boolean {
  const stack = [...(node.children ?? [])];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.name === 'h1') return true;
    if (n.children && !SKIPPED_TAGS.has(n.name ?? '')) stack.push(...n.children);
  }
  return false;
}

function hintsOf(node: DomNode, inherited: string, pageChars = 0): string {
  const tag = node.name ?? '';
  // The body's and main's classes are modifiers of the whole page ("menu-transparent", "sidebar-left"), not a part.
  if (tag === 'body' || tag === 'html' || tag === 'main') return inherited;
  const words: string[] = [];
  if (LANDMARK_TAGS.has(tag)) words.push(tag);
  const a = node.attribs ?? {};
  const role = ROLE_HINTS[(a.role ?? '').toLowerCase()];
  if (role) words.push(role);
  // A toggle that shows and hides a panel: the question of an accordion.
  if (a['aria-expanded'] !== undefined) words.push('accordion');
  // "has-sidebar", "with-footer", "no-nav": a layout's modifier (VitePress wraps its main content in "has-sidebar"), not
  // the part itself.
  const named = `${a.class ?? ''} ${a.id ?? ''}`
    .toLowerCase()
    .replace(/(?:^|\s)(?:has|with|without|no|is|show|hide)-\S*/g, ' ');
  if (named.trim()) {
    for (const raw of named.split(/[^a-z]+/)) {
      const w = HINT_WORDS.has(raw)
        ? raw
        : raw.endsWith('s') && HINT_WORDS.has(raw.slice(0, -1))
          ? raw.slice(0, -1)
          : '';
      if (w) words.push(w);
    }
  }
  // A wrapper a theme names for its layout ("sidebar-content", "off-canvas-sidebar-show") that holds the page's h1, or
  // nearly all its text, is the main content: a menu or a sidebar is a small part of a page.
  if (
    words.some((w) => BOILERPLATE_HINTS.has(w)) &&
    !LANDMARK_TAGS.has(tag) &&
    (holdsTitle(node) || (pageChars > 1000 && textOf(node).length > pageChars * 0.8))
  ) {
    const kept = words.filter((w) => !BOILERPLATE_HINTS.has(w));
    words.length = 0;
    words.push(...kept);
  }
  let out = inherited;
  // Each word once, so the string stays short however deep the nesting goes.
  for (const w of words) if (!` ${out} `.includes(` ${w} `)) out = out ? `${out} ${w}` : w;
  return out;
}

function textOf(node: DomNode): string {
  let out = '';
  const stack: DomNode[] = [node];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === 'text') out += n.data ?? '';
    else if (n.children && !SKIPPED_TAGS.has(n.name ?? ''))
      for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]);
  }
  return oneLine(out);
}

const absolute = (href: string | undefined, base: string): string | null => {
  if (!href?.trim()) return null;
  try {
    const u = new URL(href.trim(), base);
    // matrix.to names its room in the fragment; everywhere else a fragment is a place on the same page.
    if (u.hostname !== 'matrix.to') u.hash = '';
    return u.toString();
  } catch {
    return null;
  }
};

/** Every string (and number) in a JSON-LD value, in document order, skipping @context/@type/@id (not @graph, which
 *  holds the data). */
function jsonLdStrings(value: unknown, out: string[], depth = 0): void {
  if (depth > 40) return;
  if (typeof value === 'string') out.push(value);
  else if (typeof value === 'number' && Number.isFinite(value)) out.push(String(value));
  else if (Array.isArray(value)) for (const v of value) jsonLdStrings(v, out, depth + 1);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value))
      if (!k.startsWith('@') || k === '@graph') jsonLdStrings(v, out, depth + 1);
  }
}

/** Lines without repeats, joined: a quote is found once however often the value appears. */
function uniqueLines(values: string[]): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of values) {
    const line = oneLine(v);
    if (line && !seen.has(line)) {
      seen.add(line);
      out.push(line);
    }
  }
  return out.join('\n');
}

/**
 * Walks the body once, in document order, without recursion (deeply nested pages must not overflow
 * the stack): visible text as lines with the element and landmarks of each, links with their line,
 * logo images and embedded players.
 */
function walkBody(root: DomNode, pageUrl: string) {
  const pageChars = textOf(root).length;
  const blocks: TextBlock[] = [];
  const links: PageLink[] = [];
  const media: PageMedia[] = [];
  let buffer = '';
  let lineTag = '';
  let lineWithin = '';
  const flush = () => {
    if (!/\S/.test(buffer)) {
      buffer = '';
      return;
    }
    // Preformatted text keeps its own line breaks; elsewhere a newline in the source is just a space.
    const parts = lineTag === 'pre' ? buffer.split('\n') : [buffer];
    for (const part of parts) {
      const text = oneLine(part);
      if (text) blocks.push({ tag: lineTag, text, within: lineWithin });
    }
    buffer = '';
  };

  type Frame = { node: DomNode; block: string; within: string; exit?: boolean };
  const stack: Frame[] = [{ node: root, block: 'body', within: '' }];
  while (stack.length) {
    const frame = stack.pop()!;
    const { node } = frame;
    if (frame.exit) {
      if (BLOCK_TAGS.has(node.name ?? '')) flush();
      continue;
    }
    if (node.type === 'text') {
      const data = node.data ?? '';
      if (!/\S/.test(buffer) && /\S/.test(data)) {
        lineTag = frame.block;
        lineWithin = frame.within;
      }
      buffer += data;
      continue;
    }
    if (node.type !== 'tag' && node.type !== 'root') continue;
    const tag = node.name ?? '';
    if (SKIPPED_TAGS.has(tag)) {
      if (tag === 'iframe') {
        const src = absolute(node.attribs?.src ?? node.attribs?.['data-src'], pageUrl);
        if (src) media.push({ url: src, kind: 'embed', within: frame.within });
      }
      continue;
    }
    if (tag === 'br' || tag === 'hr') {
      flush();
      continue;
    }
    const isBlock = BLOCK_TAGS.has(tag);
    if (isBlock) flush();
    let within = node.type === 'tag' ? hintsOf(node, frame.within, pageChars) : frame.within;
    // A list inside a list item details that item: its items are marked, so they are not read as items of the outer one.
    if ((tag === 'ul' || tag === 'ol') && frame.block === 'li' && !/\bsublist\b/.test(within))
      within = within ? `${within} sublist` : 'sublist';
    const block = isBlock ? tag : frame.block;
    if (tag === 'a' && node.attribs?.href) {
      const href = absolute(node.attribs.href, pageUrl);
      if (href) {
        const text = textOf(node);
        // An icon-only link (no text, nothing before it on its line) belongs with the line above.
        const onLine = text !== '' || /\S/.test(buffer);
        const a = node.attribs;
        const label = oneLine(
          [a['aria-label'] ?? '', a.title ?? '', /(^|\s)me(\s|$)/i.test(a.rel ?? '') ? 'rel=me' : ''].join(' '),
        );
        links.push({
          href,
          text,
          block: onLine ? blocks.length : Math.max(0, blocks.length - 1),
          ...(label ? { label } : {}),
          ...(within ? { within } : {}),
        });
      }
    }
    if (tag === 'img') {
      const a = node.attribs ?? {};
      const src = absolute(a.src ?? a['data-src'], pageUrl);
      // Not "dark:hidden": a class with a colon is a conditional style, not what the image is.
      const dark = /(?:^|[^\w:-])(?:[\w-]*-)?dark(?:-[\w-]*)?(?=\s|$)/i.test(` ${a.class ?? ''} ${a.id ?? ''}`);
      // The header's brand link or logo box holds the logo even when its image is decorative (alt="", the name
      // written beside it): "<a class=navbar-brand href=/><img src=mark.svg alt=''> Acme</a>".
      const inBrand = /\b(?:brand|logo)\b/.test(within) && /\b(?:header|nav|navbar|menu)\b/.test(within);
      if (src && (inBrand || /logo/i.test(`${a.class ?? ''} ${a.id ?? ''} ${a.alt ?? ''} ${a.src ?? ''}`)))
        media.push({
          url: src,
          kind: 'logo',
          within,
          ...(a.alt ? { alt: oneLine(a.alt) } : {}),
          ...(dark ? { dark } : {}),
        });
      else if (src && a.alt && /^\S+(?:\s+\S+){0,2}$/.test(oneLine(a.alt)))
        media.push({ url: src, kind: 'image', within, alt: oneLine(a.alt) });
    }
    const children = node.children ?? [];
    stack.push({ node, block, within, exit: true });
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i], block, within });
  }
  flush();
  return { blocks, links, media };
}

/** Everything the drafting step reads from one HTML page. */
export function extractPage(html: string, pageUrl: string): PageContent {
  const $ = cheerio.load(html);
  // Relative addresses are read against `<base href>` when the page sets one (GitHub Pages project sites, Angular).
  const base = absolute($('base[href]').first().attr('href'), pageUrl) ?? pageUrl;
  const jsonLd: unknown[] = [];
  $('script[type="application/ld+json"]').each((_, el) => {
    try {
      jsonLd.push(JSON.parse($(el).text()));
    } catch {
      /* malformed JSON-LD is skipped */
    }
  });
  const meta: Record<string, string> = {};
  const headValues: string[] = [];
  const title = oneLine($('title').first().text());
  if (title) headValues.push(title);
  $('meta').each((_, el) => {
    const key = ($(el).attr('property') ?? $(el).attr('name') ?? '').toLowerCase();
    const content = $(el).attr('content');
    if (key && content && !(key in meta)) meta[key] = content.trim();
    if (key && content && QUOTABLE_META.test(key)) headValues.push(content);
  });
  for (const doc of jsonLd) jsonLdStrings(doc, headValues);

  const media: PageMedia[] = [];
  $('link[href]').each((_, el) => {
    const rel = ($(el).attr('rel') ?? '').toLowerCase().split(/\s+/);
    const href = absolute($(el).attr('href'), base);
    if (!href) return;
    const sizes = $(el).attr('sizes')?.trim();
    const type = $(el).attr('type')?.trim();
    const declared = { ...(sizes ? { sizes } : {}), ...(type ? { type } : {}) };
    if (rel.includes('apple-touch-icon') || rel.includes('apple-touch-icon-precomposed'))
      media.push({ url: href, kind: 'apple-touch-icon', within: 'head', ...declared });
    else if (rel.includes('icon')) media.push({ url: href, kind: 'icon', within: 'head', ...declared });
  });
  const canonical = absolute($('link[rel="canonical"]').first().attr('href'), base) ?? undefined;
  const lang = ($('html').attr('lang') ?? '').trim().toLowerCase() || undefined;
  const headings = $('h1, h2, h3')
    .map((_, el) => oneLine($(el).text()))
    .get()
    .filter(Boolean);

  const inline = $('script:not([src])')
    .map((_, el) => $(el).text())
    .get()
    .join('\n');
  const scriptLinks = inline ? scriptPaths(inline, base) : [];
  const scripts = [
    ...new Set(
      $('script[src]')
        .map((_, el) => absolute($(el).attr('src'), base))
        .get()
        .filter((u): u is string => u !== null && sameHost(u, pageUrl) && !THIRD_PARTY_CODE.test(u)),
    ),
  ];

  const redirect = redirectOf($, inline, base);

  const body = ($('body')[0] ?? $.root()[0]) as unknown as DomNode;
  const walked = walkBody(body, base);
  // An accordion drawn by script shows its questions and keeps the answers in the page's data: the pairs are kept as
  // the FAQPage structured data they amount to, quotable from the head text like JSON-LD.
  const data = $('script[type="application/json"], script#__NEXT_DATA__')
    .map((_, el) => $(el).text())
    .get();
  const faqs = data.length ? scriptFaqs(data, walked.blocks.map((b) => b.text).join('\n')) : [];
  if (faqs.length) {
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      mainEntity: faqs.map((f) => ({
        '@type': 'Question',
        name: f.question,
        acceptedAnswer: { '@type': 'Answer', text: f.answer },
      })),
    });
    for (const f of faqs) headValues.push(f.question, f.answer);
  }
  media.push(...walked.media);
  const linkTargets = [...walked.links.map((l) => l.href), ...media.map((m) => m.url)];
  if (canonical) linkTargets.push(canonical);
  return {
    title,
    text: walked.blocks.map((b) => b.text).join('\n'),
    blocks: walked.blocks,
    headText: uniqueLines(headValues),
    linkText: uniqueLines(linkTargets),
    links: walked.links,
    media,
    meta,
    jsonLd,
    headings,
    ...(canonical ? { canonical } : {}),
    ...(lang ? { lang } : {}),
    ...(scriptLinks.length ? { scriptLinks } : {}),
    ...(scripts.length ? { scripts } : {}),
    ...(redirect ? { redirect } : {}),
  };
}

/** A browser's immediate redirect: a meta refresh within 5 seconds, or an inline script assigning the location. */
function redirectOf($: cheerio.CheerioAPI, inline: string, pageUrl: string): string | undefined {
  const refresh = $('meta[http-equiv]')
    .filter((_, el) => ($(el).attr('http-equiv') ?? '').toLowerCase() === 'refresh')
    .first()
    .attr('content');
  const m = refresh ? /^\s*(\d+(?:\.\d+)?)\s*[;,]\s*(?:url\s*=\s*)?["']?([^"'\s]+)/i.exec(refresh) : null;
  const target =
    (m && Number(m[1]) <= 5 ? m[2] : undefined) ??
    /\b(?:window\.|document\.|top\.|self\.)?location(?:\.href)?\s*=\s*["'`]([^"'`\s]+)["'`]|\blocation\.(?:replace|assign)\(\s*["'`]([^"'`\s]+)["'`]\s*\)/
      .exec(inline)
      ?.slice(1)
      .find(Boolean);
  return absolute(target, pageUrl) ?? undefined;
}

/** Libraries and trackers served from the site itself: they name none of its pages. */
const THIRD_PARTY_CODE =
  /(?:^|[/.-])(?:jquery|bootstrap|polyfills?|analytics|gtag|gtm|tracking|matomo|plausible|umami|cookie\w*|vendors?|lodash|three|gsap|swiper|alpine|htmx|mermaid|katex|prism|highlight)(?:[/.-]|$)/i;

function sameHost(url: string, pageUrl: string): boolean {
  try {
    return new URL(url).host.replace(/^www\./, '') === new URL(pageUrl).host.replace(/^www\./, '');
  } catch {
    return false;
  }
}
