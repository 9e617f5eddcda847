import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { User } from '../../domain/accounts/user-repository.js';
import { html, layout, type SafeHtml } from '../html.js';

/** The admin area's sections, in the order of its navigation. */
export const ADMIN_SECTIONS = [
  { href: '/admin', label: 'Overview' },
  { href: '/admin/moderation', label: 'Moderation' },
  { href: '/admin/votes', label: 'Votes' },
  { href: '/admin/settings', label: 'Settings' },
  { href: '/admin/categories', label: 'Categories' },
  { href: '/admin/blog', label: 'Blog' },
  { href: '/admin/interview-questions', label: 'Interview questions' },
  { href: '/admin/orders', label: 'Orders and prices' },
  { href: '/admin/listing-versions', label: 'Listing edits' },
  { href: '/admin/domain-ratings', label: 'Domain Ratings' },
] as const;

/**
 * The administrator of this request. The admin area's guard (src/site/site-areas.ts) has already
 * sent everyone else to sign in or to a 403 page before any of its handlers runs.
 */
export function adminOf(req: FastifyRequest): User {
  if (!req.user?.is_admin) throw new Error(`${req.url} is served outside the admin area's guard`);
  return req.user;
}

/** A page of the admin area: the site layout with the admin navigation above the body (`current` marks the section). */
export function adminPageSender(ctx: AppContext) {
  const siteName = ctx.site.name;
  return (reply: FastifyReply, user: User, current: string | null, title: string, body: SafeHtml, status = 200) =>
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .send(
        layout(
          { title: `${title} — Admin — ${siteName}`, siteName, user },
          html`${current === null ? '' : adminNav(current)}${body}`,
        ),
      );
}

function adminNav(current: string): SafeHtml {
  return html`<nav class="admin-nav" aria-label="Admin"><ul>${ADMIN_SECTIONS.map(
    (s) => html`<li><a href="${s.href}"${s.href === current ? html` aria-current="page"` : ''}>${s.label}</a></li>`,
  )}</ul></nav>`;
}

/** A notice or an error above a form, as the result of the last action. */
export function flash(o: { notice?: string; error?: string }): SafeHtml {
  return html`${o.notice ? html`<p class="notice" role="status">${o.notice}</p>` : ''}${o.error ? html`<p class="error" role="alert">${o.error}</p>` : ''}`;
}

type Form = Record<string, string | string[] | undefined>;
/** One trimmed form value (the first when a field was sent twice). */
export const formValue = (body: Form | undefined, key: string) => {
  const v = body?.[key];
  return ((Array.isArray(v) ? v[0] : v) ?? '').trim();
};
/** A database id from a path or form: a positive int4, else null (never a 500 on garbage). */
export const idParam = (v: string | undefined): number | null => {
  const n = Number(v);
  return v !== undefined && /^\d{1,10}$/.test(v) && n >= 1 && n <= 2_147_483_647 ? n : null;
};
