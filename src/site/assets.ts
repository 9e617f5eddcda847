import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';

const CSS = fs.readFileSync(new URL('./assets/site.css', import.meta.url), 'utf8');
/** The stylesheet's address carries a hash of its content, so it can be cached for a year and still change. */
export const STYLESHEET_PATH = `/assets/site.${crypto.createHash('sha256').update(CSS).digest('hex').slice(0, 12)}.css`;

const FAVICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#b3400a"/><path d="M9 21l7-12 7 12h-4l-3-5-3 5z" fill="#fff"/></svg>';

/** The site's own static files: stylesheet, favicon, robots.txt. */
export function registerAssetRoutes(app: FastifyInstance, opts: { publicUrl: string }) {
  app.get(STYLESHEET_PATH, async (_req, reply) => reply.header('Cache-Control', 'public, max-age=31536000, immutable').type('text/css; charset=utf-8').send(CSS));
  for (const path of ['/favicon.svg', '/favicon.ico']) {
    app.get(path, async (_req, reply) => reply.header('Cache-Control', 'public, max-age=86400').type('image/svg+xml').send(FAVICON));
  }
  app.get('/robots.txt', async (_req, reply) => reply.header('Cache-Control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(
    ['User-agent: *', 'Disallow: /account', 'Disallow: /my/', 'Disallow: /drafts', 'Disallow: /orders', 'Disallow: /checkout/', 'Disallow: /admin/', 'Disallow: /oauth/', 'Allow: /', '', `Sitemap: ${opts.publicUrl}/sitemap.xml`, ''].join('\n')));
}
