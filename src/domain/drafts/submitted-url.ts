import net from 'node:net';
import { allowListFor } from '../../net/address-policy.js';
import { BlockedAddressError, checkUrl } from '../../net/safe-fetch.js';
import { invalidField } from '../../errors/app-error.js';
import { normaliseDomain } from '../search/search-listings.js';

/**
 * A website URL a founder submits (or names as a competitor): http(s), no credentials, a public
 * host. Names are resolved only when crawling (the crawler refuses private answers then), so this
 * check is instant and never leaks whether an internal name exists.
 */
export function checkSubmittedUrl(raw: string, field: string, allowHosts: string[]): URL {
  const trimmed = raw.trim();
  if (!/^https?:\/\//i.test(trimmed))
    throw invalidField(field, 'must be an http:// or https:// URL of the public website, e.g. https://example.com');
  const allow = allowListFor(allowHosts);
  let url: URL;
  try {
    url = checkUrl(trimmed, allow);
  } catch (err) {
    if (err instanceof BlockedAddressError)
      throw invalidField(field, `${err.message}; give the public website's address`);
    throw err;
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // A single-label name (intranet, "router") cannot be a public website.
  if (net.isIP(host) === 0 && !host.includes('.') && !allow.allowsHost(host))
    throw invalidField(field, `${host} is not a public host name`);
  url.hash = '';
  return url;
}

/**
 * The company's domain as companies store it: lower case, no www, no port — so adding a port to a
 * listed domain does not dodge "already listed". Only allow-listed test hosts keep their port:
 * fixture sites share 127.0.0.1 and are different products on different ports.
 */
export function domainOfUrl(url: URL, allowHosts: string[]): string {
  const domain = normaliseDomain(url.hostname);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const allow = allowListFor(allowHosts);
  const testHost = allow.allowsHost(host) || (net.isIP(host) !== 0 && allow.allowsAddress(host));
  return testHost && url.port ? `${domain}:${url.port}` : domain;
}
