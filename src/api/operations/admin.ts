import { Type } from '@sinclair/typebox';
import { defineOperation, type OperationContext } from '../registry.js';
import { Params, rowId, StringEnum } from '../schemas/common.js';
import { AppError, type FieldError } from '../../errors/app-error.js';
import { moderate, type ModerationCommand } from '../../domain/moderation/moderate.js';
import { REPORT_KINDS } from '../../domain/moderation/reports.js';
import { accountIdByEmail } from '../../domain/accounts/suspension.js';
import { setSetting } from '../../domain/site/site-repository.js';
import { VOTE_SETTING_BOUNDS, VOTE_SETTING_KEYS } from '../../domain/votes/vote-settings.js';
import {
  createCategory,
  deleteCategory,
  readCategoryForm,
  replaceCategoryFaqs,
  updateCategory,
} from '../../domain/categories/category-edits.js';
import { checkFaqs } from '../../domain/content/faq-list.js';
import { deleteBlogPost, readBlogPostForm, saveBlogPost } from '../../domain/blog/blog-edits.js';
import {
  addInterviewQuestion,
  readQuestionForm,
  setInterviewQuestionActive,
  updateInterviewQuestion,
} from '../../domain/interview/interview-edits.js';
import { bundleProblem, setBundleContents, setPrice } from '../../domain/orders/catalog.js';
import { ORDER_SETTING_KEYS } from '../../domain/orders/order-settings.js';
import { isIsoCountryCode } from '../../domain/orders/vat.js';
import { completeAdminTask } from '../../domain/orders/fulfil-order.js';
import { refundOrder } from '../../domain/orders/payment.js';
import { importRatingsCsv } from '../../domain/domain-ratings/csv-import.js';
import { providerScaleProblem } from '../../domain/domain-ratings/provider-labels.js';

/**
 * What the site's administrators change in the admin area (/admin): moderation, votes, settings,
 * categories, blog, interview questions, prices and orders, Domain Ratings. Only administrators
 * on the website do these, so every operation is site-only and adminOnly: that is what guards
 * them. Scopes document intent (a session holds them all): 'orders:write' for prices and orders,
 * 'listings:write' for the rest, which changes what the public pages and the API show.
 */

const idParams = Params({ id: rowId() });
const Done = Type.Object({ message: Type.String() });

/** The domain's own checks of a form failed: a 400 whose errors the page shows by field. */
const notSaved = (errors: FieldError[]) => new AppError(400, 'Not saved: fix what is marked.', { errors });

/** Runs a moderation command for the administrator; a refusal becomes the error it names. */
async function runModeration(ctx: OperationContext, cmd: ModerationCommand) {
  const outcome = await moderate(ctx.db, ctx.site.id, ctx.principal!.userId, cmd, ctx.now());
  if (!outcome.ok) throw new AppError(outcome.status, outcome.message);
  return { message: outcome.message };
}

// The reason's length is the domain's check, in its own words (moderate).
const Reason = Type.String({ description: 'Why; recorded with the action' });

export const moderateContentOperation = defineOperation({
  operationId: 'moderate_content',
  surfaces: ['site'],
  adminOnly: true,
  method: 'POST',
  path: '/admin/moderation',
  tag: 'Admin',
  title: 'Hide, restore or dismiss reports',
  summary: 'Hides or restores a listing, review or comment, or dismisses the reports on it; recorded with a reason.',
  scope: 'listings:write',
  notFound: true,
  body: Type.Object({
    action: StringEnum(['hide', 'restore', 'dismiss']),
    kind: StringEnum(REPORT_KINDS),
    id: rowId(),
    reason: Reason,
  }),
  response: Done,
  handler: async ({ action, kind, id, reason }, ctx) => runModeration(ctx, { action, kind, id, reason }),
});

export const suspendAccountOperation = defineOperation({
  operationId: 'suspend_account',
  surfaces: ['site'],
  adminOnly: true,
  method: 'POST',
  path: '/admin/accounts/suspend',
  tag: 'Admin',
  title: 'Suspend an account',
  summary: 'Stops an account voting, reviewing, commenting and reporting; it can still sign in and read.',
  scope: 'listings:write',
  notFound: true,
  body: Type.Object({ email: Type.String(), reason: Reason }),
  response: Done,
  handler: async ({ email, reason }, ctx) => {
    const userId = email ? await accountIdByEmail(ctx.db, email) : null;
    if (userId === null) throw new AppError(404, `No account has the email ${email || '(empty)'}.`);
    if (userId === ctx.principal!.userId) throw new AppError(400, 'You cannot suspend your own account.');
    return runModeration(ctx, { action: 'suspend', userId, reason });
  },
});

export const liftSuspensionOperation = defineOperation({
  operationId: 'lift_suspension',
  surfaces: ['site'],
  adminOnly: true,
  method: 'POST',
  path: '/admin/accounts/{user_id}/unsuspend',
  tag: 'Admin',
  title: 'Lift a suspension',
  summary: 'Lets a suspended account take part again.',
  scope: 'listings:write',
  notFound: true,
  body: Type.Object({ user_id: rowId('The suspended account'), reason: Reason }),
  response: Done,
  handler: async ({ user_id, reason }, ctx) => runModeration(ctx, { action: 'unsuspend', userId: user_id, reason }),
});

export const voidVotesOperation = defineOperation({
  operationId: 'void_votes',
  surfaces: ['site'],
  adminOnly: true,
  method: 'POST',
  path: '/admin/votes/void',
  tag: 'Admin',
  title: 'Void votes',
  summary: 'Voids the chosen votes with a reason: every board, ranking and the award job then leave them out.',
  scope: 'listings:write',
  notFound: true,
  // A cluster's vote ids all come in one form: room for a large attack, still a bounded body.
  body: Type.Object({ vote: Type.Array(rowId('A vote'), { maxItems: 10_000 }), reason: Reason }),
  response: Done,
  handler: async ({ vote, reason }, ctx) => runModeration(ctx, { action: 'void_votes', voteIds: vote, reason }),
});

/** Every number of the settings page: its field, its site-setting key, its words and bounds. */
export const SITE_SETTING_FIELDS = [
  {
    name: 'free_queue_min_weeks',
    key: 'free_queue_min_weeks',
    label: 'Free launches: earliest week (weeks from now)',
    min: 0,
    max: 104,
    group: 'free',
  },
  {
    name: 'free_queue_max_weeks',
    key: 'free_queue_max_weeks',
    label: 'Free launches: latest week (weeks from now)',
    min: 0,
    max: 104,
    group: 'free',
  },
  {
    name: 'free_queue_week_capacity',
    key: 'free_queue_week_capacity',
    label: 'Free launches per week',
    min: 0,
    max: 100_000,
    group: 'free',
  },
  {
    name: 'free_queue_max_waiting_per_user',
    key: 'free_queue_max_waiting_per_user',
    label: 'Listings one account may have waiting for their badge',
    min: 1,
    max: 100_000,
    group: 'free',
  },
  {
    name: 'vote_hold_hours',
    key: VOTE_SETTING_KEYS.holdHours,
    label: 'Hold votes of accounts younger than (hours; 0 counts at once)',
    min: VOTE_SETTING_BOUNDS.holdHours[0],
    max: VOTE_SETTING_BOUNDS.holdHours[1],
    group: 'votes',
  },
  {
    name: 'votes_per_minute_per_account',
    key: VOTE_SETTING_KEYS.perAccountPerMinute,
    label: 'Votes one account may cast a minute',
    min: VOTE_SETTING_BOUNDS.perAccountPerMinute[0],
    max: VOTE_SETTING_BOUNDS.perAccountPerMinute[1],
    group: 'votes',
  },
  {
    name: 'votes_per_minute_per_address',
    key: VOTE_SETTING_KEYS.perAddressPerMinute,
    label: 'Votes one address may cast a minute',
    min: VOTE_SETTING_BOUNDS.perAddressPerMinute[0],
    max: VOTE_SETTING_BOUNDS.perAddressPerMinute[1],
    group: 'votes',
  },
] as const;
type SettingName = (typeof SITE_SETTING_FIELDS)[number]['name'];
const settingBounds = (name: SettingName) => {
  const f = SITE_SETTING_FIELDS.find((x) => x.name === name)!;
  return Type.Integer({ minimum: f.min, maximum: f.max });
};

export const updateSiteSettingsOperation = defineOperation({
  operationId: 'update_site_settings',
  surfaces: ['site'],
  adminOnly: true,
  method: 'PUT',
  path: '/admin/settings',
  tag: 'Admin',
  title: 'Change the site settings',
  summary: "The free launch queue's window and capacity, and how votes are held and rate-limited.",
  scope: 'listings:write',
  body: Type.Object({
    free_queue_min_weeks: settingBounds('free_queue_min_weeks'),
    free_queue_max_weeks: settingBounds('free_queue_max_weeks'),
    free_queue_week_capacity: settingBounds('free_queue_week_capacity'),
    free_queue_max_waiting_per_user: settingBounds('free_queue_max_waiting_per_user'),
    vote_hold_hours: settingBounds('vote_hold_hours'),
    votes_per_minute_per_account: settingBounds('votes_per_minute_per_account'),
    votes_per_minute_per_address: settingBounds('votes_per_minute_per_address'),
  }),
  response: Done,
  handler: async (input, ctx) => {
    if (input.free_queue_max_weeks < input.free_queue_min_weeks)
      throw new AppError(400, 'Nothing was saved.', {
        errors: [{ path: 'free_queue_max_weeks', message: 'Must not be earlier than the earliest week.' }],
      });
    for (const f of SITE_SETTING_FIELDS) await setSetting(ctx.db, ctx.site.id, f.key, input[f.name]);
    return { message: 'Settings saved.' };
  },
});

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
const Saved = Type.Object({ id: Type.Integer(), slug: Type.String() });

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

/** Replace-all FAQ rows as a form sends them (`faq.<i>.question`); blank rows are no FAQ (checkFaqs). */
const FaqRows = Type.Array(
  Type.Object({ question: Type.Optional(Type.String()), answer: Type.Optional(Type.String()) }),
  {
    maxItems: 100,
  },
);
const faqRows = (rows: { question?: string; answer?: string }[] = []) =>
  rows.map((r) => ({ question: r.question ?? '', answer: r.answer ?? '' }));

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

/** The post form's fields; the domain reads and checks them (readBlogPostForm), in its words. */
const BlogPostBody = Type.Object({
  slug: Type.Optional(Type.String()),
  title: Type.Optional(Type.String()),
  excerpt: Type.Optional(Type.String()),
  body: Type.Optional(Type.String({ description: 'Markdown' })),
  author: Type.Optional(Type.String()),
  tags: Type.Optional(Type.String({ description: 'Separated by commas' })),
  status: Type.Optional(Type.String({ description: 'draft or published' })),
  published_at: Type.Optional(Type.String({ description: 'UTC, e.g. 2026-11-18T09:30; empty: now' })),
  faq: Type.Optional(FaqRows),
});
type BlogPostInput = typeof BlogPostBody.static;

/** Checks and saves a post, new (id null) or over the post with this id. */
async function savePost(ctx: OperationContext, id: number | null, b: BlogPostInput) {
  const { values, errors } = readBlogPostForm({
    slug: b.slug ?? '',
    title: b.title ?? '',
    excerpt: b.excerpt ?? '',
    body: b.body ?? '',
    author: b.author ?? '',
    tags: b.tags ?? '',
    status: b.status ?? '',
    published_at: b.published_at ?? '',
  });
  const faqs = checkFaqs(faqRows(b.faq));
  if (errors.length || faqs.errors.length) throw notSaved([...errors, ...faqs.errors]);
  const r = await saveBlogPost(ctx.db, ctx.site.id, id, values, faqs.faqs, ctx.now());
  if (!r) throw new AppError(404, 'No such post.');
  if (!r.ok) throw notSaved(r.errors);
  return { id: r.id, slug: r.slug };
}

export const createBlogPostOperation = defineOperation({
  operationId: 'create_blog_post',
  surfaces: ['site'],
  adminOnly: true,
  method: 'POST',
  path: '/admin/blog',
  tag: 'Admin',
  title: 'Write a blog post',
  summary: 'A draft, or published now or at a set time, with its FAQs.',
  scope: 'listings:write',
  body: BlogPostBody,
  response: Saved,
  status: 201,
  handler: async (input, ctx) => savePost(ctx, null, input),
});

export const updateBlogPostOperation = defineOperation({
  operationId: 'update_blog_post',
  surfaces: ['site'],
  adminOnly: true,
  method: 'PUT',
  path: '/admin/blog/{id}',
  tag: 'Admin',
  title: 'Edit a blog post',
  summary: 'Replaces the post, its FAQs and its status; the public blog shows it at once.',
  scope: 'listings:write',
  notFound: true,
  params: idParams,
  body: BlogPostBody,
  response: Saved,
  handler: async ({ id, ...input }, ctx) => savePost(ctx, id, input),
});

export const deleteBlogPostOperation = defineOperation({
  operationId: 'delete_blog_post',
  surfaces: ['site'],
  adminOnly: true,
  method: 'DELETE',
  path: '/admin/blog/{id}',
  tag: 'Admin',
  title: 'Delete a blog post',
  summary: 'It leaves the blog at once, with its FAQs.',
  scope: 'listings:write',
  notFound: true,
  params: idParams,
  response: Type.Object({ slug: Type.String() }),
  handler: async ({ id }, ctx) => {
    const slug = await deleteBlogPost(ctx.db, ctx.site.id, id);
    if (slug === null) throw new AppError(404, 'No such post.');
    return { slug };
  },
});

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

export const PRICE_MAX_CENTS = 100_000_000;

export const setProductPriceOperation = defineOperation({
  operationId: 'set_product_price',
  surfaces: ['site'],
  adminOnly: true,
  method: 'PUT',
  path: '/admin/products/{product}/price',
  tag: 'Admin',
  title: 'Set a price',
  summary: 'USD cents excluding VAT, for new quotes only; orders keep the price they were built with.',
  scope: 'orders:write',
  body: Type.Object({ product: Type.String(), cents: Type.Integer({ minimum: 0, maximum: PRICE_MAX_CENTS }) }),
  response: Type.Object({ product: Type.String(), cents: Type.Integer() }),
  handler: async ({ product, cents }, ctx) => {
    if (!(await setPrice(ctx.db, ctx.site.id, product, cents, ctx.now()))) throw new AppError(400, 'No such product.');
    return { product, cents };
  },
});

export const setBundleContentsOperation = defineOperation({
  operationId: 'set_bundle_contents',
  surfaces: ['site'],
  adminOnly: true,
  method: 'PUT',
  path: '/admin/products/launch_bundle/includes',
  tag: 'Admin',
  title: 'Choose what the launch bundle includes',
  summary: 'The products the launch bundle is made of.',
  scope: 'orders:write',
  // Which products may be bundled is the domain's check (bundleProblem), in its words.
  body: Type.Object({ includes: Type.Array(Type.String(), { maxItems: 20 }) }),
  response: Type.Object({ includes: Type.Array(Type.String()) }),
  handler: async ({ includes }, ctx) => {
    const problem = bundleProblem('launch_bundle', includes);
    if (problem) throw new AppError(400, `Bundle not saved: ${problem}.`);
    await setBundleContents(ctx.db, ctx.site.id, 'launch_bundle', includes);
    return { includes };
  },
});

/** The whole-number sales settings: property, words and bounds. */
export const SALES_NUMBER_SETTINGS = [
  ['paidWeekCapacity', 'Paid launches per week', 0, 100_000],
  ['weeksAhead', 'Launch weeks on sale ahead', 1, 104],
  ['featuredDays', 'Featured placement (days)', 1, 365],
  ['expiryHours', 'Hours a pending order holds its weeks', 1, 720],
] as const;

const salesNumber = (key: (typeof SALES_NUMBER_SETTINGS)[number][0]) => {
  const [, , minimum, maximum] = SALES_NUMBER_SETTINGS.find(([k]) => k === key)!;
  return Type.Integer({ minimum, maximum });
};

const SELLER_LIMITS = { sellerName: 200, sellerAddress: 500, sellerVatNumber: 32 } as const;

export const updateSalesSettingsOperation = defineOperation({
  operationId: 'update_sales_settings',
  surfaces: ['site'],
  adminOnly: true,
  method: 'PUT',
  path: '/admin/sales-settings',
  tag: 'Admin',
  title: 'Change the sales settings and seller',
  summary: 'Weekly paid capacity, weeks on sale, featured days, order expiry, and the seller on invoices.',
  scope: 'orders:write',
  body: Type.Object({
    paidWeekCapacity: salesNumber('paidWeekCapacity'),
    weeksAhead: salesNumber('weeksAhead'),
    featuredDays: salesNumber('featuredDays'),
    expiryHours: salesNumber('expiryHours'),
    sellerName: Type.Optional(Type.String({ maxLength: SELLER_LIMITS.sellerName })),
    sellerAddress: Type.Optional(Type.String({ maxLength: SELLER_LIMITS.sellerAddress })),
    sellerCountry: Type.Optional(Type.String({ description: 'ISO 3166-1 alpha-2; decides same-country VAT' })),
    sellerVatNumber: Type.Optional(Type.String({ maxLength: SELLER_LIMITS.sellerVatNumber })),
  }),
  response: Done,
  handler: async (b, ctx) => {
    const country = (b.sellerCountry ?? '').toUpperCase();
    if (country && !isIsoCountryCode(country))
      throw new AppError(400, 'Seller country must be a 2-letter ISO code, e.g. DE.');
    const keys = ORDER_SETTING_KEYS;
    for (const [key] of SALES_NUMBER_SETTINGS) await setSetting(ctx.db, ctx.site.id, keys[key], b[key]);
    await setSetting(ctx.db, ctx.site.id, keys.sellerName, b.sellerName ?? '');
    await setSetting(ctx.db, ctx.site.id, keys.sellerAddress, b.sellerAddress ?? '');
    await setSetting(ctx.db, ctx.site.id, keys.sellerCountry, country);
    await setSetting(ctx.db, ctx.site.id, keys.sellerVatNumber, b.sellerVatNumber ?? '');
    return { message: 'Settings saved.' };
  },
});

export const completeAdminTaskOperation = defineOperation({
  operationId: 'complete_admin_task',
  surfaces: ['site'],
  adminOnly: true,
  method: 'POST',
  path: '/admin/tasks/{id}/done',
  tag: 'Admin',
  title: 'Mark a done-for-you task done',
  summary: 'Closes the task and fulfils its order line.',
  scope: 'orders:write',
  notFound: true,
  params: idParams,
  body: Type.Object({ note: Type.Optional(Type.String({ maxLength: 500 })) }),
  response: Type.Object({ id: Type.Integer() }),
  handler: async ({ id, note }, ctx) => {
    if (!(await completeAdminTask(ctx, id, note ?? ''))) throw new AppError(404, 'No such open task.');
    return { id };
  },
});

export const refundOrderOperation = defineOperation({
  operationId: 'refund_order',
  surfaces: ['site'],
  adminOnly: true,
  method: 'POST',
  path: '/admin/orders/{number}/refund',
  tag: 'Admin',
  title: 'Mark an order refunded',
  summary: "A paid or fulfilled order becomes refunded; the money is returned in the payment provider's dashboard.",
  scope: 'orders:write',
  notFound: true,
  params: Params({ number: Type.String({ pattern: '^[A-Za-z0-9-]{1,32}$' }) }),
  response: Type.Object({ number: Type.String() }),
  handler: async ({ number }, ctx) => {
    if (!(await refundOrder(ctx, number, `Refunded by ${ctx.principal!.email}.`)))
      throw new AppError(404, 'No paid order by that number.');
    return { number };
  },
});

export const importDomainRatingsOperation = defineOperation({
  operationId: 'import_domain_ratings',
  surfaces: ['site'],
  adminOnly: true,
  method: 'POST',
  path: '/admin/domain-ratings/import',
  tag: 'Admin',
  title: 'Import Domain Ratings',
  summary:
    'CSV lines of domain,rating,date; nothing is imported when any row is bad (the answer names them), a reading of the same date replaces the earlier one.',
  scope: 'listings:write',
  body: Type.Object({
    csv: Type.String(),
    provider: Type.Optional(Type.String({ default: 'import' })),
    scale: Type.Optional(Type.Number({ default: 100, description: 'The best possible rating' })),
  }),
  response: Type.Object({
    provider: Type.String(),
    imported: Type.Integer(),
    unknown: Type.Array(Type.Object({ line: Type.Integer(), domain: Type.String() })),
    errors: Type.Array(Type.Object({ line: Type.Integer(), message: Type.String() })),
  }),
  handler: async ({ csv, provider = 'import', scale = 100 }, ctx) => {
    // The command line's check, so its flags are named as the form's fields.
    const problem = providerScaleProblem(provider, scale);
    if (problem) throw new AppError(400, problem.replace(/--(provider|scale)/g, '$1'));
    return { provider, ...(await importRatingsCsv(ctx.db, csv, { provider, scale })) };
  },
});

export const adminOperations = [
  moderateContentOperation,
  suspendAccountOperation,
  liftSuspensionOperation,
  voidVotesOperation,
  updateSiteSettingsOperation,
  createCategoryOperation,
  updateCategoryOperation,
  replaceCategoryFaqsOperation,
  deleteCategoryOperation,
  createBlogPostOperation,
  updateBlogPostOperation,
  deleteBlogPostOperation,
  addInterviewQuestionOperation,
  updateInterviewQuestionOperation,
  setInterviewQuestionActiveOperation,
  setProductPriceOperation,
  setBundleContentsOperation,
  updateSalesSettingsOperation,
  completeAdminTaskOperation,
  refundOrderOperation,
  importDomainRatingsOperation,
];
