import type { AppContext } from '../../app-context.js';
import { badRequest, summarize, type FieldError } from '../../errors/app-error.js';
import { ensureFounderOfUser } from '../founders/founder-repository.js';
import { answersOf, listInterviewQuestions, saveAnswers, type InterviewAnswer } from './interview-repository.js';

/**
 * answer_interview: stores the answers as the user's (one per question; answering again replaces)
 * and makes sure the user has a founder profile, where get_founder shows them. Every answer is
 * checked first — a question not among list_interview_questions, a question answered twice in one
 * call, a blank answer — and any error refuses the whole call.
 */
export async function answerInterview(
  ctx: Pick<AppContext, 'db' | 'site' | 'now'>,
  userId: number,
  input: { question_id: number; answer: string }[],
): Promise<{ answers: InterviewAnswer[]; founder_slug: string }> {
  const known = new Set((await listInterviewQuestions(ctx.db, ctx.site.id)).map((q) => q.id));
  const errors: FieldError[] = [];
  const firstAt = new Map<number, number>();
  const answers = input.map((a, i) => {
    if (!known.has(a.question_id))
      errors.push({
        path: `answers[${i}].question_id`,
        message: `${a.question_id} is not one of the questions of list_interview_questions`,
      });
    else if (firstAt.has(a.question_id))
      errors.push({
        path: `answers[${i}].question_id`,
        message:
          `answers question ${a.question_id} again (first at answers[${firstAt.get(a.question_id)}]); send one ` +
          `answer per question`,
      });
    else firstAt.set(a.question_id, i);
    const answer = a.answer.trim();
    if (!answer) errors.push({ path: `answers[${i}].answer`, message: 'must not be empty' });
    return { question_id: a.question_id, answer };
  });
  if (errors.length) throw badRequest(summarize(errors), errors);
  const founder = await ctx.db.transaction(async (tx) => {
    await saveAnswers(tx, userId, answers, ctx.now().toISOString());
    return ensureFounderOfUser(tx, ctx.site.id, userId);
  });
  return { answers: await answersOf(ctx.db, ctx.site.id, userId), founder_slug: founder.slug };
}
