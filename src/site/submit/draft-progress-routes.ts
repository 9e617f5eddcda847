import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { HttpError } from '../../api/errors.js';
import { draftForUser } from '../../domain/drafts/draft-access.js';
import { PROGRESS_SCRIPT, PROGRESS_SCRIPT_PATH } from './draft-progress-view.js';
import { IMMUTABLE } from '../assets.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What the progress page polls: its script, and the draft's progress as JSON. A script's fetch
 * cannot follow a sign-in redirect, so a signed-out one gets a 401 instead.
 */
export function registerDraftProgressRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(PROGRESS_SCRIPT_PATH, async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', IMMUTABLE).send(PROGRESS_SCRIPT),
  );

  app.get<{ Params: { id: string } }>('/drafts/:id/progress.json', async (req, reply) => {
    const user = req.user;
    if (!user) throw new HttpError(401, 'Sign in to follow this draft.');
    if (!UUID.test(req.params.id)) throw new HttpError(404, `No draft with id ${req.params.id}.`);
    const d = await draftForUser(ctx.db, req.params.id, user.id, ctx.site.id);
    reply.header('Cache-Control', 'no-store');
    return { status: d.status, progress: d.progress, completeness: d.completeness };
  });
}
