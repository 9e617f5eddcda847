import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { renderMarkdown } from '../../src/site/markdown.js';

const render = (md: string) => renderMarkdown(md).value;
/** No element that runs script, and no attribute or address that could. */
const assertInert = (out: string) => {
  assert.doesNotMatch(out, /<script|<img[^>]*onerror|<iframe|<svg/i);
  assert.doesNotMatch(out, /href="\s*(javascript|data|vbscript):/i);
  assert.doesNotMatch(out, /src="\s*(javascript|data):/i);
  // Inside every real tag, once its (escaped) quoted values are set aside, no event handler is left.
  for (const tag of out.match(/<[a-z][^>]*>/gi) ?? [])
    assert.doesNotMatch(tag.replace(/"[^"]*"/g, '""'), /\son\w+\s*=/i, tag);
};

describe('renderMarkdown', () => {
  test("headings fit under the page's h1: the post's top level becomes h2, and none skips a level", () => {
    const out = render('# Launch day\n\n## Morning\n\n###### Deepest\n\n# Evening');
    assert.deepEqual(
      [...out.matchAll(/<(h\d)>([^<]*)<\/(h\d)>/g)].map((m) => [m[1], m[2], m[3]]),
      [
        ['h2', 'Launch day', 'h2'],
        ['h3', 'Morning', 'h3'],
        ['h4', 'Deepest', 'h4'],
        ['h2', 'Evening', 'h2'],
      ],
    );
    assert.match(render('## Why\n\n### How'), /<h2>Why<\/h2>[\s\S]*<h3>How<\/h3>/);
  });

  test('lists, emphasis and code render as usual', () => {
    const out = render('- Prepare\n- Ship\n\nPricing should be **simple**, `code`.');
    assert.match(out, /<ul>\s*<li>Prepare<\/li>\s*<li>Ship<\/li>\s*<\/ul>/);
    assert.match(out, /<strong>simple<\/strong>/);
    assert.match(out, /<code>code<\/code>/);
  });

  test('a script tag is shown as text', () => {
    const out = render('Hello <script>alert(1)</script>');
    assert.match(out, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assertInert(out);
  });

  test('an img tag with onerror is shown as text', () => {
    const out = render('<img src=x onerror="alert(1)">');
    assert.match(out, /&lt;img src=x onerror=&quot;alert\(1\)&quot;&gt;/);
    assertInert(out);
  });

  test('javascript: links are not links', () => {
    for (const md of [
      '[x](javascript:alert(1))',
      '[x](JaVaScRiPt:alert(1))',
      '[x](&#106;avascript:alert(1))',
      '<javascript:alert(1)>',
      '[x][r]\n\n[r]: javascript:alert(1)',
    ]) {
      const out = render(md);
      assert.doesNotMatch(out, /<a /, md);
      assertInert(out);
    }
  });

  test('data: URLs are neither links nor images', () => {
    for (const md of [
      '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '![x](data:image/svg+xml;base64,PHN2Zz4=)',
    ]) {
      const out = render(md);
      assert.doesNotMatch(out, /<a |<img /, md);
      assertInert(out);
    }
  });

  test('http(s), bare URLs, mailto and relative links carry rel nofollow ugc noopener', () => {
    const out = render(
      '[site](https://example.com/a) [mail](mailto:hi@example.com) [listing](/p/tablewise) and https://www.example.org',
    );
    assert.match(out, /<a href="https:\/\/example\.com\/a" rel="nofollow ugc noopener">site<\/a>/);
    assert.match(out, /<a href="mailto:hi@example\.com" rel="nofollow ugc noopener">mail<\/a>/);
    assert.match(out, /<a href="\/p\/tablewise" rel="nofollow ugc noopener">listing<\/a>/);
    assert.match(
      out,
      /<a href="https:\/\/www\.example\.org" rel="nofollow ugc noopener">https:\/\/www\.example\.org<\/a>/,
    );
    assert.equal(out.match(/<a /g)?.length, out.match(/rel="nofollow ugc noopener"/g)?.length);
  });

  test('images from other origins become links; images on this site stay images', () => {
    const out = render(
      '![Chart](https://tracker.example/pixel.png) ![Shot](//cdn.example/x.png) ![Logo](/favicon.svg)',
    );
    assert.match(out, /<a href="https:\/\/tracker\.example\/pixel\.png" rel="nofollow ugc noopener">Chart<\/a>/);
    assert.match(out, /<a href="\/\/cdn\.example\/x\.png" rel="nofollow ugc noopener">Shot<\/a>/);
    assert.match(out, /<img src="\/favicon\.svg" alt="Logo" loading="lazy">/);
    assert.equal(out.match(/<img /g)?.length, 1);
  });

  test('link text and titles are escaped', () => {
    const out = render('[<b>x</b>](https://example.com "a\\" onmouseover=\\"alert(1)")');
    assert.match(out, /&lt;b&gt;x&lt;\/b&gt;/);
    assert.match(out, /title="a&quot; onmouseover=&quot;alert\(1\)"/);
    assertInert(out);
  });
});
