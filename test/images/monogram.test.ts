import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MONOGRAM_COLOURS, monogramHue, monogramLetters, monogramSvg } from '../../src/images/monogram.js';

test('a monogram is up to two initials of the name, upper-cased; a name without letters gets "?"', () => {
  assert.equal(monogramLetters('Café Ledger'), 'CL');
  assert.equal(monogramLetters('tablewise'), 'T');
  assert.equal(monogramLetters('one two three'), 'OT');
  assert.equal(monogramLetters('!!!'), '?');
  assert.equal(monogramLetters('<script>x</script>'), 'S');
});

test('the colour is the same for a name everywhere, one of twelve', () => {
  assert.equal(monogramHue('Tablewise'), monogramHue('Tablewise'));
  for (const n of ['a', 'Tablewise', 'Café Ledger', '日本'])
    assert.ok(monogramHue(n) >= 0 && monogramHue(n) < MONOGRAM_COLOURS.length);
});

test('the SVG monogram escapes the name it is labelled with', () => {
  const svg = monogramSvg('<b>"Bold" & co</b>');
  assert.ok(!svg.includes('<b>'));
  assert.ok(svg.includes('aria-label="&lt;b&gt;&quot;Bold&quot; &amp; co&lt;/b&gt;"'));
  assert.match(svg, />BC<\/text><\/svg>$/);
});
