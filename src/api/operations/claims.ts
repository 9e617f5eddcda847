import { Type } from '@sinclair/typebox';
import { defineOperation } from '../registry.js';
import { Body, Nullable, PaginationQuery, Params, Query, StringEnum, Paginated } from '../schemas/common.js';

const ClaimSchema = Type.Object({
  id: Type.Integer(),
  listing: Type.Object({ slug: Type.String(), name: Type.String() }),
  method: Type.String(),
  status: Type.String({ description: 'pending, verified, expired, …' }),
  instructions: Type.Object({}, { additionalProperties: true, description: 'Exactly what to publish: the DNS TXT record, meta tag, file, or the emailed link' }),
  expires_at: Type.String(),
  verified_at: Nullable(Type.String()),
  last_check: Nullable(Type.Object({}, { additionalProperties: true })),
  note: Type.String({ description: 'Verified means you own the listing; it is not the same as paid' }),
});

export const claimOperations = [
  defineOperation({
    operationId: 'claim_listing', method: 'POST', path: '/claims', tag: 'Claims', title: 'Claim a listing',
    summary: 'Start proving a listing is yours: by a DNS TXT record, a homepage meta tag, a file on the site, or a link emailed to an address at the company\'s domain. Verified is not the same as paid.',
    scope: 'listings:write', status: 201, idempotent: true, openWorld: true,
    body: Body({
      slug: Type.String({ minLength: 1, maxLength: 220, description: 'Slug of the listing to claim' }),
      method: StringEnum(['dns', 'meta', 'file', 'email'] as const),
      email: Type.Optional(Type.String({ format: 'email', maxLength: 254, description: 'For method=email: an address at the company\'s domain' })),
    }),
    response: ClaimSchema,
  }),
  defineOperation({
    operationId: 'list_my_claims', method: 'GET', path: '/claims', tag: 'Claims', title: 'My claims',
    summary: 'Your claims with status and instructions.', scope: 'account:read', paginated: true,
    query: Query({ ...PaginationQuery }), response: Paginated(ClaimSchema),
  }),
  defineOperation({
    operationId: 'verify_claim', method: 'POST', path: '/claims/{claim_id}/verify', tag: 'Claims', title: 'Verify a claim',
    summary: 'Checks the DNS record, meta tag or file of a pending claim and reports exactly what it found. Email claims verify by opening the emailed link instead.',
    scope: 'listings:write', notFound: true, idempotent: true, openWorld: true,
    params: Params({ claim_id: Type.Integer({ minimum: 1 }) }),
    response: ClaimSchema,
  }),
];
