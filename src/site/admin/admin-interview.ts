import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { FieldError } from '../../api/errors.js';
import type { User } from '../../domain/accounts/user-repository.js';
import {
  adminInterviewQuestions,
  QUESTION_LIMITS,
  type AdminQuestion,
} from '../../domain/interview/interview-edits.js';
import { html } from '../html.js';
import { adminOf, adminPageSender, flash } from './admin-guard.js';
import { csrfInput, errorSummary, field, fieldErrors, gone, savedNotice } from './admin-form-parts.js';
import { firstText, type PostedForm } from '../forms/form-values.js';
import { runForm } from '../forms/run-form.js';
import {
  addInterviewQuestionOperation,
  setInterviewQuestionActiveOperation,
  updateInterviewQuestionOperation,
} from '../../api/operations/admin/index.js';
type Typed = { question: string; position: string };

const CURRENT = '/admin/interview-questions';
const LABELS: Record<string, string> = { question: 'Question', position: 'Position' };
const NOTICES: Record<string, string> = {
  added: 'Question added. Founders see it in list_interview_questions now.',
  saved: 'Question saved.',
  retired: 'Question retired: founders no longer see it; the answers given are kept.',
  restored: 'Question restored, with the answers it had.',
};
const POSITION_HINT = `Lower numbers come first; 0 to ${QUESTION_LIMITS.position}.`;

const typedForm = (b: PostedForm | undefined): Typed => ({
  question: firstText(b?.question),
  position: firstText(b?.position),
});

/**
 * /admin/interview-questions: the questions founders may answer (answer_interview), in order;
 * adding, rewording, reordering by position, retiring (answers kept) and restoring them.
 */
export function registerAdminInterviewRoutes(app: FastifyInstance, ctx: AppContext) {
  const send = adminPageSender(ctx);

  interface PageState {
    notice?: string;
    error?: string;
    add?: { typed: Typed; errors: FieldError[] };
    edit?: { id: number; typed: Typed; errors: FieldError[] };
  }

  async function page(reply: FastifyReply, user: User, o: PageState = {}, status = 200) {
    const all = await adminInterviewQuestions(ctx.db, ctx.site.id);
    const current = all.filter((q) => q.active);
    const retired = all.filter((q) => !q.active);
    const csrf = csrfInput(reply);
    const answers = (q: AdminQuestion) => `${q.answers} ${q.answers === 1 ? 'answer' : 'answers'}`;
    const editForm = (q: AdminQuestion, n: number) => {
      const mine = o.edit?.id === q.id ? o.edit : undefined;
      const typed = mine?.typed ?? { question: q.question, position: String(q.position) };
      return html`<li id="q-${q.id}">${errorSummary(mine?.errors, LABELS)}
        <form method="post" action="/admin/interview-questions/${q.id}" class="form wide">${csrf}
          ${field({ id: `q-${q.id}-question`, name: 'question', label: `Question ${n}`, value: typed.question, errors: mine?.errors, max: QUESTION_LIMITS.text, required: true, rows: 2, hint: `${answers(q)}. Answers stay attached when you reword it, so keep its meaning.` })}
          ${field({ id: `q-${q.id}-position`, name: 'position', label: `Position of question ${n}`, value: typed.position, errors: mine?.errors, inputmode: 'numeric', pattern: '[0-9]{1,6}', hint: POSITION_HINT })}
          <p><button type="submit">Save question ${n}</button></p>
        </form>
        <form method="post" action="/admin/interview-questions/${q.id}/retire" class="inline">${csrf}<button type="submit" class="secondary small">Retire question ${n}</button></form></li>`;
    };
    const add = o.add ?? { typed: { question: '', position: '' }, errors: [] };
    return send(
      reply,
      user,
      CURRENT,
      'Interview questions',
      html`<h1>Interview questions</h1>${flash({ notice: o.notice, error: o.error })}
      <p class="muted">Founders answer these (answer_interview, or their listing page); the answers appear on their founder pages. Retiring a question hides it from founders and keeps its answers.</p>
      <h2>Current questions</h2>
      ${current.length ? html`<ol class="admin-questions">${current.map((q, i) => editForm(q, i + 1))}</ol>` : html`<p class="muted">No questions: founders have nothing to answer.</p>`}
      <h2 id="add">Add a question</h2>
      ${errorSummary(add.errors, LABELS)}
      <form method="post" action="/admin/interview-questions" class="form wide">${csrf}
        ${field({ id: 'new-question', name: 'question', label: 'New question', value: add.typed.question, errors: add.errors, max: QUESTION_LIMITS.text, required: true, rows: 2, hint: `Up to ${QUESTION_LIMITS.text} characters.` })}
        ${field({ id: 'new-position', name: 'position', label: 'Position of the new question', value: add.typed.position, errors: add.errors, inputmode: 'numeric', pattern: '[0-9]{1,6}', hint: `${POSITION_HINT} Empty: after the others.` })}
        <p><button type="submit">Add question</button></p>
      </form>
      ${
        retired.length
          ? html`<h2>Retired questions</h2><ul>${retired.map(
              (q) => html`<li id="q-${q.id}">${q.question} <span class="small muted">(${answers(q)} kept)</span>
        <form method="post" action="/admin/interview-questions/${q.id}/restore" class="inline">${csrf}<button type="submit" class="secondary small">Restore “${q.question.slice(0, 40)}”</button></form></li>`,
            )}</ul>`
          : ''
      }`,
      status,
    );
  }

  function notFound(reply: FastifyReply, user: User) {
    return send(
      reply,
      user,
      CURRENT,
      'No such question',
      html`<h1>No such question</h1><p>There is no interview question with this id. <a href="/admin/interview-questions">All questions</a></p>`,
      404,
    );
  }

  app.get('/admin/interview-questions', async (req, reply) => {
    const user = adminOf(req);
    return page(reply, user, { notice: savedNotice(req.query, NOTICES) });
  });

  app.post<{ Body: PostedForm }>(
    '/admin/interview-questions',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const user = adminOf(req);
      const r = await runForm(ctx, user, addInterviewQuestionOperation, req.body);
      if (!r.ok)
        return page(reply, user, { add: { typed: typedForm(req.body), errors: fieldErrors(r.fields) } }, r.status);
      return reply.redirect(`/admin/interview-questions?saved=added#q-${r.value.id}`, 303);
    },
  );

  app.post<{ Params: { id: string }; Body: PostedForm }>(
    '/admin/interview-questions/:id',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const user = adminOf(req);
      const r = await runForm(ctx, user, updateInterviewQuestionOperation, req.body, { id: req.params.id });
      if (r.ok) return reply.redirect(`/admin/interview-questions?saved=saved#q-${r.value.id}`, 303);
      if (gone(r)) return notFound(reply, user);
      // The errors are shown in the question's row; a retired question has none, so they go on top.
      const id = Number(req.params.id);
      const known = (await adminInterviewQuestions(ctx.db, ctx.site.id)).find((q) => q.id === id);
      if (!known) return notFound(reply, user);
      const errors = fieldErrors(r.fields);
      return page(
        reply,
        user,
        known.active
          ? { edit: { id, typed: typedForm(req.body), errors } }
          : { error: errors.map((e) => `${LABELS[e.path] ?? e.path}: ${e.message}`).join(' ') },
        r.status,
      );
    },
  );

  for (const [action, active] of [
    ['retire', false],
    ['restore', true],
  ] as const) {
    app.post<{ Params: { id: string } }>(
      `/admin/interview-questions/:id/${action}`,
      { preHandler: app.csrfProtection },
      async (req, reply) => {
        const user = adminOf(req);
        const r = await runForm(ctx, user, setInterviewQuestionActiveOperation, {}, { id: req.params.id, active });
        if (!r.ok) return notFound(reply, user);
        return reply.redirect(
          `/admin/interview-questions?saved=${active ? 'restored' : 'retired'}#q-${r.value.id}`,
          303,
        );
      },
    );
  }
}
