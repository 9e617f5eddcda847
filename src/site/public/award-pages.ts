import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context.js';
import { html, layout, type SafeHtml } from '../html.js';
import { pageMemoOf } from '../page-memo.js';
import type { PersonalParts } from '../personal-parts.js';
import { logo, pagination } from '../components.js';
import type { Crumb } from '../site-navigation.js';
import { HttpError, badRequest } from '../../api/errors.js';
import { findAward } from '../../domain/awards/award-repository.js';
import { allTimeTop, winnersByWeek, type AllTimeEntry } from '../../domain/awards/hall-of-fame.js';
import { weekEnd } from '../../domain/weeks/weeks.js';

const WEEKS_PER_PAGE = 20;
const ALL_TIME_TOP = 10;
const number = new Intl.NumberFormat('en-US');
const votes = (n: number) => `${number.format(n)} ${n === 1 ? 'vote' : 'votes'}`;

/** How awards are given, in a sentence for people (the rule itself is in domain/awards/award-week.ts). */
const AWARD_RULE =
  "Each week the three live launches of that week with the most community votes cast during it (Monday to Sunday, UTC) win Launch of the Week #1, #2 and #3. Only counted votes count: never an owner's own vote, nor one a moderator voided. On equal votes, the launch that reached its count first wins. A week is awarded once, when it ends, and never re-ranked.";

/** "2 × #1 · 1 × #3" */
const medals = (t: AllTimeEntry) =>
  [
    [t.firsts, 1],
    [t.seconds, 2],
    [t.thirds, 3],
  ]
    .filter(([n]) => n > 0)
    .map(([n, r]) => `${n} × #${r}`)
    .join(' · ');

/** The public verification page of each award (a badge links to it) and the Hall of Fame (memoised, page-memo.ts). */
export function registerAwardPages(app: FastifyInstance, ctx: AppContext) {
  const base = ctx.config.publicUrl;
  const siteName = ctx.site.name;
  const memo = pageMemoOf(ctx);
  const inLayout = (
    parts: PersonalParts,
    o: { title: string; description: string; canonical: string; breadcrumbs: Crumb[] },
    body: SafeHtml,
  ) => layout({ ...o, siteName, header: parts.header }, body);

  app.get<{ Params: { id: string } }>('/awards/:id', (req, reply) =>
    memo.send(req, reply, async (parts) => {
      // Anything but a plain award number (words, signs, numbers past int4) is simply no award.
      const a = /^[1-9][0-9]{0,8}$/.test(req.params.id)
        ? await findAward(ctx.db, ctx.site.id, Number(req.params.id))
        : null;
      if (!a) throw new HttpError(404, `There is no award ${req.params.id}.`);
      const l = a.listing;
      return inLayout(
        parts,
        {
          title: `${l.name} — ${a.title}, week of ${a.week} — ${siteName}`,
          description: `${l.name} won ${a.title} on ${siteName} for the week of ${a.week}, with ${votes(a.votes)} from the community that week.`,
          canonical: `${base}/awards/${a.id}`,
          breadcrumbs: [
            { href: '/', label: 'Home' },
            { href: '/hall-of-fame', label: 'Hall of Fame' },
            { label: `${a.title}, week of ${a.week}` },
          ],
        },
        html`
      <h1>${l.name} won ${a.title} for the week of ${a.week}</h1>
      <p class="notice"><strong>Verified award.</strong> This page is ${siteName}'s own record of it; the award badge links here, so anyone can check it.</p>
      <div class="award rank-${a.rank}">
        ${logo(l)}
        <div class="body">
          <h2 class="name"><a href="/p/${l.slug}">${l.name}</a></h2>
          <p class="award-title">${l.tagline}</p>
        </div>
      </div>
      <dl class="facts">
        <dt>Award</dt><dd>${a.title}</dd>
        <dt>Week</dt><dd><a href="/launches/weeks/${a.week}">Monday <time datetime="${a.week}">${a.week}</time> to Sunday <time datetime="${weekEnd(a.week)}">${weekEnd(a.week)}</time> (UTC)</a></dd>
        <dt>Community votes that week</dt><dd>${votes(a.votes)}, as counted when the award was given</dd>
        <dt>Awarded on</dt><dd><time datetime="${a.awarded_at}">${a.awarded_at.slice(0, 10)}</time></dd>
      </dl>
      <p class="small muted">${AWARD_RULE}</p>
      <p><a href="/p/${l.slug}">${l.name}'s listing</a> · <a href="/launches/weeks/${a.week}">The launches of the week of ${a.week}</a> · <a href="/awards?listing=${l.slug}">Every award of ${l.name}</a> · <a href="/hall-of-fame">Hall of Fame</a></p>`,
      );
    }),
  );

  app.get<{ Querystring: Record<string, string | undefined> }>('/hall-of-fame', (req, reply) =>
    memo.send(req, reply, async (parts) => {
      const p = req.query.page;
      if (p !== undefined && p !== '' && !(/^[1-9][0-9]{0,3}$/.test(p) && Number(p) <= 1000))
        throw badRequest('page must be a whole number from 1 to 1000', [
          { path: 'page', message: 'must be from 1 to 1000' },
        ]);
      const page = p ? Number(p) : 1;
      const [byWeek, top] = await Promise.all([
        winnersByWeek(ctx.db, ctx.site.id, WEEKS_PER_PAGE, (page - 1) * WEEKS_PER_PAGE),
        page === 1 ? allTimeTop(ctx.db, ctx.site.id, ALL_TIME_TOP) : Promise.resolve([]),
      ]);
      const totalPages = Math.ceil(byWeek.total / WEEKS_PER_PAGE);
      return inLayout(
        parts,
        {
          title: `Hall of Fame — ${siteName}`,
          description: `Every Launch of the Week winner on ${siteName}, week by week, and the all-time top of the products that won the most.`,
          canonical: `${base}/hall-of-fame${page > 1 ? `?page=${page}` : ''}`,
          breadcrumbs: [{ href: '/', label: 'Home' }, { label: 'Hall of Fame' }],
        },
        html`
      <h1>Hall of Fame</h1>
      <p class="muted">${AWARD_RULE} Each award links to its verification page. See also <a href="/awards">all awards</a>.</p>
      ${
        page === 1
          ? html`<section aria-labelledby="all-time-h">
        <h2 id="all-time-h">All-time top</h2>
        <p class="small muted">Ranked by Launch of the Week #1 awards, then #2s, then #3s; on a tie, by all-time community votes.</p>
        ${
          top.length
            ? html`<ol class="awards">${top.map(
                (t, i) => html`<li class="award${i === 0 ? ' rank-1' : ''}">
          ${logo(t.listing)}
          <div class="body">
            <p class="name"><span class="muted" aria-hidden="true">${i + 1}.</span> <a href="/p/${t.listing.slug}">${t.listing.name}</a></p>
            <p class="award-title"><a href="/awards?listing=${t.listing.slug}">${medals(t)}<span class="sr-only"> (${t.awards === 1 ? 'one award' : `${t.awards} awards`} of ${t.listing.name})</span></a> · ${votes(t.listing.votes)} all-time</p>
          </div></li>`,
              )}</ol>`
            : html`<p class="muted empty">No awards yet: the first are given when a launch week ends.</p>`
        }
      </section>`
          : ''
      }
      <section aria-labelledby="by-week-h">
        <h2 id="by-week-h">Winners by week</h2>
        ${byWeek.weeks.length === 0 ? html`<p class="muted empty">${page > 1 ? 'No more weeks on this page.' : 'No winners yet.'}</p>` : ''}
        ${byWeek.weeks.map(
          (g) => html`<section class="award-week" aria-labelledby="hof-${g.week}-h">
          <h3 id="hof-${g.week}-h"><a href="/launches/weeks/${g.week}">Week of ${g.week}</a></h3>
          <ol class="awards">${g.awards.map(
            (a) => html`<li class="award rank-${a.rank}">
            ${logo(a.listing)}
            <div class="body">
              <p class="name"><a href="/p/${a.listing.slug}">${a.listing.name}</a></p>
              <p class="award-title"><a href="/awards/${a.id}">${a.title}<span class="sr-only">, week of ${a.week}</span></a> · ${votes(a.votes)} that week</p>
            </div></li>`,
          )}</ol>
        </section>`,
        )}
        ${pagination('/hall-of-fame', {}, page, totalPages)}
      </section>`,
      );
    }),
  );
}
