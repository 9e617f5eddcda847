import { html, type SafeHtml } from '../html.js';

/** One bar: what it is called in the table (a day, an hour) and its count. */
export interface ChartPoint {
  label: string;
  value: number;
}

export interface BarChartOptions {
  /** Unique on the page: the SVG's <title>/<desc> ids derive from it. */
  id: string;
  /** The chart's name, shown above it and read as the image's name. */
  title: string;
  /** What the chart shows in words (e.g. the total and the busiest day), read as the image's description. */
  description: string;
  points: ChartPoint[];
  /** The table's column headers (default "Day" and "Count"). */
  labelHeader?: string;
  valueHeader?: string;
  /** Leave rows of zero out of the table (long, sparse series such as votes per hour), saying so under it. */
  nonZeroRowsOnly?: boolean;
}

/**
 * The drawing's own units: the SVG scales to its box, so these only fix the proportions. It holds the
 * bars and lines only: the axis labels are HTML beside and under it, at the page's type size (text in
 * the SVG shrank with it, to 6 px on a phone).
 */
const WIDTH = 600;
const HEIGHT = 140;
const PAD_LEFT = 0;
const PAD_BOTTOM = 1;
const PAD_TOP = 1;
/** Series longer than this are drawn as one path (see barChart). */
const PATH_ABOVE = 62;

/** A round top for the axis: 1, 2 or 5 times a power of ten, so the one gridline label reads simply. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/**
 * A bar chart as server-rendered SVG (`role="img"` named by its <title> and described by its <desc>, so it needs no
 * script and reads as one image), followed by the same figures as a table in a <details> for anyone who cannot
 * see the bars. Colours come from the stylesheet (`.chart`), so the chart follows the light/dark scheme.
 */
export function barChart(o: BarChartOptions): SafeHtml {
  const n = o.points.length;
  const top = niceMax(Math.max(0, ...o.points.map((p) => p.value)));
  const plotW = WIDTH - PAD_LEFT;
  const plotH = HEIGHT - PAD_BOTTOM - PAD_TOP;
  const slot = n ? plotW / n : plotW;
  const gap = slot > 6 ? slot * 0.2 : 0;
  const y = (v: number) => PAD_TOP + plotH - (v / top) * plotH;
  // A bar of zero has no height: it is drawn as nothing, and the axis shows the gap.
  const drawn = o.points.flatMap((p, i) => (p.value > 0 ? [{ p, x: PAD_LEFT + i * slot + gap / 2 }] : []));
  // A long series (a week by the hour) is one path: bars too thin to point at need no tooltip each, and a
  // <rect> with its <title> per hour made half of a listing page's bytes. The table below has every figure.
  const bars =
    n > PATH_ABOVE
      ? html`<path class="bar" d="${drawn.map(({ p, x }) => `M${fmt(x)} ${fmt(PAD_TOP + plotH)}V${fmt(y(p.value))}h${fmt(slot - gap)}V${fmt(PAD_TOP + plotH)}z`).join('')}"/>`
      : drawn.map(
          ({ p, x }) =>
            html`<rect class="bar" x="${fmt(x)}" y="${fmt(y(p.value))}" width="${fmt(slot - gap)}" height="${fmt((p.value / top) * plotH)}"><title>${p.label}: ${p.value}</title></rect>`,
        );
  const rows = o.nonZeroRowsOnly ? o.points.filter((p) => p.value !== 0) : o.points;
  const first = o.points[0]?.label;
  const last = n > 1 ? o.points[n - 1].label : undefined;
  const titleId = `${o.id}-title`;
  const descId = `${o.id}-desc`;
  return html`<figure class="chart" id="${o.id}">
<figcaption class="chart-title">${o.title}</figcaption>
<div class="chart-plot">
<div class="chart-y" aria-hidden="true"><span>${top}</span><span>0</span></div>
<svg role="img" viewBox="0 0 ${WIDTH} ${HEIGHT}" aria-labelledby="${titleId}" aria-describedby="${descId}" focusable="false"><title id="${titleId}">${o.title}</title><desc id="${descId}">${o.description}</desc>
<line class="grid" x1="${PAD_LEFT}" x2="${WIDTH}" y1="${PAD_TOP}" y2="${PAD_TOP}"/><line class="axis" x1="${PAD_LEFT}" x2="${WIDTH}" y1="${PAD_TOP + plotH}" y2="${PAD_TOP + plotH}"/>
${bars}
</svg>
${first !== undefined ? html`<div class="chart-x" aria-hidden="true"><span>${first}</span>${last !== undefined ? html`<span>${last}</span>` : ''}</div>` : ''}
</div>
<details class="chart-data"><summary>${o.title}: data table</summary>
<div class="table-wrap"><table><thead><tr><th scope="col">${o.labelHeader ?? 'Day'}</th><th scope="col">${o.valueHeader ?? 'Count'}</th></tr></thead>
<tbody>${rows.map((p) => html`<tr><th scope="row">${p.label}</th><td>${p.value}</td></tr>`)}</tbody></table></div>
${rows.length < o.points.length ? html`<p class="small muted">${o.labelHeader ?? 'Day'} rows of 0 are left out.</p>` : ''}
</details>
</figure>`;
}

/** Coordinates to two decimals: enough for a 600-unit drawing, and short markup. */
const fmt = (v: number) => String(Math.round(v * 100) / 100);
