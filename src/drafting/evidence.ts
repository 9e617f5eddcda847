/** One quote backing a draft value: verbatim (whitespace aside) from a page we fetched. */
export interface Evidence { quote: string; url: string; start: number; end: number }

export interface SourcePage { url: string; text: string }

/** Collapses every run of whitespace to one space and trims: the form quotes are compared in. */
export const normalizeWhitespace = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * Finds `quote` in the pages, whitespace-normalised but otherwise exact (case, punctuation and
 * accents must match), and returns where it stands in that page's text so an editor can
 * highlight it. Null when no page contains it: then the value it backs must not be used.
 */
export function verifyQuote(quote: string, pages: SourcePage[]): Evidence | null {
  const wanted = normalizeWhitespace(quote);
  if (wanted.length < 2) return null;
  for (const page of pages) {
    // Map positions in the normalised text back to the original text.
    const positions: number[] = [];
    let normalized = '';
    let lastWasSpace = true;
    for (let i = 0; i < page.text.length; i++) {
      const ch = page.text[i];
      if (/\s/.test(ch)) {
        if (!lastWasSpace) { normalized += ' '; positions.push(i); lastWasSpace = true; }
      } else {
        normalized += ch;
        positions.push(i);
        lastWasSpace = false;
      }
    }
    const at = normalized.indexOf(wanted);
    if (at >= 0) {
      const start = positions[at];
      const end = positions[at + wanted.length - 1] + 1;
      return { quote: page.text.slice(start, end), url: page.url, start, end };
    }
  }
  return null;
}

/** Keeps only the quotes found verbatim; a value whose quotes all fail has no evidence. */
export function verifiedEvidence(quotes: { quote: string; url?: string }[], pages: SourcePage[]): Evidence[] {
  const out: Evidence[] = [];
  for (const q of quotes) {
    // A quote claiming a page is checked against that page first, then against all of them.
    const preferred = q.url ? pages.filter((p) => p.url === q.url) : [];
    const hit = verifyQuote(q.quote, preferred) ?? verifyQuote(q.quote, pages);
    if (hit && !out.some((e) => e.url === hit.url && e.start === hit.start)) out.push(hit);
  }
  return out;
}
