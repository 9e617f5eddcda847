import { Type } from '@sinclair/typebox';
import { defineOperation } from '../registry.js';
import { Body, Nullable, PaginationQuery, Params, Query, StringEnum, Paginated, rowId } from '../schemas/common.js';
import { pageBounds, pageOf } from '../pagination.js';
import type { OperationContext } from '../registry.js';
import { claimView } from '../../domain/claims/claim-view.js';
import { listClaims } from '../../domain/claims/claim-repository.js';
import { claimListing } from '../../domain/claims/start-claim.js';
import { verifyClaim } from '../../domain/claims/verify-claim.js';
import { confirmClaimLink } from '../../domain/claims/claim-email.js';
import { badRequest } from '../errors.js';

const claimantOf = (ctx: OperationContext) => ({ userId: ctx.principal!.userId, email: ctx.principal!.email });

const CheckSchema = Type.Object({
  found: Type.Boolean(),
  detail: Type.String({ description: 'Where we looked and exactly what was there' }),
  checked_at: Type.String(),
  checked: Type.String({ description: 'The DNS name, URL or address checked' }),
  seen: Type.Array(Type.String(), {
    description: 'Values seen there (TXT records, meta contents, the start of the file)',
  }),
});

const ClaimSchema = Type.Object({
  id: Type.Integer(),
  listing: Type.Object({ slug: Type.String(), name: Type.String(), domain: Type.String() }),
  method: StringEnum(['dns', 'meta', 'file', 'email'] as const),
  email: Nullable(Type.String()),
  status: Type.String({
    description: 'pending, verified, expired or rejected (closed because another account verified first)',
  }),
  instructions: Type.Object(
    {
      summary: Type.String(),
      dns_record: Type.Optional(
        Type.Object({ type: Type.Literal('TXT'), name: Type.String(), value: Type.String(), ttl: Type.Integer() }),
      ),
      zone_file_line: Type.Optional(Type.String()),
      meta_tag: Type.Optional(Type.String()),
      page_url: Type.Optional(Type.String()),
      file_url: Type.Optional(Type.String()),
      file_content: Type.Optional(Type.String()),
      email: Type.Optional(Type.String()),
      verify: Type.String(),
    },
    { description: 'Exactly what to publish: the DNS TXT record, meta tag, file, or the emailed link' },
  ),
  created_at: Type.String(),
  expires_at: Type.String(),
  verified_at: Nullable(Type.String()),
  attempts: Type.Integer({ description: 'Checks made so far (at most 10 an hour)' }),
  last_check: Nullable(CheckSchema),
  note: Type.String({ description: 'Verified means you own the listing; it is not the same as paid' }),
});

export const claimListingOperation = defineOperation({
  operationId: 'claim_listing',
  method: 'POST',
  path: '/claims',
  tag: 'Claims',
  title: 'Claim a listing',
  summary:
    "Start proving a live or scheduled listing is yours; the answer's instructions say what to publish. Verified is not the same as paid.",
  description:
    'A claim stays open 7 days; asking again (same listing and method) returns it. 403 until your email is confirmed; 409 if you own it.',
  scope: 'listings:write',
  status: 201,
  idempotent: true,
  notFound: true,
  openWorld: true,
  body: Body({
    slug: Type.String({ minLength: 1, maxLength: 220, description: 'Listing slug' }),
    method: StringEnum(['dns', 'meta', 'file', 'email'] as const, {
      description:
        'dns (a TXT record), meta (a tag in the homepage <head>), file (under /.well-known/) or ' +
        'email (a single-use link mailed to `email`)',
    }),
    email: Type.Optional(
      Type.String({
        format: 'email',
        maxLength: 254,
        description:
          "Required for method email: admin@, administrator@, hostmaster@, postmaster@, webmaster@ or root@ at the company's domain, or the listing's contact address there while unowned",
      }),
    ),
  }),
  response: ClaimSchema,
  handler: async (input, ctx) => claimView(await claimListing(ctx, claimantOf(ctx), input), ctx.now()),
});

export const listMyClaimsOperation = defineOperation({
  operationId: 'list_my_claims',
  method: 'GET',
  path: '/claims',
  tag: 'Claims',
  title: 'My claims',
  summary: 'Your claims, newest first; a pending one past its 7 days shows as expired.',
  scope: 'account:read',
  paginated: true,
  query: Query({ ...PaginationQuery }),
  response: Paginated(ClaimSchema),
  handler: async (input, ctx) => {
    const { perPage, offset } = pageBounds(input);
    const r = await listClaims(ctx.db, ctx.site.id, ctx.principal!.userId, perPage, offset);
    const now = ctx.now();
    return pageOf(
      r.items.map((c) => claimView(c, now)),
      r.total,
      input,
    );
  },
});

export const verifyClaimOperation = defineOperation({
  operationId: 'verify_claim',
  method: 'POST',
  path: '/claims/{claim_id}/verify',
  tag: 'Claims',
  title: 'Verify a claim',
  summary:
    "Checks a pending claim's DNS record, meta tag or file once (last_check says what it found); an email claim gets a fresh link by mail.",
  description:
    "When the proof is found you become the listing's only owner (previous owners are emailed) and its other open claims close. 409: expired or closed; 429: over 10 checks an hour; 403: another account's claim, or your email is unconfirmed.",
  scope: 'listings:write',
  notFound: true,
  idempotent: true,
  openWorld: true,
  params: Params({ claim_id: rowId('From claim_listing or list_my_claims') }),
  response: ClaimSchema,
  handler: async ({ claim_id }, ctx) => claimView(await verifyClaim(ctx, claimantOf(ctx), claim_id), ctx.now()),
});

/**
 * The Confirm button of an emailed claim link. Site-only and public: the link proves control of the
 * mailbox, so whoever holds it confirms the claim for the account that made it, signed in or not.
 */
export const confirmClaimLinkOperation = defineOperation({
  operationId: 'confirm_claim_link',
  surfaces: ['site'],
  method: 'POST',
  path: '/claims/verify-email',
  tag: 'Claims',
  title: 'Confirm an emailed claim link',
  summary: "Verifies an email claim from its link's token, for the account that made the claim.",
  scope: null,
  body: Body({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{20,100}$' }) }),
  response: Type.Object({ slug: Type.String(), listing_name: Type.String() }),
  handler: async ({ token }, ctx) => {
    const result = await confirmClaimLink(ctx, token);
    if ('error' in result) throw badRequest(result.error);
    return { slug: result.claim.slug, listing_name: result.claim.listing_name };
  },
});

export const claimOperations = [
  claimListingOperation,
  listMyClaimsOperation,
  verifyClaimOperation,
  confirmClaimLinkOperation,
];
