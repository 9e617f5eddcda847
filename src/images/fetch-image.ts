import { allowListFor } from '../net/address-policy.js';
import { BlockedAddressError, safeFetch } from '../net/safe-fetch.js';
import { crawlerUserAgent } from '../crawler/crawl-site.js';

/** The largest remote image we download: a logo has no reason to be bigger. */
export const MAX_IMAGE_BYTES = 2_000_000;

/**
 * Why an image could not be fetched. `permanent`: asking again soon will not help (a private
 * address, a 404, not an image, too large); otherwise (timeouts, 5xx, network) it may.
 */
export class ImageFetchError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

export interface ImageFetchOptions {
  /** CRAWL_ALLOW_HOSTS: the only way past the SSRF guard (tests, local fixture sites). */
  allowHosts: string[];
  /** PUBLIC_URL, named in our User-Agent (the crawler's). */
  publicUrl: string;
  maxBytes?: number;
  timeoutMs?: number;
}

/**
 * Downloads a remote image through the SSRF-safe fetcher, with the crawler's User-Agent and
 * allow-list: public addresses only (re-checked on every redirect), a size and a time limit.
 */
export async function fetchImage(url: string, opts: ImageFetchOptions): Promise<Buffer> {
  const maxBytes = opts.maxBytes ?? MAX_IMAGE_BYTES;
  let res;
  try {
    res = await safeFetch(url, {
      allow: allowListFor(opts.allowHosts),
      userAgent: crawlerUserAgent(opts.publicUrl),
      maxBytes,
      maxRedirects: 5,
      timeoutMs: opts.timeoutMs ?? 10_000,
      accept: 'image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.1',
    });
  } catch (err) {
    if (err instanceof BlockedAddressError) throw new ImageFetchError(err.message, true);
    // A host name that does not exist will not exist in an hour either.
    if ((err as NodeJS.ErrnoException).code === 'ENOTFOUND')
      throw new ImageFetchError(`the image's host does not exist (${(err as Error).message})`, true);
    throw new ImageFetchError(`the image could not be downloaded (${(err as Error).message})`, false);
  }
  if (res.status >= 400)
    throw new ImageFetchError(`the image answered HTTP ${res.status}`, res.status < 500 && res.status !== 429);
  if (res.status !== 200) throw new ImageFetchError(`the image answered HTTP ${res.status}`, true);
  if (res.body.length === 0) throw new ImageFetchError('the image is empty', true);
  // The content type is only a hint (many servers send octet-stream): the bytes decide, except
  // for what is plainly a page or data rather than a picture.
  const type = (res.headers.get('content-type') ?? '').toLowerCase();
  if (/^(text\/html|application\/(json|xhtml\+xml|pdf|javascript))/.test(type))
    throw new ImageFetchError(`not an image (${type.split(';')[0]})`, true);
  return res.body;
}
