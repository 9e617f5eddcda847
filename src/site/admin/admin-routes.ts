import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { registerAdminHomeRoutes } from './admin-home.js';
import { registerAdminModerationRoutes } from './admin-moderation.js';
import { registerAdminSettingsRoutes } from './admin-settings.js';
import { registerAdminVoteRoutes } from './admin-votes.js';
import { registerAdminCategoryRoutes } from './admin-categories.js';
import { registerAdminBlogRoutes } from './admin-blog.js';
import { registerAdminInterviewRoutes } from './admin-interview.js';
import { registerAdminDomainRatingRoutes } from './admin-domain-ratings.js';
import { registerAdminOrderRoutes } from './admin-orders.js';
import { registerAdminVersionRoutes } from './admin-listing-versions.js';

/** The admin area's sections, in the order of its navigation. */
export function registerAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  registerAdminHomeRoutes(app, ctx);
  registerAdminModerationRoutes(app, ctx);
  registerAdminVoteRoutes(app, ctx);
  registerAdminSettingsRoutes(app, ctx);
  registerAdminCategoryRoutes(app, ctx);
  registerAdminBlogRoutes(app, ctx);
  registerAdminInterviewRoutes(app, ctx);
  registerAdminOrderRoutes(app, ctx);
  registerAdminVersionRoutes(app, ctx);
  registerAdminDomainRatingRoutes(app, ctx);
}
