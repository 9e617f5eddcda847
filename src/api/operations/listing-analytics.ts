import { Type, type TSchema } from '@sinclair/typebox';
import { listingForAnalytics } from '../../domain/analytics/analytics-repository.js';
import { listingAnalytics, RANGES, SERIES, type SeriesName } from '../../domain/analytics/listing-analytics.js';
import { notFound } from '../../errors/app-error.js';
import { defineOperation } from '../registry.js';
import { DateString, Params, Query, Slug, StringEnum } from '../schemas/common.js';

const perSeries = <T extends TSchema>(schema: T, description: string) =>
  Type.Object(Object.fromEntries(SERIES.map((s) => [s, schema])) as Record<SeriesName, T>, { description });

export const getListingAnalyticsOperation = defineOperation({
  operationId: 'get_listing_analytics',
  method: 'GET',
  path: '/listings/{slug}/analytics',
  tag: 'My listings',
  title: 'Analytics of my listing',
  summary:
    'Daily views, website clicks, votes (counted/held/voided), new followers, reviews; top referrers. Owners only.',
  scope: 'account:read',
  notFound: true,
  params: Params({ slug: Slug('Your listing') }),
  query: Query({
    range: Type.Optional(StringEnum(RANGES, { default: '30d', description: 'Last 7, 30 or 90 days' })),
    launch: Type.Optional(Type.String({ format: 'date', description: 'Or a launch week (Monday)' })),
  }),
  response: Type.Object({
    from: DateString,
    to: DateString,
    launches: Type.Array(DateString, { description: 'Launch weeks of the listing' }),
    days: Type.Array(DateString),
    series: perSeries(Type.Array(Type.Integer()), 'One count per day of days'),
    totals: perSeries(Type.Integer(), 'Sums over the days'),
    referrers: Type.Array(Type.Object({ host: Type.String(), count: Type.Integer() }), {
      description: 'Hosts that sent page views, most first',
    }),
  }),
  handler: async ({ slug, range, launch }, ctx) => {
    const principal = ctx.principal!;
    const l = await listingForAnalytics(ctx.db, ctx.site.id, slug, principal.userId);
    // Not yours reads as not there, as for every owner-only read: analytics are private.
    if (!l || !(l.owner || principal.isAdmin)) throw notFound(`You have no listing "${slug}".`);
    return listingAnalytics(ctx.db, l.id, { range: range ?? '30d', launch, now: ctx.now() });
  },
});

export const listingAnalyticsOperations = [getListingAnalyticsOperation];
