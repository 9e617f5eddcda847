/** What the site's administrators change in the admin area, each operation site-only and adminOnly (see shared.ts). */
import {
  moderateContentOperation,
  suspendAccountOperation,
  liftSuspensionOperation,
  voidVotesOperation,
} from './moderation.js';
import { updateSiteSettingsOperation } from './settings.js';
import {
  createCategoryOperation,
  updateCategoryOperation,
  replaceCategoryFaqsOperation,
  deleteCategoryOperation,
} from './categories.js';
import { createBlogPostOperation, updateBlogPostOperation, deleteBlogPostOperation } from './blog.js';
import {
  addInterviewQuestionOperation,
  updateInterviewQuestionOperation,
  setInterviewQuestionActiveOperation,
} from './interview.js';
import {
  setProductPriceOperation,
  setBundleContentsOperation,
  updateSalesSettingsOperation,
  completeAdminTaskOperation,
  refundOrderOperation,
} from './sales.js';
import { importDomainRatingsOperation } from './domain-ratings.js';

export * from './moderation.js';
export * from './settings.js';
export * from './categories.js';
export * from './blog.js';
export * from './interview.js';
export * from './sales.js';
export * from './domain-ratings.js';

export const adminOperations = [
  moderateContentOperation,
  suspendAccountOperation,
  liftSuspensionOperation,
  voidVotesOperation,
  updateSiteSettingsOperation,
  createCategoryOperation,
  updateCategoryOperation,
  replaceCategoryFaqsOperation,
  deleteCategoryOperation,
  createBlogPostOperation,
  updateBlogPostOperation,
  deleteBlogPostOperation,
  addInterviewQuestionOperation,
  updateInterviewQuestionOperation,
  setInterviewQuestionActiveOperation,
  setProductPriceOperation,
  setBundleContentsOperation,
  updateSalesSettingsOperation,
  completeAdminTaskOperation,
  refundOrderOperation,
  importDomainRatingsOperation,
];
