import { normalizeWhitespace, verifiedEvidence, type Evidence, type SourcePage } from '../evidence.js';

/** At most this many quotes are checked per value: enough for a long description, bounded work for a runaway answer. */
export const MAX_QUOTES_PER_VALUE = 12;
/**
 * A quote this short ("2019", "PT") proves little about where it stood, so it counts only when it
 * is a whole line of the page (a heading, a price line, a name on its own).
 */
export const MIN_QUOTE_CHARS = 8;

/** The model's quotes, in whatever shape it sent them: {quote, url} objects or bare strings. */
export function rawQuotes(raw: unknown): { quote: string; url?: string }[] {
  if (!Array.isArray(raw)) return [];
  const out: { quote: string; url?: string }[] = [];
  for (const q of raw) {
    if (typeof q === 'string') out.push({ quote: q });
    else if (q && typeof q === 'object' && typeof (q as { quote?: unknown }).quote === 'string') {
      const url = (q as { url?: unknown }).url;
      out.push({ quote: (q as { quote: string }).quote, url: typeof url === 'string' && url ? url : undefined });
    }
    if (out.length >= MAX_QUOTES_PER_VALUE) break;
  }
  return out;
}

/** Same place in the same text of the same page. */
export const sameEvidence = (a: Evidence, b: Evidence) =>
  a.url === b.url && a.start === b.start && a.end === b.end && (a.source ?? 'text') === (b.source ?? 'text');

/** Appends the evidence not already there; returns `into`. */
export function addEvidence(into: Evidence[], more: Evidence[]): Evidence[] {
  for (const e of more) if (!into.some((o) => sameEvidence(o, e))) into.push(e);
  return into;
}

/** Checks the model's quotes against the fetched pages (verbatim, whitespace aside) through verifiedEvidence. */
export class QuoteVerifier {
  constructor(private readonly pages: SourcePage[]) {}

  verify(raw: unknown): Evidence[] {
    const out: Evidence[] = [];
    for (const e of verifiedEvidence(rawQuotes(raw), this.pages)) {
      if (normalizeWhitespace(e.quote).length < MIN_QUOTE_CHARS && !this.isWholeLine(e)) continue;
      addEvidence(out, [e]);
    }
    return out;
  }

  private isWholeLine(e: Evidence): boolean {
    const page = this.pages.find(
      (p) =>
        p.url === e.url && (p.source ?? 'text') === (e.source ?? 'text') && p.text.slice(e.start, e.end) === e.quote,
    );
    if (!page) return false;
    const lineStart = page.text.lastIndexOf('\n', e.start - 1) + 1;
    const lineEndAt = page.text.indexOf('\n', e.end);
    const lineEnd = lineEndAt < 0 ? page.text.length : lineEndAt;
    return page.text.slice(lineStart, e.start).trim() === '' && page.text.slice(e.end, lineEnd).trim() === '';
  }
}
