import { offeredOn, type Operation } from '../registry.js';
import { siteOperations } from './site.js';
import { listingOperations } from './listings.js';
import { categoryOperations } from './categories.js';
import { launchOperations } from './launches.js';
import { leaderboardOperations } from './leaderboards.js';
import { peopleOperations } from './people.js';
import { contentOperations } from './content.js';
import { badgeOperations } from './badges.js';
import { accountOperations } from './account.js';
import { webhookOperations } from './webhooks.js';
import { accountSettingsOperations } from './account-settings.js';
import { notificationSettingsOperations } from './notification-settings.js';
import { accountAccessOperations } from './account-access.js';
import { signInMethodOperations } from './sign-in-methods.js';
import { passkeyOperations } from './passkeys.js';
import { submitOperations } from './submit.js';
import { myListingOperations } from './my-listings.js';
import { listingMediaOperations } from './listing-media.js';
import { listingAnalyticsOperations } from './listing-analytics.js';
import { revenueOperations } from './revenue.js';
import { claimOperations } from './claims.js';
import { orderOperations } from './orders.js';
import { checkoutOperations } from './checkout.js';
import { communityOperations } from './community.js';
import { adminOperations } from './admin/index.js';

/** Every operation, grouped by area (site-only ones last); REST, OpenAPI, MCP and /docs list those of their surface in this order. */
export const operations: Operation[] = [
  ...siteOperations,
  ...listingOperations,
  ...categoryOperations,
  ...launchOperations,
  ...leaderboardOperations,
  ...peopleOperations,
  ...contentOperations,
  ...badgeOperations,
  ...accountOperations,
  ...webhookOperations,
  ...submitOperations,
  ...myListingOperations,
  ...listingMediaOperations,
  ...listingAnalyticsOperations,
  ...claimOperations,
  ...orderOperations,
  ...checkoutOperations,
  ...communityOperations,
  ...accountSettingsOperations,
  ...notificationSettingsOperations,
  ...accountAccessOperations,
  ...signInMethodOperations,
  ...passkeyOperations,
  ...revenueOperations,
  ...adminOperations,
];

/** The operations of the REST API (and its OpenAPI document). */
export const apiOperations = operations.filter((op) => offeredOn(op, 'api'));
/** The operations that are MCP tools. */
export const mcpOperations = operations.filter((op) => offeredOn(op, 'mcp'));
