import { Type } from '@sinclair/typebox';
import { Params, rowId } from '../../schemas/common.js';
import { AppError, type FieldError } from '../../../errors/app-error.js';

/**
 * What the site's administrators change in the admin area (/admin): moderation, votes, settings,
 * categories, blog, interview questions, prices and orders, Domain Ratings. Only administrators
 * on the website do these, so every operation is site-only and adminOnly: that is what guards
 * them. Scopes document intent (a session holds them all): 'orders:write' for prices and orders,
 * 'listings:write' for the rest, which changes what the public pages and the API show.
 */

export const idParams = Params({ id: rowId() });
export const Done = Type.Object({ message: Type.String() });

/** The domain's own checks of a form failed: a 400 whose errors the page shows by field. */
export const notSaved = (errors: FieldError[]) => new AppError(400, 'Not saved: fix what is marked.', { errors });

/** What a created or saved record is known by. */
export const Saved = Type.Object({ id: Type.Integer(), slug: Type.String() });

/** Replace-all FAQ rows as a form sends them (`faq.<i>.question`); blank rows are no FAQ (checkFaqs). */
export const FaqRows = Type.Array(
  Type.Object({ question: Type.Optional(Type.String()), answer: Type.Optional(Type.String()) }),
  {
    maxItems: 100,
  },
);
export const faqRows = (rows: { question?: string; answer?: string }[] = []) =>
  rows.map((r) => ({ question: r.question ?? '', answer: r.answer ?? '' }));
