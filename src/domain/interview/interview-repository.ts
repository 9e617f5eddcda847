import type { Queryable } from '../../db/client.js';

export interface InterviewQuestion { id: number; question: string }

export async function listInterviewQuestions(db: Queryable, siteId: number): Promise<InterviewQuestion[]> {
  return db.query<InterviewQuestion>('SELECT id, question FROM interview_questions WHERE site_id = $1 AND active ORDER BY position, id', [siteId]);
}
