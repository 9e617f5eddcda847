import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Someone signed in at the fake GitHub, as `/user` and `/user/emails` describe them. */
export interface GithubPerson {
  id: number;
  login: string;
  name: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

interface PendingCode {
  person: GithubPerson;
  redirectUri: string;
  challenge: string | null;
}

/**
 * GitHub's OAuth web flow and REST API on loopback, speaking their wire format: the web host's
 * `/login/oauth/authorize` (here it approves at once, for whoever `signInAs` named) and
 * `/login/oauth/access_token` (JSON when asked with `Accept: application/json`, form-encoded
 * otherwise; a refused exchange is a 200 with an `error`, as GitHub does), and the API host's
 * `/user` and `/user/emails` under `/api/v3`, as on GitHub Enterprise Server.
 */
export async function startFakeGithub(client: { id: string; secret: string }) {
  const codes = new Map<string, PendingCode>();
  const tokens = new Map<string, GithubPerson>();
  const requests: { method: string; path: string }[] = [];
  let current: GithubPerson | null = null;

  const server = http.createServer(async (req, res) => {
    const u = new URL(req.url ?? '/', 'http://fake');
    requests.push({ method: req.method ?? '', path: u.pathname });
    let body = '';
    for await (const chunk of req) body += chunk;
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(value));
    };

    if (req.method === 'GET' && u.pathname === '/login/oauth/authorize') {
      const q = u.searchParams;
      if (q.get('client_id') !== client.id || !current) return json(404, { message: 'Not Found' });
      const code = crypto.randomBytes(10).toString('hex');
      codes.set(code, {
        person: current,
        redirectUri: q.get('redirect_uri') ?? '',
        challenge: q.get('code_challenge_method') === 'S256' ? q.get('code_challenge') : null,
      });
      const back = new URL(q.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      if (q.get('state')) back.searchParams.set('state', q.get('state')!);
      res.writeHead(302, { location: back.href });
      return res.end();
    }

    if (req.method === 'POST' && u.pathname === '/login/oauth/access_token') {
      const f = new URLSearchParams(body);
      const pending = codes.get(f.get('code') ?? '');
      codes.delete(f.get('code') ?? '');
      const verifier = f.get('code_verifier') ?? '';
      const s256 = crypto.createHash('sha256').update(verifier).digest('base64url');
      const problem =
        f.get('client_id') !== client.id || f.get('client_secret') !== client.secret
          ? 'incorrect_client_credentials'
          : !pending
            ? 'bad_verification_code'
            : pending.redirectUri !== f.get('redirect_uri')
              ? 'redirect_uri_mismatch'
              : pending.challenge && pending.challenge !== s256
                ? 'bad_verification_code'
                : null;
      const answer: Record<string, string> = problem
        ? { error: problem, error_description: `The ${problem.replace(/_/g, ' ')}.` }
        : (() => {
            const token = `gho_${crypto.randomBytes(16).toString('hex')}`;
            tokens.set(token, pending!.person);
            return { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' };
          })();
      if ((req.headers.accept ?? '').includes('application/json')) return json(200, answer);
      res.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' });
      return res.end(new URLSearchParams(answer).toString());
    }

    const token = /^(?:Bearer|token) (\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const person = token ? tokens.get(token) : undefined;
    if (u.pathname === '/api/v3/user' || u.pathname === '/api/v3/user/emails') {
      if (!person) return json(401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' });
      if (u.pathname === '/api/v3/user')
        return json(200, {
          login: person.login,
          id: person.id,
          node_id: `U_${person.id}`,
          type: 'User',
          name: person.name,
          email: null,
        });
      return json(
        200,
        person.emails.map((e) => ({ ...e, visibility: e.primary ? 'private' : null })),
      );
    }
    json(404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** The web host (GITHUB_BASE_URL). */
    url,
    /** The API host (GITHUB_API_URL), GitHub Enterprise Server style. */
    apiUrl: `${url}/api/v3`,
    requests,
    /** Who the next authorization approves (null: nobody is signed in at GitHub). */
    signInAs(person: GithubPerson | null) {
      current = person;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
