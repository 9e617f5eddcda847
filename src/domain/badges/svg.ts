// Embeddable launch badges as standalone SVG documents.
//
// The output is pasted into other people's READMEs and sites, so it must be
// self-contained (no external fonts, images or scripts), safe (every piece of
// user text escaped) and byte-for-byte deterministic so it can be cached/ETagged.

import {
  badgeLabel,
  isBadgeKind,
  isBadgeMode,
  isBadgeShape,
  isBadgeSize,
  type BadgeKind,
  type BadgeMode,
  type BadgeShape,
  type BadgeSize,
} from './kinds.js';

export {
  BADGE_SHAPES,
  BADGE_MODES,
  BADGE_SIZES,
  BADGE_KINDS,
  badgeLabel,
} from './kinds.js';
export type { BadgeShape, BadgeMode, BadgeSize, BadgeKind } from './kinds.js';

export interface BadgeInput {
  kind: BadgeKind;
  shape: BadgeShape;
  mode: BadgeMode;
  size: BadgeSize;
  siteName: string;
  productName: string;
  votes?: number;
  rank?: 1 | 2 | 3;
  weekLabel?: string; // e.g. "Week of 2026-11-16"
}

// ---------------------------------------------------------------------------
// Geometry

// Every shape is drawn in its m-size coordinate system; s/l only change the
// outer width/height and the viewBox scales the drawing, so layouts (and text
// truncation) are identical across sizes.
const BASE: Record<BadgeShape, { width: number; height: number }> = {
  standard: { width: 250, height: 54 },
  outline: { width: 250, height: 54 },
  pill: { width: 240, height: 48 },
  banner: { width: 360, height: 32 },
  square: { width: 144, height: 144 },
};
const SCALE: Record<BadgeSize, number> = { s: 0.8, m: 1, l: 1.25 };

export function badgeDimensions(shape: BadgeShape, size: BadgeSize): { width: number; height: number } {
  // Checked because JS callers (query strings) can bypass the types, and a plain
  // lookup would accept "toString" or yield NaN dimensions silently.
  if (!isBadgeShape(shape)) throw new RangeError(`unknown badge shape: ${String(shape)}`);
  if (!isBadgeSize(size)) throw new RangeError(`unknown badge size: ${String(size)}`);
  const base = BASE[shape];
  const scale = SCALE[size];
  return { width: Math.round(base.width * scale), height: Math.round(base.height * scale) };
}

// ---------------------------------------------------------------------------
// Colours

type Role = 'bg' | 'border' | 'ink' | 'muted';
type Palette = Record<Role, string>;

const LIGHT: Palette = { bg: '#ffffff', border: '#e4e4e7', ink: '#18181b', muted: '#52525b' };
const DARK: Palette = { bg: '#18181b', border: '#3f3f46', ink: '#fafafa', muted: '#a1a1aa' };

// Accents sit behind a white glyph, so they are chosen dark enough for contrast
// in both modes and never change with the colour scheme.
const KIND_ACCENT: Record<Exclude<BadgeKind, 'launch-of-the-week'>, string> = {
  listed: '#4f46e5',
  launched: '#ea580c',
  featured: '#9333ea',
  verified: '#059669',
  'top-voted': '#e11d48',
};
const RANK_ACCENT: Record<1 | 2 | 3, string> = { 1: '#c9a227', 2: '#8e9aaf', 3: '#b87333' };
const LOTW_DEFAULT_ACCENT = '#d97706';

function accentFor(kind: BadgeKind, rank: number | undefined): string {
  if (kind !== 'launch-of-the-week') return KIND_ACCENT[kind];
  return rank === 1 || rank === 2 || rank === 3 ? RANK_ACCENT[rank] : LOTW_DEFAULT_ACCENT;
}

// Elements always carry both a presentation attribute (the light or dark value)
// and a class. In auto mode the <style> rules override the attributes (CSS beats
// presentation attributes), and renderers that ignore <style> still get the
// light palette instead of black-on-black.
function paint(pal: Palette, role: Role, prop: 'fill' | 'stroke'): string {
  return `class="ld-${prop[0]}-${role}" ${prop}="${pal[role]}"`;
}

function autoStyle(): string {
  const vars = (p: Palette) => (Object.keys(p) as Role[]).map((r) => `--ld-${r}:${p[r]}`).join(';');
  // Only the role/property pairs the layouts actually use, to keep every badge small.
  const used: Array<[Role, 'fill' | 'stroke']> = [
    ['bg', 'fill'],
    ['border', 'stroke'],
    ['ink', 'fill'],
    ['ink', 'stroke'],
    ['muted', 'fill'],
  ];
  const rules = used.map(([r, prop]) => `.ld-${prop[0]}-${r}{${prop}:var(--ld-${r},${LIGHT[r]})}`).join('');
  return `<style>.ld{${vars(LIGHT)}}@media (prefers-color-scheme: dark){.ld{${vars(DARK)}}}${rules}</style>`;
}

// ---------------------------------------------------------------------------
// Text helpers

const FONT_STACK =
  "system-ui, -apple-system, 'Segoe UI', Roboto, Ubuntu, 'Helvetica Neue', Helvetica, Arial, sans-serif";

/** XML-escapes the five special characters; &#39; rather than &apos; so inline HTML use is safe too. */
export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

// Characters XML 1.0 forbids outright (escaping cannot rescue them) plus lone
// surrogates, which would otherwise make the document unparseable.
// eslint-disable-next-line no-control-regex
const XML_INVALID =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function clean(s: unknown): string {
  return String(s ?? '')
    .replace(XML_INVALID, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Truncates by code point (never splitting a surrogate pair) and marks the cut with an ellipsis. */
function truncate(s: string, maxChars: number): string {
  const chars = Array.from(s);
  if (chars.length <= maxChars) return s;
  return `${chars
    .slice(0, Math.max(1, maxChars - 1))
    .join('')
    .trimEnd()}\u2026`;
}

// We cannot measure text without a font engine, so widths are estimated from
// average glyph widths of common sans-serif system fonts (slightly generous so
// real text rarely overflows).
const EM_BOLD = 0.62;
const EM_REGULAR = 0.56;
const EM_CAPS = 0.68;

function charsFor(width: number, fontSize: number, em: number, letterSpacing = 0): number {
  return Math.max(4, Math.floor(width / (fontSize * em + letterSpacing)));
}
function capsWidth(s: string, fontSize: number, letterSpacing: number): number {
  return Array.from(s).length * (fontSize * EM_CAPS + letterSpacing);
}

/** Fixed-precision numbers keep the output stable and compact. */
function num(x: number): string {
  return String(Number(x.toFixed(2)));
}

/** Locale-independent compact count (toLocaleString would vary by server locale). */
function formatVotes(n: number): string {
  if (n < 10_000) return String(n);
  if (n < 100_000) return `${String(Math.floor(n / 100) / 10).replace(/\.0$/, '')}k`;
  if (n < 1_000_000) return `${Math.floor(n / 1000)}k`;
  return `${String(Math.floor(n / 100_000) / 10).replace(/\.0$/, '')}M`;
}

// ---------------------------------------------------------------------------
// Icons: drawn in a 24×24 box, white on the accent disc.

const STAR_POINTS = Array.from({ length: 10 }, (_, i) => {
  const r = i % 2 === 0 ? 9.5 : 4.1;
  const a = -Math.PI / 2 + (i * Math.PI) / 5;
  return `${num(12 + r * Math.cos(a))},${num(12.8 + r * Math.sin(a))}`;
}).join(' ');

function glyph(kind: BadgeKind, accent: string): string {
  const W = '#ffffff';
  switch (kind) {
    case 'listed':
      return (
        `<circle cx="6.5" cy="7.5" r="1.5" fill="${W}"/><circle cx="6.5" cy="12" r="1.5" fill="${W}"/><circle cx="6.5" cy="16.5" r="1.5" fill="${W}"/>` +
        `<path d="M10 7.5h8M10 12h8M10 16.5h8" fill="none" stroke="${W}" stroke-width="2" stroke-linecap="round"/>`
      );
    case 'launched':
      return (
        `<path d="M12 2.5c2.9 1.9 4.4 5 4.4 8.7 0 1.5-.3 3-.8 4.3H8.4c-.5-1.3-.8-2.8-.8-4.3 0-3.7 1.5-6.8 4.4-8.7z" fill="${W}"/>` +
        `<circle cx="12" cy="9" r="1.8" fill="${accent}"/>` +
        `<path d="M8 12.2l-2.8 3.3.4 2.5 3.2-2.2zM16 12.2l2.8 3.3-.4 2.5-3.2-2.2z" fill="${W}"/>` +
        `<path d="M10.2 16.6h3.6L12 21z" fill="${W}" opacity="0.8"/>`
      );
    case 'featured':
      return `<polygon points="${STAR_POINTS}" fill="${W}" stroke="${W}" stroke-width="1" stroke-linejoin="round"/>`;
    case 'verified':
      return `<path d="M6.5 12.5l3.7 3.7 7.3-7.9" fill="none" stroke="${W}" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>`;
    case 'launch-of-the-week':
      return (
        `<path d="M7 4h10v3.5a5 5 0 0 1-10 0z" fill="${W}"/>` +
        `<path d="M7 5.5H4.5v1.5a3 3 0 0 0 3 3M17 5.5h2.5v1.5a3 3 0 0 1-3 3" fill="none" stroke="${W}" stroke-width="1.6"/>` +
        `<path d="M11 12.5h2v4h-2zM8 17h8v2.5H8z" fill="${W}"/>`
      );
    case 'top-voted':
      return `<path d="M12 5.5l7 10.5H5z" fill="${W}" stroke="${W}" stroke-width="1.5" stroke-linejoin="round"/>`;
  }
}

function icon(kind: BadgeKind, accent: string, cx: number, cy: number, r: number): string {
  // The glyph's drawn area is ~16 of its 24 units; this makes it fill ~60% of the disc.
  const k = (r * 1.7) / 24;
  return (
    `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}" fill="${accent}"/>` +
    `<g transform="translate(${num(cx - 12 * k)} ${num(cy - 12 * k)}) scale(${num(k)})">${glyph(kind, accent)}</g>`
  );
}

// ---------------------------------------------------------------------------
// Layouts

interface Ctx {
  w: number;
  h: number;
  pal: Palette;
  accent: string;
  kind: BadgeKind;
  eyebrow: string; // raw, already uppercased for display
  title: string; // raw, cleaned
  votes: string | undefined; // formatted
  weekLabel: string; // raw, cleaned, may be empty
  lotw: boolean;
}

function textEl(
  x: number,
  y: number,
  size: number,
  weight: number,
  colour: string,
  content: string,
  extra = '',
): string {
  return `<text x="${num(x)}" y="${num(y)}" font-size="${num(size)}" font-weight="${weight}" ${colour}${extra}>${content}</text>`;
}

// Shared by standard, outline and pill: icon left, two text lines, optional votes block right.
interface RowSpec {
  radius: number;
  border: 'subtle' | 'outline';
  iconCx: number;
  iconR: number;
  textX: number;
  rightPad: number;
  eyebrowY: number;
  eyebrowSize: number;
  titleY: number;
  titleSize: number;
  votesSepFromRight: number;
  votesCxFromRight: number;
  triTop: number;
  countY: number;
  countSize: number;
}

const ROW_SPECS: Record<'standard' | 'outline' | 'pill', RowSpec> = {
  standard: {
    radius: 8,
    border: 'subtle',
    iconCx: 27,
    iconR: 17,
    textX: 52,
    rightPad: 12,
    eyebrowY: 21,
    eyebrowSize: 8.5,
    titleY: 38,
    titleSize: 17,
    votesSepFromRight: 52,
    votesCxFromRight: 26,
    triTop: 13,
    countY: 38,
    countSize: 13,
  },
  outline: {
    radius: 8,
    border: 'outline',
    iconCx: 27,
    iconR: 17,
    textX: 52,
    rightPad: 12,
    eyebrowY: 21,
    eyebrowSize: 8.5,
    titleY: 38,
    titleSize: 17,
    votesSepFromRight: 52,
    votesCxFromRight: 26,
    triTop: 13,
    countY: 38,
    countSize: 13,
  },
  pill: {
    // Radius = half the height gives the fully rounded ends; the votes block is
    // pulled in from the right so it sits inside the curve.
    radius: 24,
    border: 'subtle',
    iconCx: 24,
    iconR: 16,
    textX: 48,
    rightPad: 18,
    eyebrowY: 18,
    eyebrowSize: 8.5,
    titleY: 34,
    titleSize: 16,
    votesSepFromRight: 56,
    votesCxFromRight: 30,
    triTop: 11,
    countY: 34,
    countSize: 12,
  },
};

const EYEBROW_SPACING = 0.6;

function frame(c: Ctx, radius: number, border: 'subtle' | 'outline'): string {
  if (border === 'outline') {
    // Transparent fill, 2px stroke inset by 1 so the stroke is not clipped at the edges.
    const stroke = c.lotw ? `stroke="${c.accent}"` : paint(c.pal, 'ink', 'stroke');
    return `<rect x="1" y="1" width="${c.w - 2}" height="${c.h - 2}" rx="${num(radius - 1)}" fill="none" ${stroke} stroke-width="2"/>`;
  }
  // Launch-of-the-week badges trace their edge in the medal colour; the others use
  // the palette's subtle border (which auto mode must be able to switch).
  const paintAttrs = c.lotw
    ? `class="ld-f-bg" fill="${c.pal.bg}" stroke="${c.accent}"`
    : `class="ld-f-bg ld-s-border" fill="${c.pal.bg}" stroke="${c.pal.border}"`;
  return `<rect x="0.5" y="0.5" width="${c.w - 1}" height="${c.h - 1}" rx="${num(radius - 0.5)}" ${paintAttrs} stroke-width="1"/>`;
}

function rowLayout(c: Ctx, spec: RowSpec): string {
  const parts = [frame(c, spec.radius, spec.border), icon(c.kind, c.accent, spec.iconCx, c.h / 2, spec.iconR)];
  let right = c.w - spec.rightPad;
  if (c.votes !== undefined) {
    const sepX = c.w - spec.votesSepFromRight;
    const cx = c.w - spec.votesCxFromRight;
    right = sepX - 8;
    parts.push(
      `<line x1="${sepX}" y1="10" x2="${sepX}" y2="${c.h - 10}" ${paint(c.pal, 'border', 'stroke')} stroke-width="1"/>`,
      `<path d="M${num(cx)} ${spec.triTop}l6.5 8h-13z" fill="${c.accent}"/>`,
      textEl(
        cx,
        spec.countY,
        spec.countSize,
        700,
        paint(c.pal, 'ink', 'fill'),
        escapeXml(c.votes),
        ' text-anchor="middle"',
      ),
    );
  }
  const avail = right - spec.textX;
  const eyebrow = truncate(c.eyebrow, charsFor(avail, spec.eyebrowSize, EM_CAPS, EYEBROW_SPACING));
  const title = truncate(c.title, charsFor(avail, spec.titleSize, EM_BOLD));
  parts.push(
    textEl(
      spec.textX,
      spec.eyebrowY,
      spec.eyebrowSize,
      600,
      paint(c.pal, 'muted', 'fill'),
      escapeXml(eyebrow),
      ` letter-spacing="${EYEBROW_SPACING}"`,
    ),
    textEl(spec.textX, spec.titleY, spec.titleSize, 700, paint(c.pal, 'ink', 'fill'), escapeXml(title)),
  );
  return parts.join('');
}

function bannerLayout(c: Ctx): string {
  const eyebrowSize = 9.5;
  const titleSize = 14;
  const textX = 32;
  const gap = 6;
  const parts = [frame(c, 6, 'subtle'), icon(c.kind, c.accent, 16, c.h / 2, 10)];
  let right = c.w - 12;
  if (c.votes !== undefined) {
    const countSize = 12;
    parts.push(
      textEl(
        c.w - 12,
        21,
        countSize,
        700,
        paint(c.pal, 'ink', 'fill'),
        `<tspan fill="${c.accent}">\u25B2</tspan> ${escapeXml(c.votes)}`,
        ' text-anchor="end"',
      ),
    );
    right -= (Array.from(c.votes).length + 2) * countSize * EM_BOLD + 10;
  }
  const avail = right - textX;
  // The eyebrow carries the achievement (e.g. the "#2" rank), so it gets priority;
  // it is only cut when it would leave the title fewer than 8 characters.
  const titleReserve = Math.min(8, Array.from(c.title).length) * titleSize * EM_BOLD + gap;
  const eyebrow = truncate(c.eyebrow, charsFor(avail - titleReserve, eyebrowSize, EM_CAPS, EYEBROW_SPACING));
  const titleAvail = avail - capsWidth(eyebrow, eyebrowSize, EYEBROW_SPACING) - gap;
  const title = truncate(c.title, charsFor(titleAvail, titleSize, EM_BOLD));
  // One <text> with two <tspan>s keeps "EYEBROW Title" on a single baseline with
  // the title placed right after the eyebrow, whatever its real rendered width.
  parts.push(
    `<text x="${textX}" y="21">` +
      `<tspan font-size="${eyebrowSize}" font-weight="600" letter-spacing="${EYEBROW_SPACING}" ${paint(c.pal, 'muted', 'fill')}>${escapeXml(eyebrow)}</tspan>` +
      `<tspan dx="${gap}" font-size="${titleSize}" font-weight="700" ${paint(c.pal, 'ink', 'fill')}>${escapeXml(title)}</tspan>` +
      `</text>`,
  );
  return parts.join('');
}

function squareLayout(c: Ctx): string {
  const cx = c.w / 2;
  const inner = c.w - 16;
  const iconR = 21;
  const eyebrowSize = 8;
  const titleSize = 15;
  const extraSize = 9.5;
  const extras: string[] = [];
  if (c.weekLabel) extras.push(escapeXml(truncate(c.weekLabel, charsFor(inner, extraSize, EM_REGULAR))));
  if (c.votes !== undefined) extras.push(`<tspan fill="${c.accent}">\u25B2</tspan> ${escapeXml(c.votes)}`);

  // Stack: icon, eyebrow, title, extra lines — then centre the whole stack vertically
  // so a badge without extra lines does not leave a gap at the bottom.
  const iconCy = iconR; // relative to the stack's top
  const eyebrowY = iconCy + iconR + 18;
  const titleY = eyebrowY + 21;
  const lastY = titleY + extras.length * 15;
  const stackH = lastY + 3;
  const top = (c.h - stackH) / 2;

  const eyebrow = truncate(c.eyebrow, charsFor(inner, eyebrowSize, EM_CAPS, 0.5));
  const title = truncate(c.title, charsFor(inner, titleSize, EM_BOLD));
  const mid = ' text-anchor="middle"';
  const parts = [
    frame(c, 12, 'subtle'),
    icon(c.kind, c.accent, cx, top + iconCy, iconR),
    textEl(
      cx,
      top + eyebrowY,
      eyebrowSize,
      600,
      paint(c.pal, 'muted', 'fill'),
      escapeXml(eyebrow),
      `${mid} letter-spacing="0.5"`,
    ),
    textEl(cx, top + titleY, titleSize, 700, paint(c.pal, 'ink', 'fill'), escapeXml(title), mid),
  ];
  extras.forEach((content, i) => {
    parts.push(textEl(cx, top + titleY + (i + 1) * 15, extraSize, 500, paint(c.pal, 'muted', 'fill'), content, mid));
  });
  return parts.join('');
}

// ---------------------------------------------------------------------------
// Document

export function renderBadgeSvg(input: BadgeInput): string {
  const { width, height } = badgeDimensions(input.shape, input.size);
  const base = BASE[input.shape];
  if (!isBadgeMode(input.mode)) throw new RangeError(`unknown badge mode: ${String(input.mode)}`);
  if (!isBadgeKind(input.kind)) throw new RangeError(`unknown badge kind: ${String(input.kind)}`);

  const siteName = clean(input.siteName);
  const productName = clean(input.productName);
  // A week only means something for the weekly award; other kinds ignore it.
  const weekLabel = input.kind === 'launch-of-the-week' ? clean(input.weekLabel) : '';
  const votesN =
    typeof input.votes === 'number' && Number.isFinite(input.votes) ? Math.max(0, Math.floor(input.votes)) : undefined;
  const label = badgeLabel(input.kind, { siteName, rank: input.rank });
  const lotw = input.kind === 'launch-of-the-week';

  const ctx: Ctx = {
    w: base.width,
    h: base.height,
    pal: input.mode === 'dark' ? DARK : LIGHT,
    accent: accentFor(input.kind, input.rank),
    kind: input.kind,
    // Uppercase + letter-spacing instead of font-variant small-caps, which many
    // system fonts fake badly; toUpperCase is locale-independent, so still deterministic.
    eyebrow: label.eyebrow.toUpperCase(),
    title: label.title,
    votes: votesN === undefined ? undefined : formatVotes(votesN),
    weekLabel,
    lotw,
  };

  let body: string;
  switch (input.shape) {
    case 'standard':
    case 'outline':
    case 'pill':
      body = rowLayout(ctx, ROW_SPECS[input.shape]);
      break;
    case 'banner':
      body = bannerLayout(ctx);
      break;
    case 'square':
      body = squareLayout(ctx);
      break;
  }

  // Accessible name: the full sentence, which also carries the product name and
  // exact vote count that the visual badge has no room for.
  const sentence = [
    (productName ? `${truncate(productName, 80)} \u2014 ` : '') +
      (lotw ? `${label.eyebrow} on ${truncate(siteName, 80)}` : `${label.eyebrow} ${truncate(siteName, 80)}`),
    weekLabel ? truncate(weekLabel, 60) : '',
    votesN === undefined ? '' : `${votesN} ${votesN === 1 ? 'upvote' : 'upvotes'}`,
  ]
    .filter(Boolean)
    .join(' \u00B7 ');
  const a11y = escapeXml(sentence);

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${base.width} ${base.height}"` +
    ` role="img" aria-label="${a11y}" class="ld" font-family="${FONT_STACK}">` +
    `<title>${a11y}</title>` +
    (input.mode === 'auto' ? autoStyle() : '') +
    body +
    `</svg>`
  );
}
