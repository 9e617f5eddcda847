import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.js';
import type { OutputOf } from '../../api/registry.js';
import { getListingAnalyticsOperation } from '../../api/operations/listing-analytics.js';
import { REPEAT_WINDOW_MS } from '../../domain/analytics/analytics-counter.js';
import { RANGES, SERIES, type Range, type SeriesName } from '../../domain/analytics/listing-analytics.js';
import type { OwnedListing } from '../../domain/listings/listing-ownership.js';
import { companyName } from '../../domain/listings/listing-repository.js';
import type { User } from '../../domain/accounts/user-repository.js';
import { barChart } from '../charts/bar-chart.js';
import { firstValue } from '../forms/form-values.js';
import { runOperation } from '../forms/run-form.js';
import { html, type SafeHtml } from '../html.js';
import { signedInUserOf } from '../site-request.js';
import { listingFor } from './owned-listing-page.js';

type Report = OutputOf<typeof getListingAnalyticsOperation>;
type Form = Record<string, string | string[] | undefined>;

/** Each series as the page names it: the chart's title, and what one count is. */
const WORDS: Record<SeriesName, { title: string; one: string; many: string }> = {
  views: { title: 'Page views', one: 'view', many: 'views' },
  clicks: { title: 'Website clicks', one: 'click', many: 'clicks' },
  votes_counted: { title: 'Votes counted', one: 'vote counted', many: 'votes counted' },
  votes_held: { title: 'Votes held', one: 'vote held', many: 'votes held' },
  votes_voided: { title: 'Votes voided', one: 'vote voided', many: 'votes voided' },
  followers: { title: 'New followers', one: 'new follower', many: 'new followers' },
  reviews: { title: 'Reviews', one: 'review', many: 'reviews' },
};
const RANGE_WORDS: Record<Range, string> = { '7d': 'Last 7 days', '30d': 'Last 30 days', '90d': 'Last 90 days' };

/** What one chart shows, in a sentence: its total and its busiest day. */
function describe(r: Report, s: SeriesName): string {
  const w = WORDS[s];
  const total = r.totals[s];
  if (total === 0) return `No ${w.many} from ${r.from} to ${r.to}.`;
  const values = r.series[s];
  const top = values.indexOf(Math.max(...values));
  return `${total} ${total === 1 ? w.one : w.many} from ${r.from} to ${r.to}; the most on ${r.days[top]} (${values[top]}).`;
}

/** The page's choice of days as query text: a launch week, or a range. */
const choiceQuery = (c: { range: Range; launch?: string }) => (c.launch ? `launch=${c.launch}` : `range=${c.range}`);

function analyticsView(o: {
  listing: OwnedListing;
  name: string;
  report: Report;
  choice: { range: Range; launch?: string };
}): SafeHtml {
  const { report: r, listing: l, choice } = o;
  const base = `/my/listings/${l.id}/analytics`;
  const current = (on: boolean) => (on ? html` aria-current="page"` : '');
  return html`<p><a href="/my/listings/${l.id}">← ${o.name}</a></p>
    <h1>Analytics of ${o.name}</h1>
    <nav class="section-nav" aria-label="Days shown">${RANGES.map((k) => html`<a href="${base}?range=${k}"${current(!choice.launch && choice.range === k)}>${RANGE_WORDS[k]}</a>`)}${r.launches.map((w) => html`<a href="${base}?launch=${w}"${current(choice.launch === w)}>Launch week of ${w}</a>`)}</nav>
    <p>From ${r.from} to ${r.to} (UTC days). <a href="${base}.csv?${choiceQuery(choice)}" download>Download as CSV</a></p>
    <p class="small muted">Views and website clicks are counted without cookies, once per visitor per listing every ${REPEAT_WINDOW_MS / 60_000} minutes; known bots are left out, and counts show within a minute. Votes are shown by the day they were cast: held votes wait for young accounts to age, voided ones were removed by a moderator; your own votes are in neither.</p>
    <div class="table-wrap"><table class="analytics-totals"><caption>Totals</caption><thead><tr>${SERIES.map((s) => html`<th scope="col">${WORDS[s].title}</th>`)}</tr></thead>
      <tbody><tr>${SERIES.map((s) => html`<td>${r.totals[s]}</td>`)}</tr></tbody></table></div>
    <div class="charts">${SERIES.map((s) =>
      barChart({
        id: `chart-${s.replace(/_/g, '-')}`,
        title: WORDS[s].title,
        description: describe(r, s),
        points: r.days.map((day, i) => ({ label: day, value: r.series[s][i] })),
      }),
    )}</div>
    <h2 id="referrers">Referrers</h2>
    ${
      r.referrers.length
        ? html`<div class="table-wrap"><table><caption class="sr-only">Sites that sent visitors to the listing page</caption><thead><tr><th scope="col">Site</th><th scope="col">Page views</th></tr></thead>
      <tbody>${r.referrers.map((x) => html`<tr><td>${x.host}</td><td>${x.count}</td></tr>`)}</tbody></table></div>`
        : html`<p class="muted">No other site sent visitors in these days (visits from search apps, chat apps and typed addresses name no site).</p>`
    }`;
}

/** The report as CSV: a header row, then one row per day with every series. */
export function analyticsCsv(r: Report): string {
  const rows = [['day', ...SERIES].join(',')];
  r.days.forEach((day, i) => {
    rows.push([day, ...SERIES.map((s) => r.series[s][i])].join(','));
  });
  return `${rows.join('\r\n')}\r\n`;
}

/**
 * /my/listings/:id/analytics: the listing's daily series as charts with their tables, a range or
 * launch-week switcher (plain links), its referrers, and the same figures as CSV (…/analytics.csv).
 * Owners and co-founders only (`listingFor` sends the 403/404 page otherwise); the figures come from
 * get_listing_analytics, as over the API.
 */
export function registerAnalyticsRoutes(app: FastifyInstance, ctx: AppContext) {
  async function report(
    req: FastifyRequest<{ Params: { id: string }; Querystring: Form }>,
    reply: FastifyReply,
  ): Promise<{ user: User; listing: OwnedListing; report: Report; choice: { range: Range; launch?: string } } | null> {
    const user = signedInUserOf(req);
    const listing = await listingFor(ctx, reply, user, req.params.id);
    if (!listing) return null;
    const range = firstValue(req.query.range);
    const launch = firstValue(req.query.launch);
    const query = { ...(range ? { range } : {}), ...(launch ? { launch } : {}) };
    const r = await runOperation(
      ctx,
      user,
      getListingAnalyticsOperation,
      { params: { slug: listing.slug }, query },
      { coerce: true },
    );
    if (!r.ok) {
      reply.page(
        'Analytics',
        html`<p><a href="/my/listings/${listing.id}/analytics">← Analytics</a></p><h1>Analytics</h1><p class="error" role="alert">${r.message}</p>`,
        r.status,
      );
      return null;
    }
    const choice = { range: (RANGES as readonly string[]).includes(range ?? '') ? (range as Range) : '30d', launch };
    return { user, listing, report: r.value, choice };
  }

  app.get<{ Params: { id: string }; Querystring: Form }>('/my/listings/:id/analytics', async (req, reply) => {
    const o = await report(req, reply);
    if (!o) return reply;
    const name = (await companyName(ctx.db, o.listing.company_id)) ?? o.listing.slug;
    return reply.page(`Analytics of ${name}`, analyticsView({ ...o, name }));
  });

  app.get<{ Params: { id: string }; Querystring: Form }>('/my/listings/:id/analytics.csv', async (req, reply) => {
    const o = await report(req, reply);
    if (!o) return reply;
    return reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="${o.listing.slug}-analytics-${o.report.from}-to-${o.report.to}.csv"`,
      )
      .header('cache-control', 'private, no-store')
      .send(analyticsCsv(o.report));
  });
}
