/** A browser over real HTTP for multi-step flows (OAuth): a cookie jar, no automatic redirects, form helpers. */
export class HttpBrowser {
  cookies = new Map<string, string>();
  constructor(private readonly base: string) {}

  private remember(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(pair.slice(0, i));
      else this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
  }

  async get(path: string) {
    const res = await fetch(new URL(path, this.base), {
      redirect: 'manual',
      headers: { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    this.remember(res);
    return { status: res.status, location: res.headers.get('location'), body: await res.text(), headers: res.headers };
  }

  async post(path: string, fields: [string, string][]) {
    const res = await fetch(new URL(path, this.base), {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams(fields).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    this.remember(res);
    return { status: res.status, location: res.headers.get('location'), body: await res.text(), headers: res.headers };
  }
}

const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The hidden inputs of the first form posting to `action`, in order. */
export function hiddenInputs(page: string, action: string): [string, string][] {
  const start = page.indexOf(`action="${action}"`);
  if (start < 0) throw new Error(`no form posting to ${action}`);
  const form = page.slice(start, page.indexOf('</form>', start));
  return [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
    m[1],
    unescapeHtml(m[2]),
  ]);
}
