import { monogramColour, monogramLetters } from '../images/monogram.js';
import { FONT_FAMILY, renderPng } from '../images/render-png.js';
import { fitLine, xmlText } from '../images/svg-text.js';
import { hash32, mulberry32 } from './random.js';

/**
 * Screenshots for the demo listings: mock product screens (a dashboard, a table, a board) drawn as
 * SVG in the listing's colour with its own name and features, rendered to PNG — what a maker would
 * upload. The same listing always gets the same pictures.
 */

export const SHOT_WIDTH = 1280;
export const SHOT_HEIGHT = 800;

export interface ScreenshotFacts {
  slug: string;
  name: string;
  domain: string;
  features: string[];
  keywords: string[];
}

const INK = '#1f2328';
const MUTED = '#59636e';
const LINE = '#e3e6eb';
const PANEL = '#f6f7f9';
const PEOPLE = [
  'Ana Souza',
  'Ben Okafor',
  'Chloé Martin',
  'Dev Patel',
  'Emma Lund',
  'Farid Haddad',
  'Grace Kim',
  'Hugo Weber',
];
const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

type Rand = () => number;
const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'from',
  'in',
  'of',
  'on',
  'or',
  'per',
  'that',
  'the',
  'to',
  'into',
  'with',
  'your',
]);

function text(
  x: number,
  y: number,
  size: number,
  content: string,
  o: { bold?: boolean; fill?: string; anchor?: 'start' | 'middle' | 'end'; max?: number } = {},
): string {
  const t = o.max ? fitLine(content, o.max, size, o.bold) : content;
  return `<text x="${x}" y="${y}" font-family="${FONT_FAMILY}" font-size="${size}"${o.bold ? ' font-weight="700"' : ''} fill="${o.fill ?? INK}"${o.anchor && o.anchor !== 'start' ? ` text-anchor="${o.anchor}"` : ''}>${xmlText(t)}</text>`;
}
const rect = (x: number, y: number, w: number, h: number, fill: string, r = 0, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${fill}"${extra}/>`;
/** A short label from a feature sentence: its first words, capitalised. */
const label = (s: string, words = 2) => {
  const w = s
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, words);
  // "Backend as a" reads as cut off: a label does not end on a small word.
  while (w.length > 1 && SMALL_WORDS.has(w.at(-1)!.toLowerCase())) w.pop();
  const t = w.join(' ');
  return t.charAt(0).toUpperCase() + t.slice(1);
};
const initials = (name: string) => monogramLetters(name);
/** A lighter tint of a #rrggbb colour (mix with white). */
function tint(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c + (255 - c) * amount);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map(mix);
  return `#${((r << 16) | (g << 8) | b).toString(16).padStart(6, '0')}`;
}

function avatar(x: number, y: number, r: number, name: string): string {
  const c = monogramColour(name);
  return `<circle cx="${x}" cy="${y}" r="${r}" fill="${c}"/>${text(x, y + r * 0.36, r * 0.9, initials(name), { bold: true, fill: '#fff', anchor: 'middle' })}`;
}

/** The browser window around every screen: its address bar names the product's app. */
function windowFrame(f: ScreenshotFacts, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHOT_WIDTH}" height="${SHOT_HEIGHT}" viewBox="0 0 ${SHOT_WIDTH} ${SHOT_HEIGHT}">` +
    rect(0, 0, SHOT_WIDTH, SHOT_HEIGHT, '#ffffff') +
    rect(0, 0, SHOT_WIDTH, 44, '#eceef2') +
    ['#ff5f57', '#febc2e', '#28c840']
      .map((c, i) => `<circle cx="${22 + i * 20}" cy="22" r="6" fill="${c}"/>`)
      .join('') +
    rect(380, 10, 520, 24, '#ffffff', 12) +
    text(640, 27, 13, `app.${f.domain}`, { fill: MUTED, anchor: 'middle' }) +
    body +
    '</svg>'
  );
}

function sidebar(f: ScreenshotFacts, accent: string, active: number): string {
  const items = ['Overview', ...f.features.slice(0, 5).map((s) => label(s)), 'Settings'];
  let out = rect(0, 44, 232, SHOT_HEIGHT - 44, '#fbfbfc') + rect(231, 44, 1, SHOT_HEIGHT - 44, LINE);
  out +=
    rect(20, 64, 32, 32, accent, 8) +
    text(36, 86, 14, initials(f.name), { bold: true, fill: '#fff', anchor: 'middle' });
  out += text(62, 86, 16, f.name, { bold: true, max: 150 });
  items.forEach((item, i) => {
    const y = 128 + i * 40;
    if (i === active) out += rect(12, y - 4, 208, 34, tint(accent, 0.86), 8);
    out += rect(28, y + 7, 14, 14, i === active ? accent : '#c7ccd4', 4);
    out += text(54, y + 19, 14, item, { fill: i === active ? accent : INK, bold: i === active, max: 160 });
  });
  out += avatar(40, SHOT_HEIGHT - 40, 15, PEOPLE[0]) + text(64, SHOT_HEIGHT - 35, 13, PEOPLE[0], { fill: MUTED });
  return out;
}

function dashboard(f: ScreenshotFacts, accent: string, rand: Rand): string {
  let out = sidebar(f, accent, 0);
  out += text(264, 96, 24, 'Overview', { bold: true });
  out +=
    rect(880, 72, 160, 36, '#fff', 8, ` stroke="${LINE}"`) +
    text(960, 95, 13, 'Last 7 days', { fill: MUTED, anchor: 'middle' });
  out +=
    rect(1056, 72, 196, 36, accent, 8) + text(1154, 95, 14, '+ Create', { bold: true, fill: '#fff', anchor: 'middle' });
  const kpis = [f.keywords[0] ?? 'Users', f.keywords[1] ?? 'Sessions', 'Conversion', 'Revenue'];
  kpis.forEach((k, i) => {
    const x = 264 + i * 250;
    const value =
      i === 2
        ? `${(2 + rand() * 6).toFixed(1)}%`
        : i === 3
          ? `$${Math.round(8 + rand() * 60)},${Math.round(100 + rand() * 899)}`
          : `${Math.round(1 + rand() * 40)},${Math.round(100 + rand() * 899)}`;
    const up = rand() > 0.25;
    out += rect(x, 128, 232, 104, '#fff', 12, ` stroke="${LINE}"`);
    out += text(x + 18, 158, 13, label(k, 3), { fill: MUTED, max: 196 });
    out += text(x + 18, 196, 28, value, { bold: true });
    out +=
      rect(x + 18, 208, 64, 18, up ? '#e6f4ea' : '#fdecea', 9) +
      text(x + 50, 221, 11, `${up ? '▲' : '▼'} ${(rand() * 18 + 1).toFixed(1)}%`, {
        fill: up ? '#1e7a34' : '#b42318',
        anchor: 'middle',
      });
  });
  // The chart: a week of a metric as an area over a grid.
  const cx = 264;
  const cy = 256;
  const cw = 640;
  const ch = 340;
  out += rect(cx, cy, cw, ch + 110, '#fff', 12, ` stroke="${LINE}"`);
  out += text(cx + 20, cy + 34, 16, `${label(f.keywords[0] ?? 'Activity', 2)} this week`, { bold: true, max: 400 });
  const plotTop = cy + 60;
  for (let i = 0; i <= 4; i++) out += rect(cx + 20, plotTop + (i * ch) / 4, cw - 40, 1, '#eef0f3');
  let v = 0.35 + rand() * 0.2;
  const pts = Array.from({ length: 22 }, (_, i) => {
    v = Math.min(0.95, Math.max(0.1, v + (rand() - 0.4) * 0.14));
    return [cx + 20 + (i * (cw - 40)) / 21, plotTop + ch - v * ch] as const;
  });
  const line = pts.map(([x, y], i) => `${i ? 'L' : 'M'}${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
  out += `<defs><linearGradient id="fill" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${accent}" stop-opacity="0.28"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/></linearGradient></defs>`;
  out += `<path d="${line} L${pts.at(-1)![0].toFixed(1)},${plotTop + ch} L${pts[0][0].toFixed(1)},${plotTop + ch} Z" fill="url(#fill)"/>`;
  out += `<path d="${line}" fill="none" stroke="${accent}" stroke-width="3" stroke-linejoin="round"/>`;
  DAYS.forEach((d, i) => {
    out += text(cx + 20 + (i * (cw - 40)) / 6, plotTop + ch + 24, 12, d, {
      fill: MUTED,
      anchor: i === 0 ? 'start' : i === 6 ? 'end' : 'middle',
    });
  });
  // Recent activity beside it.
  const ax = 924;
  out +=
    rect(ax, cy, 328, ch + 110, '#fff', 12, ` stroke="${LINE}"`) +
    text(ax + 20, cy + 34, 16, 'Recent activity', { bold: true });
  for (let i = 0; i < 7; i++) {
    const y = cy + 68 + i * 56;
    const who = PEOPLE[(i + 1) % PEOPLE.length];
    out += avatar(ax + 38, y + 10, 16, who);
    out += text(ax + 64, y + 6, 13, who, { bold: true, max: 240 });
    out += text(ax + 64, y + 24, 12, label(f.features[i % Math.max(1, f.features.length)] ?? 'Updated a record', 4), {
      fill: MUTED,
      max: 240,
    });
  }
  return out;
}

function table(f: ScreenshotFacts, accent: string, rand: Rand): string {
  let out = sidebar(f, accent, 1);
  const title = label(f.features[0] ?? f.keywords[0] ?? 'Items', 2);
  out += text(264, 96, 24, title, { bold: true, max: 560 });
  out +=
    rect(264, 120, 360, 38, '#fff', 8, ` stroke="${LINE}"`) +
    text(286, 144, 14, `Search ${title.toLowerCase()}…`, { fill: MUTED, max: 320 });
  ['All', 'Active', 'Paused', 'Draft'].forEach((c, i) => {
    out += rect(
      640 + i * 92,
      122,
      84,
      34,
      i === 0 ? tint(accent, 0.86) : '#fff',
      17,
      ` stroke="${i === 0 ? accent : LINE}"`,
    );
    out += text(682 + i * 92, 144, 13, c, { fill: i === 0 ? accent : INK, anchor: 'middle' });
  });
  out +=
    rect(1092, 120, 160, 38, accent, 8) + text(1172, 144, 14, 'Export', { bold: true, fill: '#fff', anchor: 'middle' });
  const cols = [
    ['Name', 280],
    ['Status', 560],
    ['Owner', 690],
    ['Progress', 880],
    ['Updated', 1120],
  ] as const;
  out += rect(264, 182, 988, 44, PANEL, 8);
  for (const [c, x] of cols) out += text(x, 210, 13, c, { bold: true, fill: MUTED });
  const statuses = [
    ['Active', '#e6f4ea', '#1e7a34'],
    ['Paused', '#fff4e5', '#a84300'],
    ['Draft', '#eef0f4', '#59636e'],
  ] as const;
  const words = [...f.keywords, ...f.features.map((s) => label(s, 3))];
  for (let i = 0; i < 9; i++) {
    const y = 226 + i * 58;
    out += rect(264, y + 57, 988, 1, LINE);
    out += rect(280, y + 18, 22, 22, tint(monogramColour(words[i % words.length] ?? f.name), 0.7), 6);
    out += text(314, y + 35, 14, label(words[i % Math.max(1, words.length)] ?? 'Record', 3), { max: 230 });
    const [s, bg, fg] = statuses[Math.floor(rand() * 3)];
    out += rect(560, y + 17, 78, 24, bg, 12) + text(599, y + 34, 12, s, { fill: fg, anchor: 'middle', bold: true });
    const who = PEOPLE[(i * 3) % PEOPLE.length];
    out += avatar(704, y + 29, 13, who) + text(724, y + 34, 13, who.split(' ')[0], { fill: MUTED });
    const p = 0.1 + rand() * 0.9;
    out += rect(880, y + 24, 180, 8, '#eef0f3', 4) + rect(880, y + 24, Math.round(180 * p), 8, accent, 4);
    out += text(1072, y + 33, 12, `${Math.round(p * 100)}%`, { fill: MUTED });
    out += text(1120, y + 34, 13, `${1 + Math.floor(rand() * 27)} Nov`, { fill: MUTED });
  }
  return out;
}

function board(f: ScreenshotFacts, accent: string, rand: Rand): string {
  let out = sidebar(f, accent, 2);
  out += text(264, 96, 24, `${f.name} board`, { bold: true, max: 600 });
  PEOPLE.slice(0, 4).forEach((p, i) => {
    out += avatar(1100 + i * 26, 88, 15, p);
  });
  out +=
    rect(1214, 72, 38, 34, '#fff', 8, ` stroke="${LINE}"`) + text(1233, 95, 18, '+', { anchor: 'middle', fill: MUTED });
  const tasks = [...f.features, ...f.keywords.map((k) => `Review ${k}`)];
  const columns = ['To do', 'In progress', 'Done'];
  const tags = [
    [tint(accent, 0.85), accent],
    ['#e6f4ea', '#1e7a34'],
    ['#fff4e5', '#a84300'],
  ] as const;
  columns.forEach((c, ci) => {
    const x = 264 + ci * 332;
    out += rect(x, 124, 316, 650, PANEL, 12);
    out +=
      text(x + 18, 156, 15, c, { bold: true }) + text(x + 298, 156, 13, String(3 + ci), { fill: MUTED, anchor: 'end' });
    for (let i = 0; i < 3 + (ci === 1 ? 1 : 0); i++) {
      const y = 176 + i * 146;
      if (y + 130 > 770) break;
      const task = tasks[(ci * 4 + i) % Math.max(1, tasks.length)] ?? 'Plan the launch';
      out += rect(x + 12, y, 292, 132, '#fff', 10, ` stroke="${LINE}"`);
      const [bg, fg] = tags[(ci + i) % 3];
      const tag = label(f.keywords[(ci + i) % Math.max(1, f.keywords.length)] ?? 'General', 1);
      out +=
        rect(x + 26, y + 16, 14 + tag.length * 7.5, 22, bg, 11) +
        text(x + 33, y + 32, 12, tag, { fill: fg, bold: true });
      out += text(x + 26, y + 64, 14, label(task, 4), { bold: true, max: 264 });
      out += text(
        x + 26,
        y + 86,
        12,
        `${initials(f.name)}-${100 + ci * 10 + i} · ${2 + Math.floor(rand() * 8)} comments`,
        { fill: MUTED },
      );
      out += avatar(x + 40, y + 112, 11, PEOPLE[(ci * 3 + i) % PEOPLE.length]);
      if (ci === 1)
        out +=
          rect(x + 160, y + 107, 120, 8, '#eef0f3', 4) +
          rect(x + 160, y + 107, Math.round(120 * (0.2 + rand() * 0.7)), 8, accent, 4);
      else
        out += text(x + 290, y + 116, 12, ci === 2 ? '✓ Done' : `Due ${1 + Math.floor(rand() * 27)} Dec`, {
          fill: ci === 2 ? '#1e7a34' : MUTED,
          anchor: 'end',
        });
    }
  });
  return out;
}

const SCREENS = [
  { draw: dashboard, caption: (f: ScreenshotFacts) => `The ${f.name} dashboard: this week at a glance` },
  {
    draw: table,
    caption: (f: ScreenshotFacts) => `${label(f.features[0] ?? 'Records', 2)}, searchable and filtered by status`,
  },
  { draw: board, caption: () => 'Planning work on the board' },
];

/** The SVG of one mock screen of a listing (0: dashboard, 1: table, 2: board). */
export function screenshotSvg(f: ScreenshotFacts, screen: number): string {
  const rand = mulberry32(hash32('screenshot', f.slug, screen));
  const { draw } = SCREENS[screen % SCREENS.length];
  return windowFrame(f, draw(f, monogramColour(f.name), rand));
}

/** A listing's demo screenshots as PNG files, each with its caption. */
export async function demoScreenshots(
  f: ScreenshotFacts,
  count = SCREENS.length,
): Promise<{ png: Buffer; caption: string }[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      png: await renderPng(screenshotSvg(f, i)),
      caption: SCREENS[i % SCREENS.length].caption(f),
    })),
  );
}
