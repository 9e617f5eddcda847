import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.js';
import { registerAccountRoutes } from './account/account-routes.js';
import { registerAuthRoutes } from './account/auth-routes.js';
import { registerEmailLinkRoutes } from './account/email-link-routes.js';
import { registerOutboxRoutes } from './account/outbox-routes.js';
import { registerProviderRoutes } from './account/provider-routes.js';
import { registerSignInMethodRoutes } from './account/sign-in-method-routes.js';
import { registerPasskeyAccountRoutes } from './account/passkey-account-routes.js';
import { registerNotificationSettingsRoutes } from './account/notification-settings-routes.js';
import { registerUnsubscribeRoutes } from './account/unsubscribe-routes.js';
import { registerPasskeyRoutes } from './account/passkey-routes.js';
import { registerWebhookRoutes } from './account/webhook-routes.js';
import { registerAdminRoutes } from './admin/admin-routes.js';
import { registerFreeLaunchRoutes } from './checkout/free-launch-routes.js';
import { registerOrderRoutes } from './checkout/order-routes.js';
import { registerClaimLinkRoutes } from './claims/claim-link-routes.js';
import { registerClaimRoutes } from './claims/claim-routes.js';
import { registerCommunityRoutes } from './community/community-routes.js';
import { registerApiReference } from './docs/api-reference-page.js';
import { registerMcpPage } from './docs/mcp-page.js';
import { registerBadgeRoutes } from './images/badge-routes.js';
import { registerLogoRoutes } from './images/logo-routes.js';
import { registerMediaRoutes } from './images/media-routes.js';
import { registerShareImageRoutes } from './images/share-routes.js';
import { registerFollowRoutes } from './my-listings/my-listing-follow.js';
import { registerInterviewRoutes } from './my-listings/my-listing-interview.js';
import { registerListingMediaRoutes } from './my-listings/my-listing-media.js';
import { registerRevenueRoutes } from './my-listings/my-listing-revenue.js';
import { registerAnalyticsRoutes } from './my-listings/my-listing-analytics.js';
import { registerMyListingRoutes } from './my-listings/my-listing-routes.js';
import { registerAwardPages } from './public/award-pages.js';
import { registerBrowseRoutes } from './public/browse-routes.js';
import { registerCalendarRoutes } from './public/calendar-routes.js';
import { registerFeedRoutes } from './public/feeds.js';
import { registerListingRoutes } from './public/listing-routes.js';
import { registerOutboundRoutes } from './public/outbound-routes.js';
import { registerPeopleRoutes } from './public/people-routes.js';
import { registerSiteMapPage } from './public/site-map-page.js';
import { registerSitemapRoutes } from './public/sitemap.js';
import { type Access, guardArea } from './site-request.js';
import { registerDraftProgressRoutes } from './submit/draft-progress-routes.js';
import { registerDraftRoutes } from './submit/draft-routes.js';

type RegisterRoutes = (app: FastifyInstance, ctx: AppContext, opts: { openapi: object }) => void;

/**
 * A part of the website: its pages, who may open them, and where sign-in brings people back to
 * from a form posted without a Referer (a route can name its own page with config.signInNext).
 */
interface SiteArea {
  name: string;
  access: Access;
  home: string;
  routes: RegisterRoutes[];
}

/**
 * Every area of the website, registered from this one place, each as its own Fastify plugin whose
 * guard runs before any of its handlers (see guardArea). A part of a site area that signed-out
 * people must reach (signing in, an emailed link, what a script polls) is an `anyone` area of its
 * own; community and following still check sign-in in their handlers.
 */
const SITE_AREAS: SiteArea[] = [
  {
    name: 'public',
    access: 'anyone',
    home: '/',
    routes: [
      registerSitemapRoutes,
      registerSiteMapPage,
      registerBrowseRoutes,
      registerMcpPage,
      registerFeedRoutes,
      registerLogoRoutes,
      registerMediaRoutes,
      registerShareImageRoutes,
      registerApiReference,
      registerListingRoutes,
      registerOutboundRoutes,
      registerBadgeRoutes,
      registerCalendarRoutes,
      registerAwardPages,
      registerPeopleRoutes,
    ],
  },
  { name: 'community', access: 'anyone', home: '/', routes: [registerCommunityRoutes] },
  {
    name: 'sign-in',
    access: 'anyone',
    home: '/account',
    routes: [
      registerAuthRoutes,
      registerOutboxRoutes,
      registerProviderRoutes,
      registerPasskeyRoutes,
      registerEmailLinkRoutes,
      registerUnsubscribeRoutes,
    ],
  },
  {
    name: 'account',
    access: 'signed-in',
    home: '/account',
    routes: [
      registerAccountRoutes,
      registerSignInMethodRoutes,
      registerPasskeyAccountRoutes,
      registerNotificationSettingsRoutes,
      registerWebhookRoutes,
    ],
  },
  { name: 'draft progress', access: 'anyone', home: '/submit', routes: [registerDraftProgressRoutes] },
  { name: 'submit', access: 'signed-in', home: '/submit', routes: [registerDraftRoutes] },
  // Following is a button on public listing pages: its own sign-in redirect brings people back there.
  { name: 'following', access: 'anyone', home: '/', routes: [registerFollowRoutes] },
  {
    name: 'my-listings',
    access: 'signed-in',
    home: '/my/listings',
    routes: [
      registerMyListingRoutes,
      registerInterviewRoutes,
      registerRevenueRoutes,
      registerListingMediaRoutes,
      registerAnalyticsRoutes,
    ],
  },
  { name: 'claim links', access: 'anyone', home: '/claims', routes: [registerClaimLinkRoutes] },
  { name: 'claims', access: 'signed-in', home: '/claims', routes: [registerClaimRoutes] },
  { name: 'checkout', access: 'signed-in', home: '/orders', routes: [registerFreeLaunchRoutes, registerOrderRoutes] },
  { name: 'admin', access: 'admin', home: '/admin', routes: [registerAdminRoutes] },
];

export async function registerSiteAreas(app: FastifyInstance, ctx: AppContext, opts: { openapi: object }) {
  for (const area of SITE_AREAS) {
    await app.register(async (scope) => {
      scope.addHook('preHandler', guardArea(ctx, area.access, area.home));
      for (const routes of area.routes) routes(scope, ctx, opts);
    });
  }
}
