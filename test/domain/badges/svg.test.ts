import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  BADGE_KINDS,
  BADGE_MODES,
  BADGE_SHAPES,
  BADGE_SIZES,
  badgeDimensions,
  badgeLabel,
  renderBadgeSvg,
  type BadgeInput,
} from '../../../src/domain/badges/svg.js';

const base: BadgeInput = {
  kind: 'listed',
  shape: 'standard',
  mode: 'light',
  size: 'm',
  siteName: 'Launchdeck',
  productName: 'Acme Rockets',
};

/**
 * Minimal XML well-formedness check (no extra packages): one root <svg>, every
 * tag closed in order, attributes double-quoted and unique, and text/attribute
 * content free of raw '<' and of '&' that does not start a valid entity.
 * Returns the list of element names seen, for further assertions.
 */
function assertWellFormed(svg: string): string[] {
  const ENTITY = /^&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/;
  const TAG = /^<(\/?)([A-Za-z][\w:.-]*)((?:\s+[A-Za-z_:][\w:.-]*="[^"<]*")*)\s*(\/?)>/;
  const checkAmps = (s: string, where: string) => {
    for (let i = s.indexOf('&'); i !== -1; i = s.indexOf('&', i + 1)) {
      assert.match(s.slice(i), ENTITY, `bad '&' in ${where}: ${s.slice(i, i + 20)}`);
    }
  };
  const stack: string[] = [];
  const seen: string[] = [];
  let i = 0;
  let rootClosed = false;
  while (i < svg.length) {
    const lt = svg.indexOf('<', i);
    const text = svg.slice(i, lt === -1 ? svg.length : lt);
    if (text.length > 0) {
      assert.ok(stack.length > 0 || text.trim() === '', `text outside the root: ${text.slice(0, 30)}`);
      assert.ok(!text.includes('>'), `raw '>' in text: ${text.slice(0, 40)}`);
      checkAmps(text, 'text');
    }
    if (lt === -1) break;
    const m = TAG.exec(svg.slice(lt));
    assert.ok(m, `malformed tag at ${lt}: ${svg.slice(lt, lt + 60)}`);
    const [whole, closing, name, attrs, selfClosing] = m;
    assert.ok(!rootClosed, `content after the root element: ${whole}`);
    if (closing) {
      assert.equal(attrs.trim(), '', `closing tag with attributes: ${whole}`);
      assert.equal(stack.pop(), name, `mismatched </${name}>`);
      if (stack.length === 0) rootClosed = true;
    } else {
      if (stack.length === 0) assert.equal(name, 'svg', 'root element must be <svg>');
      seen.push(name);
      const names = [...attrs.matchAll(/([A-Za-z_:][\w:.-]*)="([^"]*)"/g)].map((a) => {
        checkAmps(a[2]!, `attribute ${a[1]}`);
        return a[1]!;
      });
      assert.equal(new Set(names).size, names.length, `duplicate attribute in ${whole}`);
      if (selfClosing) {
        if (stack.length === 0) rootClosed = true;
      } else stack.push(name);
    }
    i = lt + whole.length;
  }
  assert.deepEqual(stack, [], 'unclosed tags');
  assert.ok(rootClosed, 'root <svg> never closed');
  return seen;
}

function attr(svg: string, name: string): string {
  const m = new RegExp(`^<svg\\b[^>]*\\s${name}="([^"]*)"`).exec(svg);
  assert.ok(m, `root has no ${name}`);
  return m[1]!;
}

function backgroundFill(svg: string): string {
  const m = /class="ld-f-bg[^"]*" fill="(#[0-9a-f]{6})"/.exec(svg);
  assert.ok(m, 'no background rect');
  return m[1]!;
}

test('every shape, mode, size and kind renders a well-formed standalone SVG', () => {
  for (const shape of BADGE_SHAPES)
    for (const mode of BADGE_MODES)
      for (const size of BADGE_SIZES)
        for (const kind of BADGE_KINDS) {
          for (const extra of [{}, { votes: 42, rank: 2 as const, weekLabel: 'Week of 2026-11-16' }]) {
            const svg = renderBadgeSvg({ ...base, shape, mode, size, kind, ...extra });
            const where = `${shape}/${mode}/${size}/${kind}`;
            const elements = assertWellFormed(svg);
            assert.ok(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" '), where);
            assert.equal(elements.filter((e) => e === 'title').length, 1, `${where}: one <title>`);
            assert.ok(elements.includes('text'), where);
            const { width, height } = badgeDimensions(shape, size);
            assert.equal(attr(svg, 'width'), String(width), where);
            assert.equal(attr(svg, 'height'), String(height), where);
            assert.match(attr(svg, 'viewBox'), /^0 0 \d+ \d+$/, where);
            assert.equal(attr(svg, 'role'), 'img', where);
            assert.ok(attr(svg, 'aria-label').length > 0, where);
          }
        }
});

test('badges reference no external assets, scripts or web fonts', () => {
  for (const shape of BADGE_SHAPES)
    for (const mode of BADGE_MODES) {
      const svg = renderBadgeSvg({ ...base, shape, mode, votes: 3 });
      assert.doesNotMatch(
        svg,
        /<script|<image|<foreignObject|href=|url\(|@import|@font-face|https?:\/\/(?!www\.w3\.org\/2000\/svg")/i,
      );
      assert.match(svg, /font-family="[^"]*sans-serif"/);
    }
});

test('rendering is deterministic', () => {
  const input: BadgeInput = {
    ...base,
    kind: 'launch-of-the-week',
    mode: 'auto',
    rank: 1,
    votes: 1234,
    weekLabel: 'Week of 2026-11-16',
  };
  assert.equal(renderBadgeSvg(input), renderBadgeSvg({ ...input }));
});

test('dimensions grow with size and m standard is about 250×54', () => {
  assert.deepEqual(badgeDimensions('standard', 'm'), { width: 250, height: 54 });
  for (const shape of BADGE_SHAPES) {
    const [s, m, l] = BADGE_SIZES.map((size) => badgeDimensions(shape, size));
    assert.ok(s!.width < m!.width && m!.width < l!.width, `${shape} width`);
    assert.ok(s!.height < m!.height && m!.height < l!.height, `${shape} height`);
    assert.ok(Math.abs(s!.width / m!.width - 0.8) < 0.02, `${shape} s ≈ 0.8×`);
    assert.ok(Math.abs(l!.width / m!.width - 1.25) < 0.02, `${shape} l ≈ 1.25×`);
  }
});

test('shapes have their own proportions: banner is wide and short, square is square', () => {
  const banner = badgeDimensions('banner', 'm');
  const square = badgeDimensions('square', 'm');
  const standard = badgeDimensions('standard', 'm');
  assert.ok(banner.width > standard.width && banner.height < standard.height);
  assert.equal(square.width, square.height);
});

test('pill has fully rounded ends and outline has a transparent fill with a 2px border', () => {
  const pill = renderBadgeSvg({ ...base, shape: 'pill' });
  const { height } = badgeDimensions('pill', 'm');
  const rect = /<rect [^>]*height="([\d.]+)" rx="([\d.]+)"/.exec(pill);
  assert.ok(rect);
  assert.equal(Number(rect[2]) * 2, Number(rect[1]), 'rx is half the rect height');
  assert.ok(Number(rect[1]) >= height - 1);

  const outline = renderBadgeSvg({ ...base, shape: 'outline' });
  assert.match(outline, /<rect [^>]*fill="none"[^>]*stroke-width="2"/);
});

test('dark and light modes use different background and text colours', () => {
  for (const shape of ['standard', 'pill', 'banner', 'square'] as const) {
    const light = renderBadgeSvg({ ...base, shape, mode: 'light' });
    const dark = renderBadgeSvg({ ...base, shape, mode: 'dark' });
    assert.notEqual(backgroundFill(light), backgroundFill(dark), shape);
    assert.equal(backgroundFill(light), '#ffffff', shape);
    const ink = (svg: string) => /class="ld-f-ink" fill="(#[0-9a-f]{6})"/.exec(svg)?.[1];
    assert.notEqual(ink(light), ink(dark), shape);
  }
});

test('auto mode embeds a prefers-color-scheme style and light/dark do not', () => {
  const auto = renderBadgeSvg({ ...base, mode: 'auto' });
  assert.match(auto, /<style>[^<]*@media \(prefers-color-scheme: dark\)[^<]*<\/style>/);
  assert.match(auto, /\.ld-f-bg\{fill:var\(--ld-bg/);
  assert.match(auto, /class="ld-f-bg/);
  for (const mode of ['light', 'dark'] as const) {
    assert.doesNotMatch(renderBadgeSvg({ ...base, mode }), /<style|prefers-color-scheme/);
  }
});

test('names containing markup are escaped and never appear raw', () => {
  const evil = `Evil<script>alert("x")</script>&'co`;
  for (const shape of BADGE_SHAPES) {
    const svg = renderBadgeSvg({
      ...base,
      shape,
      kind: 'launch-of-the-week',
      siteName: evil,
      productName: evil,
      weekLabel: evil,
    });
    assertWellFormed(svg);
    assert.ok(!svg.includes('<script'), shape);
    assert.ok(!svg.includes("&'"), shape);
    assert.ok(!svg.includes('"x"'), shape);
    assert.ok(
      svg.includes('Evil&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;co'),
      `${shape}: product name escaped in title`,
    );
  }
});

test('characters XML cannot carry are dropped instead of breaking the document', () => {
  const svg = renderBadgeSvg({ ...base, siteName: 'Bad\u0000\u0007Name\uD800', productName: 'Tab\tand\nnewline' });
  assertWellFormed(svg);
  assert.ok(svg.includes('>BadName<'));
  assert.ok(!/[\u0000-\u0008\uD800-\uDFFF]/.test(svg));
  assert.ok(svg.includes('Tab and newline'));
});

test('long names are truncated with an ellipsis', () => {
  const long = 'Supercalifragilistic Product Directory Of Many Words';
  for (const shape of BADGE_SHAPES) {
    const svg = renderBadgeSvg({ ...base, shape, siteName: long, votes: 99 });
    const texts = [...svg.matchAll(/<(?:text|tspan)\b[^>]*>([^<]*)</g)].map((m) => m[1]!);
    const shown = texts.find((t) => t.startsWith('Supercali'));
    assert.ok(shown, `${shape}: title rendered`);
    assert.ok(shown.endsWith('\u2026'), `${shape}: ends with an ellipsis`);
    assert.ok(shown.length < long.length, shape);
    assert.ok(shown.length >= 6, `${shape}: keeps a readable prefix`);
  }
  // Short names are left alone.
  assert.ok(renderBadgeSvg(base).includes('>Launchdeck</text>'));
});

test('truncation never splits an emoji in half', () => {
  const svg = renderBadgeSvg({ ...base, siteName: '🚀'.repeat(60) });
  assertWellFormed(svg);
  assert.ok(!/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(svg));
  assert.ok(svg.includes('🚀\u2026'));
});

test('launch of the week shows its rank and a medal accent per rank', () => {
  const accents = new Set<string>();
  for (const rank of [1, 2, 3] as const) {
    const svg = renderBadgeSvg({ ...base, kind: 'launch-of-the-week', rank });
    assert.ok(svg.includes(`LAUNCH OF THE WEEK #${rank}`), `rank ${rank} visible`);
    assert.ok(attr(svg, 'aria-label').includes(`Launch of the Week #${rank}`));
    accents.add(/<circle [^>]*fill="(#[0-9a-f]{6})"/.exec(svg)![1]!);
  }
  assert.equal(accents.size, 3, 'gold, silver and bronze differ');
  assert.ok(renderBadgeSvg({ ...base, kind: 'launch-of-the-week', rank: 2, shape: 'banner' }).includes('#2'));
  assert.ok(renderBadgeSvg({ ...base, kind: 'launch-of-the-week', rank: 2, shape: 'square' }).includes('#2'));
});

test('the week label appears for launch of the week', () => {
  const svg = renderBadgeSvg({
    ...base,
    kind: 'launch-of-the-week',
    shape: 'square',
    rank: 1,
    weekLabel: 'Week of 2026-11-16',
  });
  assert.ok(svg.includes('>Week of 2026-11-16</text>'));
  assert.ok(attr(svg, 'aria-label').includes('Week of 2026-11-16'));
});

test('votes appear when given and not otherwise', () => {
  for (const shape of BADGE_SHAPES) {
    const withVotes = renderBadgeSvg({ ...base, shape, votes: 123 });
    assert.match(withVotes, />(?:<tspan[^>]*>▲<\/tspan> )?123<\/text>/, shape);
    assert.ok(attr(withVotes, 'aria-label').includes('123 upvotes'), shape);
    const without = renderBadgeSvg({ ...base, shape });
    assert.ok(!without.includes('123') && !without.includes('upvote'), shape);
  }
  assert.ok(renderBadgeSvg({ ...base, votes: 0 }).includes('>0</text>'), 'zero votes still shown');
  assert.ok(renderBadgeSvg({ ...base, votes: 45_678 }).includes('>45.6k</text>'), 'large counts are compact');
  assert.ok(attr(renderBadgeSvg({ ...base, votes: 1 }), 'aria-label').includes('1 upvote'));
});

test('badgeLabel gives eyebrow and title per kind', () => {
  const site = { siteName: 'Launchdeck' };
  assert.deepEqual(badgeLabel('listed', site), { eyebrow: 'Listed on', title: 'Launchdeck' });
  assert.equal(badgeLabel('launched', site).eyebrow, 'Launched on');
  assert.equal(badgeLabel('featured', site).eyebrow, 'Featured on');
  assert.equal(badgeLabel('verified', site).eyebrow, 'Verified on');
  assert.equal(badgeLabel('top-voted', site).eyebrow, 'Top voted on');
  assert.equal(badgeLabel('launch-of-the-week', { ...site, rank: 2 }).eyebrow, 'Launch of the Week #2');
  assert.equal(badgeLabel('launch-of-the-week', site).eyebrow, 'Launch of the Week');
  assert.equal(badgeLabel('launch-of-the-week', { ...site, rank: 0 }).eyebrow, 'Launch of the Week');
});

test('each kind draws its own icon', () => {
  const icons = BADGE_KINDS.map(
    (kind) => /<g transform="[^"]*">(.*?)<\/g>/.exec(renderBadgeSvg({ ...base, kind }))![1],
  );
  assert.equal(new Set(icons).size, BADGE_KINDS.length);
});

test('unknown shape, size, mode or kind from untyped callers is rejected', () => {
  assert.throws(() => badgeDimensions('hexagon' as never, 'm'), RangeError);
  assert.throws(() => badgeDimensions('standard', 'toString' as never), RangeError);
  assert.throws(() => renderBadgeSvg({ ...base, mode: 'sepia' as never }), RangeError);
  assert.throws(() => renderBadgeSvg({ ...base, kind: 'constructor' as never }), RangeError);
});
