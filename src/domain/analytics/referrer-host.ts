/** A host name as browsers send it: letters, digits, dots and hyphens, at most 253 characters. */
const HOST = /^[a-z0-9.-]{1,253}$/;

/**
 * The host that sent a visitor, from the Referer header: lower-cased, without `www.` and port,
 * null when there is none, it is not http(s), or it is `ownHost` (moving between our own pages).
 * Only the host is kept: paths can hold searches and tokens.
 */
export function referrerHost(referer: string | undefined, ownHost: string): string | null {
  if (!referer) return null;
  const m = /^https?:\/\/(?:[^@/?#]*@)?([^:/?#]+)/i.exec(referer);
  if (!m) return null;
  const host = m[1]
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/\.$/, '');
  if (!HOST.test(host) || host === ownHost) return null;
  return host;
}

let lastSite = { url: '', host: '' };
/** The site's own host as referrerHost compares it (PUBLIC_URL's; worked out once per value). */
export function siteHost(publicUrl: string): string {
  if (publicUrl !== lastSite.url)
    lastSite = { url: publicUrl, host: new URL(publicUrl).hostname.toLowerCase().replace(/^www\./, '') };
  return lastSite.host;
}
