/** Bounds of an account's webhook endpoints, shared by the operations' schemas and the domain's checks. */
export const MAX_ENDPOINTS = 10;
export const URL_MAX = 2000;
export const DESCRIPTION_MAX = 200;
/** How much of an endpoint's answer the delivery log keeps. */
export const EXCERPT_MAX = 500;
