/** Loopback redirect URIs (RFC 8252 §7.3): native apps listen on a port they pick at run time. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

export function isLoopbackRedirect(u: URL): boolean {
  return u.protocol === 'http:' && LOOPBACK_HOSTS.has(u.hostname);
}

/** Why a redirect URI cannot be registered, or null: https, or http on loopback; no fragment. */
export function redirectUriProblem(raw: string): string | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return 'is not an absolute URL';
  }
  if (u.hash) return 'must not contain a fragment';
  if (u.protocol === 'https:') return null;
  if (isLoopbackRedirect(u)) return null;
  // Private-use schemes of native apps (com.example.app:/callback) are allowed; plain http and javascript: are not.
  if (/^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+:$/.test(u.protocol)) return null;
  return 'must use https (or http on a loopback address)';
}

/** Exact string match, except that a loopback redirect may use any port. */
export function redirectUriMatches(registered: string[], requested: string): boolean {
  if (registered.includes(requested)) return true;
  let r: URL;
  try {
    r = new URL(requested);
  } catch {
    return false;
  }
  if (!isLoopbackRedirect(r)) return false;
  return registered.some((reg) => {
    let g: URL;
    try {
      g = new URL(reg);
    } catch {
      return false;
    }
    if (!isLoopbackRedirect(g)) return false;
    g.port = '';
    const rr = new URL(r);
    rr.port = '';
    return g.toString() === rr.toString();
  });
}
