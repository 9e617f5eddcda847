/**
 * Where in a fetched page a quote was found: its visible text, the text of its head (title, meta
 * tags, JSON-LD strings) or its link targets. All three are text we fetched; only `text` is visible.
 */
export type EvidenceSource = 'text' | 'head' | 'links';

/** One quote backing a draft value: verbatim (whitespace aside) from a page we fetched. */
export interface Evidence {
  quote: string;
  url: string;
  /** Positions in the text of `source` of that page. */
  start: number;
  end: number;
  /** Which text of the page the positions refer to; absent means 'text'. */
  source?: EvidenceSource;
}

export interface SourcePage {
  url: string;
  text: string;
  source?: EvidenceSource;
}

/** Collapses every run of whitespace to one space and trims: the form quotes are compared in. */
export const normalizeWhitespace = (s: string) => s.replace(/\s+/g, ' ').trim();

/** A page's text in normalised form, with a map back to positions in the original (null: same positions). */
interface Normalized {
  text: string;
  positions: Int32Array | null;
}
const normalizedCache = new WeakMap<SourcePage, { of: string; normalized: Normalized }>();

function normalize(text: string): Normalized {
  // Crawled text is already one space between words and single newlines between lines: then
  // normalising only turns newlines into spaces and every position stays where it was.
  if (!/\s\s|^\s|\s$|[^\S \n]/.test(text)) return { text: text.replaceAll('\n', ' '), positions: null };
  const positions = new Int32Array(text.length);
  const parts: string[] = [];
  let n = 0;
  let lastWasSpace = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (/\s/.test(ch)) {
      if (!lastWasSpace) {
        parts.push(' ');
        positions[n++] = i;
        lastWasSpace = true;
      }
    } else {
      parts.push(ch);
      positions[n++] = i;
      lastWasSpace = false;
    }
  }
  let joined = parts.join('');
  if (joined.endsWith(' ')) joined = joined.slice(0, -1);
  return { text: joined, positions };
}

/** Normalises each page once however many quotes are checked against it. */
function normalizedOf(page: SourcePage): Normalized {
  const cached = normalizedCache.get(page);
  if (cached && cached.of === page.text) return cached.normalized;
  const normalized = normalize(page.text);
  normalizedCache.set(page, { of: page.text, normalized });
  return normalized;
}

/**
 * Finds `quote` in the pages, whitespace-normalised but otherwise exact (case, punctuation and
 * accents must match), and returns where it stands in that page's text so an editor can
 * highlight it. Null when no page contains it: then the value it backs must not be used.
 */
export function verifyQuote(quote: string, pages: SourcePage[]): Evidence | null {
  const wanted = normalizeWhitespace(quote);
  if (wanted.length < 2) return null;
  for (const page of pages) {
    const { text, positions } = normalizedOf(page);
    const at = text.indexOf(wanted);
    if (at >= 0) {
      const start = positions ? positions[at] : at;
      const end = (positions ? positions[at + wanted.length - 1] : at + wanted.length - 1) + 1;
      return { quote: page.text.slice(start, end), url: page.url, start, end, source: page.source ?? 'text' };
    }
  }
  return null;
}

/** Keeps only the quotes found verbatim; a value whose quotes all fail has no evidence. */
export function verifiedEvidence(
  quotes: { quote: string; url?: string; source?: EvidenceSource }[],
  pages: SourcePage[],
): Evidence[] {
  const out: Evidence[] = [];
  for (const q of quotes) {
    // A quote claiming a page (and a part of it) is checked there first, then against all of them.
    const onPage = q.url ? pages.filter((p) => p.url === q.url) : [];
    const inSource = q.source ? onPage.filter((p) => (p.source ?? 'text') === q.source) : [];
    const hit = verifyQuote(q.quote, inSource) ?? verifyQuote(q.quote, onPage) ?? verifyQuote(q.quote, pages);
    if (hit && !out.some((e) => e.url === hit.url && e.start === hit.start && e.source === hit.source)) out.push(hit);
  }
  return out;
}

/** The fetched texts of a crawled page as quotable sources: visible text, head text, link targets. */
export function sourcesOf(page: { url: string; text?: string; headText?: string; linkText?: string }): SourcePage[] {
  const out: SourcePage[] = [];
  if (page.text) out.push({ url: page.url, text: page.text, source: 'text' });
  if (page.headText) out.push({ url: page.url, text: page.headText, source: 'head' });
  if (page.linkText) out.push({ url: page.url, text: page.linkText, source: 'links' });
  return out;
}
