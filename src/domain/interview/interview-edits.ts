import type { Queryable } from '../../db/client.js';
import type { FieldError } from '../../errors/app-error.js';
import { cleanText, textProblem, wholeNumber } from '../content/text-limits.js';

export const QUESTION_LIMITS = { text: 300, position: 100_000 } as const;

/** `position` null: last when adding, unchanged when editing. */
export interface QuestionValues {
  question: string;
  position: number | null;
}

export function readQuestionForm(typed: { question: string; position: string }): {
  values: QuestionValues;
  errors: FieldError[];
} {
  const errors: FieldError[] = [];
  const question = cleanText(typed.question);
  const problem = textProblem(question, { max: QUESTION_LIMITS.text, required: true });
  if (problem) errors.push({ path: 'question', message: problem });
  const p = typed.position.trim();
  const position = p === '' ? null : wholeNumber(p, 0, QUESTION_LIMITS.position);
  if (p !== '' && position === null)
    errors.push({ path: 'position', message: `must be a whole number from 0 to ${QUESTION_LIMITS.position}` });
  return { values: { question, position }, errors };
}

export interface AdminQuestion {
  id: number;
  question: string;
  position: number;
  active: boolean;
  answers: number;
}

/** Every question of the site, current and retired, in the order founders see them, with how many answered. */
export async function adminInterviewQuestions(db: Queryable, siteId: number): Promise<AdminQuestion[]> {
  return db.query<AdminQuestion>(
    `SELECT q.id, q.question, q.position, q.active, (SELECT count(*)::int FROM interview_answers a
       WHERE a.question_id = q.id) AS answers
       FROM interview_questions q WHERE q.site_id = $1 ORDER BY q.position, q.id`,
    [siteId],
  );
}

export async function addInterviewQuestion(db: Queryable, siteId: number, v: QuestionValues): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO interview_questions (site_id, question, position)
     VALUES ($1, $2, COALESCE($3::int, (SELECT max(position) + 1 FROM interview_questions WHERE site_id = $1), 0))
     RETURNING id`,
    [siteId, v.question, v.position],
  );
  return rows[0].id;
}

/**
 * Rewrites the question's text and position; false when it is not of this site. Answers already
 * given stay attached to it, so a rewrite should keep the question's meaning.
 */
export async function updateInterviewQuestion(
  db: Queryable,
  siteId: number,
  id: number,
  v: QuestionValues,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'UPDATE interview_questions SET question = $3, position = COALESCE($4::int, position) WHERE site_id = $1 ' +
      'AND id = $2 RETURNING id',
    [siteId, id, v.question, v.position],
  );
  // Founders' pages show the questions with their answers.
  if (rows.length) db.changed({ kind: 'content' });
  return rows.length > 0;
}

/**
 * Retires a question (active = false) or brings it back. A retired question leaves
 * list_interview_questions, so answer_interview refuses new answers to it; the answers given
 * are kept, and come back with the question.
 */
export async function setInterviewQuestionActive(
  db: Queryable,
  siteId: number,
  id: number,
  active: boolean,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'UPDATE interview_questions SET active = $3 WHERE site_id = $1 AND id = $2 RETURNING id',
    [siteId, id, active],
  );
  // Founders' pages show the answers to active questions.
  if (rows.length) db.changed({ kind: 'content' });
  return rows.length > 0;
}
