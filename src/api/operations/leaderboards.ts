import { Type } from '@sinclair/typebox';
import { defineOperation } from '../registry.js';
import { badRequest, notFound } from '../errors.js';
import { Nullable, PaginationQuery, Params, Query } from '../schemas/common.js';
import { ListingSummarySchema } from '../schemas/records.js';
import { pageBounds, pageOf } from '../pagination.js';
import { BOARDS, leaderboard } from '../../domain/leaderboards/leaderboards.js';
import { resolveWeek } from '../../domain/weeks/weeks.js';

export const getLeaderboardOperation = defineOperation({
  operationId: 'get_leaderboard',
  method: 'GET',
  path: '/leaderboards/{board}',
  tag: 'Leaderboards',
  title: 'A leaderboard',
  summary: "One board's ranking; each board is a separate ranking system.",
  scope: null,
  cached: true,
  notFound: true,
  paginated: true,
  params: Params({
    board: Type.String({
      maxLength: 40,
      description:
        'community-weekly (votes in a week), community-all-time, billboard (by money paid, marked paid), ' +
        'domain-rating (third-party) or revenue',
    }),
  }),
  query: Query({
    week: Type.Optional(
      Type.String({
        maxLength: 10,
        minLength: 1,
        description:
          'community-weekly only (else a 400): this (the default), last, or a date YYYY-MM-DD (snapped to its ' +
          'Monday)',
      }),
    ),
    ...PaginationQuery,
  }),
  response: Type.Object({
    board: Type.String(),
    title: Type.String(),
    description: Type.String(),
    paid: Type.Boolean({ description: 'True for the billboard: a paid ranking, not a community one' }),
    week: Nullable(Type.String()),
    items: Type.Array(
      Type.Object({
        rank: Type.Integer(),
        listing: ListingSummarySchema,
        metric: Type.Object({ name: Type.String(), value: Type.Number(), unit: Type.String() }),
        verified: Type.Optional(
          Type.Boolean({
            description:
              'Revenue board: true when the figure was read from the payment provider with a read-only key, false for a figure the owner stated',
          }),
        ),
        source: Type.Optional(
          Type.String({
            description:
              'Where the figure comes from — revenue board: `stripe`, or `self-reported` (ranked only when the site allows it); Domain Rating board: the provider (`ahrefs`, `openpagerank`, `import`, `demo`)',
          }),
        ),
        as_of: Type.Optional(
          Type.String({
            format: 'date',
            description:
              'The date of the figure: on the revenue board the first day of its month, on the Domain Rating board the day it was read',
          }),
        ),
        domain_rating: Type.Optional(
          Type.Object(
            {
              provider: Type.String({
                description:
                  "Who rated the domain: `ahrefs`, `openpagerank`, `import` (an administrator's CSV), `demo`, or an imported provider name",
              }),
              provider_label: Type.String({
                description: 'The name to show next to the value, e.g. "Ahrefs Domain Rating" or "Open PageRank"',
              }),
              scale: Type.Integer({
                description:
                  "The best possible rating on this provider's scale (Ahrefs 100, Open PageRank 10); the board orders by value / scale",
              }),
              as_of: Type.String({ format: 'date', description: 'The day the rating was read' }),
            },
            { description: 'Domain Rating board only: the source, scale and date of metric.value' },
          ),
        ),
      }),
    ),
    page: Type.Integer(),
    per_page: Type.Integer(),
    total: Type.Integer(),
    total_pages: Type.Integer(),
  }),
  handler: async (input, ctx) => {
    // An unknown board is an absent resource (404), like an unknown slug, not a malformed request.
    const board = BOARDS.find((b) => b === input.board);
    if (!board) throw notFound(`There is no leaderboard "${input.board}". Boards: ${BOARDS.join(', ')}.`);
    let week: string | null = null;
    if (input.week !== undefined && board !== 'community-weekly') {
      throw badRequest('week: only the community-weekly board takes a week.', [
        { path: 'week', message: 'applies to community-weekly only' },
      ]);
    }
    if (board === 'community-weekly') {
      week = resolveWeek(input.week ?? 'this', ctx.now());
      if (!week || input.week === 'next')
        throw badRequest('week: must be this, last or a date YYYY-MM-DD.', [
          { path: 'week', message: 'must be this, last or a valid date YYYY-MM-DD' },
        ]);
    }
    const { perPage, offset } = pageBounds(input);
    const r = await leaderboard(ctx.db, ctx.site.id, board, week, perPage, offset);
    return { ...r, ...pageOf(r.items, r.total, input) };
  },
});

export const leaderboardOperations = [getLeaderboardOperation];
