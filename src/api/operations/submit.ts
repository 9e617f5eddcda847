import { Type } from '@sinclair/typebox';
import { defineOperation } from '../registry.js';
import { Body, PaginationQuery, Params, Query, Paginated } from '../schemas/common.js';
import { DraftSchema, DraftSummarySchema, UpdateDraftBody } from '../schemas/drafts.js';
import { pageBounds, pageOf } from '../pagination.js';
import { conflict, notFound } from '../errors.js';
import { startDraft } from '../../domain/drafts/start-draft.js';
import { draftView } from '../../domain/drafts/draft-view.js';
import { draftForUser } from '../../domain/drafts/draft-access.js';
import { listDrafts, loadDraft } from '../../domain/drafts/draft-repository.js';
import { editDraft, type DraftEdits } from '../../domain/drafts/edit-draft.js';
import { acceptInvite, inviteCofounder } from '../../domain/drafts/draft-invites.js';
import { saveDraftAsListing } from '../../domain/drafts/draft-listing.js';

const DraftId = Params({ id: Type.String({ format: 'uuid', description: 'Draft id' }) });

export const submitListingOperation = defineOperation({
  operationId: 'submit_listing',
  method: 'POST',
  path: '/drafts',
  tag: 'Submit',
  title: 'Submit a product by URL',
  summary:
    'Starts a draft: reads the website (respecting robots.txt) and drafts a profile with evidence for every value, usually within seconds; poll get_draft until status is ready.',
  description:
    'Over MCP, with params._meta.progressToken the call sends notifications/progress and answers when the draft is ready (50 s at most); without one, at once (status crawling).',
  scope: 'listings:write',
  status: 201,
  idempotent: true,
  openWorld: true,
  body: Body({
    url: Type.String({ minLength: 1, maxLength: 2048, description: "The product's public http(s) website" }),
  }),
  response: DraftSchema,
  handler: async ({ url }, ctx) => {
    const id = await startDraft(ctx, ctx.principal!.userId, url);
    return draftView(ctx.db, (await loadDraft(ctx.db, id))!);
  },
});

export const listMyDraftsOperation = defineOperation({
  operationId: 'list_my_drafts',
  method: 'GET',
  path: '/drafts',
  tag: 'Submit',
  title: 'My drafts',
  summary: 'Your drafts, newest first.',
  scope: 'account:read',
  paginated: true,
  query: Query({ ...PaginationQuery }),
  response: Paginated(DraftSummarySchema),
  handler: async (input, ctx) => {
    const { perPage, offset } = pageBounds(input);
    const r = await listDrafts(ctx.db, ctx.site.id, ctx.principal!.userId, perPage, offset);
    return pageOf(r.items, r.total, input);
  },
});

export const getDraftOperation = defineOperation({
  operationId: 'get_draft',
  method: 'GET',
  path: '/drafts/{id}',
  tag: 'Submit',
  title: 'Get a draft',
  summary: 'Every field with its value, state and evidence quotes; completeness and what is missing.',
  scope: 'account:read',
  notFound: true,
  params: DraftId,
  response: DraftSchema,
  handler: async ({ id }, ctx) => draftView(ctx.db, await draftForUser(ctx.db, id, ctx.principal!.userId, ctx.site.id)),
});

export const updateDraftOperation = defineOperation({
  operationId: 'update_draft',
  method: 'PATCH',
  path: '/drafts/{id}',
  tag: 'Submit',
  title: 'Edit a draft',
  summary: 'Only what is sent changes. After submit_draft, the listing is updated too.',
  scope: 'listings:write',
  notFound: true,
  idempotent: true,
  params: DraftId,
  body: UpdateDraftBody,
  response: DraftSchema,
  handler: async ({ id, ...edits }, ctx) => {
    const draft = await draftForUser(ctx.db, id, ctx.principal!.userId, ctx.site.id);
    return draftView(ctx.db, await editDraft(ctx, draft, ctx.principal!.userId, edits as DraftEdits));
  },
});

export const inviteCofounderOperation = defineOperation({
  operationId: 'invite_cofounder',
  method: 'POST',
  path: '/drafts/{id}/invites',
  tag: 'Submit',
  title: 'Invite a co-founder',
  summary:
    'Emails the co-founder a single-use invite link, valid 14 days; accepting makes them a co-owner of the draft and its listing. At most 10 invites per draft.',
  scope: 'listings:write',
  status: 201,
  notFound: true,
  idempotent: true,
  openWorld: true,
  params: DraftId,
  body: Body({
    email: Type.String({
      format: 'email',
      maxLength: 254,
      description:
        'Not your own. Inviting it again mails a fresh link (at most every 10 minutes) without using up an invite',
    }),
  }),
  response: Type.Object({
    id: Type.Integer(),
    email: Type.String(),
    status: Type.String(),
    invites_left: Type.Integer(),
    expires_at: Type.String({ format: 'date-time' }),
  }),
  handler: async ({ id, email }, ctx) => {
    const draft = await draftForUser(ctx.db, id, ctx.principal!.userId, ctx.site.id);
    return inviteCofounder(ctx, draft, { userId: ctx.principal!.userId, email: ctx.principal!.email }, email);
  },
});

export const submitDraftOperation = defineOperation({
  operationId: 'submit_draft',
  method: 'POST',
  path: '/drafts/{id}/submit',
  tag: 'Submit',
  title: 'Save a draft as your listing',
  summary:
    'Saves a ready draft as your listing (unpublished), returning listing_id; run again after edits to update it.',
  scope: 'listings:write',
  notFound: true,
  idempotent: true,
  params: DraftId,
  response: Type.Object({
    listing_id: Type.Integer(),
    slug: Type.String(),
    status: Type.String(),
    next_steps: Type.Array(Type.String()),
  }),
  handler: async ({ id }, ctx) => {
    const draft = await draftForUser(ctx.db, id, ctx.principal!.userId, ctx.site.id);
    if (draft.status !== 'ready')
      throw conflict(`The draft is still ${draft.status}; submit it once get_draft shows status ready.`);
    const saved = await saveDraftAsListing(ctx, draft.id, ctx.principal!.userId);
    return {
      ...saved,
      next_steps: [
        `Review it with get_my_listing (listing_id ${saved.listing_id}); it is saved but not published.`,
        `Publish for free with choose_free_listing (queued for a launch week some weeks out, 6-8 by default; goes live once our badge is on your homepage), or launch now or in a chosen week with an order (quote_order, then create_checkout).`,
        'Edits made with update_draft update this listing too.',
      ],
    };
  },
});

/** Accepting a co-founder invite: its token comes by email to a person, who accepts on the site. */
export const acceptInviteOperation = defineOperation({
  operationId: 'accept_invite',
  surfaces: ['site'],
  method: 'POST',
  path: '/invites/{token}',
  tag: 'Submit',
  title: 'Accept a co-founder invite',
  summary: "Makes your account a co-owner of the invite's draft and of its listing.",
  scope: 'listings:write',
  notFound: true,
  params: Params({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' }) }),
  response: Type.Object({ draft_id: Type.String() }),
  handler: async ({ token }, ctx) => {
    const result = await acceptInvite(ctx.db, token, ctx.principal!.userId, ctx.now());
    if ('error' in result) throw notFound(result.error);
    return { draft_id: result.draftId };
  },
});

export const submitOperations = [
  submitListingOperation,
  listMyDraftsOperation,
  getDraftOperation,
  updateDraftOperation,
  inviteCofounderOperation,
  submitDraftOperation,
  acceptInviteOperation,
];
