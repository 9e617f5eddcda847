import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { registerCommentRoutes } from './comment-routes.js';
import { registerReportRoutes } from './report-routes.js';
import { registerReviewRoutes } from './review-routes.js';
import { registerVoteRoutes } from './vote-routes.js';

/** What people do on the site (never through the API or MCP): vote, review, comment, report. */
export function registerCommunityRoutes(app: FastifyInstance, ctx: AppContext) {
  registerVoteRoutes(app, ctx);
  registerReviewRoutes(app, ctx);
  registerCommentRoutes(app, ctx);
  registerReportRoutes(app, ctx);
}
