import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fitLine, textWidth, wrapLines, xmlText } from '../../src/images/svg-text.js';

test('xmlText escapes markup and quotes, so stored text can never become SVG elements or attributes', () => {
  assert.equal(xmlText(`<script>alert("x")</script>`), '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  assert.equal(xmlText(`"/><image href='x'/>`), '&quot;/&gt;&lt;image href=&#39;x&#39;/&gt;');
  assert.equal(xmlText('Tom & Jerry'), 'Tom &amp; Jerry');
});

test('xmlText drops characters XML cannot hold (a parser would refuse the whole image) and bidirectional overrides', () => {
  assert.equal(xmlText('a\u0000b\u0008c\u001Fd\uFFFEe'), 'abcde');
  assert.equal(xmlText('lone \uD800 surrogate'), 'lone  surrogate');
  assert.equal(xmlText('evil\u202Egnp.exe'), 'evilgnp.exe');
  assert.equal(xmlText('emoji 🚀 stays'), 'emoji 🚀 stays');
});

test('fitLine keeps a line that fits and cuts a long one at a word, ending with an ellipsis', () => {
  assert.equal(fitLine('Tablewise', 800, 64, true), 'Tablewise');
  const cut = fitLine('Postgres hosting for small teams with branching and backups', 400, 34);
  assert.ok(cut.endsWith('…'));
  assert.ok(textWidth(cut, 34) <= 400);
  assert.ok(!/\s…$/.test(cut), 'no space before the ellipsis');
  assert.ok('Postgres hosting for small teams with branching and backups'.startsWith(cut.slice(0, -1)));
});

test('fitLine cuts a single endless word too', () => {
  const cut = fitLine('x'.repeat(500), 300, 30);
  assert.ok(cut.endsWith('…') && textWidth(cut, 30) <= 300);
});

test('wrapLines wraps at words into at most the given lines; the last is cut when text remains', () => {
  const lines = wrapLines('one two three four five six seven eight nine ten eleven twelve', 200, 30, 2);
  assert.equal(lines.length, 2);
  assert.ok(lines.every((l) => textWidth(l, 30) <= 200));
  assert.ok(lines[1].endsWith('…'));
  assert.deepEqual(wrapLines('short', 200, 30, 3), ['short']);
  assert.deepEqual(wrapLines('  line\nbreaks\tand   spaces ', 2000, 30, 3), ['line breaks and spaces']);
  assert.deepEqual(wrapLines('', 200, 30, 3), []);
});
