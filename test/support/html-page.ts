import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';

/**
 * A proper public HTML page: one h1 first, no skipped heading level; when it is a 200, a title, a
 * description, a canonical URL of the test site and breadcrumbs; never inline script or style (JSON-LD
 * data blocks aside).
 */
export function assertPage(res: LightMyRequestResponse, status = 200) {
  assert.equal(res.statusCode, status, res.body.slice(0, 500));
  assert.match(String(res.headers['content-type']), /^text\/html/);
  const levels = [...res.body.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
  assert.equal(levels[0], 1, 'the first heading is the h1');
  assert.equal(levels.filter((l) => l === 1).length, 1, 'one h1');
  levels.forEach((l, i) => {
    if (i > 0) assert.ok(l <= levels[i - 1] + 1, `h${levels[i - 1]} then h${l}`);
  });
  if (status === 200) {
    assert.match(res.body, /<title>[^<]{10,}<\/title>/);
    assert.match(res.body, /<meta name="description" content="[^"]{20,}">/);
    assert.match(res.body, /<link rel="canonical" href="http:\/\/launchdeck\.test\//);
    assert.match(res.body, /<nav class="breadcrumbs" aria-label="Breadcrumb">/);
  }
  // Structured data blocks are data, never run: the only <script> a page may carry.
  assert.doesNotMatch(res.body, /<script(?! type="application\/ld\+json">)|style="|<style/);
}

/** The page's canonical URL as written (entities decoded). */
export const canonical = (body: string) =>
  body.match(/<link rel="canonical" href="([^"]+)">/)?.[1]?.replace(/&amp;/g, '&');
