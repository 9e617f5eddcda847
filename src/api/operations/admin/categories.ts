import { Type } from '@sinclair/typebox';
import { defineOperation } from '../../registry.js';
import { AppError } from '../../../errors/app-error.js';
import {
  createCategory,
  deleteCategory,
  readCategoryForm,
  replaceCategoryFaqs,
  updateCategory,
} from '../../../domain/categories/category-edits.js';
import { checkFaqs } from '../../../domain/content/faq-list.js';

import { FaqRows, faqRows, idParams, notSaved, Saved } from './shared.js';

/** The category tree: categories, their place in it, and their FAQs. */

/** The category form's text fields; the domain reads and checks them (readCategoryForm), in its words. */
const categoryFields = {
  name: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  parent: Type.Optional(Type.String({ description: 'The parent category id; empty for the top level' })),
  position: Type.Optional(Type.String({ description: 'Among its siblings; empty: last (unchanged when editing)' })),
};
const typed = (b: { slug?: string; name?: string; description?: string; parent?: string; position?: string }) => ({
  slug: b.slug ?? '',
  name: b.name ?? '',
  description: b.description ?? '',
  parent: b.parent ?? '',
  position: b.position ?? '',
});

export const createCategoryOperation = defineOperation({
  operationId: 'create_category',
  surfaces: ['site'],
  adminOnly: true,
  method: 'POST',
  path: '/admin/categories',
  tag: 'Admin',
  title: 'Create a category',
  summary: 'A new category (its slug never changes); the public pages and the API show it at once.',
  scope: 'listings:write',
  body: Type.Object({ slug: Type.String(), ...categoryFields }),
  response: Saved,
  status: 201,
  handler: async (input, ctx) => {
    const { values, errors } = readCategoryForm(typed(input), true);
    if (errors.length) throw notSaved(errors);
    const r = await createCategory(ctx.db, ctx.site.id, values);
    if (!r.ok) throw notSaved(r.errors);
    return { id: r.id, slug: r.slug };
  },
});

export const updateCategoryOperation = defineOperation({
  operationId: 'update_category',
  surfaces: ['site'],
  adminOnly: true,
  method: 'PATCH',
  path: '/admin/categories/{id}',
  tag: 'Admin',
  title: 'Edit or move a category',
  summary: "A category's name, description, parent (moving it in the tree) and position.",
  scope: 'listings:write',
  notFound: true,
  params: idParams,
  body: Type.Object(categoryFields),
  response: Saved,
  handler: async ({ id, ...input }, ctx) => {
    const { values, errors } = readCategoryForm(typed(input), false);
    if (errors.length) throw notSaved(errors);
    const r = await updateCategory(ctx.db, ctx.site.id, id, values);
    if (!r) throw new AppError(404, 'No such category.');
    if (!r.ok) throw notSaved(r.errors);
    return { id: r.id, slug: r.slug };
  },
});

export const replaceCategoryFaqsOperation = defineOperation({
  operationId: 'replace_category_faqs',
  surfaces: ['site'],
  adminOnly: true,
  method: 'PUT',
  path: '/admin/categories/{id}/faqs',
  tag: 'Admin',
  title: "Replace a category's FAQs",
  summary: 'The whole list of FAQs on the category page.',
  scope: 'listings:write',
  notFound: true,
  params: idParams,
  body: Type.Object({ faq: Type.Optional(FaqRows) }),
  response: Type.Object({ id: Type.Integer() }),
  handler: async ({ id, faq }, ctx) => {
    const { faqs, errors } = checkFaqs(faqRows(faq));
    if (errors.length) throw notSaved(errors);
    if (!(await replaceCategoryFaqs(ctx.db, ctx.site.id, id, faqs))) throw new AppError(404, 'No such category.');
    return { id };
  },
});

export const deleteCategoryOperation = defineOperation({
  operationId: 'delete_category',
  surfaces: ['site'],
  adminOnly: true,
  method: 'DELETE',
  path: '/admin/categories/{id}',
  tag: 'Admin',
  title: 'Delete a category',
  summary: 'Only a category without subcategories and listings; its FAQs go with it.',
  scope: 'listings:write',
  notFound: true,
  params: idParams,
  response: Type.Object({ slug: Type.String() }),
  handler: async ({ id }, ctx) => {
    const r = await deleteCategory(ctx.db, ctx.site.id, id);
    if (!r) throw new AppError(404, 'No such category.');
    if (!r.ok) {
      const what = [
        r.subcategories ? `${r.subcategories} ${r.subcategories === 1 ? 'subcategory' : 'subcategories'}` : '',
        r.listings ? `${r.listings} ${r.listings === 1 ? 'listing' : 'listings'}` : '',
      ]
        .filter(Boolean)
        .join(' and ');
      // Nothing wrong with the request itself: the category's state refuses it.
      throw new AppError(
        409,
        `Not deleted: this category still holds ${what}. Only a category without subcategories and listings can be deleted.`,
      );
    }
    return { slug: r.slug };
  },
});
