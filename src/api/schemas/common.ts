import { Type, type TObject, type TSchema, type TProperties } from '@sinclair/typebox';
import { SOCIAL_KEYS } from '../../drafting/draft-content.js';

/** A string enum as plain `{type: string, enum}` — clearer in OpenAPI docs and MCP clients than anyOf/const. */
export const StringEnum = <const T extends readonly string[]>(
  values: T,
  opts: { default?: T[number]; description?: string } = {},
) => Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...opts });

export const SLUG_PATTERN = '^[a-z0-9][a-z0-9-]{0,219}$';
export const Slug = (description = 'Slug') => Type.String({ pattern: SLUG_PATTERN, maxLength: 220, description });
/** `s` or null, as anyOf branches (a `type` array is less portable to MCP clients); `opts` describe the whole. */
export const Nullable = <T extends TSchema>(s: T, opts: { description?: string } = {}) =>
  Type.Union([s, Type.Null()], opts);
export const DateString = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
/** A language stated for a listing's text: a BCP 47 primary subtag (known ones only: listing-language.ts), or null. */
export const LanguageInput = (description: string) =>
  Nullable(Type.String({ pattern: '^[A-Za-z]{2,3}$' }), { description });
export const DateTime = Type.String({ format: 'date-time' });

/** An integer id of a stored row (listing, milestone, claim, question): PostgreSQL int4, so at most 2147483647. */
export const rowId = (description?: string) =>
  Type.Integer({ minimum: 1, maximum: 2147483647, ...(description ? { description } : {}) });

// No default: the first page is what an absent page means (pagination.ts), and saying so costs every list tool.
export const Page = Type.Integer({ minimum: 1, maximum: 1000, description: 'Page number' });
export const PerPage = Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Items per page' });
export const PaginationQuery = { page: Type.Optional(Page), per_page: Type.Optional(PerPage) };

/** Query objects ignore unknown parameters (cache-busters, tracking) instead of failing. */
export const Query = <T extends TProperties>(props: T) => Type.Object(props);
/** Bodies reject unknown properties: one the operation does not define is a 400, never silently ignored. */
export const Body = <T extends TProperties>(props: T, description?: string) =>
  Type.Object(props, { additionalProperties: false, description });
export const Params = <T extends TProperties>(props: T) => Type.Object(props, { additionalProperties: false });

const pageFields = <T extends TSchema>(item: T) => ({
  items: Type.Array(item),
  page: Type.Integer(),
  per_page: Type.Integer(),
  total: Type.Integer(),
  total_pages: Type.Integer(),
});
/** A page of `item`s, plus any `extra` properties of the answer (typed with them). */
export function Paginated<T extends TSchema>(item: T): TObject<ReturnType<typeof pageFields<T>>>;
export function Paginated<T extends TSchema, E extends TProperties>(
  item: T,
  extra: E,
): TObject<ReturnType<typeof pageFields<T>> & E>;
export function Paginated(item: TSchema, extra: TProperties = {}) {
  return Type.Object({ ...pageFields(item), ...extra });
}
export type PageOf<T> = { items: T[]; page: number; per_page: number; total: number; total_pages: number };

export const Faq = Type.Object(
  {
    question: Type.String({ minLength: 1, maxLength: 300 }),
    answer: Type.String({ minLength: 1, maxLength: 1500, description: 'Plain text' }),
  },
  { additionalProperties: false },
);

export const SOCIAL_PLATFORMS = SOCIAL_KEYS;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];
// Plain optional properties (not a record) so validators and MCP clients see every key.
/** Social links as an input, replacing the old ones; `whose` says whose they are. */
export const Socials = (whose: string) =>
  Type.Unsafe<Partial<Record<SocialPlatform, string>>>(
    Type.Object(
      Object.fromEntries(
        SOCIAL_PLATFORMS.map((k) => [k, Type.Optional(Type.String({ maxLength: 500 }))]),
      ) as TProperties,
      {
        additionalProperties: false,
        description: `${whose} links (http(s)) by platform; replaces all, empty ones left out`,
      },
    ),
  );

export const ProblemSchema = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
  },
  { additionalProperties: true, $id: 'Problem' },
);
