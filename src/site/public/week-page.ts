import type { getLaunchWeekOperation } from '../../api/operations/launches.js';
import type { OutputOf } from '../../api/registry.js';
import { addDays, mondayOf } from '../../domain/weeks/weeks.js';
import { cardList, listingCard, logo, pagination } from '../components.js';
import { monthName, shortDate, weekdayOf, weekSpan } from '../date-words.js';
import { html, type SafeHtml } from '../html.js';
import type { CalendarWeek, WeekSurroundings } from './week-data.js';

type Week = OutputOf<typeof getLaunchWeekOperation>;

const number = new Intl.NumberFormat('en-US');
const monthDay = (date: string) => String(Number(date.slice(8, 10)));
/** "Nov 9", with its year when that is not the year of `ref`. */
const nearDate = (date: string, ref: string) =>
  date.slice(0, 4) === ref.slice(0, 4) ? shortDate(date) : `${shortDate(date)}, ${date.slice(0, 4)}`;
const count = (n: number, one: string, many: string) => `${number.format(n)} ${n === 1 ? one : many}`;

/** The weeks around the one shown, month by month: each a link with its number of launches. */
function calendar(weeks: CalendarWeek[], shown: string, current: string): SafeHtml {
  const months: { name: string; weeks: CalendarWeek[] }[] = [];
  for (const w of weeks) {
    const name = monthName(w.week);
    const last = months[months.length - 1];
    if (last?.name === name) last.weeks.push(w);
    else months.push({ name, weeks: [w] });
  }
  const cell = (w: CalendarWeek) => {
    const inner = html`<span class="sr-only">Week of </span><span class="cal-day">${monthDay(w.week)}</span><span class="sr-only"> ${shortDate(w.week).split(' ')[0]}, </span><span class="cal-count">${w.launches ? number.format(w.launches) : '–'}</span><span class="sr-only"> ${w.launches === 1 ? 'launch' : 'launches'}${w.week === current ? ', this week' : ''}</span>`;
    return w.hasPage
      ? html`<li><a href="/launches/weeks/${w.week}"${w.week === shown ? html` aria-current="page"` : ''}${w.week === current ? html` class="now"` : ''}>${inner}</a></li>`
      : html`<li><span class="cal-empty">${inner}</span></li>`;
  };
  return html`<div class="calendar">${months.map((m) => html`<div class="cal-month"><p class="cal-month-name">${m.name}</p><ol class="cal-weeks">${m.weeks.map(cell)}</ol></div>`)}</div>`;
}

/** The seven days of a week that has begun: what launched each day, and its most voted. */
function dayByDay(w: Week, s: WeekSurroundings, today: string): SafeHtml {
  const byDay = new Map(s.days.map((d) => [d.day, d]));
  return html`<ol class="days">${Array.from({ length: 7 }, (_, i) => {
    const day = addDays(w.week, i);
    const d = byDay.get(day);
    return html`<li${day === today ? html` class="today"` : ''}><p class="day-name"><time datetime="${day}">${weekdayOf(day).slice(0, 3)} ${shortDate(day)}</time>${day === today ? html` <span class="cal-note">today</span>` : ''}</p>
      ${
        d
          ? html`<p class="day-count">${count(d.launches, 'launch', 'launches')}</p><ul class="day-top">${d.top.map((l) => html`<li>${logo(l, 's')}<a href="/p/${l.slug}">${l.name}</a></li>`)}</ul>`
          : html`<p class="day-count muted">${day > today ? 'Still to come' : 'No launches'}</p>`
      }</li>`;
  })}</ol>`;
}

/** Launch of the Week #1–#3 as a podium of cards, each linking its verification page. */
function winners(s: NonNullable<WeekSurroundings['winners']>): SafeHtml {
  return html`<ol class="podium">${s.awards.map(
    (
      a,
    ) => html`<li class="award rank-${a.rank}"><span class="medal">#${a.rank}</span>${logo(a.listing)}<div class="body">
      <h3 class="name"><a href="/p/${a.listing.slug}">${a.listing.name}</a></h3>
      <p class="award-title"><a href="/awards/${a.id}">${a.title}<span class="sr-only">, week of ${a.week}</span></a> · ${count(a.votes, 'vote', 'votes')} that week</p></div></li>`,
  )}</ol>`;
}

export interface WeekPageOptions {
  now: Date;
  per_page?: string;
}

/**
 * A launch week: its launches ranked by the votes cast that week (or, to come, what is scheduled),
 * its winners, its days, and the calendar of the weeks around it.
 */
export function weekPage(w: Week, s: WeekSurroundings, o: WeekPageOptions): SafeHtml {
  const now = o.now;
  const today = now.toISOString().slice(0, 10);
  const current = mondayOf(now);
  const upcoming = w.state === 'upcoming';
  const when = w.state === 'current' ? 'this week' : upcoming ? 'an upcoming week' : 'a past week';
  const metricLabel = w.state === 'current' ? 'votes this week' : 'votes that week';
  const path = `/launches/weeks/${w.week}`;
  const own = s.winners?.ofThisWeek ? s.winners : null;
  const latest = s.winners && !s.winners.ofThisWeek ? s.winners : null;
  return html`
      <h1>Launches of the week of ${w.week}</h1>
      <p class="muted week-range">Monday <time datetime="${w.week}">${w.week}</time> to Sunday <time datetime="${w.ends}">${w.ends}</time> (UTC) · ${when} · ${count(w.total, 'launch', 'launches')}</p>
      <nav class="week-nav" aria-label="Other weeks">
        ${s.previous ? html`<a rel="prev" href="/launches/weeks/${s.previous}"><span aria-hidden="true">← </span>Week of ${nearDate(s.previous, w.week)}</a>` : html`<span class="muted">No earlier launches</span>`}
        ${w.state !== 'current' ? html`<a href="/launches/weeks/${current}">This week</a>` : ''}
        <a rel="next" href="/launches/weeks/${w.next_week}">Week of ${nearDate(w.next_week, w.week)}<span aria-hidden="true"> →</span></a>
      </nav>
      ${
        own
          ? html`<section class="week-winners" aria-labelledby="winners-h"><h2 id="winners-h">Launch of the Week winners</h2>
        <p class="small muted">The three launches with the most community votes cast during the week. <a href="/hall-of-fame">Every winner in the Hall of Fame</a>.</p>
        ${winners(own)}</section>`
          : ''
      }
      <div class="week-grid">
      <section class="week-main" aria-labelledby="week-list-h">
        <h2 id="week-list-h">${upcoming ? 'Scheduled to launch' : `Ranked by ${metricLabel}`}</h2>
        ${
          upcoming
            ? cardList(w.items, {
                now,
                empty: w.page > 1 ? 'No more launches on this page.' : 'No launches are scheduled for this week yet.',
              })
            : w.items.length
              ? html`<ol class="cards ranked">${w.items.map((l) => listingCard(l, { now, rank: l.rank, metric: { value: number.format(l.week_votes), label: metricLabel } }))}</ol>`
              : html`<p class="muted empty">${w.page > 1 ? 'No more launches on this page.' : 'No launches yet this week.'}</p>`
        }
        ${pagination(path, { per_page: o.per_page }, w.page, w.total_pages)}
        ${w.state !== 'past' ? html`<p><a href="/submit">Submit your product</a> to launch in a coming week.</p>` : ''}
      </section>
      <div class="week-side">
        ${
          upcoming
            ? ''
            : html`<section class="panel" aria-labelledby="days-h"><h2 id="days-h">Day by day</h2>
          ${dayByDay(w, s, today)}</section>`
        }
        <section class="panel" aria-labelledby="calendar-h"><h2 id="calendar-h">Launch calendar</h2>
          <p class="small muted">Each week by its Monday, with its number of launches; this week is outlined.</p>
          ${calendar(s.calendar, w.week, current)}
          <p class="small muted">Weeks run Monday to Sunday (UTC). Also: the <a href="/leaderboards">leaderboards</a> and the <a href="/awards">Launch of the Week awards</a>.</p>
        </section>
        ${
          latest
            ? html`<section class="panel" aria-labelledby="latest-winners-h"><h2 id="latest-winners-h">Latest winners</h2>
          <p class="small muted">Week of <a href="/launches/weeks/${latest.week}">${weekSpan(latest.week, addDays(latest.week, 6))}</a></p>
          ${winners(latest)}
          <p class="more"><a href="/hall-of-fame">Hall of Fame<span aria-hidden="true"> →</span></a></p></section>`
            : ''
        }
      </div>
      </div>`;
}
