import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import type { Problem } from '../api/errors.js';
import { html, layout } from './html.js';
import { currentUser } from './session.js';

const PAGES: Record<number, { title: string; text: string }> = {
  400: { title: 'That request did not work', text: 'Something in the address or the form was not right.' },
  403: { title: 'Not allowed', text: 'You do not have access to this page.' },
  404: {
    title: 'Page not found',
    text: 'There is nothing at this address. It may have moved, or the link may be mistyped.',
  },
  413: {
    title: 'That was too much to send',
    text: 'The form sent more than this site accepts at once. Shorten it (large pastes or files are the usual cause), then try again.',
  },
  429: {
    title: 'Slow down a little',
    text: 'Too many requests came from you in a short time. Wait a moment, then try again.',
  },
  500: {
    title: 'Something went wrong on our side',
    text: 'It has been logged and we will look into it. Please try again in a moment.',
  },
};

/** The HTML page a person sees instead of a problem+json body, in the site's layout. */
export function htmlErrorPage(ctx: AppContext) {
  return async (req: FastifyRequest, p: Problem): Promise<string> => {
    const page = PAGES[p.status] ?? (p.status >= 500 ? PAGES[500] : PAGES[400]);
    // A broken session must not turn an error page into another error.
    const user = await currentUser(ctx, req).catch(() => null);
    const detail = p.status === 429 || (p.status >= 400 && p.status < 500 && p.status !== 404) ? p.detail : null;
    return layout(
      { title: `${page.title} — ${ctx.site.name}`, siteName: ctx.site.name, user },
      html`<section class="error-page">
      <p class="code">${p.status}</p><h1>${page.title}</h1><p>${page.text}</p>${detail ? html`<p class="muted">${detail}</p>` : ''}
      <p><a class="button" href="/">Go to this week's launches</a> <a class="button secondary" href="/categories">Browse categories</a></p></section>`,
    );
  };
}
