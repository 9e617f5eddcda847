import type { FieldError } from '../../errors/app-error.js';
import { cleanText, textProblem } from './text-limits.js';

/** FAQs: a question up to 300 characters, its answer up to 1,500; at most 10 per page. */
export const FAQ_LIMITS = { items: 10, question: 300, answer: 1500 } as const;

export interface Faq {
  question: string;
  answer: string;
}

/**
 * The FAQs of a replace-all form, rows in the order shown: a row with both boxes empty is no FAQ
 * (so a form can offer blank rows), a row with only one filled is an error. Error paths name the
 * row as shown (`faqs[2].answer` is the third row's answer), so the form can mark it.
 */
export function checkFaqs(rows: Faq[]): { faqs: Faq[]; errors: FieldError[] } {
  const faqs: Faq[] = [];
  const errors: FieldError[] = [];
  rows.forEach((row, i) => {
    const question = cleanText(row.question);
    const answer = cleanText(row.answer);
    if (!question && !answer) return;
    const q = textProblem(question, { max: FAQ_LIMITS.question, required: true });
    const a = textProblem(answer, { max: FAQ_LIMITS.answer, required: true });
    if (q)
      errors.push({
        path: `faqs[${i}].question`,
        message:
          q === 'must not be empty'
            ? 'must not be empty when the answer is filled in (empty both to remove the FAQ)'
            : q,
      });
    if (a)
      errors.push({
        path: `faqs[${i}].answer`,
        message:
          a === 'must not be empty'
            ? 'must not be empty when the question is filled in (empty both to remove the FAQ)'
            : a,
      });
    faqs.push({ question, answer });
  });
  if (faqs.length > FAQ_LIMITS.items)
    errors.push({ path: 'faqs', message: `at most ${FAQ_LIMITS.items} FAQs (${faqs.length} are filled in)` });
  return { faqs, errors };
}
