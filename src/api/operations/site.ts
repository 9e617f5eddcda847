import { Type } from '@sinclair/typebox';
import { defineOperation } from '../registry.js';
import { siteCounts } from '../../domain/site/site-repository.js';

export const getSiteInfoOperation = defineOperation({
  operationId: 'get_site_info',
  method: 'GET',
  path: '/site',
  tag: 'Site',
  title: 'About this directory',
  summary: 'What the site is, its URLs and counts, and where its docs, OpenAPI file and MCP server are.',
  scope: null,
  response: Type.Object({
    name: Type.String(),
    purpose: Type.String(),
    urls: Type.Object({
      site: Type.String(),
      api: Type.String(),
      docs: Type.String(),
      openapi: Type.String(),
      mcp: Type.String(),
      launches: Type.String(),
    }),
    counts: Type.Object({ live_listings: Type.Integer(), categories: Type.Integer() }),
    mcp: Type.Object({
      url: Type.String(),
      protected_resource_metadata: Type.String(),
      protocol_versions: Type.Array(Type.String()),
    }),
    auth: Type.Object({ scopes: Type.Array(Type.String()), authorization_server_metadata: Type.String() }),
  }),
  handler: async (_input, ctx) => {
    const base = ctx.config.publicUrl;
    return {
      name: ctx.site.name,
      purpose: ctx.site.purpose,
      urls: {
        site: base,
        api: `${base}/api/v1`,
        docs: `${base}/docs`,
        openapi: `${base}/api/v1/openapi.json`,
        mcp: `${base}/mcp`,
        launches: `${base}/launches`,
      },
      counts: await siteCounts(ctx.db, ctx.site.id),
      mcp: {
        url: `${base}/mcp`,
        protected_resource_metadata: `${base}/.well-known/oauth-protected-resource/mcp`,
        protocol_versions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26'],
      },
      auth: {
        scopes: ['account:read', 'listings:write', 'orders:write'],
        authorization_server_metadata: `${base}/.well-known/oauth-authorization-server`,
      },
    };
  },
});

export const siteOperations = [getSiteInfoOperation];
