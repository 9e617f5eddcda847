import { xmlText } from './svg-text.js';

/**
 * The stand-in for a missing or broken logo: up to two initials on a colour picked from the name,
 * the same for a name wherever it is drawn (the pages' CSS classes `hue-0` … `hue-11`, the logo
 * route's SVG, the share images).
 */
export function monogramLetters(name: string): string {
  return (
    name
      .replace(/[^\p{L}\p{N} ]/gu, '')
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => [...w][0]!.toUpperCase())
      .join('') || '?'
  );
}

/** 0–11: which of the twelve monogram colours a name gets. */
export function monogramHue(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.codePointAt(0)!) % 360;
  return Math.floor(h / 30);
}

/** The colours of site.css's `.hue-N` classes (white text on each passes 4.5:1). */
export const MONOGRAM_COLOURS = [
  '#b3261e',
  '#a84300',
  '#7a5b00',
  '#3b6e00',
  '#1e7a34',
  '#00756a',
  '#006c8a',
  '#1b62b0',
  '#3f51b5',
  '#6a3fc1',
  '#8e2fa0',
  '#a3245e',
] as const;

export const monogramColour = (name: string) => MONOGRAM_COLOURS[monogramHue(name)];

/** A square SVG monogram, as the logo route serves it when there is no usable logo. */
export function monogramSvg(name: string, size = 256): string {
  const letters = monogramLetters(name);
  const fontSize = Math.round(size * (letters.length > 1 ? 0.4 : 0.5));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" role="img" aria-label="${xmlText(name)}">` +
    `<rect width="${size}" height="${size}" rx="${Math.round(size / 6)}" fill="${monogramColour(name)}"/>` +
    `<text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans, Verdana, sans-serif" font-weight="700" font-size="${fontSize}" fill="#fff">${xmlText(letters)}</text></svg>`
  );
}
