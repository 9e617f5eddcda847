import type { FastifyReply } from 'fastify';
import { HttpError } from '../api/errors.js';
import type { SafeHtml } from './html.js';

/** A page to send instead of what was asked for. */
export interface RefusalPage {
  title: string;
  body: SafeHtml;
}

/**
 * Loads something of the signed-in person's (a draft, a listing, an order): a loader's 404 or 403
 * sends the matching page and gives null, so a handler only returns when it got nothing.
 */
export async function loadOrRefuse<T>(
  reply: FastifyReply,
  load: () => Promise<T>,
  pages: { notFound: RefusalPage; notYours: RefusalPage },
): Promise<T | null> {
  try {
    return await load();
  } catch (err) {
    if (!(err instanceof HttpError) || (err.status !== 403 && err.status !== 404)) throw err;
    const { title, body } = err.status === 404 ? pages.notFound : pages.notYours;
    reply.page(title, body, err.status);
    return null;
  }
}
