import * as cheerio from 'cheerio';

export interface PageContent {
  title: string;
  /** Visible text, whitespace-normalised, blocks separated by newlines: what evidence is quoted from. */
  text: string;
  links: { href: string; text: string }[];
  meta: Record<string, string>;
  jsonLd: unknown[];
  headings: string[];
}

const BLOCKS = 'p, li, h1, h2, h3, h4, h5, h6, dt, dd, td, th, blockquote, pre, figcaption, summary, address, section, article, div, header, footer, main, nav, br';

/** Everything the drafting step reads from one HTML page. */
export function extractPage(html: string, pageUrl: string): PageContent {
  const $ = cheerio.load(html);
  const jsonLd: unknown[] = [];
  $('script[type="application/ld+json"]').each((_, el) => {
    try { jsonLd.push(JSON.parse($(el).text())); } catch { /* malformed JSON-LD is skipped */ }
  });
  const meta: Record<string, string> = {};
  $('meta').each((_, el) => {
    const key = ($(el).attr('property') ?? $(el).attr('name') ?? '').toLowerCase();
    const content = $(el).attr('content');
    if (key && content && !(key in meta)) meta[key] = content.trim();
  });
  const links: { href: string; text: string }[] = [];
  $('a[href]').each((_, el) => {
    try {
      const href = new URL($(el).attr('href')!, pageUrl);
      href.hash = '';
      links.push({ href: href.toString(), text: $(el).text().replace(/\s+/g, ' ').trim() });
    } catch { /* unparseable href */ }
  });
  const title = $('title').first().text().replace(/\s+/g, ' ').trim();
  const headings = $('h1, h2, h3').map((_, el) => $(el).text().replace(/\s+/g, ' ').trim()).get().filter(Boolean);
  $('script, style, noscript, template, svg, iframe').remove();
  // Block elements end lines so quotes never run across two unrelated sentences.
  $(BLOCKS).each((_, el) => { $(el).append('\n'); });
  const text = $('body').length ? $('body').text() : $.root().text();
  return {
    title,
    text: text.split('\n').map((l) => l.replace(/\s+/g, ' ').trim()).filter(Boolean).join('\n'),
    links,
    meta,
    jsonLd,
    headings,
  };
}
