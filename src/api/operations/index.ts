import type { Operation } from '../registry.js';
import { siteOperations } from './site.js';
import { listingOperations } from './listings.js';
import { categoryOperations } from './categories.js';
import { launchOperations } from './launches.js';
import { leaderboardOperations } from './leaderboards.js';
import { peopleOperations } from './people.js';
import { contentOperations } from './content.js';
import { badgeOperations } from './badges.js';
import { accountOperations } from './account.js';
import { submitOperations } from './submit.js';
import { myListingOperations } from './my-listings.js';
import { claimOperations } from './claims.js';
import { orderOperations } from './orders.js';

/** Every operation of REST and MCP, grouped by area; the OpenAPI document and /docs list them in this order. */
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
  ...submitOperations,
  ...myListingOperations,
  ...claimOperations,
  ...orderOperations,
];
