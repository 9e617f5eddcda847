import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake answers a domain: its rating, or one of the failures a real provider produces. */
export type FakeAnswer = number | 'rate-limited-once' | 'unauthorised' | 'malformed' | 'slow-429';

/**
 * Ahrefs (`/v3/site-explorer/domain-rating?target=`) and Open PageRank (`/api/v1.0/getPageRank?domains[]=`)
 * on one loopback port. Every request is recorded with the domains it asked for. A domain not in
 * `answers` is unknown to the provider.
 */
export async function startFakeRatings(answers: Map<string, FakeAnswer>): Promise<{
  url: string;
  requests: { path: string; domains: string[]; headers: http.IncomingHttpHeaders }[];
  close(): Promise<void>;
}> {
  const requests: { path: string; domains: string[]; headers: http.IncomingHttpHeaders }[] = [];
  const limited = new Set<string>();
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://fake');
    const send = (status: number, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(body);
    };
    const domains = u.pathname.startsWith('/v3/')
      ? [u.searchParams.get('target') ?? '']
      : u.searchParams.getAll('domains[]');
    requests.push({ path: u.pathname, domains, headers: req.headers });
    const modes = domains.map((d) => answers.get(d));
    if (modes.includes('unauthorised')) return send(401, '{"error":"invalid api key"}');
    if (modes.includes('slow-429')) return send(429, '{}', { 'retry-after': '3600' });
    const first = domains.find((d) => answers.get(d) === 'rate-limited-once' && !limited.has(d));
    if (first) {
      limited.add(first);
      return send(429, '{"error":"slow down"}', { 'retry-after': '0' });
    }
    if (modes.includes('malformed')) return send(200, '{"domain_rating": oops');
    const rating = (d: string) => {
      const a = answers.get(d);
      return typeof a === 'number' ? a : a === 'rate-limited-once' ? 42 : undefined;
    };
    if (u.pathname === '/v3/site-explorer/domain-rating') {
      const r = rating(domains[0]);
      return r === undefined
        ? send(404, '{"error":"not found"}')
        : send(200, JSON.stringify({ domain_rating: { domain_rating: r, ahrefs_rank: 1000 } }));
    }
    if (u.pathname === '/api/v1.0/getPageRank') {
      return send(
        200,
        JSON.stringify({
          status_code: 200,
          response: domains.map((d) =>
            rating(d) === undefined
              ? {
                  status_code: 404,
                  error: 'Domain not found',
                  page_rank_integer: 0,
                  page_rank_decimal: 0,
                  rank: null,
                  domain: d,
                }
              : {
                  status_code: 200,
                  error: '',
                  page_rank_integer: Math.round(rating(d)!),
                  page_rank_decimal: rating(d),
                  rank: '100',
                  domain: d,
                },
          ),
        }),
      );
    }
    send(404, '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise<void>((r) => server.close(() => r())) };
}
