import { Type } from '@sinclair/typebox';
import { chooseFreeListing } from '../../domain/free-queue/choose-free-listing.js';
import { defineOperation, type OperationContext } from '../registry.js';
import { Body, Faq, Nullable, PaginationQuery, Params, Query, Socials, Paginated, rowId } from '../schemas/common.js';
import { ListingProfileSchema, MediaItemSchema } from '../schemas/records.js';
import { MilestoneInput, storyInput } from '../schemas/drafts.js';
import { MY_LISTING_FIELDS } from '../schemas/listings-write.js';
import { DateString, DateTime } from '../schemas/common.js';
import { pageBounds, pageOf } from '../pagination.js';
import { ownedListing } from '../../domain/listings/listing-ownership.js';
import { listMyListings, myListingDetail } from '../../domain/my-listings/my-listing.js';
import { editMyListing } from '../../domain/my-listings/edit-listing.js';
import { postListingUpdate } from '../../domain/my-listings/listing-updates.js';
import { addMilestone, deleteMilestone } from '../../domain/my-listings/milestones.js';
import { setFounderStory } from '../../domain/my-listings/founder-story.js';
import { answerInterview } from '../../domain/interview/answer-interview.js';

const ListingId = { listing_id: rowId('Your listing id') };

const MyListingSummarySchema = Type.Object({
  listing_id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  tagline: Type.String(),
  role: Type.String({ description: 'owner or cofounder' }),
  status: Type.String({ description: 'draft, awaiting_badge, scheduled, live, … (open-ended)' }),
  plan: Nullable(Type.String()),
  launch_week: Nullable(DateString),
  unlocked_sections: Type.Array(Type.String(), {
    description: 'Paid sections shown publicly: story, milestones, media',
  }),
  next_step: Nullable(Type.String({ description: 'What to do next, in plain words' })),
  page_url: Nullable(Type.String({ description: 'The public page, once live or scheduled' })),
  created_at: DateTime,
  updated_at: DateTime,
});
const MilestoneRecord = {
  id: Type.Integer(),
  date: DateString,
  title: Type.String(),
  description: Type.String(),
  url: Nullable(Type.String()),
};
const MyListingSchema = Type.Object({
  ...MyListingSummarySchema.properties,
  public: Type.Composite([ListingProfileSchema], {
    description: 'All public content, as get_listing shows it (or will, once published)',
  }),
  milestones: Type.Array(Type.Object(MilestoneRecord), {
    description: 'Every milestone, public or not, with the ids delete_milestone takes',
  }),
  story: Type.Record(Type.String(), Type.String(), { description: 'The saved founder story, public or not' }),
  media: Type.Array(MediaItemSchema, { description: 'Every screenshot and the video, public or not, with their ids' }),
});
const UpdatedListingSchema = Type.Object({
  ...MyListingSchema.properties,
  changed: Type.Array(Type.String(), {
    description: 'Fields this edit changed on this listing (recorded in the version history)',
  }),
  applied_to: Type.Array(
    Type.Object({
      site: Type.String(),
      listing_id: Nullable(Type.Integer()),
      slug: Nullable(Type.String()),
      result: Type.String({
        description:
          'updated, unchanged, not_listed (the company has no listing on that site) or not_owner (that listing is not yours)',
      }),
    }),
  ),
});
const mine = (ctx: OperationContext, listingId: number) =>
  ownedListing(ctx.db, ctx.site.id, listingId, ctx.principal!.userId);

export const listMyListingsOperation = defineOperation({
  operationId: 'list_my_listings',
  method: 'GET',
  path: '/me/listings',
  tag: 'My listings',
  title: 'My listings',
  summary: 'Every listing you own or co-own, in any status.',
  scope: 'account:read',
  paginated: true,
  query: Query({ ...PaginationQuery }),
  response: Paginated(MyListingSummarySchema),
  handler: async (input, ctx) => {
    const { perPage, offset } = pageBounds(input);
    const r = await listMyListings(ctx, ctx.principal!.userId, perPage, offset);
    return pageOf(r.items, r.total, input);
  },
});

export const getMyListingOperation = defineOperation({
  operationId: 'get_my_listing',
  method: 'GET',
  path: '/me/listings/{listing_id}',
  tag: 'My listings',
  title: 'Get my listing',
  summary: 'Status, plan, launch week, unlocked paid sections and all public content.',
  scope: 'account:read',
  notFound: true,
  params: Params(ListingId),
  response: MyListingSchema,
  handler: async ({ listing_id }, ctx) => {
    const l = await mine(ctx, listing_id);
    return myListingDetail(ctx, l.id, ctx.principal!.userId);
  },
});

export const updateMyListingOperation = defineOperation({
  operationId: 'update_my_listing',
  method: 'PATCH',
  path: '/me/listings/{listing_id}',
  tag: 'My listings',
  title: 'Edit my listing',
  summary: 'Edits publish at once and are kept in the version history.',
  scope: 'listings:write',
  notFound: true,
  idempotent: true,
  params: Params(ListingId),
  body: Body({
    fields: Type.Optional(
      Type.Partial(Type.Object(MY_LISTING_FIELDS), {
        additionalProperties: false,
        description:
          'Only those sent change (a list replaces the old one; an empty string or list removes one). headline, ' +
          "summary, seo_* and language are this listing's own; the rest are company facts, shared by its listings on " +
          "every site (403 while another site's listing of it is owned by others)",
      }),
    ),
    socials: Type.Optional(Socials("The company's")),
    faqs: Type.Optional(
      Type.Array(Faq, { maxItems: 10, description: 'Replaces all FAQs; an empty list removes them' }),
    ),
    apply_to: Type.Optional(
      Type.Array(Type.String({ pattern: '^[a-z0-9][a-z0-9-]{0,39}$' }), {
        maxItems: 50,
        description:
          'Other sites whose listing of this company takes the headline, summary and seo_* sent here too: ["all"] ' +
          'or site keys (an unknown one is a 400); results in applied_to. Listings you do not co-own ' +
          'are left alone',
      }),
    ),
  }),
  response: UpdatedListingSchema,
  handler: async ({ listing_id, ...edit }, ctx) => {
    const l = await mine(ctx, listing_id);
    const result = await editMyListing(ctx, l, ctx.principal!.userId, edit);
    return { ...(await myListingDetail(ctx, l.id, ctx.principal!.userId)), ...result };
  },
});

export const postListingUpdateOperation = defineOperation({
  operationId: 'post_listing_update',
  method: 'POST',
  path: '/me/listings/{listing_id}/updates',
  tag: 'My listings',
  title: 'Post an update',
  summary: "Publishes an update on the listing's page; followers are told by email.",
  scope: 'listings:write',
  status: 201,
  notFound: true,
  idempotent: true,
  openWorld: true,
  params: Params(ListingId),
  body: Body({
    title: Type.String({ minLength: 1, maxLength: 200, description: 'Headline of the update' }),
    body: Type.String({ minLength: 1, maxLength: 5000, description: 'Plain text' }),
  }),
  response: Type.Object({
    id: Type.Integer(),
    title: Type.String(),
    body: Type.String(),
    created_at: Type.String(),
    followers_notified: Type.Integer(),
  }),
  handler: async ({ listing_id, title, body }, ctx) =>
    postListingUpdate(ctx, await mine(ctx, listing_id), ctx.principal!.userId, { title, body }),
});

export const addMilestoneOperation = defineOperation({
  operationId: 'add_milestone',
  method: 'POST',
  path: '/me/listings/{listing_id}/milestones',
  tag: 'My listings',
  title: 'Add a milestone',
  summary: 'Public on paid listings or once the milestones section is unlocked.',
  scope: 'listings:write',
  status: 201,
  notFound: true,
  idempotent: true,
  params: Params(ListingId),
  body: MilestoneInput,
  response: Type.Object({
    ...MilestoneRecord,
    public: Type.Boolean({ description: 'Shown on the public listing (paid, or the milestones section unlocked)' }),
  }),
  handler: async ({ listing_id, ...milestone }, ctx) => addMilestone(ctx, await mine(ctx, listing_id), milestone),
});

export const deleteMilestoneOperation = defineOperation({
  operationId: 'delete_milestone',
  method: 'DELETE',
  path: '/me/listings/{listing_id}/milestones/{milestone_id}',
  tag: 'My listings',
  title: 'Delete a milestone',
  summary: 'Removes one milestone.',
  scope: 'listings:write',
  notFound: true,
  idempotent: true,
  params: Params({ ...ListingId, milestone_id: rowId("From get_my_listing's milestones") }),
  response: Type.Object({ deleted: Type.Boolean(), milestone_id: Type.Integer() }),
  handler: async ({ listing_id, milestone_id }, ctx) => deleteMilestone(ctx, await mine(ctx, listing_id), milestone_id),
});

export const setFounderStoryOperation = defineOperation({
  operationId: 'set_founder_story',
  method: 'PUT',
  path: '/me/listings/{listing_id}/story',
  tag: 'My listings',
  title: 'Set the founder story',
  summary:
    'Replaces the whole story (a section left out is emptied); plain text, a blank line between paragraphs. Public on paid listings or once its section is unlocked.',
  scope: 'listings:write',
  notFound: true,
  idempotent: true,
  params: Params(ListingId),
  body: storyInput(200),
  response: Type.Object({
    listing_id: Type.Integer(),
    story: Type.Record(Type.String(), Type.String()),
    public: Type.Boolean(),
  }),
  handler: async ({ listing_id, ...story }, ctx) => setFounderStory(ctx, await mine(ctx, listing_id), story),
});

export const answerInterviewOperation = defineOperation({
  operationId: 'answer_interview',
  method: 'PUT',
  path: '/me/interview',
  tag: 'My listings',
  title: 'Answer interview questions',
  summary: 'Your answers to list_interview_questions, shown on your founder page.',
  scope: 'listings:write',
  idempotent: true,
  body: Body({
    answers: Type.Array(
      Type.Object(
        {
          question_id: rowId('From list_interview_questions'),
          answer: Type.String({
            minLength: 1,
            maxLength: 4000,
            description: 'Your answer, plain text',
          }),
        },
        { additionalProperties: false },
      ),
      {
        maxItems: 30,
        description: 'One per question; each replaces your earlier answer to it, the others stay',
      },
    ),
  }),
  response: Type.Object({
    answers: Type.Array(Type.Object({ question_id: Type.Integer(), question: Type.String(), answer: Type.String() }), {
      description: 'All your answers, in question order',
    }),
    founder_slug: Type.String({
      description: 'Your founder page (get_founder); public once one of your listings is',
    }),
  }),
  handler: async ({ answers }, ctx) => answerInterview(ctx, ctx.principal!.userId, answers),
});

export const chooseFreeListingOperation = defineOperation({
  operationId: 'choose_free_listing',
  method: 'POST',
  path: '/me/listings/{listing_id}/free',
  tag: 'My listings',
  title: 'Launch for free',
  summary:
    'Queues the listing for a launch week 6–8 weeks out by default (status awaiting_badge), scheduled once our badge is found on your homepage.',
  scope: 'listings:write',
  notFound: true,
  idempotent: true,
  params: Params(ListingId),
  response: Type.Object({
    listing_id: Type.Integer(),
    slug: Type.String(),
    status: Type.String(),
    plan: Nullable(Type.String()),
    launch_week: Nullable(Type.String({ description: 'Monday of the launch week, YYYY-MM-DD' })),
    badge_embed_html: Type.String({
      description:
        'Paste this HTML on your homepage; an image of our badge or a link to badge_link_url is what the check looks for',
    }),
    badge_link_url: Type.String(),
    missing: Type.Array(Type.String(), { description: 'What still stands between the listing and its launch' }),
    last_badge_check: Nullable(
      Type.Object({
        checked_at: Type.String(),
        url: Type.String(),
        final_url: Nullable(Type.String()),
        found: Type.Boolean(),
        outcome: Type.String(),
        detail: Type.String(),
        evidence: Nullable(Type.String()),
      }),
    ),
    launch_week_moves: Type.Array(
      Type.Object({ from: Type.String(), to: Type.String(), at: Type.String(), reason: Type.String() }),
      { description: 'Weeks missed because the badge was not found in time, and where the launch moved' },
    ),
  }),
  handler: async ({ listing_id }, ctx) => chooseFreeListing(ctx, listing_id, ctx.principal!.userId),
});

export const myListingOperations = [
  listMyListingsOperation,
  getMyListingOperation,
  updateMyListingOperation,
  postListingUpdateOperation,
  addMilestoneOperation,
  deleteMilestoneOperation,
  setFounderStoryOperation,
  answerInterviewOperation,
  chooseFreeListingOperation,
];
