import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { HttpError } from '../../api/errors.js';
import type { User } from '../../domain/accounts/user-repository.js';
import { answersOf, listInterviewQuestions, removeAnswers } from '../../domain/interview/interview-repository.js';
import { signedInUserOf } from '../site-request.js';
import { runOperation } from '../forms/run-form.js';
import { answerInterviewOperation } from '../../api/operations/my-listings.js';
import { interviewView } from './my-listing-views.js';

type Form = Record<string, string | string[] | undefined>;

/** The founder interview (answer_interview on the site): one box per question; an emptied box removes that answer. */
export function registerInterviewRoutes(app: FastifyInstance, ctx: AppContext) {
  async function interviewPage(
    reply: FastifyReply,
    user: User,
    opts: {
      typed?: Record<number, string>;
      errors?: Record<number, string>;
      problems?: string[];
      notice?: string;
    } = {},
    status = 200,
  ) {
    const [questions, saved] = await Promise.all([
      listInterviewQuestions(ctx.db, ctx.site.id),
      answersOf(ctx.db, ctx.site.id, user.id),
    ]);
    const answers = opts.typed ?? Object.fromEntries(saved.map((a) => [a.question_id, a.answer]));
    return reply.page(
      'Founder interview',
      interviewView({
        csrf: reply.generateCsrf(),
        questions,
        answers,
        errors: opts.errors,
        problems: opts.problems,
        notice: opts.notice,
      }),
      status,
    );
  }

  app.get<{ Querystring: Form }>('/my/interview', async (req, reply) => {
    const user = signedInUserOf(req);
    return interviewPage(reply, user, { notice: req.query.saved ? 'Your answers were saved.' : undefined });
  });

  app.post<{ Body: Form }>('/my/interview', { preHandler: app.csrfProtection }, async (req, reply) => {
    const user = signedInUserOf(req);
    const typed: Record<number, string> = {};
    for (const [k, v] of Object.entries(req.body ?? {})) {
      const id = /^answer\.([1-9]\d{0,9})$/.exec(k)?.[1];
      if (id) typed[Number(id)] = String(([] as string[]).concat(v ?? '')[0]);
    }
    const ids = Object.keys(typed).map(Number);
    const answers = ids.filter((id) => typed[id].trim()).map((id) => ({ question_id: id, answer: typed[id] }));
    const cleared = ids.filter((id) => !typed[id].trim());
    const asIndex = (path: string) => answers[Number(/^answers\[(\d+)\]/.exec(path)?.[1] ?? -1)]?.question_id;
    const outcome = await runOperation(ctx, user, answerInterviewOperation, { body: { answers } });
    if (!outcome.ok && outcome.status !== 400) throw new HttpError(outcome.status, outcome.message);
    const errors = outcome.ok ? [] : outcome.errors;
    if (errors.length) {
      const byQuestion: Record<number, string> = {};
      const problems: string[] = [];
      for (const e of errors) {
        const q = asIndex(e.path);
        if (q !== undefined && e.path.endsWith('.answer')) byQuestion[q] ??= `Your answer ${e.message}.`;
        else problems.push(q !== undefined ? `Question ${q}: ${e.message}.` : `${e.path} ${e.message}.`);
      }
      return interviewPage(reply, user, { typed, errors: byQuestion, problems }, 400);
    }
    await removeAnswers(ctx.db, user.id, cleared);
    return reply.redirect('/my/interview?saved=1', 303);
  });
}
