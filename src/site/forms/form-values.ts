/**
 * Reading a posted form (application/x-www-form-urlencoded, parsed by @fastify/formbody) or a
 * query string: a field sent once is a string, a field sent several times an array of strings.
 */
export type PostedForm = Record<string, string | string[] | undefined>;

/** The first value of a field (a repeated field keeps its first), or undefined when it was not sent. */
export const firstValue = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

/** The first value of a field, trimmed; '' when it was not sent. */
export const firstText = (v: string | string[] | undefined): string => (firstValue(v) ?? '').trim();

/** Every value of a field, in the order sent. */
export const allValues = (v: string | string[] | undefined): string[] =>
  v === undefined ? [] : Array.isArray(v) ? v : [v];
