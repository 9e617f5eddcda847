import { monogramColour, monogramLetters } from './monogram.js';
import { FONT_FAMILY } from './render-png.js';
import { fitLine, textWidth, wrapLines, xmlText } from './svg-text.js';

/**
 * The SVG sources of the share images (OpenGraph / Twitter cards, 1200 × 630): a listing's and a
 * launch week's. Every text is cut to fit and escaped by `xmlText`; images are inline PNG data.
 */
export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;

const INK = '#1f2328';
const MUTED = '#57606a';
const ACCENT = '#b3400a';
const MARGIN = 80;

export interface ListingShareFacts {
  siteName: string;
  /** The site's host name, printed in a corner (where the link goes). */
  host: string;
  name: string;
  tagline: string;
  votes: number;
  /** Its launch: done (the day it launched) or scheduled (the Monday it will). */
  launch: { state: 'launched' | 'scheduled'; date: string } | null;
  /** The listing's logo as PNG, or null for its monogram. */
  logoPng: Buffer | null;
}

export interface WeekShareFacts {
  siteName: string;
  host: string;
  /** The week's Monday, YYYY-MM-DD. */
  week: string;
  state: 'past' | 'current' | 'upcoming';
  total: number;
  /** The first few launches, best first (votes cast that week; null before the week starts). */
  top: { name: string; votes: number | null }[];
}

const number = new Intl.NumberFormat('en-US');
/** "November 16, 2026" for 2026-11-16. */
export const longDate = (ymd: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${ymd}T00:00:00Z`));

function text(
  x: number,
  y: number,
  size: number,
  content: string,
  o: { bold?: boolean; fill?: string; anchor?: 'start' | 'end' | 'middle' } = {},
) {
  return `<text x="${x}" y="${y}" font-family="${FONT_FAMILY}" font-size="${size}"${o.bold ? ' font-weight="700"' : ''} fill="${o.fill ?? INK}"${o.anchor && o.anchor !== 'start' ? ` text-anchor="${o.anchor}"` : ''}>${xmlText(content)}</text>`;
}

/** Background, accent rule, the site's mark and name, and the host in the bottom corner. */
function frame(siteName: string, host: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" viewBox="0 0 ${SHARE_WIDTH} ${SHARE_HEIGHT}">` +
    `<rect width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" fill="#ffffff"/><rect width="${SHARE_WIDTH}" height="14" fill="${ACCENT}"/>` +
    `<rect x="0" y="${SHARE_HEIGHT - 110}" width="${SHARE_WIDTH}" height="110" fill="#f6f1ee"/>` +
    `<g transform="translate(${MARGIN},62) scale(1.5)"><rect width="32" height="32" rx="8" fill="${ACCENT}"/><path d="M9 21l7-12 7 12h-4l-3-5-3 5z" fill="#fff"/></g>` +
    text(MARGIN + 66, 99, 32, fitLine(siteName, 560, 32, true), { bold: true }) +
    body +
    text(SHARE_WIDTH - MARGIN, SHARE_HEIGHT - 46, 26, fitLine(host, 460, 26), { fill: MUTED, anchor: 'end' }) +
    '</svg>'
  );
}

function logoOrMonogram(f: ListingShareFacts, x: number, y: number, size: number): string {
  if (f.logoPng) {
    return (
      `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="28" fill="#f6f8fa"/>` +
      `<image x="${x + 12}" y="${y + 12}" width="${size - 24}" height="${size - 24}" preserveAspectRatio="xMidYMid meet" xlink:href="data:image/png;base64,${f.logoPng.toString('base64')}"/>`
    );
  }
  const letters = monogramLetters(f.name);
  return (
    `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="28" fill="${monogramColour(f.name)}"/>` +
    text(x + size / 2, y + size / 2 + size * 0.14, Math.round(size * (letters.length > 1 ? 0.4 : 0.5)), letters, {
      bold: true,
      fill: '#ffffff',
      anchor: 'middle',
    })
  );
}

export function listingShareSvg(f: ListingShareFacts): string {
  const logoSize = 176;
  const x = MARGIN + logoSize + 40;
  const width = SHARE_WIDTH - x - MARGIN;
  // A long name gets a smaller size before it is cut.
  const nameSize = textWidth(f.name, 64, true) <= width ? 64 : 52;
  const name = fitLine(f.name, width, nameSize, true);
  const tagline = wrapLines(f.tagline, width, 34, 3);
  const votes = `▲ ${number.format(f.votes)} ${f.votes === 1 ? 'vote' : 'votes'}`;
  const launch = f.launch
    ? f.launch.state === 'launched'
      ? `Launched ${longDate(f.launch.date)}`
      : `Launches ${longDate(f.launch.date)}`
    : '';
  const footY = SHARE_HEIGHT - 46;
  return frame(
    f.siteName,
    f.host,
    logoOrMonogram(f, MARGIN, 176, logoSize) +
      text(x, 236, nameSize, name, { bold: true }) +
      tagline.map((line, i) => text(x, 300 + i * 46, 34, line, { fill: MUTED })).join('') +
      text(MARGIN, footY, 32, votes, { bold: true, fill: ACCENT }) +
      (launch ? text(MARGIN + textWidth(votes, 32, true) + 36, footY, 28, launch, { fill: INK }) : ''),
  );
}

export function weekShareSvg(f: WeekShareFacts): string {
  const heading = f.state === 'upcoming' ? 'Launching in the week of' : 'Launches of the week of';
  const rows = f.top.slice(0, 5);
  const listWidth = SHARE_WIDTH - 2 * MARGIN - 220;
  const list = rows
    .map((r, i) => {
      const y = 306 + i * 44;
      return (
        text(MARGIN, y, 30, `${i + 1}.`, { bold: true, fill: ACCENT }) +
        text(MARGIN + 52, y, 30, fitLine(r.name, listWidth, 30, true), { bold: true }) +
        (r.votes !== null
          ? text(SHARE_WIDTH - MARGIN, y, 28, `▲ ${number.format(r.votes)}`, { fill: MUTED, anchor: 'end' })
          : '')
      );
    })
    .join('');
  const count =
    f.total === 0
      ? f.state === 'past'
        ? 'No launches that week'
        : 'No launches yet — submit yours'
      : `${number.format(f.total)} ` +
        `${f.total === 1 ? 'launch' : 'launches'}${f.total > rows.length ? ` · top ${rows.length} shown` : ''}`;
  return frame(
    f.siteName,
    f.host,
    text(MARGIN, 184, 34, heading, { fill: MUTED }) +
      text(MARGIN, 244, 60, longDate(f.week), { bold: true }) +
      list +
      text(MARGIN, SHARE_HEIGHT - 46, 28, count, { bold: true, fill: ACCENT }),
  );
}
