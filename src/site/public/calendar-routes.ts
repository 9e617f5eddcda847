import type { OutputOf } from '../../api/registry.js';
import { getLaunchWeekOperation } from '../../api/operations/launches.js';
import { getLeaderboardOperation } from '../../api/operations/leaderboards.js';
import { listAwardsOperation } from '../../api/operations/content.js';
import { launchWeekBefore } from '../../domain/launches/launch-repository.js';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { html, layout, type SafeHtml } from '../html.js';
import { pageMemoOf } from '../page-memo.js';
import type { PersonalParts } from '../personal-parts.js';
import { listingCard, logo, pagination } from '../components.js';
import type { Crumb } from '../site-navigation.js';
import { weekPage } from './week-page.js';
import { weekSurroundings } from './week-data.js';
import { readOperation } from './read-operation.js';
import { weekSharePath } from '../../domain/images/image-addresses.js';
import { BOARDS } from '../../domain/leaderboards/leaderboards.js';
import { addWeeks, mondayOf, weekEnd } from '../../domain/weeks/weeks.js';
import { revenueSourceLabel } from '../../domain/revenue/revenue-providers.js';
import { formatUsd } from '../../domain/money/format-money.js';

type Query = Record<string, string | undefined>;
type Board = OutputOf<typeof getLeaderboardOperation>;
type Awards = OutputOf<typeof listAwardsOperation>;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const number = new Intl.NumberFormat('en-US');

/** A board's metric as a person reads it: votes as numbers, USD cents as dollars, a Domain Rating in points. */
export function formatMetric(m: { name: string; value: number; unit: string }): { value: string; label: string } {
  if (m.unit === 'USD cents')
    return {
      value: formatUsd(m.value),
      label: m.name === 'mrr' ? 'monthly recurring revenue' : 'contributed (paid placement)',
    };
  if (m.unit === 'points') return { value: `${number.format(m.value)} pts`, label: 'Domain Rating points' };
  return { value: number.format(m.value), label: m.unit };
}

/** A Domain Rating says whose it is, on what scale and when it was read: never a bare number. */
function withRatingSource(
  m: { value: string; label: string; note?: string },
  dr: { provider_label: string; scale: number; as_of: string } | undefined,
): { value: string; label: string; note?: string } {
  if (!dr) return m;
  return {
    value: `${m.value.replace(/ pts$/, '')} / ${dr.scale}`,
    label: `${dr.provider_label}, read ${dr.as_of}`,
    note: `${dr.provider_label} · ${dr.as_of}`,
  };
}

/** A revenue figure says its month and where it comes from: verified by a provider, or self-reported. */
function withProvenance(
  m: { value: string; label: string },
  it: { verified?: boolean; source?: string; as_of?: string },
): { value: string; label: string; note?: string } {
  if (it.verified === undefined || !it.as_of) return m;
  const month = `${MONTHS[Number(it.as_of.slice(5, 7)) - 1]} ${it.as_of.slice(0, 4)}`;
  const source = it.verified ? `verified by ${revenueSourceLabel(it.source ?? '')}` : 'self-reported';
  // Shown, not only read out: nothing on a board stands without its source and date.
  return { value: m.value, label: `${m.label}, ${month}, ${source}`, note: `${month} · ${source}` };
}

/** What the metric column of a board means, in a sentence. */
const RANKED_BY: Record<string, string> = {
  votes: 'community votes',
  contributed: 'money contributed (USD) — paid placement',
  domain_rating: "latest third-party rating, as a share of its provider's scale (each shown with its source and date)",
  mrr: 'monthly recurring revenue (USD)',
};

const qs = (q: Query) => {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') u.set(k, v);
  const s = u.toString();
  return s ? `?${s}` : '';
};

function rankedBoard(items: Board['items'], now: Date, empty: string): SafeHtml {
  if (items.length === 0) return html`<p class="muted empty">${empty}</p>`;
  return html`<ol class="cards ranked">${items.map((it) => listingCard(it.listing, { now, rank: it.rank, metric: withRatingSource(withProvenance(formatMetric(it.metric), it), it.domain_rating) }))}</ol>`;
}

/** The billboard ranks by money: said in words wherever it is shown (the API's `paid: true`). */
const paidNotice = (id: string) =>
  html`<p class="notice paid-notice" id="${id}"><strong>Paid ranking</strong> — this is advertising, not a community vote.</p>`;

/** The launch calendar (weeks), the leaderboards and the Launch of the Week awards, as pages (memoised, page-memo.ts). */
export function registerCalendarRoutes(app: FastifyInstance, ctx: AppContext) {
  const base = ctx.config.publicUrl;
  const siteName = ctx.site.name;
  const memo = pageMemoOf(ctx);
  const inLayout = (
    parts: PersonalParts,
    o: { title: string; description: string; canonical: string; image?: string; breadcrumbs?: Crumb[] },
    body: SafeHtml,
  ) => layout({ ...o, siteName, header: parts.header }, body);

  app.get<{ Params: { week: string }; Querystring: Query }>('/launches/weeks/:week', (req, reply) =>
    memo.send(req, reply, async (parts) => {
      const now = ctx.now();
      const w = await readOperation(ctx, getLaunchWeekOperation, {
        week: req.params.week,
        page: req.query.page,
        per_page: req.query.per_page,
      });
      const around = await weekSurroundings(ctx, w.week, now);
      const count = `${w.total} ${w.total === 1 ? 'launch' : 'launches'}`;
      return inLayout(
        parts,
        {
          title: `Launches of the week of ${w.week} — ${siteName}`,
          description:
            w.state === 'upcoming'
              ? `${count} scheduled on ${siteName} for the week of ${w.week} to ${w.ends}.`
              : `${count} on ${siteName} in the week of ${w.week} to ${w.ends}, ranked by the community votes cast that week.`,
          canonical: `${base}/launches/weeks/${w.week}${qs({ page: w.page > 1 ? String(w.page) : undefined })}`,
          image: `${base}${weekSharePath(w.week)}`,
          breadcrumbs: [
            { href: '/', label: 'Home' },
            { href: '/launches', label: 'Launches' },
            { label: `Week of ${w.week}` },
          ],
        },
        weekPage(w, around, { now, per_page: req.query.per_page }),
      );
    }),
  );

  app.get('/leaderboards', (req, reply) =>
    memo.send(req, reply, async (parts) => {
      const now = ctx.now();
      const boards = await Promise.all(
        BOARDS.map((b) => readOperation(ctx, getLeaderboardOperation, { board: b, per_page: 3 })),
      );
      return inLayout(
        parts,
        {
          title: `Leaderboards — ${siteName}`,
          description: `Five separate rankings of ${siteName}'s products: community votes this week and of all time, the paid billboard, Domain Rating and revenue.`,
          canonical: `${base}/leaderboards`,
          breadcrumbs: [{ href: '/', label: 'Home' }, { label: 'Leaderboards' }],
        },
        html`
      <h1>Leaderboards</h1>
      <p class="muted">Five separate rankings. Only the billboard is paid: it is advertising, ranked by money, and never mixed with the community boards.</p>
      <div class="board-index">${boards.map(
        (b) => html`
        <section class="board-summary${b.paid ? ' paid' : ''}" aria-labelledby="board-${b.board}-h">
          <h2 id="board-${b.board}-h"><a href="/leaderboards/${b.board}">${b.title}</a>${b.paid ? html` <span class="chip paid">Paid placement</span>` : ''}</h2>
          ${b.paid ? paidNotice(`board-${b.board}-paid`) : ''}
          <p>${b.description}</p>
          ${rankedBoard(b.items, now, 'Nobody on this board yet.')}
          <p class="more"><a href="/leaderboards/${b.board}">The whole board<span class="sr-only">: ${b.title}</span><span aria-hidden="true"> →</span></a></p>
        </section>`,
      )}</div>
      <p class="small muted">See also the <a href="/awards">Launch of the Week awards</a> and <a href="/launches/weeks/this">this week's launches</a>.</p>`,
      );
    }),
  );

  app.get<{ Params: { board: string }; Querystring: Query }>('/leaderboards/:board', (req, reply) =>
    memo.send(req, reply, async (parts) => {
      const now = ctx.now();
      const b = await readOperation(ctx, getLeaderboardOperation, {
        board: req.params.board,
        week: req.query.week,
        page: req.query.page,
        per_page: req.query.per_page,
      });
      const path = `/leaderboards/${b.board}`;
      const current = mondayOf(now);
      const weekly = b.board === 'community-weekly' && b.week !== null;
      const heading = weekly && b.week !== current ? `Community — week of ${b.week}` : b.title;
      // The rolling "this week" board has its own address; a chosen week is canonical by its Monday.
      const weekQuery = weekly && req.query.week !== undefined && req.query.week !== '' ? b.week! : undefined;
      const metric =
        b.items[0]?.metric.name ??
        (b.board === 'billboard'
          ? 'contributed'
          : b.board === 'domain-rating'
            ? 'domain_rating'
            : b.board === 'revenue'
              ? 'mrr'
              : 'votes');
      // Links only to pages that exist: a past week without launches has no calendar page, and the
      // weekly board goes back only while it has votes to show.
      const weekHasPage =
        weekly &&
        (b.week! >= current || (await launchWeekBefore(ctx.db, ctx.site.id, addWeeks(b.week!, 1))) === b.week);
      return inLayout(
        parts,
        {
          title: `${heading} — leaderboard — ${siteName}`,
          description: b.paid ? `${b.description} Paid placement on ${siteName}.` : b.description,
          canonical: `${base}${path}${qs({ week: weekQuery, page: b.page > 1 ? String(b.page) : undefined })}`,
          breadcrumbs: [
            { href: '/', label: 'Home' },
            { href: '/leaderboards', label: 'Leaderboards' },
            { label: heading },
          ],
        },
        html`
      <h1>${heading}</h1>
      ${b.paid ? paidNotice('paid-notice') : ''}
      <p>${b.description}</p>
      ${
        weekly
          ? html`<p class="muted week-range">Votes cast from Monday <time datetime="${b.week}">${b.week}</time> to Sunday <time datetime="${weekEnd(b.week!)}">${weekEnd(b.week!)}</time> (UTC)${weekHasPage ? html` · <a href="/launches/weeks/${b.week}">that week's launches</a>` : ''}</p>
        <nav class="week-nav" aria-label="Other weeks">
          ${b.items.length ? html`<a rel="prev" href="${path}?week=${addWeeks(b.week!, -1)}"><span aria-hidden="true">← </span>Week of ${addWeeks(b.week!, -1)}</a>` : html`<span></span>`}
          ${b.week! < current ? html`<a rel="next" href="${path}?week=${addWeeks(b.week!, 1)}">Week of ${addWeeks(b.week!, 1)}<span aria-hidden="true"> →</span></a>` : html`<span></span>`}
        </nav>`
          : ''
      }
      <section aria-labelledby="board-list-h">
        <h2 id="board-list-h">Ranked by ${RANKED_BY[metric] ?? metric}</h2>
        ${rankedBoard(b.items, now, b.page > 1 ? 'No more listings on this page.' : 'Nobody on this board yet.')}
        ${pagination(path, { week: weekQuery, per_page: req.query.per_page }, b.page, b.total_pages)}
      </section>
      <nav class="board-nav" aria-label="Leaderboards"><ul>${BOARDS.map((name) => html`<li><a href="/leaderboards/${name}"${name === b.board ? html` aria-current="page"` : ''}>${name === 'billboard' ? 'Billboard (paid)' : name.replace(/-/g, ' ')}</a></li>`)}</ul></nav>`,
      );
    }),
  );

  app.get<{ Querystring: Query }>('/awards', (req, reply) =>
    memo.send(req, reply, async (parts) => {
      const a = await readOperation(ctx, listAwardsOperation, {
        listing: req.query.listing,
        page: req.query.page,
        per_page: req.query.per_page,
      });
      const listing = req.query.listing ? (a.items[0]?.listing.name ?? req.query.listing) : null;
      const weeks: { week: string; items: Awards['items'] }[] = [];
      for (const item of a.items) {
        const last = weeks[weeks.length - 1];
        if (last && last.week === item.week) last.items.push(item);
        else weeks.push({ week: item.week, items: [item] });
      }
      const heading = listing ? `Launch of the Week awards of ${listing}` : 'Launch of the Week awards';
      return inLayout(
        parts,
        {
          title: `${heading} — ${siteName}`,
          description: `The ${siteName} Launch of the Week #1, #2 and #3 of every week, by the community votes cast during the week${listing ? ` — won by ${listing}` : ''}.`,
          canonical: `${base}/awards${qs({ listing: req.query.listing, page: a.page > 1 ? String(a.page) : undefined })}`,
          breadcrumbs: listing
            ? [
                { href: '/', label: 'Home' },
                { href: '/hall-of-fame', label: 'Hall of Fame' },
                { href: '/awards', label: 'Awards' },
                { label: listing },
              ]
            : [{ href: '/', label: 'Home' }, { href: '/hall-of-fame', label: 'Hall of Fame' }, { label: 'Awards' }],
        },
        html`
      <h1>${heading}</h1>
      <p class="muted">Every week the three live launches with the most community votes cast during their launch week win Launch of the Week #1, #2 and #3. Newest week first. Every winner and the all-time top are in the <a href="/hall-of-fame">Hall of Fame</a>.</p>
      ${listing ? html`<p><a href="/awards">All awards</a></p>` : ''}
      ${weeks.length === 0 ? html`<p class="muted empty">${a.page > 1 ? 'No more awards on this page.' : listing ? `${listing} has not won an award yet.` : 'No awards yet: the first are given when a launch week ends.'}</p>` : ''}
      ${weeks.map(
        (g) => html`<section class="award-week" aria-labelledby="awards-${g.week}-h">
        <h2 id="awards-${g.week}-h"><a href="/launches/weeks/${g.week}">Week of ${g.week}</a></h2>
        <ol class="awards">${g.items.map(
          (it) => html`<li class="award rank-${it.rank}">
          ${logo(it.listing)}
          <div class="body">
            <h3 class="name"><a href="/p/${it.listing.slug}">${it.listing.name}</a></h3>
            <p class="award-title"><a href="/launches/weeks/${it.week}">${it.title}<span class="sr-only">, week of ${it.week}</span></a> · ${number.format(it.votes)} ${it.votes === 1 ? 'vote' : 'votes'} that week · <a href="/awards/${it.id}">Verify<span class="sr-only"> ${it.listing.name}'s ${it.title}, week of ${it.week}</span></a></p>
          </div></li>`,
        )}</ol>
      </section>`,
      )}
      ${pagination('/awards', { listing: req.query.listing, per_page: req.query.per_page }, a.page, a.total_pages)}`,
      );
    }),
  );
}
