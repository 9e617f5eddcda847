import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { AppContext } from '../app-context.js';
import type { Scope } from '../domain/accounts/scopes.js';

export { SCOPES, SCOPE_DESCRIPTIONS, type Scope } from '../domain/accounts/scopes.js';

/**
 * The one place an operation is defined; REST routes, OpenAPI, MCP tools and the site's reads and
 * forms all come from it (ARCHITECTURE.md).
 */

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
  'Community',
  'Admin',
] as const;
export type Tag = (typeof TAGS)[number];
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Principal {
  userId: number;
  email: string;
  isAdmin: boolean;
  scopes: Scope[];
  via: 'api_key' | 'oauth' | 'session';
  /**
   * A site session not read yet (its token's SHA-256), for an operation that checks it inside its
   * own statement (a vote: one round trip); `userId` is then 0, which is no account.
   */
  sessionHash?: string;
  /** The address the request came from, when the surface knows it (votes keep it for abuse review). */
  ip?: string;
}

export interface OperationContext extends AppContext {
  principal: Principal | null;
}

type In<T extends TObject | undefined> = T extends TObject ? Static<T> : unknown;

/** What a handler receives: path, query and body properties merged (they never share a name). */
export type OperationInput<
  P extends TObject | undefined,
  Q extends TObject | undefined,
  B extends TObject | undefined,
> = In<P> & In<Q> & In<B>;

/**
 * Where an operation is offered. REST (`api`) and MCP (`mcp`) go together for every operation of
 * the public API; `site` alone marks what only people on the website may do (votes above all:
 * votes never come through the API or MCP).
 */
export type Surface = 'api' | 'mcp' | 'site';
export const ALL_SURFACES: readonly Surface[] = ['api', 'mcp', 'site'];

export interface OperationSpec<
  P extends TObject | undefined,
  Q extends TObject | undefined,
  B extends TObject | undefined,
  R extends TSchema,
> {
  operationId: string;
  method: HttpMethod;
  /** OpenAPI-style path below /api/v1, e.g. `/listings/{slug}`; a site-only operation's is only a name. */
  path: string;
  tag: Tag;
  title: string;
  summary: string;
  description?: string;
  /** null = public (credentials optional) */
  scope: Scope | null;
  /** Default: every surface. */
  surfaces?: readonly Surface[];
  /** Only the site's administrators may run it (others get 403), whatever their scopes. */
  adminOnly?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  status?: 200 | 201;
  paginated?: boolean;
  /** Accepts the Idempotency-Key header (the mutating operations of the API). */
  idempotent?: boolean;
  /** Can answer 404 (documented in OpenAPI). */
  notFound?: boolean;
  /** Undoes or ends something for good though its method is not DELETE (cancels an order) — MCP destructiveHint. */
  destructive?: boolean;
  /** Reaches outside the service (crawls a website, sends mail) — MCP openWorldHint. */
  openWorld?: boolean;
  /** Changes nothing although it is not a GET (a computation over a body, like a price quote) — MCP readOnlyHint. */
  readOnly?: boolean;
  /**
   * A public read whose answer is the same for every caller: each instance reuses an answer for
   * READ_CACHE_SECONDS (listing writes clear it sooner), so a busy list costs one query per interval.
   */
  cached?: boolean;
  /**
   * Absent until implemented: the operation then answers 501 on every surface. A method, not a
   * function property, so that an operation of any schemas is also an `Operation`.
   */
  handler?(input: OperationInput<P, Q, B>, ctx: OperationContext): Promise<Static<R>>;
}

/** An operation of any schemas: what the REST, OpenAPI and MCP generators iterate over. */
export type Operation = OperationSpec<TObject | undefined, TObject | undefined, TObject | undefined, TSchema>;

/** The answer type of a defined operation, for pages that read through it. */
export type OutputOf<O> =
  O extends OperationSpec<TObject | undefined, TObject | undefined, TObject | undefined, infer R> ? Static<R> : never;

/** Defines an operation, keeping its schemas' types: callers get typed input and answers. */
export function defineOperation<
  P extends TObject | undefined = undefined,
  Q extends TObject | undefined = undefined,
  B extends TObject | undefined = undefined,
  R extends TSchema = TSchema,
>(spec: OperationSpec<P, Q, B, R>): OperationSpec<P, Q, B, R> {
  return spec;
}

export const offeredOn = (op: Operation, surface: Surface): boolean => (op.surfaces ?? ALL_SURFACES).includes(surface);
