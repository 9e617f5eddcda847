import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MIN_COMPRESS_BYTES, compress, preferredCoding, type Precompressed } from './content-coding.js';

/**
 * Text that is worth compressing: pages, JSON (problem documents too), CSS, scripts, SVG, XML and
 * RSS. Never an event stream: its events must leave as they happen, not when a buffer fills.
 */
const COMPRESSIBLE =
  /^\s*(?:text\/(?!event-stream)|image\/svg\+xml|application\/(?:json|javascript|xml|[\w.-]+\+(?:json|xml))\b)/i;

const isCompressible = (contentType: unknown) => typeof contentType === 'string' && COMPRESSIBLE.test(contentType);

/** Adds Accept-Encoding to the reply's Vary header (once). */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) {
    reply.header('vary', 'Accept-Encoding');
    return;
  }
  const text = Array.isArray(vary) ? vary.join(', ') : String(vary);
  if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(text)) reply.header('vary', `${text}, Accept-Encoding`);
}

/**
 * Compresses every text answer sent through Fastify, in the coding the client prefers. Answers
 * that arrive encoded already (the API's cached reads, memoised pages, hashed assets: compressed
 * once, see Precompressed) pass untouched, as do streams and hijacked replies (MCP writes its own
 * bytes, gzipped by itself, and its SSE streams never reach this hook).
 */
export function installCompression(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    if (reply.statusCode === 204 || reply.statusCode === 304 || reply.hasHeader('content-encoding'))
      return done(null, payload);
    if (!isCompressible(reply.getHeader('content-type'))) return done(null, payload);
    varyOnEncoding(reply);
    const coding = preferredCoding(req.headers['accept-encoding']);
    if (!coding) return done(null, payload);
    const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
    if (size < MIN_COMPRESS_BYTES) return done(null, payload);
    compress(payload, coding, 'often').then(
      (out) => {
        reply.header('content-encoding', coding);
        reply.removeHeader('content-length');
        done(null, out);
      },
      (err) => done(err),
    );
  });
}

/** Sends text compressed once (see Precompressed) in the coding the client prefers, or as it is. */
export async function sendPrecompressed(
  req: FastifyRequest,
  reply: FastifyReply,
  body: Precompressed,
): Promise<FastifyReply> {
  varyOnEncoding(reply);
  const coding = preferredCoding(req.headers['accept-encoding']);
  const coded = coding && body.encoded(coding);
  if (!coded) return reply.send(body.identity);
  return reply.header('content-encoding', coding).send(coded instanceof Buffer ? coded : await coded);
}
