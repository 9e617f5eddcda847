import zlib from 'node:zlib';

/**
 * gzip for answers whose bytes repeat: the cached reads of the API and MCP. They are compressed
 * once per cached answer, not per request; smaller answers are sent as they are.
 */

/** Below this, gzip's header and trailer eat most of what it saves. */
export const MIN_GZIP_BYTES = 1024;

// Clients send one of a handful of Accept-Encoding values on every request: each is read once.
const readHeaders = new Map<string, boolean>();

/** Whether the request's Accept-Encoding admits gzip (RFC 9110 §12.5.3: a q of 0 refuses it). */
export function acceptsGzip(acceptEncoding: string | string[] | undefined): boolean {
  if (!acceptEncoding) return false;
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  let admits = readHeaders.get(header);
  if (admits === undefined) {
    admits = admitsGzip(header);
    if (readHeaders.size < 64) readHeaders.set(header, admits);
  }
  return admits;
}

function admitsGzip(header: string): boolean {
  let wildcard = false;
  for (const part of header.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const allowed = q === undefined || Number(q) > 0;
    if (coding === 'gzip' || coding === 'x-gzip') return allowed;
    if (coding === '*') wildcard = allowed;
  }
  return wildcard;
}

const gzipped = new WeakMap<object, Buffer>();

/** `text` gzipped, made once per `owner` (the cached answer it is the JSON of). */
export function gzipOnce(owner: object, text: string): Buffer {
  let bytes = gzipped.get(owner);
  if (bytes === undefined) {
    bytes = zlib.gzipSync(text);
    gzipped.set(owner, bytes);
  }
  return bytes;
}

/**
 * The start of a gzip stream whose end is not known yet (a reply whose last bytes, its request id,
 * change per request): the start is compressed once, and each reply ends it with `finish`.
 */
export interface OpenGzip {
  /** gzip header and the start's deflate blocks, none final, ending on a byte boundary. */
  bytes: Buffer;
  crc: number;
  length: number;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);

export function openGzip(start: Buffer): OpenGzip {
  // A sync flush ends the deflate data on a byte boundary without a final block, so more may follow.
  const deflated = zlib.deflateRawSync(start, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  return { bytes: Buffer.concat([GZIP_HEADER, deflated]), crc: zlib.crc32(start), length: start.length };
}

/**
 * The whole gzip stream as two chunks to write in turn: the compressed start (shared, never copied),
 * then `end` as a final stored (uncompressed) block — a few dozen bytes are not worth compressing —
 * and the trailer over both (RFC 1951 §3.2.4, RFC 1952).
 */
export function finishGzip(open: OpenGzip, end: Buffer): [Buffer, Buffer] {
  if (end.length > 0xffff) throw new RangeError('a stored block holds at most 65535 bytes');
  // Small enough for Node's buffer pool: this runs once per request.
  const ending = Buffer.allocUnsafe(5 + end.length + 8);
  ending[0] = 0x01; // BFINAL = 1, BTYPE = 00 (stored)
  ending.writeUInt16LE(end.length, 1);
  ending.writeUInt16LE(~end.length & 0xffff, 3);
  end.copy(ending, 5);
  ending.writeUInt32LE(zlib.crc32(end, open.crc) >>> 0, 5 + end.length);
  ending.writeUInt32LE((open.length + end.length) >>> 0, 9 + end.length);
  return [open.bytes, ending];
}
