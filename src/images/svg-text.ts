/**
 * Text for SVG templates. Everything a person or an AI wrote goes through `xmlText`, so a stored
 * `<script>` or `"/><image href=…>` is drawn as the characters it is, never parsed as markup.
 * SVG has no line wrapping: `fitLine` and `wrapLines` cut text to an estimated width instead.
 */

// Characters XML 1.0 forbids (a parser would refuse the whole image), lone surrogates, and the
// bidirectional controls that could reorder the text around them.
const UNSAFE =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Escapes text for an SVG text node or attribute value, dropping characters XML cannot hold. */
export function xmlText(s: string): string {
  return s
    .replace(UNSAFE, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** Whitespace (newlines and tabs too) as single spaces. */
const oneLine = (s: string) => s.replace(UNSAFE, '').replace(/\s+/g, ' ').trim();

/**
 * Approximate advance of a character in em for DejaVu Sans (the bundled font): narrow letters,
 * wide capitals and full-width scripts differ enough to matter when a line is cut.
 */
function charEm(ch: string, bold: boolean): number {
  const cp = ch.codePointAt(0)!;
  let w: number;
  if (
    cp >= 0x1100 &&
    (cp <= 0x115f ||
      (cp >= 0x2e80 && cp <= 0xa4cf) ||
      (cp >= 0xac00 && cp <= 0xd7a3) ||
      (cp >= 0xf900 && cp <= 0xfaff) ||
      (cp >= 0xff00 && cp <= 0xff60) ||
      cp >= 0x1f300)
  )
    w = 1.0;
  else if (/[iljtfr.,:;'!|I ]/.test(ch)) w = 0.34;
  else if (/[mwMW@]/.test(ch)) w = 0.92;
  else if (/[A-Z0-9]/.test(ch)) w = 0.7;
  else w = 0.6;
  return bold ? w * 1.08 : w;
}

/** Estimated width of `text` in pixels at `fontSize`. */
export function textWidth(text: string, fontSize: number, bold = false): number {
  let em = 0;
  for (const ch of text) em += charEm(ch, bold);
  return em * fontSize;
}

/** `text` on one line no wider than `maxWidth`, cut at a word where possible and ended with "…". */
export function fitLine(text: string, maxWidth: number, fontSize: number, bold = false): string {
  const t = oneLine(text);
  if (textWidth(t, fontSize, bold) <= maxWidth) return t;
  const room = maxWidth - textWidth('…', fontSize, bold);
  let out = '';
  for (const ch of t) {
    if (textWidth(out + ch, fontSize, bold) > room) break;
    out += ch;
  }
  // Back to the last word boundary, unless that throws away most of the line.
  const space = out.lastIndexOf(' ');
  if (space > out.length * 0.6) out = out.slice(0, space);
  return `${out.replace(/[\s,;:.\-–—]+$/u, '')}…`;
}

/** `text` wrapped at words into at most `maxLines` lines of `maxWidth`, the last one cut with "…" if needed. */
export function wrapLines(text: string, maxWidth: number, fontSize: number, maxLines: number, bold = false): string[] {
  const words = oneLine(text).split(' ').filter(Boolean);
  const fits = (s: string) => textWidth(s, fontSize, bold) <= maxWidth;
  const lines: string[] = [];
  let i = 0;
  while (i < words.length && lines.length < maxLines) {
    // The last line takes the rest, cut to fit.
    if (lines.length === maxLines - 1) {
      lines.push(fitLine(words.slice(i).join(' '), maxWidth, fontSize, bold));
      break;
    }
    let line = words[i++];
    if (!fits(line)) {
      lines.push(fitLine(line, maxWidth, fontSize, bold));
      continue;
    }
    while (i < words.length && fits(`${line} ${words[i]}`)) line += ` ${words[i++]}`;
    lines.push(line);
  }
  return lines;
}
