import type { TObject, TSchema } from '@sinclair/typebox';
import { ProblemSchema } from './schemas/common.js';
import { SCOPE_DESCRIPTIONS, TAGS, offeredOn, type Operation } from './registry.js';
import { API_PREFIX, BODY_LIMIT_BYTES } from './rest.js';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from './idempotency.js';

const TAG_DESCRIPTIONS: Record<string, string> = {
  Site: 'What this directory is and where its parts live',
  Listings: 'Search and read product listings',
  Categories: 'The category tree',
  Launches: 'The weekly launch calendar',
  Leaderboards: 'Ranking boards (community votes, paid billboard, Domain Rating, revenue)',
  People: 'Founders',
  Content: 'Blog posts, awards and interview questions',
  Badges: 'Embeddable badges',
  Account: 'Who you are signed in as',
  Submit: 'Submit a product by its URL and edit the AI-written draft',
  'My listings': 'Manage the listings you own',
  Claims: 'Prove that an existing listing is yours',
  Orders: 'Price orders and check out',
  Community: 'Votes, reviews, comments, reports and follows: on the website only',
  Admin: "The site administrators' changes in the admin area: on the website only",
};

/** Strips TypeBox's symbol keys and `$id`s so the schema can be inlined anywhere. */
export function plainSchema(schema: TSchema): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema, (k, v) => (k === '$id' ? undefined : v)));
}

/**
 * Headers the server sends, defined once and referenced where they are sent. The rate-limit ones
 * (IETF draft, `enableDraftSpec` in app.ts) come on every answer of every operation.
 */
const HEADERS = {
  'RateLimit-Limit': {
    description: 'Requests allowed per window: one count per API key or token, per address without one',
    required: true,
    schema: { type: 'integer', minimum: 1 },
  },
  'RateLimit-Remaining': {
    description: 'Requests left in this window',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  'RateLimit-Reset': {
    description: 'Seconds until the window starts again',
    required: true,
    schema: { type: 'integer', minimum: 0 },
  },
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 0 } },
  'WWW-Authenticate': {
    description:
      'A Bearer challenge (RFC 6750) naming resource_metadata (RFC 9728); for a missing scope, error="insufficient_scope" and the scope',
    schema: { type: 'string' },
  },
  Link: { description: 'RFC 8288 links to the first, previous, next and last pages', schema: { type: 'string' } },
  [REPLAYED_HEADER]: {
    description: `"true" when this is the stored answer to an earlier request with the same ${IDEMPOTENCY_HEADER}`,
    schema: { type: 'string', const: 'true' },
  },
};
type HeaderName = keyof typeof HEADERS;
const RATE_LIMIT_HEADERS: HeaderName[] = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];
const headerRefs = (names: HeaderName[]) =>
  Object.fromEntries([...RATE_LIMIT_HEADERS, ...names].map((n) => [n, { $ref: `#/components/headers/${n}` }]));

/** The problem documents, defined once (components.responses) and referenced by status from each operation. */
const PROBLEMS = {
  BadRequest: ['Invalid request: `errors` names each invalid field and why', [REPLAYED_HEADER]],
  Unauthorized: [
    'Missing, invalid, expired or revoked credential (a public operation answers it only to a credential that is not valid)',
    ['WWW-Authenticate'],
  ],
  Forbidden: [
    'The credential lacks the scope (named in `required_scope`), or the resource belongs to someone else',
    ['WWW-Authenticate', REPLAYED_HEADER],
  ],
  NotFound: ['Not found', [REPLAYED_HEADER]],
  Conflict: [
    `The resource is not in a state that allows this (the description says when), or a request with the same ${IDEMPOTENCY_HEADER} is still in progress (retry after Retry-After)`,
    ['Retry-After', REPLAYED_HEADER],
  ],
  ContentTooLarge: [`The body is larger than ${BODY_LIMIT_BYTES} bytes`, []],
  UnsupportedMediaType: ['The body is not sent as application/json', []],
  TooManyRequests: ['Rate limited: wait Retry-After seconds', ['Retry-After']],
  InternalError: ['Something failed on our side; it has been logged', []],
  NotImplemented: ['Declared but not implemented yet on this server', []],
  ServiceUnavailable: [
    'The database (or a service it needs) is briefly unreachable: retry after Retry-After',
    ['Retry-After'],
  ],
  InsufficientStorage: [
    'Storage is full: nothing from this request was saved; retry after Retry-After',
    ['Retry-After'],
  ],
} satisfies Record<string, [string, HeaderName[]]>;

const problemRef = (name: keyof typeof PROBLEMS) => ({ $ref: `#/components/responses/${name}` });

function parameters(schema: TObject | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, s]) => {
    const plain = plainSchema(s as TSchema);
    const description = plain.description as string | undefined;
    delete plain.description;
    return {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: plain,
    };
  });
}

export function buildOpenApi(ops: Operation[], opts: { publicUrl: string; siteName: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of ops.filter((o) => offeredOn(o, 'api'))) {
    const successHeaders: HeaderName[] = [];
    if (op.paginated) successHeaders.push('Link');
    if (op.idempotent) successHeaders.push(REPLAYED_HEADER);
    const responses: Record<string, unknown> = {
      [String(op.status ?? 200)]: {
        description: 'Success',
        headers: headerRefs(successHeaders),
        content: { 'application/json': { schema: plainSchema(op.response) } },
      },
    };
    // Only what the server really answers: an operation without input has nothing to find invalid.
    if (op.params || op.query || op.body || op.idempotent) responses[400] = problemRef('BadRequest');
    responses[401] = problemRef('Unauthorized');
    if (op.scope) responses[403] = problemRef('Forbidden');
    if (op.notFound) responses[404] = problemRef('NotFound');
    if (op.idempotent) responses[409] = problemRef('Conflict');
    if (op.body) {
      responses[413] = problemRef('ContentTooLarge');
      responses[415] = problemRef('UnsupportedMediaType');
    }
    responses[429] = problemRef('TooManyRequests');
    responses[500] = problemRef('InternalError');
    if (!op.handler) responses[501] = problemRef('NotImplemented');
    responses[503] = problemRef('ServiceUnavailable');
    if (op.method !== 'GET') responses[507] = problemRef('InsufficientStorage');
    const params = [...parameters(op.params, 'path'), ...parameters(op.query, 'query')];
    if (op.idempotent) {
      params.push({
        name: IDEMPOTENCY_HEADER,
        in: 'header' as never,
        required: false,
        description: 'Makes retries safe: the same key within 24 h returns the first response',
        schema: { type: 'string', maxLength: 255 },
      });
    }
    const operation: Record<string, unknown> = {
      operationId: op.operationId,
      tags: [op.tag],
      summary: op.title,
      description:
        [op.summary, op.description].filter(Boolean).join('\n\n') +
        `\n\nMCP tool: \`${op.operationId}\`.` +
        (op.scope ? ` Scope: \`${op.scope}\`.` : ' Public: no sign-in needed.'),
      ...(params.length ? { parameters: params } : {}),
      ...(op.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: plainSchema(op.body) } } } }
        : {}),
      responses,
      security: op.scope ? [{ bearerAuth: [] }, { oauth2: [op.scope] }] : [{}, { bearerAuth: [] }, { oauth2: [] }],
    };
    const path = API_PREFIX + op.path;
    paths[path] ??= {};
    paths[path][op.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${opts.siteName} API`,
      version: '1.0.0',
      summary: 'Product listings, a weekly launch calendar, submissions, claims and orders',
      description: `Every operation is also a tool of the same name on the MCP server at ${opts.publicUrl}/mcp. Errors are RFC 9457 problem details.`,
      contact: { name: opts.siteName, url: `${opts.publicUrl}/docs` },
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: `${opts.publicUrl}${API_PREFIX}` }],
    // Only tags the API's operations use: a site-only area has no place in the API's document.
    tags: TAGS.filter((name) => ops.some((o) => o.tag === name && offeredOn(o, 'api'))).map((name) => ({
      name,
      description: TAG_DESCRIPTIONS[name],
    })),
    paths: Object.fromEntries(Object.entries(paths).map(([p, v]) => [p.slice(API_PREFIX.length), v])),
    components: {
      schemas: { Problem: plainSchema(ProblemSchema) },
      responses: Object.fromEntries(
        (Object.entries(PROBLEMS) as [string, [string, HeaderName[]]][]).map(([name, [description, headers]]) => [
          name,
          {
            description,
            headers: headerRefs(headers),
            content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
          },
        ]),
      ),
      headers: HEADERS,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key from your account page, or an OAuth access token',
        },
        oauth2: {
          type: 'oauth2',
          flows: {
            authorizationCode: {
              authorizationUrl: `${opts.publicUrl}/oauth/authorize`,
              tokenUrl: `${opts.publicUrl}/oauth/token`,
              refreshUrl: `${opts.publicUrl}/oauth/token`,
              scopes: SCOPE_DESCRIPTIONS,
            },
          },
        },
      },
    },
  };
}
