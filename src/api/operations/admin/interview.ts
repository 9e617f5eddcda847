import { Type } from '@sinclair/typebox';
import { defineOperation } from '../../registry.js';
import { Params, rowId } from '../../schemas/common.js';
import { AppError } from '../../../errors/app-error.js';
import {
  addInterviewQuestion,
  readQuestionForm,
  setInterviewQuestionActive,
  updateInterviewQuestion,
} from '../../../domain/interview/interview-edits.js';

import { idParams, notSaved } from './shared.js';

/** The interview questions founders may answer. */

/** The question form; the domain reads and checks it (readQuestionForm), in its words. */
const QuestionBody = Type.Object({
  question: Type.String(),
  position: Type.Optional(Type.String({ description: 'Lower comes first; empty: last (unchanged when editing)' })),
});
const readQuestion = (b: { question: string; position?: string }) => {
  const { values, errors } = readQuestionForm({ question: b.question, position: b.position ?? '' });
  if (errors.length) throw notSaved(errors);
  return values;
};

export const addInterviewQuestionOperation = defineOperation({
  operationId: 'add_interview_question',
  surfaces: ['site'],
  adminOnly: true,
  method: 'POST',
  path: '/admin/interview-questions',
  tag: 'Admin',
  title: 'Add an interview question',
  summary: 'A question founders may answer (answer_interview).',
  scope: 'listings:write',
  body: QuestionBody,
  response: Type.Object({ id: Type.Integer() }),
  status: 201,
  handler: async (input, ctx) => ({ id: await addInterviewQuestion(ctx.db, ctx.site.id, readQuestion(input)) }),
});

export const updateInterviewQuestionOperation = defineOperation({
  operationId: 'update_interview_question',
  surfaces: ['site'],
  adminOnly: true,
  method: 'PATCH',
  path: '/admin/interview-questions/{id}',
  tag: 'Admin',
  title: 'Reword or reorder an interview question',
  summary: 'Its answers stay attached.',
  scope: 'listings:write',
  notFound: true,
  params: idParams,
  body: QuestionBody,
  response: Type.Object({ id: Type.Integer() }),
  handler: async ({ id, ...input }, ctx) => {
    if (!(await updateInterviewQuestion(ctx.db, ctx.site.id, id, readQuestion(input))))
      throw new AppError(404, 'No such question.');
    return { id };
  },
});

export const setInterviewQuestionActiveOperation = defineOperation({
  operationId: 'set_interview_question_active',
  surfaces: ['site'],
  adminOnly: true,
  method: 'PUT',
  path: '/admin/interview-questions/{id}/active',
  tag: 'Admin',
  title: 'Retire or restore an interview question',
  summary: 'A retired question is hidden from founders; its answers are kept, and come back when it is restored.',
  scope: 'listings:write',
  notFound: true,
  params: Params({ id: rowId(), active: Type.Boolean() }),
  response: Type.Object({ id: Type.Integer(), active: Type.Boolean() }),
  handler: async ({ id, active }, ctx) => {
    if (!(await setInterviewQuestionActive(ctx.db, ctx.site.id, id, active)))
      throw new AppError(404, 'No such question.');
    return { id, active };
  },
});
