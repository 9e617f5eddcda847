import net from 'node:net';
import { allowListFor } from '../../net/address-policy.js';
import { BlockedAddressError, checkUrl } from '../../net/safe-fetch.js';
import { invalidField } from '../../api/errors.js';
import { normaliseDomain } from '../search/search-listings.js';

/**
 * A website URL a founder submits (or names as a competitor): http(s), no credentials, a public
 * host. Names are resolved only when crawling (the crawler refuses private answers then), so this
 * check is instant and never leaks whether an internal name exists.
 */
export function checkSubmittedUrl(raw: string, field: string, allowHosts: string[]): URL {
  const trimmed = raw.trim();
  if (!/^https?:\/\//i.test(trimmed)) throw invalidField(field, 'must be an http:// or https:// URL of the public website, e.g. https://example.com');
  const allow = allowListFor(allowHosts);
  let url: URL;
  try {
    url = checkUrl(trimmed, allow);
  } catch (err) {
    if (err instanceof BlockedAddressError) throw invalidField(field, `${err.message}; give the public website's address`);
    throw err;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // A single-label name (intranet, "router") cannot be a public website.
  if (net.isIP(host) === 0 && !host.includes('.') && !allow.allowsHost(host)) throw invalidField(field, `${host} is not a public host name`);
  url.hash = '';
  return url;
}

/**
 * The company's domain as companies store it: lower case, no www. A non-default port stays, since
 * two sites on one host and different ports are different products (and fixture sites are).
 */
export const domainOfUrl = (url: URL) => normaliseDomain(url.hostname) + (url.port ? `:${url.port}` : '');
