import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as cheerio from 'cheerio';
import { barChart, niceMax } from '../../../src/site/charts/bar-chart.js';

const points = [
  { label: '2026-03-01', value: 3 },
  { label: '2026-03-02', value: 0 },
  { label: '2026-03-03', value: 7 },
];
const chart = () =>
  cheerio.load(
    barChart({ id: 'views', title: 'Page views', description: '10 views; most on 2026-03-03 (7).', points }).value,
  );

test('the chart is an SVG image named by its title and described by its desc', () => {
  const $ = chart();
  const svg = $('svg[role="img"]');
  assert.equal(svg.length, 1);
  assert.equal($(`#${svg.attr('aria-labelledby')}`).text(), 'Page views');
  assert.equal($(`#${svg.attr('aria-describedby')}`).text(), '10 views; most on 2026-03-03 (7).');
  assert.equal(svg.children('title').first().text(), 'Page views');
  assert.equal(svg.children('desc').text(), '10 views; most on 2026-03-03 (7).');
});

test('one bar per point above zero, the tallest reaching the rounded top of the axis', () => {
  const $ = chart();
  const bars = $('rect.bar');
  assert.equal(bars.length, 2, 'a point of zero draws no bar');
  const heights = bars.map((_, b) => Number($(b).attr('height'))).get();
  assert.ok(Math.abs(heights[0] / heights[1] - 3 / 7) < 0.01);
  assert.equal($('.chart-y span').first().text(), '10', 'the axis tops out at 10');
});

test('axis labels are text of the page beside and under the drawing, so they keep their size on a phone', () => {
  const $ = chart();
  assert.equal($('svg text').length, 0);
  assert.deepEqual(
    $('.chart-y span')
      .map((_, t) => $(t).text())
      .get(),
    ['10', '0'],
  );
  assert.deepEqual(
    $('.chart-x span')
      .map((_, t) => $(t).text())
      .get(),
    ['2026-03-01', '2026-03-03'],
  );
  assert.equal($('.chart-x').attr('aria-hidden'), 'true', 'the description and the table already say them');
});

test('the same figures are in a data table behind a details element', () => {
  const $ = chart();
  const rows = $('details table tbody tr')
    .map((_, r) => [[$(r).find('th').text(), $(r).find('td').text()]])
    .get();
  assert.deepEqual(rows, [
    ['2026-03-01', '3'],
    ['2026-03-02', '0'],
    ['2026-03-03', '7'],
  ]);
  assert.deepEqual(
    $('details thead th')
      .map((_, t) => $(t).text())
      .get(),
    ['Day', 'Count'],
  );
});

test('labels and titles are escaped', () => {
  const out = barChart({ id: 'x', title: '<b>', description: '&', points: [{ label: '<i>', value: 1 }] }).value;
  assert.ok(!out.includes('<b>') && !out.includes('<i>'));
});

test('an empty or all-zero series still draws an axis from 0 to 1', () => {
  assert.equal(niceMax(0), 1);
  assert.equal(niceMax(7), 10);
  assert.equal(niceMax(11), 20);
  assert.equal(niceMax(200), 200);
  assert.equal(niceMax(201), 500);
  const $ = cheerio.load(barChart({ id: 'e', title: 'Empty', description: 'Nothing yet.', points: [] }).value);
  assert.equal($('rect.bar').length, 0);
  assert.equal($('svg title').first().text(), 'Empty');
});

test('a week by the hour is drawn as one path with a bar per hour above zero, every figure still in the table', () => {
  const hours = Array.from({ length: 168 }, (_, i) => ({ label: `h${i}`, value: i % 3 === 0 ? 0 : (i % 5) + 1 }));
  const $ = cheerio.load(barChart({ id: 'w', title: 'Votes per hour', description: 'A week.', points: hours }).value);
  assert.equal($('rect.bar').length, 0);
  const d = $('path.bar').attr('d') ?? '';
  assert.equal(d.match(/M/g)?.length, hours.filter((h) => h.value > 0).length);
  assert.equal($('details table tbody tr').length, 168);
});
