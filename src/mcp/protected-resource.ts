import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { SCOPES } from '../api/registry.js';

export const mcpResourceMetadataUrl = (ctx: AppContext) =>
  `${ctx.config.publicUrl}/.well-known/oauth-protected-resource/mcp`;

/** RFC 9728 protected-resource metadata: where a client that got a 401 learns which authorization server to use. */
export function protectedResourceMetadata(ctx: AppContext, path: '/mcp' | '/api/v1', name: string) {
  const base = ctx.config.publicUrl;
  return {
    resource: `${base}${path}`,
    authorization_servers: [base],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: `${ctx.site.name} ${name}`,
    resource_documentation: `${base}/docs`,
  };
}

export function registerProtectedResourceRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const [path, name] of [
    ['/mcp', 'MCP server'],
    ['/api/v1', 'REST API'],
  ] as const) {
    const body = JSON.stringify(protectedResourceMetadata(ctx, path, name));
    app.get(`/.well-known/oauth-protected-resource${path}`, async (_req, reply) =>
      // Browser-based MCP clients fetch this cross-origin; it holds nothing private.
      reply.header('Access-Control-Allow-Origin', '*').type('application/json').send(body),
    );
  }
}
