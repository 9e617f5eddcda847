import type { FastifyInstance } from 'fastify';

/** A minimal browser for server-rendered forms: keeps cookies and reads CSRF tokens from pages. */
export class FormClient {
  cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    private readonly headers: Record<string, string> = {},
  ) {}

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(setCookie: string | string[] | undefined) {
    for (const c of ([] as string[]).concat(setCookie ?? [])) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i);
      const value = pair.slice(i + 1);
      if (value === '' || /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async get(url: string) {
    const res = await this.app.inject({
      method: 'GET',
      url,
      headers: { ...this.headers, cookie: this.cookieHeader() },
    });
    this.remember(res.headers['set-cookie']);
    return res;
  }

  /** The CSRF token of a page's forms (and the cookie it goes with). */
  async csrfOf(page: string): Promise<string> {
    const token = /name="_csrf" value="([^"]+)"/.exec((await this.get(page)).body)?.[1];
    if (!token) throw new Error(`${page} has no form with a CSRF token`);
    return token;
  }

  /** Posts JSON as a page's script does, with the CSRF token in its header. */
  async postJson(url: string, body: unknown, csrf: string) {
    const res = await this.app.inject({
      method: 'POST',
      url,
      headers: {
        ...this.headers,
        cookie: this.cookieHeader(),
        'content-type': 'application/json',
        'csrf-token': csrf,
      },
      payload: JSON.stringify(body),
    });
    this.remember(res.headers['set-cookie']);
    return res;
  }

  /** GETs the form page for its CSRF token, then posts the fields with it. */
  async submit(
    formPage: string,
    action: string,
    fields: Record<string, string | string[]>,
    opts: { csrf?: boolean } = {},
  ) {
    const page = await this.get(formPage);
    const token = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1];
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) for (const one of ([] as string[]).concat(v)) body.append(k, one);
    if (opts.csrf !== false && token) body.set('_csrf', token);
    const res = await this.app.inject({
      method: 'POST',
      url: action,
      headers: { ...this.headers, cookie: this.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: body.toString(),
    });
    this.remember(res.headers['set-cookie']);
    return res;
  }
}
