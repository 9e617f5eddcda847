/**
 * The files of the API reference: its "Try it" script and its stylesheet, static files of ours
 * under paths carrying a hash of their content, so both are cached for a year.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptsGzip } from '../../net/gzip.js';

const own = (file: string) => fs.readFileSync(new URL(`./${file}`, import.meta.url));
const SCRIPT = own('api-reference.js');
const STYLESHEET = own('api-reference.css');
const hashed = (name: string, ext: string, body: Buffer) =>
  `/assets/${name}.${crypto.createHash('sha256').update(body).digest('hex').slice(0, 12)}.${ext}`;

/** Where the /docs page loads its files from. */
export const DOCS_ASSETS = {
  script: hashed('api-reference', 'js', SCRIPT),
  stylesheet: hashed('api-reference', 'css', STYLESHEET),
} as const;

const IMMUTABLE = 'public, max-age=31536000, immutable';

interface Asset {
  type: string;
  body: Buffer;
  gzipped: Buffer;
}

const asset = (type: string, body: Buffer): Asset => ({ type, body, gzipped: zlib.gzipSync(body, { level: 9 }) });
const ASSETS = new Map<string, Asset>([
  [DOCS_ASSETS.script, asset('text/javascript; charset=utf-8', SCRIPT)],
  [DOCS_ASSETS.stylesheet, asset('text/css; charset=utf-8', STYLESHEET)],
]);

function send(a: Asset, req: FastifyRequest, reply: FastifyReply) {
  reply.header('Cache-Control', IMMUTABLE).header('Vary', 'Accept-Encoding').type(a.type);
  if (acceptsGzip(req.headers['accept-encoding'])) return reply.header('Content-Encoding', 'gzip').send(a.gzipped);
  return reply.send(a.body);
}

export function registerDocsAssetRoutes(app: FastifyInstance) {
  for (const [url, a] of ASSETS) app.get(url, (req, reply) => send(a, req, reply));
}
