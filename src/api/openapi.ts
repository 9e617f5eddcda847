import type { TObject, TSchema } from '@sinclair/typebox';
import { ProblemSchema } from './schemas/common.js';
import { SCOPE_DESCRIPTIONS, TAGS, offeredOn, type Operation } from './registry.js';
import { API_PREFIX } from './rest.js';

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

const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});

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
    const responses: Record<string, unknown> = {
      [String(op.status ?? 200)]: {
        description: 'Success',
        content: { 'application/json': { schema: plainSchema(op.response) } },
      },
      400: problemResponse('Invalid request: `errors` names each invalid field and why'),
    };
    if (op.scope) {
      responses[401] = problemResponse('Missing, invalid, expired or revoked credential (see WWW-Authenticate)');
      responses[403] = problemResponse('The credential lacks the scope, or the resource belongs to someone else');
    }
    if (op.notFound) responses[404] = problemResponse('Not found');
    if (op.idempotent) responses[409] = problemResponse('A request with the same Idempotency-Key is still in progress');
    responses[429] = {
      ...problemResponse('Rate limited: wait for Retry-After seconds'),
      headers: {
        'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait' },
        'RateLimit-Limit': { schema: { type: 'integer' } },
        'RateLimit-Remaining': { schema: { type: 'integer' } },
        'RateLimit-Reset': { schema: { type: 'integer' } },
      },
    };
    if (!op.handler) responses[501] = problemResponse('Declared but not implemented yet on this server');
    const params = [...parameters(op.params, 'path'), ...parameters(op.query, 'query')];
    if (op.idempotent) {
      params.push({
        name: 'Idempotency-Key',
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
