import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { renderCommentMarkdown } from '../../src/site/markdown.js';

const render = (md: string) => renderCommentMarkdown(md).value;
/** No element that runs script, and no attribute or address that could. */
const assertInert = (out: string) => {
  assert.doesNotMatch(out, /<script|<img|<iframe|<svg/i);
  assert.doesNotMatch(out, /href="\s*(javascript|data|vbscript):/i);
  for (const tag of out.match(/<[a-z][^>]*>/gi) ?? [])
    assert.doesNotMatch(tag.replace(/"[^"]*"/g, '""'), /\son\w+\s*=/i, tag);
};

describe('renderCommentMarkdown (user comments)', () => {
  test('emphasis, code, lists and quotes render as usual', () => {
    const out = render('Pricing should be **simple**, _clear_ and `cheap`.\n\n- one\n- two\n\n> quoted');
    assert.match(out, /<strong>simple<\/strong>/);
    assert.match(out, /<em>clear<\/em>/);
    assert.match(out, /<code>cheap<\/code>/);
    assert.match(out, /<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/);
    assert.match(out, /<blockquote>/);
  });

  test('headings are not headings: their text stays a paragraph', () => {
    const out = render('# Big news\n\nUnderlined\n===');
    assert.doesNotMatch(out, /<h\d/);
    assert.match(out, /<p># Big news<\/p>/);
  });

  test('a script tag is shown as text', () => {
    const out = render('Nice <script>alert(1)</script>');
    assert.match(out, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assertInert(out);
  });

  test('an img tag with onerror is shown as text', () => {
    const out = render('<img src=x onerror="alert(1)">');
    assert.match(out, /&lt;img src=x onerror=&quot;alert\(1\)&quot;&gt;/);
    assertInert(out);
  });

  test('javascript: and data: addresses are never links', () => {
    for (const md of [
      '[x](javascript:alert(1))',
      '[x](JaVaScRiPt:alert(1))',
      '[x](&#106;avascript:alert(1))',
      '<javascript:alert(1)>',
      '[x][r]\n\n[r]: javascript:alert(1)',
      '[x](data:text/html;base64,PHNjcmlwdD4=)',
      '[x](vbscript:msgbox(1))',
    ]) {
      const out = render(md);
      assert.doesNotMatch(out, /<a /, md);
      assertInert(out);
    }
  });

  test('relative addresses stay text: comments link only to http(s) and mailto', () => {
    const out = render('[listing](/p/tablewise) [up](../x)');
    assert.doesNotMatch(out, /<a /);
  });

  test('http(s), mailto and bare URLs are links carrying rel nofollow ugc noopener', () => {
    const out = render(
      '[site](https://example.com/a) [plain](http://example.org) [mail](mailto:hi@example.com) and https://www.example.net',
    );
    assert.match(out, /<a href="https:\/\/example\.com\/a" rel="nofollow ugc noopener">site<\/a>/);
    assert.match(out, /<a href="http:\/\/example\.org" rel="nofollow ugc noopener">plain<\/a>/);
    assert.match(out, /<a href="mailto:hi@example\.com" rel="nofollow ugc noopener">mail<\/a>/);
    assert.match(out, /<a href="https:\/\/www\.example\.net" rel="nofollow ugc noopener">/);
    assert.equal(out.match(/<a /g)?.length, out.match(/rel="nofollow ugc noopener"/g)?.length);
  });

  test('images are never images: one from elsewhere is only a link to it', () => {
    const out = render('![pixel](https://tracker.example/p.png) ![logo](/favicon.svg)');
    assert.doesNotMatch(out, /<img/);
    assert.match(out, /<a href="https:\/\/tracker\.example\/p\.png" rel="nofollow ugc noopener">pixel<\/a>/);
  });

  test('link titles are escaped', () => {
    const out = render('[x](https://example.com "a\\" onmouseover=\\"alert(1)")');
    assert.match(out, /title="a&quot; onmouseover=&quot;alert\(1\)"/);
    assertInert(out);
  });
});
