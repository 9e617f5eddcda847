import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers for these options, worked out once. (@fastify/helmet builds helmet's
 * middleware again on every request — parsing the CSP each time — for headers that never vary.)
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  let done = false;
  helmet(options)({} as never, res as never, () => {
    done = true;
  });
  if (!done) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

/**
 * The headers of answers read by programs (REST, MCP, OAuth endpoints, webhooks): JSON that is never
 * rendered as a document, so it may load nothing and be framed by nobody (OWASP's REST set). The
 * browser-document headers (COOP, Origin-Agent-Cluster, DNS prefetch, the legacy IE and Flash ones)
 * mean nothing there and cost every API response its bytes and Node's per-header checks.
 */
export function machineSecurityHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // Badges and listing data are read from other sites.
    'cross-origin-resource-policy': 'cross-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000' } : {}),
  };
}
