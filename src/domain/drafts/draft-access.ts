import type { Queryable } from '../../db/client.js';
import { forbidden, notFound } from '../../errors/app-error.js';
import { draftAccess, loadDraft, type DraftRecord } from './draft-repository.js';

/** The draft, if the user may work on it: 404 when there is no such draft, 403 when it is someone else's. */
export async function draftForUser(
  db: Queryable,
  id: string,
  userId: number,
  siteId: number,
): Promise<DraftRecord & { role: 'owner' | 'cofounder' }> {
  const [draft, role] = await Promise.all([loadDraft(db, id), draftAccess(db, id, userId)]);
  // A draft made on another site of this installation does not exist here.
  if (!draft || draft.site_id !== siteId) throw notFound(`No draft with id ${id}.`);
  if (!role) throw forbidden('This draft belongs to another account.');
  return { ...draft, role };
}
