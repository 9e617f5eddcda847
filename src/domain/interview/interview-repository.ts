import type { NoRows, Queryable } from '../../db/client.js';

export interface InterviewQuestion {
  id: number;
  question: string;
}

export async function listInterviewQuestions(db: Queryable, siteId: number): Promise<InterviewQuestion[]> {
  return db.query<InterviewQuestion>(
    'SELECT id, question FROM interview_questions WHERE site_id = $1 AND active ORDER BY position, id',
    [siteId],
  );
}

export interface InterviewAnswer {
  question_id: number;
  question: string;
  answer: string;
}

/** The user's answers to this site's current questions, in the questions' order. */
export async function answersOf(db: Queryable, siteId: number, userId: number): Promise<InterviewAnswer[]> {
  return db.query<InterviewAnswer>(
    `SELECT q.id AS question_id, q.question, a.answer FROM interview_answers a
      JOIN interview_questions q ON q.id = a.question_id
      WHERE a.user_id = $1 AND q.site_id = $2 AND q.active ORDER BY q.position, q.id`,
    [userId, siteId],
  );
}

/** Answers are kept per user and question: answering again replaces the earlier answer. */
export async function saveAnswers(
  db: Queryable,
  userId: number,
  answers: { question_id: number; answer: string }[],
  at: string,
): Promise<void> {
  for (const a of answers) {
    await db.query<NoRows>(
      `INSERT INTO interview_answers (user_id, question_id, answer, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, question_id) DO UPDATE SET answer = EXCLUDED.answer, updated_at = EXCLUDED.updated_at`,
      [userId, a.question_id, a.answer, at],
    );
  }
  // Founders' pages show the answers.
  if (answers.length) db.changed({ kind: 'content' });
}

export async function removeAnswers(db: Queryable, userId: number, questionIds: number[]): Promise<void> {
  if (!questionIds.length) return;
  await db.query<NoRows>('DELETE FROM interview_answers WHERE user_id = $1 AND question_id = ANY($2::int[])', [
    userId,
    questionIds,
  ]);
  db.changed({ kind: 'content' });
}
