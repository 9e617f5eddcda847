import { Type } from '@sinclair/typebox';
import { defineOperation } from '../registry.js';
import { Body, Faq, Nullable, PaginationQuery, Params, Query, Socials, Paginated } from '../schemas/common.js';
import { ListingProfileSchema } from '../schemas/records.js';
import { MilestoneInput, storyInput } from '../schemas/drafts.js';
import { MY_LISTING_FIELDS } from '../schemas/listings-write.js';

const ListingId = { listing_id: Type.Integer({ minimum: 1, description: 'Your listing id' }) };

const MyListingSchema = Type.Object({
  listing_id: Type.Integer(),
  slug: Type.String(),
  status: Type.String({ description: 'draft, awaiting_badge, scheduled, live, … (open-ended)' }),
  plan: Nullable(Type.String()),
  launch_week: Nullable(Type.String()),
  unlocked_sections: Type.Array(Type.String()),
  next_step: Nullable(Type.String()),
  public: Type.Partial(ListingProfileSchema),
}, { additionalProperties: true });

export const myListingOperations = [
  defineOperation({
    operationId: 'list_my_listings', method: 'GET', path: '/me/listings', tag: 'My listings', title: 'My listings',
    summary: 'Every listing you own, in any status.', scope: 'account:read', paginated: true,
    query: Query({ ...PaginationQuery }), response: Paginated(MyListingSchema),
  }),
  defineOperation({
    operationId: 'get_my_listing', method: 'GET', path: '/me/listings/{listing_id}', tag: 'My listings', title: 'Get my listing',
    summary: 'Status, plan, launch week, unlocked paid sections and all public content.', scope: 'account:read', notFound: true,
    params: Params(ListingId), response: MyListingSchema,
  }),
  defineOperation({
    operationId: 'update_my_listing', method: 'PATCH', path: '/me/listings/{listing_id}', tag: 'My listings', title: 'Edit my listing',
    summary: 'Edits publish at once and are kept in the version history. socials and faqs replace all. apply_to also writes the headline, summary and SEO fields sent in this call to the same company\'s listings on other sites (["all"] or site keys); only fields sent travel.',
    scope: 'listings:write', notFound: true, idempotent: true,
    params: Params(ListingId),
    body: Body({
      fields: Type.Optional(Type.Partial(Type.Object(MY_LISTING_FIELDS), { additionalProperties: false })),
      socials: Type.Optional(Socials),
      faqs: Type.Optional(Type.Array(Faq, { maxItems: 10 })),
      apply_to: Type.Optional(Type.Array(Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,39}$', description: '"all" or a site key' }), { maxItems: 50 })),
    }),
    response: MyListingSchema,
  }),
  defineOperation({
    operationId: 'post_listing_update', method: 'POST', path: '/me/listings/{listing_id}/updates', tag: 'My listings', title: 'Post an update',
    summary: 'Publishes an update on the listing\'s latest-updates page; followers are told by email.', scope: 'listings:write', status: 201, notFound: true, idempotent: true, openWorld: true,
    params: Params(ListingId),
    body: Body({ title: Type.String({ minLength: 1, maxLength: 200 }), body: Type.String({ minLength: 1, maxLength: 5000, description: 'Plain text' }) }),
    response: Type.Object({ id: Type.Integer(), title: Type.String(), body: Type.String(), created_at: Type.String(), followers_notified: Type.Integer() }),
  }),
  defineOperation({
    operationId: 'add_milestone', method: 'POST', path: '/me/listings/{listing_id}/milestones', tag: 'My listings', title: 'Add a milestone',
    summary: 'Shown publicly on paid listings or when the milestones section is unlocked.', scope: 'listings:write', status: 201, notFound: true, idempotent: true,
    params: Params(ListingId), body: MilestoneInput,
    response: Type.Object({ id: Type.Integer(), date: Type.String(), title: Type.String(), description: Type.String(), url: Nullable(Type.String()), public: Type.Boolean() }),
  }),
  defineOperation({
    operationId: 'delete_milestone', method: 'DELETE', path: '/me/listings/{listing_id}/milestones/{milestone_id}', tag: 'My listings', title: 'Delete a milestone',
    summary: 'Removes one milestone.', scope: 'listings:write', notFound: true, idempotent: true,
    params: Params({ ...ListingId, milestone_id: Type.Integer({ minimum: 1 }) }),
    response: Type.Object({ deleted: Type.Boolean(), milestone_id: Type.Integer() }),
  }),
  defineOperation({
    operationId: 'set_founder_story', method: 'PUT', path: '/me/listings/{listing_id}/story', tag: 'My listings', title: 'Set the founder story',
    summary: 'Saved and published with the listing. Title max 200, each section max 8000.', scope: 'listings:write', notFound: true, idempotent: true,
    params: Params(ListingId), body: storyInput(200),
    response: Type.Object({ listing_id: Type.Integer(), story: Type.Record(Type.String(), Type.String()), public: Type.Boolean() }),
  }),
  defineOperation({
    operationId: 'answer_interview', method: 'PUT', path: '/me/interview', tag: 'My listings', title: 'Answer interview questions',
    summary: 'Answers to list_interview_questions; they appear on your founder page.', scope: 'listings:write', idempotent: true,
    body: Body({
      answers: Type.Array(Type.Object({
        question_id: Type.Integer({ minimum: 1 }),
        answer: Type.String({ minLength: 1, maxLength: 4000 }),
      }, { additionalProperties: false }), { maxItems: 30 }),
    }),
    response: Type.Object({ answers: Type.Array(Type.Object({ question_id: Type.Integer(), question: Type.String(), answer: Type.String() })) }),
  }),
  defineOperation({
    operationId: 'choose_free_listing', method: 'POST', path: '/me/listings/{listing_id}/free', tag: 'My listings', title: 'Launch for free',
    summary: 'Queues the listing for a launch week 6–8 weeks out (status awaiting_badge); it is scheduled once our badge is found on your homepage.', scope: 'listings:write', notFound: true, idempotent: true,
    params: Params(ListingId),
    response: Type.Object({ listing_id: Type.Integer(), status: Type.String(), launch_week: Nullable(Type.String()), badge_embed_html: Type.String(), missing: Type.Array(Type.String()) }),
  }),
];
