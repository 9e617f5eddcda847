import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { Precompressed } from '../net/content-coding.js';
import { sendPrecompressed } from '../net/compress-replies.js';

const CSS = fs.readFileSync(new URL('./assets/site.css', import.meta.url), 'utf8');
const hashOf = (text: string) => crypto.createHash('sha256').update(text).digest('hex').slice(0, 12);
/** The stylesheet's address carries a hash of its content, so it can be cached for a year and still change. */
export const STYLESHEET_PATH = `/assets/site.${hashOf(CSS)}.css`;
/** The one script of the site's pages: votes in place (the forms work without it). */
const VOTE_SCRIPT = fs.readFileSync(new URL('./assets/vote.js', import.meta.url), 'utf8');
export const VOTE_SCRIPT_PATH = `/assets/vote.${hashOf(VOTE_SCRIPT)}.js`;
/** A listing page's screenshot dialog and click-to-load videos (plain links without it). */
const MEDIA_SCRIPT = fs.readFileSync(new URL('./assets/media.js', import.meta.url), 'utf8');
export const MEDIA_SCRIPT_PATH = `/assets/media.${hashOf(MEDIA_SCRIPT)}.js`;

/** For addresses that change whenever their content does. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#b3400a"/><path d="M9 21l7-12 7 12h-4l-3-5-3 5z" fill="#fff"/></svg>';

/** The site's own static files: stylesheet, favicon, web manifest, robots.txt and llms.txt. */
export function registerAssetRoutes(
  app: FastifyInstance,
  opts: { publicUrl: string; siteName: string; purpose: string },
) {
  const manifest = JSON.stringify({
    name: opts.siteName,
    short_name: opts.siteName,
    description: opts.purpose,
    start_url: '/',
    display: 'browser',
    background_color: '#ffffff',
    theme_color: '#b3400a',
    icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
  });
  app.get('/manifest.webmanifest', async (_req, reply) =>
    reply.header('Cache-Control', 'public, max-age=86400').type('application/manifest+json').send(manifest),
  );
  // llms.txt (llmstxt.org): where an AI agent finds the machine-readable ways in.
  const llms = [
    `# ${opts.siteName}`,
    '',
    `> ${opts.purpose}`,
    '',
    `Every operation is available as a REST API and as tools of an MCP server; votes are never cast through either.`,
    '',
    '## Machine access',
    `- [MCP server](${opts.publicUrl}/mcp): Streamable HTTP; every REST operation is a tool of the same name`,
    `- [MCP setup](${opts.publicUrl}/docs/mcp): client configurations and the tool list`,
    `- [OpenAPI 3.1](${opts.publicUrl}/api/v1/openapi.json): the REST API under ${opts.publicUrl}/api/v1`,
    `- [API reference](${opts.publicUrl}/docs)`,
    '',
    '## Content',
    `- [Launches](${opts.publicUrl}/launches)`,
    `- [Categories](${opts.publicUrl}/categories)`,
    `- [Sitemap](${opts.publicUrl}/sitemap.xml)`,
    `- [New launches (RSS)](${opts.publicUrl}/feed.xml)`,
    '',
  ].join('\n');
  app.get('/llms.txt', async (_req, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(llms),
  );
  // Hashed addresses: cached for a year, compressed once at full effort.
  const hashed = (path: string, type: string, text: string) => {
    const body = new Precompressed(Buffer.from(text), 'once');
    app.get(path, (req, reply) => sendPrecompressed(req, reply.header('Cache-Control', IMMUTABLE).type(type), body));
  };
  hashed(STYLESHEET_PATH, 'text/css; charset=utf-8', CSS);
  hashed(VOTE_SCRIPT_PATH, 'text/javascript; charset=utf-8', VOTE_SCRIPT);
  hashed(MEDIA_SCRIPT_PATH, 'text/javascript; charset=utf-8', MEDIA_SCRIPT);
  for (const path of ['/favicon.svg', '/favicon.ico']) {
    app.get(path, async (_req, reply) =>
      reply.header('Cache-Control', 'public, max-age=86400').type('image/svg+xml').send(FAVICON),
    );
  }
  app.get('/robots.txt', async (_req, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(
        [
          'User-agent: *',
          'Disallow: /account',
          'Disallow: /my/',
          'Disallow: /drafts',
          'Disallow: /orders',
          'Disallow: /checkout/',
          'Disallow: /admin/',
          'Disallow: /oauth/',
          'Allow: /',
          '',
          `Sitemap: ${opts.publicUrl}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );
}
