/**
 * The files of the interactive API reference, all from our own origin: Swagger UI's bundle and
 * stylesheet (from the swagger-ui-dist package, under a path naming its version) and our
 * initialiser script and stylesheet (under paths carrying a hash of their content). Every
 * address changes when its content does, so all are cached for a year.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip } from '../../net/gzip.js';

const SWAGGER_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
export const SWAGGER_UI_VERSION: string = JSON.parse(
  fs.readFileSync(path.join(SWAGGER_DIR, 'package.json'), 'utf8'),
).version;

const own = (file: string) => fs.readFileSync(new URL(`./${file}`, import.meta.url));
const INIT_SCRIPT = own('api-reference.js');
const STYLESHEET = own('api-reference.css');
const hashed = (name: string, ext: string, body: Buffer) =>
  `/assets/${name}.${crypto.createHash('sha256').update(body).digest('hex').slice(0, 12)}.${ext}`;

const VENDOR_PREFIX = `/assets/swagger-ui-dist/${SWAGGER_UI_VERSION}`;

/** Where the /docs page loads its files from. */
export const DOCS_ASSETS = {
  swaggerScript: `${VENDOR_PREFIX}/swagger-ui-bundle.js`,
  swaggerStylesheet: `${VENDOR_PREFIX}/swagger-ui.css`,
  script: hashed('api-reference', 'js', INIT_SCRIPT),
  stylesheet: hashed('api-reference', 'css', STYLESHEET),
} as const;

const JS = 'text/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface Asset {
  type: string;
  read: () => Buffer;
  body?: Buffer;
  gzipped?: Promise<Buffer>;
}

/**
 * Swagger UI's files are read on first request, not at start-up (the bundle is 1.7 MB), and kept
 * with a gzipped copy: browsers that accept gzip get about a quarter of the bytes.
 */
const ASSETS = new Map<string, Asset>([
  [
    DOCS_ASSETS.swaggerScript,
    { type: JS, read: () => fs.readFileSync(path.join(SWAGGER_DIR, 'swagger-ui-bundle.js')) },
  ],
  [DOCS_ASSETS.swaggerStylesheet, { type: CSS, read: () => fs.readFileSync(path.join(SWAGGER_DIR, 'swagger-ui.css')) }],
  // swagger-ui.css names its source map; serving it keeps the browser's developer tools quiet.
  [
    `${VENDOR_PREFIX}/swagger-ui.css.map`,
    {
      type: 'application/json; charset=utf-8',
      read: () => fs.readFileSync(path.join(SWAGGER_DIR, 'swagger-ui.css.map')),
    },
  ],
  [DOCS_ASSETS.script, { type: JS, read: () => INIT_SCRIPT }],
  [DOCS_ASSETS.stylesheet, { type: CSS, read: () => STYLESHEET }],
]);

async function send(asset: Asset, req: FastifyRequest, reply: FastifyReply) {
  asset.body ??= asset.read();
  reply.header('Cache-Control', IMMUTABLE).header('Vary', 'Accept-Encoding').type(asset.type);
  if (asset.body.length > 1024 && acceptsGzip(req.headers['accept-encoding'])) {
    const body = asset.body;
    asset.gzipped ??= new Promise((resolve, reject) =>
      zlib.gzip(body, { level: 9 }, (err, out) => (err ? reject(err) : resolve(out))),
    );
    return reply.header('Content-Encoding', 'gzip').send(await asset.gzipped);
  }
  return reply.send(asset.body);
}

export function registerDocsAssetRoutes(app: FastifyInstance) {
  for (const [url, asset] of ASSETS) app.get(url, (req, reply) => send(asset, req, reply));
}
