import type { HttpBrowser } from './http-browser.js';
import { hiddenInputs } from './http-browser.js';

type Answer = Awaited<ReturnType<HttpBrowser['get']>>;

/** Follows redirects (to the provider and back) as a browser does, keeping cookies; the last answer and every place visited. */
export async function follow(b: HttpBrowser, first: Answer): Promise<{ final: Answer; visited: string[] }> {
  const visited: string[] = [];
  let res = first;
  for (let hop = 0; res.location && res.status >= 300 && res.status < 400; hop++) {
    if (hop === 10) throw new Error(`redirect loop: ${visited.join(' → ')}`);
    visited.push(res.location);
    res = await b.get(res.location);
  }
  return { final: res, visited };
}

/**
 * Presses a provider's button on a page of the site (the sign-in page's "Continue with…", the
 * account page's "Link…"): posts its form with the page's hidden fields, then follows the trip.
 */
export async function pressProviderButton(b: HttpBrowser, page: string, action: string) {
  const form = await b.get(page);
  if (form.status !== 200) throw new Error(`${page} answered ${form.status}`);
  return follow(b, await b.post(action, hiddenInputs(form.body, action)));
}
