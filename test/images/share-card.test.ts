import { test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import {
  listingShareSvg,
  weekShareSvg,
  SHARE_HEIGHT,
  SHARE_WIDTH,
  type ListingShareFacts,
} from '../../src/images/share-card.js';
import { renderPng } from '../../src/images/render-png.js';
import { pngOf } from '../support/fake-images.js';

const XSS = `<script>alert(1)</script>"/><image href="http://evil.example/x.png"/><foreignObject>`;
const facts = (o: Partial<ListingShareFacts> = {}): ListingShareFacts => ({
  siteName: 'Launchdeck',
  host: 'launchdeck.test',
  name: 'Tablewise',
  tagline: 'Postgres hosting for small teams',
  votes: 1234,
  launch: { state: 'launched', date: '2026-11-09' },
  logoPng: null,
  ...o,
});

/** Every element name in an SVG source. */
const elements = (svg: string) => new Set([...svg.matchAll(/<([a-zA-Z][\w:-]*)/g)].map((m) => m[1]));

test('a listing card shows the site, the name, the tagline, the votes and the launch date', () => {
  const svg = listingShareSvg(facts());
  for (const s of [
    'Launchdeck',
    'Tablewise',
    'Postgres hosting for small teams',
    '▲ 1,234 votes',
    'Launched November 9, 2026',
    'launchdeck.test',
  ])
    assert.ok(svg.includes(s), s);
  assert.ok(
    listingShareSvg(facts({ votes: 1, launch: { state: 'scheduled', date: '2026-11-23' } })).includes(
      'Launches November 23, 2026',
    ),
  );
  assert.ok(listingShareSvg(facts({ votes: 1 })).includes('▲ 1 vote<'));
});

test('XSS payloads in any text are escaped in the SVG source: no element or attribute comes from them', () => {
  const svg = listingShareSvg(facts({ siteName: XSS, name: XSS, tagline: XSS, host: XSS }));
  assert.deepEqual([...elements(svg)].sort(), ['g', 'path', 'rect', 'svg', 'text']);
  assert.ok(!svg.includes('<script') && !svg.includes('<image') && !svg.includes('<foreignObject'));
  assert.ok(svg.includes('&lt;script&gt;'));
  const week = weekShareSvg({
    siteName: XSS,
    host: XSS,
    week: '2026-11-16',
    state: 'current',
    total: 1,
    top: [{ name: XSS, votes: 3 }],
  });
  assert.deepEqual([...elements(week)].sort(), ['g', 'path', 'rect', 'svg', 'text']);
});

test('a long name and tagline are cut to fit the card', () => {
  const svg = listingShareSvg(
    facts({ name: 'An extraordinarily long product name that goes on and on', tagline: 'word '.repeat(200) }),
  );
  assert.ok(svg.includes('…'));
  assert.ok((svg.match(/<text/g) ?? []).length <= 9, 'the tagline takes at most three lines');
});

test('the logo is embedded as PNG data, never as a link; without one the monogram is drawn', async () => {
  const withLogo = listingShareSvg(facts({ logoPng: await pngOf(10, 10) }));
  assert.match(withLogo, /<image [^>]*xlink:href="data:image\/png;base64,[A-Za-z0-9+/=]+"\/>/);
  const without = listingShareSvg(facts());
  assert.ok(!without.includes('<image'));
  assert.match(without, />T<\/text>/);
});

test('the cards render to 1200×630 PNGs with the bundled font, payloads and all', async () => {
  for (const svg of [
    listingShareSvg(facts({ name: XSS, tagline: `${XSS} \u0008`, logoPng: await pngOf(40, 20) })),
    weekShareSvg({
      siteName: 'Launchdeck',
      host: 'launchdeck.test',
      week: '2026-11-16',
      state: 'past',
      total: 7,
      top: [
        { name: XSS, votes: 5 },
        { name: 'Pipelane', votes: 3 },
      ],
    }),
    weekShareSvg({
      siteName: 'Launchdeck',
      host: 'launchdeck.test',
      week: '2026-11-23',
      state: 'upcoming',
      total: 0,
      top: [],
    }),
  ]) {
    const png = await renderPng(svg);
    const meta = await sharp(png).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['png', SHARE_WIDTH, SHARE_HEIGHT]);
    // Text was drawn: the picture is not one flat colour.
    const { channels } = await sharp(png).stats();
    assert.ok(channels[0].stdev > 10);
  }
});
