import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { AppContext } from '../app-context.js';
import type { Scope } from '../domain/accounts/scopes.js';

export { SCOPES, SCOPE_DESCRIPTIONS, type Scope } from '../domain/accounts/scopes.js';

/** The one place an operation is defined; REST routes, OpenAPI and MCP tools are generated from it (DESIGN §1). */

export const TAGS = [
  'Site',
  'Listings',
  'Categories',
  'Launches',
  'Leaderboards',
  'People',
  'Content',
  'Badges',
  'Account',
  'Submit',
  'My listings',
  'Claims',
  'Orders',
] as const;
export type Tag = (typeof TAGS)[number];
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Principal {
  userId: number;
  email: string;
  isAdmin: boolean;
  scopes: Scope[];
  via: 'api_key' | 'oauth' | 'session';
}

export interface OperationContext extends AppContext {
  principal: Principal | null;
}

type In<T extends TObject | undefined> = T extends TObject ? Static<T> : unknown;

export interface OperationSpec<
  P extends TObject | undefined,
  Q extends TObject | undefined,
  B extends TObject | undefined,
  R extends TSchema,
> {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI-style path below /api/v1, e.g. `/listings/{slug}` */
  path: string;
  tag: Tag;
  title: string;
  summary: string;
  description?: string;
  /** null = public (credentials optional) */
  scope: Scope | null;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  status?: 200 | 201;
  paginated?: boolean;
  /** Accepts the Idempotency-Key header (mutating operations of SPEC §4.2–4.5). */
  idempotent?: boolean;
  /** Can answer 404 (documented in OpenAPI). */
  notFound?: boolean;
  /** Reaches outside the service (crawls a website, sends mail) — MCP openWorldHint. */
  openWorld?: boolean;
  /**
   * A public read whose answer is the same for every caller: each instance reuses an answer for
   * READ_CACHE_SECONDS (listing writes clear it sooner), so a busy list costs one query per interval.
   */
  cached?: boolean;
  /** Absent until implemented: the operation then answers 501 on every surface. */
  handler?: (input: In<P> & In<Q> & In<B>, ctx: OperationContext) => Promise<Static<R>>;
}

export type Operation = OperationSpec<TObject | undefined, TObject | undefined, TObject | undefined, TSchema>;

export function defineOperation<
  P extends TObject | undefined = undefined,
  Q extends TObject | undefined = undefined,
  B extends TObject | undefined = undefined,
  R extends TSchema = TSchema,
>(spec: OperationSpec<P, Q, B, R>): Operation {
  return spec as unknown as Operation;
}
