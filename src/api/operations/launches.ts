import { Type } from '@sinclair/typebox';
import { defineOperation } from '../registry.js';
import { badRequest, notFound } from '../errors.js';
import { DateString, Nullable, PaginationQuery, Params, Query, StringEnum, Paginated } from '../schemas/common.js';
import { ListingSummarySchema, RankingSchema } from '../schemas/records.js';
import { pageBounds, pageOf } from '../pagination.js';
import { launchSection, launchWeek, LAUNCH_SECTIONS } from '../../domain/launches/launch-repository.js';
import { addWeeks, mondayOf, resolveWeek, weekEnd } from '../../domain/weeks/weeks.js';
import { rankingsOf } from '../../domain/ranking/launch-ranking.js';

export const WeekParam = Type.String({
  maxLength: 10,
  minLength: 1,
  description: 'this, next, last, or a date YYYY-MM-DD (snapped to its Monday)',
});

export const getLaunchWeekOperation = defineOperation({
  operationId: 'get_launch_week',
  method: 'GET',
  path: '/launches/weeks/{week}',
  tag: 'Launches',
  title: 'Launches of a week',
  summary:
    'A week runs Monday to Sunday (UTC); a past or current one lists its live launches by votes cast that week, a future one its scheduled launches.',
  scope: null,
  cached: true,
  notFound: true,
  paginated: true,
  params: Params({ week: WeekParam }),
  query: Query({ ...PaginationQuery }),
  response: Type.Composite([
    Paginated(
      Type.Composite([
        ListingSummarySchema,
        Type.Object({ rank: Type.Integer(), week_votes: Type.Integer(), ranking: Nullable(RankingSchema) }),
      ]),
    ),
    Type.Object({
      week: DateString,
      ends: DateString,
      state: StringEnum(['past', 'current', 'upcoming'] as const),
      previous_week: DateString,
      next_week: DateString,
    }),
  ]),
  handler: async (input, ctx) => {
    const now = ctx.now();
    const monday = resolveWeek(input.week, now);
    if (!monday)
      throw badRequest(`week: "${input.week}" is not this, next, last or a date YYYY-MM-DD.`, [
        { path: 'week', message: 'must be this, next, last or a valid date YYYY-MM-DD' },
      ]);
    const { perPage, offset } = pageBounds(input);
    const r = await launchWeek(ctx.db, ctx.site.id, monday, now, perPage, offset);
    // An empty past week has no calendar page; current and future weeks exist even when empty.
    if (r.total === 0 && r.state === 'past' && offset === 0) throw notFound(`No launches in the week of ${monday}.`);
    // How each rank is made: the same figures as get_listing's (none before the week begins).
    const rankings =
      r.state === 'upcoming'
        ? new Map()
        : await rankingsOf(
            ctx.db,
            monday,
            r.items.map((i) => ({ id: i.id, rank: i.rank, of: r.total, launched_at: i.launched_at })),
          );
    const items = r.items.map((item) => ({ ...item, ranking: rankings.get(item.id) ?? null }));
    return {
      ...pageOf(items, r.total, input),
      week: monday,
      ends: weekEnd(monday),
      state: r.state,
      previous_week: addWeeks(monday, -1),
      next_week: addWeeks(monday, 1),
    };
  },
});

export const listLaunchesOperation = defineOperation({
  operationId: 'list_launches',
  method: 'GET',
  path: '/launches',
  tag: 'Launches',
  title: 'Launch sections',
  summary: 'One section of the launches page.',
  scope: null,
  cached: true,
  paginated: true,
  query: Query({
    section: Type.Optional(
      StringEnum(LAUNCH_SECTIONS, {
        default: 'this-week',
        description:
          'today (UTC) and this-week: their launches, most voted first; trending: votes of the last 30 days, ' +
          'each halving in weight every two days; most-voted, most-viewed, most-followed, recent ' +
          "(newest launch first): every live listing; upcoming: this week's or later, soonest first",
      }),
    ),
    ...PaginationQuery,
  }),
  response: Type.Composite([
    Paginated(ListingSummarySchema),
    Type.Object({ section: Type.String(), week: DateString }),
  ]),
  handler: async (input, ctx) => {
    const section = input.section ?? 'this-week';
    const { perPage, offset } = pageBounds(input);
    const now = ctx.now();
    const r = await launchSection(ctx.db, ctx.site.id, section, now, perPage, offset);
    return { ...pageOf(r.items, r.total, input), section, week: mondayOf(now) };
  },
});

export const launchOperations = [getLaunchWeekOperation, listLaunchesOperation];
