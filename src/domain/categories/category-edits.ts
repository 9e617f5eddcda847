import type { NoRows, Db, Queryable } from '../../db/client.js';
import type { FieldError } from '../../errors/app-error.js';
import type { Faq } from '../content/faq-list.js';
import { cleanText, SLUG_RE, SLUG_RULE, textProblem, wholeNumber } from '../content/text-limits.js';
import { liveCountsByCategory } from './category-repository.js';

export const CATEGORY_LIMITS = { name: 120, description: 2000, position: 100_000 } as const;

/** The category form as typed: every value a string, `parent` an id or '' for the top level. */
export interface CategoryForm {
  slug: string;
  name: string;
  description: string;
  parent: string;
  position: string;
}
/** `position` null: last among its siblings when creating, unchanged when editing. */
export interface CategoryValues {
  slug: string;
  name: string;
  description: string;
  parentId: number | null;
  position: number | null;
}

/**
 * Checks the typed form. The slug is only read when creating: once made it never changes, since
 * public pages, search filters, orders and drafts name categories by it.
 */
export function readCategoryForm(
  typed: CategoryForm,
  creating: boolean,
): { values: CategoryValues; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const slug = typed.slug.trim();
  const name = cleanText(typed.name);
  const description = cleanText(typed.description);
  if (creating && !SLUG_RE.test(slug))
    errors.push({ path: 'slug', message: slug ? `must be ${SLUG_RULE}` : 'must not be empty' });
  const nameProblem = textProblem(name, { max: CATEGORY_LIMITS.name, required: true, oneLine: true });
  if (nameProblem) errors.push({ path: 'name', message: nameProblem });
  const descriptionProblem = textProblem(description, { max: CATEGORY_LIMITS.description });
  if (descriptionProblem) errors.push({ path: 'description', message: descriptionProblem });
  const parentId = typed.parent.trim() === '' ? null : wholeNumber(typed.parent.trim(), 1, 2_147_483_647);
  if (typed.parent.trim() !== '' && parentId === null)
    errors.push({ path: 'parent', message: 'is not a category of this site' });
  const position =
    typed.position.trim() === '' ? null : wholeNumber(typed.position.trim(), 0, CATEGORY_LIMITS.position);
  if (typed.position.trim() !== '' && position === null)
    errors.push({ path: 'position', message: `must be a whole number from 0 to ${CATEGORY_LIMITS.position}` });
  return { values: { slug, name, description, parentId, position }, errors };
}

type Link = { id: number; parent_id: number | null };

/** True when `parentId` is the category itself or lies below it: the move would make a loop. */
export function wouldBeOwnAncestor(links: Link[], id: number, parentId: number | null): boolean {
  const parentOf = new Map(links.map((c) => [c.id, c.parent_id]));
  // Bounded by the number of categories, in case the stored tree already holds a loop.
  for (let at = parentId, steps = 0; at != null && steps <= links.length; at = parentOf.get(at) ?? null, steps++) {
    if (at === id) return true;
  }
  return false;
}

/** The category and every category below it. */
export function subtreeIds(links: Link[], id: number): Set<number> {
  const out = new Set<number>([id]);
  // Rescan until nothing new joins: each pass adds the next level down (a set, so loops end).
  for (let grew = true; grew; ) {
    grew = false;
    for (const c of links)
      if (c.parent_id !== null && out.has(c.parent_id) && !out.has(c.id)) {
        out.add(c.id);
        grew = true;
      }
  }
  return out;
}

/** Categories in reading order of the tree (each parent before its children), with their depth. */
export function inTreeOrder<T extends Link>(rows: T[]): { category: T; depth: number }[] {
  const known = new Set(rows.map((r) => r.id));
  const children = new Map<number | null, T[]>();
  for (const r of rows) {
    const parent = r.parent_id != null && known.has(r.parent_id) ? r.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), r]);
  }
  const out: { category: T; depth: number }[] = [];
  const seen = new Set<number>();
  const walk = (parent: number | null, depth: number) => {
    for (const c of children.get(parent) ?? []) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      out.push({ category: c, depth });
      walk(c.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

export interface AdminCategory {
  id: number;
  slug: string;
  name: string;
  description: string;
  parent_id: number | null;
  position: number;
  live_listings: number;
  faqs: number;
}

/** Every category of the site (rows in position, name order) with its live count and number of FAQs. */
export async function adminCategories(db: Queryable, siteId: number): Promise<AdminCategory[]> {
  const rows = await db.query<Omit<AdminCategory, 'live_listings'>>(
    `SELECT c.id, c.slug, c.name, c.description, c.parent_id, c.position, (SELECT count(*)::int FROM category_faqs f
       WHERE f.category_id = c.id) AS faqs
       FROM categories c WHERE c.site_id = $1 ORDER BY c.position, c.name, c.id`,
    [siteId],
  );
  const counts = await liveCountsByCategory(db, siteId, rows);
  return rows.map((r) => ({ ...r, live_listings: counts.get(r.id) ?? 0 }));
}

export async function categoryFaqs(db: Queryable, categoryId: number): Promise<Faq[]> {
  return db.query<Faq>('SELECT question, answer FROM category_faqs WHERE category_id = $1 ORDER BY position, id', [
    categoryId,
  ]);
}

/** What keeps a category from being deleted: its subcategories, and listings in it (any status). */
export async function categoryUsage(
  db: Queryable,
  categoryId: number,
): Promise<{ subcategories: number; listings: number }> {
  const rows = await db.query<{ subcategories: number; listings: number }>(
    `SELECT (SELECT count(*)::int FROM categories WHERE parent_id = $1) AS subcategories,
            (SELECT count(*)::int FROM (SELECT id FROM listings WHERE primary_category_id = $1
                                        UNION SELECT listing_id FROM listing_extra_categories
                                        WHERE category_id = $1) x) AS listings`,
    [categoryId],
  );
  return rows[0];
}

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';
const SLUG_TAKEN: FieldError = { path: 'slug', message: 'is already used by another category of this site' };
const NOT_A_PARENT: FieldError = { path: 'parent', message: 'is not a category of this site' };

export type WriteResult = { ok: true; id: number; slug: string } | { ok: false; errors: FieldError[] };

export async function createCategory(db: Db, siteId: number, v: CategoryValues): Promise<WriteResult> {
  try {
    return await db.transaction(async (tx) => {
      const errors: FieldError[] = [];
      if (
        (
          await tx.query<{ one: number }>('SELECT 1 AS one FROM categories WHERE site_id = $1 AND slug = $2', [
            siteId,
            v.slug,
          ])
        ).length
      )
        errors.push(SLUG_TAKEN);
      if (
        v.parentId !== null &&
        !(
          await tx.query<{ one: number }>('SELECT 1 AS one FROM categories WHERE site_id = $1 AND id = $2', [
            siteId,
            v.parentId,
          ])
        ).length
      )
        errors.push(NOT_A_PARENT);
      if (errors.length) return { ok: false, errors };
      const rows = await tx.query<{ id: number }>(
        `INSERT INTO categories (site_id, slug, name, description, parent_id, position)
         VALUES ($1, $2, $3, $4, $5::int, COALESCE($6::int, (SELECT max(position) + 1 FROM categories WHERE site_id = $1
         AND parent_id IS NOT DISTINCT FROM $5::int), 0))
         RETURNING id`,
        [siteId, v.slug, v.name, v.description, v.parentId, v.position],
      );
      tx.changed({ kind: 'categories', siteId });
      return { ok: true, id: rows[0].id, slug: v.slug };
    });
  } catch (err) {
    // Another admin took the slug between the check and the insert.
    if (isUniqueViolation(err)) return { ok: false, errors: [SLUG_TAKEN] };
    throw err;
  }
}

/** Edits name, description, parent and position; null when the category is not of this site. */
export async function updateCategory(
  db: Db,
  siteId: number,
  id: number,
  v: CategoryValues,
): Promise<WriteResult | null> {
  return db.transaction(async (tx) => {
    // Locking the site's categories serializes moves, so two moves at once cannot close a loop.
    const links = await tx.query<Link & { slug: string }>(
      'SELECT id, parent_id, slug FROM categories WHERE site_id = $1 ORDER BY id FOR UPDATE',
      [siteId],
    );
    const self = links.find((c) => c.id === id);
    if (!self) return null;
    if (v.parentId !== null && !links.some((c) => c.id === v.parentId)) return { ok: false, errors: [NOT_A_PARENT] };
    if (wouldBeOwnAncestor(links, id, v.parentId)) {
      return {
        ok: false,
        errors: [
          {
            path: 'parent',
            message: 'cannot be the category itself or one of its subcategories: a category cannot be its own ancestor',
          },
        ],
      };
    }
    await tx.query<NoRows>(
      'UPDATE categories SET name = $2, description = $3, parent_id = $4, position = COALESCE($5::int, ' +
        'position) WHERE id = $1',
      [id, v.name, v.description, v.parentId, v.position],
    );
    tx.changed({ kind: 'categories', siteId });
    return { ok: true, id, slug: self.slug };
  });
}

/** Replaces the category's FAQs with these, in this order; false when the category is not of this site. */
export async function replaceCategoryFaqs(db: Db, siteId: number, id: number, faqs: Faq[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (
      !(
        await tx.query<{ one: number }>('SELECT 1 AS one FROM categories WHERE site_id = $1 AND id = $2 FOR UPDATE', [
          siteId,
          id,
        ])
      ).length
    )
      return false;
    await tx.query<NoRows>('DELETE FROM category_faqs WHERE category_id = $1', [id]);
    for (const [i, f] of faqs.entries()) {
      await tx.query<NoRows>(
        'INSERT INTO category_faqs (category_id, question, answer, position) VALUES ($1, $2, $3, $4)',
        [id, f.question, f.answer, i],
      );
    }
    tx.changed({ kind: 'categories', siteId });
    return true;
  });
}

export type DeleteResult = { ok: true; slug: string } | { ok: false; subcategories: number; listings: number };

/**
 * Deletes a category only when nothing hangs on it: no subcategories, no listings of any status
 * (deleting would silently drop their category). The row lock also holds off a listing being put
 * in the category meanwhile: its foreign-key check waits, then fails once the row is gone.
 */
export async function deleteCategory(db: Db, siteId: number, id: number): Promise<DeleteResult | null> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ slug: string }>(
      'SELECT slug FROM categories WHERE site_id = $1 AND id = $2 FOR UPDATE',
      [siteId, id],
    );
    if (!rows[0]) return null;
    const usage = await categoryUsage(tx, id);
    if (usage.subcategories || usage.listings) return { ok: false, ...usage };
    await tx.query<NoRows>('DELETE FROM categories WHERE id = $1', [id]);
    tx.changed({ kind: 'categories', siteId });
    return { ok: true, slug: rows[0].slug };
  });
}
