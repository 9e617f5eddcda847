import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { FieldError } from '../../api/errors.js';
import type { User } from '../../domain/accounts/user-repository.js';
import type { Faq } from '../../domain/content/faq-list.js';
import {
  adminCategories,
  CATEGORY_LIMITS,
  categoryFaqs,
  categoryUsage,
  inTreeOrder,
  subtreeIds,
  type AdminCategory,
  type CategoryForm,
} from '../../domain/categories/category-edits.js';
import { html, type SafeHtml } from '../html.js';
import { adminOf, adminPageSender, flash, idParam } from './admin-guard.js';
import {
  csrfInput,
  errorSummary,
  faqFieldsets,
  field,
  fieldErrors,
  gone,
  savedNotice,
  typedFaqs,
} from './admin-form-parts.js';
import { firstText, type PostedForm } from '../forms/form-values.js';
import { runForm } from '../forms/run-form.js';
import {
  createCategoryOperation,
  deleteCategoryOperation,
  replaceCategoryFaqsOperation,
  updateCategoryOperation,
} from '../../api/operations/admin/index.js';

const CURRENT = '/admin/categories';
const LABELS: Record<string, string> = {
  slug: 'Slug',
  name: 'Name',
  description: 'Description',
  parent: 'Parent category',
  position: 'Position',
  faqs: 'FAQs',
};
const NOTICES: Record<string, string> = {
  created: 'Category created. It is on the public category pages and in the API now; add its FAQs below.',
  details: 'Saved. The public category pages and the API show the change now.',
  faqs: 'FAQs saved.',
  deleted: 'Category deleted.',
};

const typedForm = (b: PostedForm | undefined): CategoryForm => ({
  slug: firstText(b?.slug),
  name: firstText(b?.name),
  description: firstText(b?.description),
  parent: firstText(b?.parent),
  position: firstText(b?.position),
});

/**
 * /admin/categories: the category tree with live counts; creating a category; editing one's
 * name, description, parent, position and FAQs; deleting an empty one. Every write empties the
 * cached category reads, so the public pages and the API show it at once.
 */
export function registerAdminCategoryRoutes(app: FastifyInstance, ctx: AppContext) {
  const send = adminPageSender(ctx);

  function parentSelect(cats: AdminCategory[], selected: string, errors: FieldError[], exclude: Set<number>): SafeHtml {
    const mine = errors.filter((e) => e.path === 'parent');
    return html`<div class="field${mine.length ? ' has-error' : ''}"><label for="cat-parent">Parent category</label>
      <select id="cat-parent" name="parent"${mine.length ? html` aria-invalid="true" aria-describedby="cat-parent-error"` : ''}>
        <option value="">None (a top-level category)</option>
        ${inTreeOrder(cats)
          .filter(({ category: c }) => !exclude.has(c.id))
          .map(
            ({ category: c, depth }) =>
              html`<option value="${c.id}"${String(c.id) === selected ? html` selected` : ''}>${'— '.repeat(depth)}${c.name}</option>`,
          )}
      </select>${mine.length ? html`<p class="field-error" id="cat-parent-error">${mine.map((e) => e.message).join('; ')}</p>` : ''}</div>`;
  }

  function detailFields(
    cats: AdminCategory[],
    typed: CategoryForm,
    errors: FieldError[],
    exclude: Set<number>,
  ): SafeHtml {
    return html`${field({ id: 'cat-name', name: 'name', label: 'Name', value: typed.name, errors, max: CATEGORY_LIMITS.name, required: true })}
      ${parentSelect(cats, typed.parent, errors, exclude)}
      ${field({ id: 'cat-description', name: 'description', label: 'Description', value: typed.description, errors, max: CATEGORY_LIMITS.description, rows: 5, hint: `Shown at the top of its public page; up to ${CATEGORY_LIMITS.description} characters.` })}
      ${field({ id: 'cat-position', name: 'position', label: 'Position', value: typed.position, errors, inputmode: 'numeric', pattern: '[0-9]{1,6}', hint: `Among its siblings, lower numbers come first (ties by name); 0 to ${CATEGORY_LIMITS.position}. Empty: after the others.` })}`;
  }

  function tree(cats: AdminCategory[]): SafeHtml {
    if (!cats.length) return html`<p class="muted">No categories yet.</p>`;
    const byParent = new Map<number | null, AdminCategory[]>();
    for (const { category: c, depth } of inTreeOrder(cats)) {
      const key = depth === 0 ? null : c.parent_id;
      byParent.set(key, [...(byParent.get(key) ?? []), c]);
    }
    const list = (parent: number | null, depth: number): SafeHtml | '' => {
      const kids = byParent.get(parent);
      return kids
        ? html`<ul class="depth-${Math.min(depth, 9)}">${kids.map(
            (c) => html`<li><a href="/admin/categories/${c.id}">${c.name}</a> <code>${c.slug}</code>
        <span class="small muted">${c.live_listings} live · ${c.faqs} ${c.faqs === 1 ? 'FAQ' : 'FAQs'} · position ${c.position}</span>${list(c.id, depth + 1)}</li>`,
          )}</ul>`
        : '';
    };
    return html`<div class="category-tree">${list(null, 0)}</div>`;
  }

  async function listPage(
    reply: FastifyReply,
    user: User,
    o: { typed?: CategoryForm; errors?: FieldError[]; notice?: string } = {},
    status = 200,
  ) {
    const cats = await adminCategories(ctx.db, ctx.site.id);
    const typed = o.typed ?? { slug: '', name: '', description: '', parent: '', position: '' };
    const errors = o.errors ?? [];
    return send(
      reply,
      user,
      CURRENT,
      'Categories',
      html`<h1>Categories</h1>${flash({ notice: o.notice })}
      <p class="muted">${cats.length} ${cats.length === 1 ? 'category' : 'categories'}. Live counts include subcategories' listings. Pick a category to edit its details and FAQs, or to delete it.</p>
      ${tree(cats)}
      <h2 id="new">New category</h2>
      ${errorSummary(errors, LABELS)}
      <form method="post" action="/admin/categories" class="form wide">${csrfInput(reply)}
        ${field({ id: 'cat-slug', name: 'slug', label: 'Slug', value: typed.slug, errors, max: 220, required: true, pattern: '[a-z0-9][a-z0-9\\-]{0,219}', hint: 'Its address: /categories/slug. Lowercase letters, digits and hyphens; it cannot be changed later.' })}
        ${detailFields(cats, typed, errors, new Set())}
        <p><button type="submit">Create category</button></p>
      </form>`,
      status,
    );
  }

  interface EditState {
    typed?: CategoryForm;
    errors?: FieldError[];
    faqTyped?: Faq[];
    faqErrors?: FieldError[];
    deleteError?: string;
    notice?: string;
  }

  async function editPage(reply: FastifyReply, user: User, id: number, o: EditState = {}, status = 200) {
    const cats = await adminCategories(ctx.db, ctx.site.id);
    const c = cats.find((x) => x.id === id);
    if (!c) return notFound(reply, user);
    const [faqs, usage] = await Promise.all([categoryFaqs(ctx.db, id), categoryUsage(ctx.db, id)]);
    const typed = o.typed ?? {
      slug: c.slug,
      name: c.name,
      description: c.description,
      parent: c.parent_id === null ? '' : String(c.parent_id),
      position: String(c.position),
    };
    const errors = o.errors ?? [];
    const csrf = csrfInput(reply);
    const blockers = [
      usage.subcategories
        ? `${usage.subcategories} ${usage.subcategories === 1 ? 'subcategory' : 'subcategories'}`
        : '',
      usage.listings ? `${usage.listings} ${usage.listings === 1 ? 'listing' : 'listings'}` : '',
    ].filter(Boolean);
    return send(
      reply,
      user,
      CURRENT,
      `Edit ${c.name}`,
      html`<p><a href="/admin/categories">← All categories</a></p>
      <h1>${c.name}</h1>${flash({ notice: o.notice })}
      <p class="muted">Slug <code>${c.slug}</code> · ${c.live_listings} live ${c.live_listings === 1 ? 'listing' : 'listings'} · public page <a href="/categories/${c.slug}">/categories/${c.slug}</a></p>
      <h2 id="details">Details</h2>
      ${errorSummary(errors, LABELS)}
      <form method="post" action="/admin/categories/${c.id}" class="form wide">${csrf}
        ${detailFields(cats, typed, errors, subtreeIds(cats, c.id))}
        <p><button type="submit">Save details</button></p>
      </form>
      <h2 id="faqs">FAQs</h2>
      ${errorSummary(o.faqErrors, LABELS)}
      <form method="post" action="/admin/categories/${c.id}/faqs" class="form wide">${csrf}
        ${faqFieldsets(o.faqTyped ?? faqs, o.faqErrors)}
        <p><button type="submit">Save FAQs</button></p>
      </form>
      <h2 id="delete">Delete</h2>
      ${o.deleteError ? html`<p class="error" role="alert">${o.deleteError}</p>` : ''}
      ${
        blockers.length
          ? html`<p class="muted">This category holds ${blockers.join(' and ')}, so it cannot be deleted. Move them to other categories first.</p>`
          : html`<form method="post" action="/admin/categories/${c.id}/delete" class="inline">${csrf}<button type="submit" class="secondary">Delete ${c.name}</button></form>
          <p class="small muted">It holds no listings and no subcategories. Its FAQs go with it.</p>`
      }`,
      status,
    );
  }

  function notFound(reply: FastifyReply, user: User) {
    return send(
      reply,
      user,
      CURRENT,
      'No such category',
      html`<h1>No such category</h1><p>There is no category with this id. <a href="/admin/categories">All categories</a></p>`,
      404,
    );
  }

  app.get('/admin/categories', async (req, reply) => {
    const user = adminOf(req);
    return listPage(reply, user, { notice: savedNotice(req.query, NOTICES) });
  });

  app.post<{ Body: PostedForm }>('/admin/categories', { preHandler: app.csrfProtection }, async (req, reply) => {
    const user = adminOf(req);
    const r = await runForm(ctx, user, createCategoryOperation, req.body);
    if (!r.ok) return listPage(reply, user, { typed: typedForm(req.body), errors: fieldErrors(r.fields) }, r.status);
    return reply.redirect(`/admin/categories/${r.value.id}?saved=created`, 303);
  });

  app.get<{ Params: { id: string } }>('/admin/categories/:id', async (req, reply) => {
    const user = adminOf(req);
    const id = idParam(req.params.id);
    return id === null ? notFound(reply, user) : editPage(reply, user, id, { notice: savedNotice(req.query, NOTICES) });
  });

  app.post<{ Params: { id: string }; Body: PostedForm }>(
    '/admin/categories/:id',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const user = adminOf(req);
      const r = await runForm(ctx, user, updateCategoryOperation, req.body, { id: req.params.id });
      if (r.ok) return reply.redirect(`/admin/categories/${r.value.id}?saved=details`, 303);
      if (gone(r)) return notFound(reply, user);
      const id = Number(req.params.id);
      return editPage(reply, user, id, { typed: typedForm(req.body), errors: fieldErrors(r.fields) }, r.status);
    },
  );

  app.post<{ Params: { id: string }; Body: PostedForm }>(
    '/admin/categories/:id/faqs',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const user = adminOf(req);
      const r = await runForm(ctx, user, replaceCategoryFaqsOperation, req.body, { id: req.params.id });
      if (r.ok) return reply.redirect(`/admin/categories/${r.value.id}?saved=faqs#faqs`, 303);
      if (gone(r)) return notFound(reply, user);
      const faqTyped = typedFaqs(replaceCategoryFaqsOperation.body!, req.body);
      return editPage(reply, user, Number(req.params.id), { faqTyped, faqErrors: fieldErrors(r.fields) }, r.status);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/admin/categories/:id/delete',
    { preHandler: app.csrfProtection },
    async (req, reply) => {
      const user = adminOf(req);
      const r = await runForm(ctx, user, deleteCategoryOperation, {}, { id: req.params.id });
      if (r.ok) return reply.redirect('/admin/categories?saved=deleted', 303);
      if (gone(r)) return notFound(reply, user);
      return editPage(reply, user, Number(req.params.id), { deleteError: r.message }, r.status);
    },
  );
}
