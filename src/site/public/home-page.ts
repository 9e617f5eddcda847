import { html, type SafeHtml } from '../html.js';
import { type CardVoting, cardList, logo } from '../components.js';
import { shortDate, weekdayOf, weekSpan } from '../date-words.js';
import type { ListingSummary } from '../../domain/listings/listing-summary.js';
import { weekEnd } from '../../domain/weeks/weeks.js';
import type { HomeData } from './home-data.js';

export interface HomePageOptions {
  now: Date;
  voting: CardVoting;
  siteName: string;
  purpose: string;
  /** The site's public URL, for the MCP server's address. */
  base: string;
}

const number = new Intl.NumberFormat('en-US');
const count = (n: number, one: string, many: string) => `${number.format(n)} ${n === 1 ? one : many}`;

/** The other ways through the launches, as /launches names them. */
const MORE_SECTIONS = [
  { key: 'trending', label: 'Trending' },
  { key: 'most-voted', label: 'Most voted of all time' },
  { key: 'recent', label: 'Newest' },
  { key: 'upcoming', label: 'Upcoming' },
];

/** Paid placements: a strip of tiles, said to be paid in its heading and on every tile. */
function featuredStrip(items: ListingSummary[]): SafeHtml {
  if (items.length === 0) return html``;
  return html`<section aria-labelledby="featured-h" class="featured-strip">
    <div class="section-head"><h2 id="featured-h">Featured <span class="chip paid">Paid placement</span></h2>
      <p class="small muted">Makers paid to be shown here; it is advertising, not a community ranking.</p></div>
    <ol class="tiles">${items.map(
      (l) => html`<li class="tile"><div class="tile-head">${logo(l)}<div class="body">
        <h3 class="name"><a href="/p/${l.slug}">${l.name}</a></h3>
        <p class="chips"><span class="chip featured" title="Paid placement">Featured</span>${l.primary_category ? html` <a class="chip" href="/categories/${l.primary_category.slug}">${l.primary_category.name}</a>` : ''}</p></div></div>
        <p class="tagline">${l.tagline}</p></li>`,
    )}</ol></section>`;
}

/** A short list of listings in a side panel: small logo, name, and one line about each. */
function miniList(items: { listing: ListingSummary; note: SafeHtml | string; mark?: string }[]): SafeHtml {
  return html`<ol class="mini-list">${items.map(
    (
      it,
    ) => html`<li>${it.mark ? html`<span class="medal">${it.mark}</span>` : ''}${logo(it.listing, 's')}<div class="body">
      <a class="name" href="/p/${it.listing.slug}">${it.listing.name}</a><span class="note">${it.note}</span></div></li>`,
  )}</ol>`;
}

const more = (href: string, text: string, hidden?: string) =>
  html`<p class="more"><a href="${href}">${text}${hidden ? html`<span class="sr-only"> ${hidden}</span>` : ''}<span aria-hidden="true"> →</span></a></p>`;

/**
 * The home page: what launched today and this week (ranked, with votes), the paid featured strip,
 * what is coming, the latest Launch of the Week winners, the top categories and the newest posts.
 */
export function homePage(d: HomeData, o: HomePageOptions): SafeHtml {
  const today = o.now.toISOString().slice(0, 10);
  const week = d.week.week;
  const cards = { now: o.now, voting: o.voting, ranked: true };
  return html`
    <section class="hero home-hero" aria-labelledby="hero-h">
      <div class="hero-text">
        <h1 id="hero-h">Discover new products, launched every week</h1>
        <p class="lead">${o.purpose}</p>
        <form class="search-box" method="get" action="/search" role="search"><label class="sr-only" for="hero-q">Search products</label>
          <input id="hero-q" name="q" type="search" maxlength="200" placeholder="Search products, e.g. invoicing">
          <button type="submit">Search</button></form>
      </div>
      <div class="hero-card">
        <ul class="stats">
          <li><a href="/launches?section=today"><strong>${number.format(d.today.total)}</strong> launched today</a></li>
          <li><a href="/launches/weeks/${week}"><strong>${number.format(d.week.total)}</strong> this week</a></li>
          <li><a href="/launches?section=upcoming"><strong>${number.format(d.upcoming.total)}</strong> coming up</a></li>
        </ul>
        <p class="small">Launching something? A free launch takes a minute to submit.</p>
        <a class="button" href="/submit">Submit your product</a>
      </div>
    </section>
    ${featuredStrip(d.featured)}
    <div class="home-grid">
      <div class="home-main">
        <section aria-labelledby="today-h">
          <div class="section-head"><h2 id="today-h">Launching today</h2>
            <p class="small muted"><time datetime="${today}">${weekdayOf(today)}, ${shortDate(today)}</time> · ranked by community votes</p></div>
          ${cardList(d.today.items, { ...cards, empty: d.week.total ? 'Nothing has launched yet today. Launches go live through the week: here are the best of this week so far.' : 'Nothing has launched yet today.' })}
          ${d.today.total > d.today.items.length ? more('/launches?section=today', `All ${number.format(d.today.total)} launches of today`) : ''}
        </section>
        <section aria-labelledby="week-h">
          <div class="section-head"><h2 id="week-h">This week's top launches</h2>
            <p class="small muted"><time datetime="${week}">${weekSpan(week, weekEnd(week))}</time> · ranked by community votes</p></div>
          ${cardList(d.week.items, { ...cards, empty: 'No launches yet this week. Be the first: submit your product.' })}
          ${more(`/launches/weeks/${week}`, d.week.total > 0 ? `All ${count(d.week.total, 'launch', 'launches')} of the week` : "This week's calendar")}
          <nav class="section-nav" aria-label="More launches">${MORE_SECTIONS.map((s) => html`<a href="/launches?section=${s.key}">${s.label}</a>`)}<a href="/leaderboards">Leaderboards</a></nav>
        </section>
      </div>
      <div class="home-side">
        <section class="panel" aria-labelledby="upcoming-h"><h2 id="upcoming-h">Coming up</h2>
          ${
            d.upcoming.items.length
              ? miniList(
                  d.upcoming.items.map((l) => ({
                    listing: l,
                    note: l.launch_week
                      ? html`Launches the week of <time datetime="${l.launch_week}">${shortDate(l.launch_week)}</time>`
                      : l.tagline,
                  })),
                )
              : html`<p class="muted small">No launches scheduled yet.</p>`
          }
          ${more('/launches?section=upcoming', 'Every upcoming launch')}
        </section>
        <section class="panel" aria-labelledby="winners-h"><h2 id="winners-h">Launch of the Week</h2>
          ${
            d.winners
              ? html`<p class="small muted">Winners of the week of <a href="/launches/weeks/${d.winners.week}">${weekSpan(d.winners.week, weekEnd(d.winners.week))}</a>, by the votes cast that week.</p>
            ${miniList(d.winners.awards.map((a) => ({ listing: a.listing, mark: `#${a.rank}`, note: html`<a href="/awards/${a.id}">${a.title}<span class="sr-only">, week of ${a.week}</span></a> · ${count(a.votes, 'vote', 'votes')}` })))}`
              : html`<p class="muted small">The first winners are named when a launch week ends.</p>`
          }
          ${more('/hall-of-fame', 'Hall of Fame')}
        </section>
        <section class="panel" aria-labelledby="categories-h"><h2 id="categories-h">Top categories</h2>
          ${
            d.categories.length
              ? html`<ul class="link-list counted">${d.categories.map((c) => html`<li><a href="/categories/${c.slug}">${c.name}</a> <span class="muted">${number.format(c.live_listings)}<span class="sr-only"> products</span></span></li>`)}</ul>`
              : html`<p class="muted small">No category has a live product yet.</p>`
          }
          ${more('/categories', 'All categories')}
        </section>
        <section class="panel" aria-labelledby="blog-h"><h2 id="blog-h">From the blog</h2>
          ${
            d.posts.length
              ? html`<ul class="link-list posts">${d.posts.map((p) => html`<li><a href="/blog/${p.slug}">${p.title}</a> <time class="muted small" datetime="${p.published_at.slice(0, 10)}">${shortDate(p.published_at.slice(0, 10))}</time></li>`)}</ul>`
              : html`<p class="muted small">No posts yet.</p>`
          }
          ${more('/blog', 'All posts')}
        </section>
        <section class="panel" aria-labelledby="build-h"><h2 id="build-h">Build on ${o.siteName}</h2>
          <p class="small">Everything here is open to programs: the <a href="/docs">REST API</a> (OpenAPI 3.1) and the <a href="/docs/mcp">MCP server</a> at <code>${o.base}/mcp</code> for AI agents.</p>
        </section>
      </div>
    </div>`;
}
