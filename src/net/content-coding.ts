import zlib from 'node:zlib';

/**
 * Brotli and gzip for text answers: which one a client asked for (Accept-Encoding, RFC 9110
 * §12.5.3), and the compressing itself — at full effort for bytes compressed once per process
 * (hashed assets, the OpenAPI document), at a cheap one for pages and dynamic answers.
 */
export type Coding = 'br' | 'gzip';

/** Below this, the codings' headers and trailers eat most of what they save. */
export const MIN_COMPRESS_BYTES = 1024;

// Clients send one of a handful of Accept-Encoding values on every request: each is read once.
const chosen = new Map<string, Coding | null>();

/** The coding to answer with: whichever of br and gzip the client weighs higher (br on a tie), or none. */
export function preferredCoding(acceptEncoding: string | string[] | undefined): Coding | null {
  if (!acceptEncoding) return null;
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  let coding = chosen.get(header);
  if (coding === undefined) {
    coding = choose(header);
    if (chosen.size < 64) chosen.set(header, coding);
  }
  return coding;
}

function choose(header: string): Coding | null {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (!coding) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(coding.trim(), q === undefined ? 1 : Number(q));
  }
  // A coding not named takes the weight of "*", if any (q=0 refuses it).
  const weight = (...names: string[]) => {
    for (const n of names) {
      const w = weights.get(n);
      if (w !== undefined) return w;
    }
    return weights.get('*') ?? 0;
  };
  const br = weight('br');
  const gzip = weight('gzip', 'x-gzip');
  if (br <= 0 && gzip <= 0) return null;
  return br >= gzip ? 'br' : 'gzip';
}

/** `once`: bytes kept for the process's life, worth the slowest settings; `often`: per page version or request. */
export type Effort = 'once' | 'often';

/**
 * Brotli's quality: 11 takes ≈ 50 ms for a 20 KB page (and 6 s for Swagger UI's 1.7 MB bundle), 9
 * a tenth of that, 5 ≈ 1 ms for the page and still smaller than gzip -9.
 */
function brotliQuality(effort: Effort, size: number): number {
  if (effort === 'often' || size > 512 * 1024) return 5;
  return size > 64 * 1024 ? 9 : 11;
}

const brotliOptions = (effort: Effort, size: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality(effort, size),
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

/** `body` in the coding, compressed on the thread pool (never blocking the event loop). */
export function compress(body: string | Buffer, coding: Coding, effort: Effort): Promise<Buffer> {
  const input = typeof body === 'string' ? Buffer.from(body) : body;
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, out: Buffer) => (err ? reject(err) : resolve(out));
    if (coding === 'br') zlib.brotliCompress(input, brotliOptions(effort, input.length), done);
    else zlib.gzip(input, { level: effort === 'once' ? 9 : 6 }, done);
  });
}

/**
 * A text answer whose bytes repeat (a memoised page, a hashed asset, the OpenAPI document): each
 * coding is made once, on the first request that asks for it, and kept with it.
 */
export class Precompressed {
  private readonly coded: Partial<Record<Coding, Buffer>> = {};
  private readonly coding: Partial<Record<Coding, Promise<Buffer>>> = {};

  constructor(
    readonly identity: Buffer,
    private readonly effort: Effort,
  ) {}

  /** The bytes in `coding`, or null when the body is too small to be worth compressing. */
  encoded(coding: Coding): Buffer | Promise<Buffer> | null {
    if (this.identity.length < MIN_COMPRESS_BYTES) return null;
    const ready = this.coded[coding];
    if (ready) return ready;
    let pending = this.coding[coding];
    if (!pending) {
      pending = compress(this.identity, coding, this.effort).then((out) => {
        this.coded[coding] = out;
        return out;
      });
      // A failure is not kept: the next request tries again.
      pending.catch(() => delete this.coding[coding]);
      this.coding[coding] = pending;
    }
    return pending;
  }
}
