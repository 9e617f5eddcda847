import { html, type SafeHtml } from '../html.js';
import { barChart, type ChartPoint } from '../charts/bar-chart.js';
import { shortDate, weekSpan } from '../date-words.js';
import { weekEnd } from '../../domain/weeks/weeks.js';
import type { LaunchRanking } from '../../domain/ranking/launch-ranking.js';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const HOUR = 3_600_000;
const votes = (n: number) => `${n} ${n === 1 ? 'vote' : 'votes'}`;

/** "Tue 09:00": an hour of the launch week (UTC), unique within it. */
const hourLabel = (t: number) => {
  const d = new Date(t);
  return `${DAYS[d.getUTCDay()]} ${String(d.getUTCHours()).padStart(2, '0')}:00`;
};

/** The counted votes per hour as a bar chart, with the total and the busiest hour in words. */
function votesChart(r: LaunchRanking, name: string): SafeHtml {
  const start = Date.parse(r.votes_per_hour.start);
  const points: ChartPoint[] = r.votes_per_hour.counts.map((value, i) => ({
    label: hourLabel(start + i * HOUR),
    value,
  }));
  const busiest = points.reduce((a, b) => (b.value > a.value ? b : a), points[0]);
  return barChart({
    id: 'votes-per-hour',
    title: `Counted votes per hour for ${name} (UTC)`,
    description: `${votes(r.votes_counted)} counted from ${points[0].label} to ${points[points.length - 1].label} UTC; the busiest hour, ${busiest.label}, had ${busiest.value}.`,
    points,
    labelHeader: 'Hour (UTC)',
    valueHeader: 'Counted votes',
    nonZeroRowsOnly: true,
  });
}

/**
 * "How this rank is made": the rule in plain words (the rule itself is domain/ranking/launch-ranking.ts),
 * the counted votes per hour and the votes that did not count, by reason — counts only, never who voted.
 */
export function rankingPanel(r: LaunchRanking, name: string): SafeHtml {
  const uncounted = [
    ['Held: cast from a new account, counted once the account is old enough', r.not_counted.new_account_hold],
    ["An owner's own vote: kept, never counted", r.not_counted.owner_vote],
    ['Voided by a moderator (for example, a burst of votes from one address)', r.not_counted.moderator_voided],
  ] as const;
  const week = html`<a href="/launches/weeks/${r.week}">the week of ${weekSpan(r.week, weekEnd(r.week))}</a>`;
  return html`<section class="card ranking-panel" id="ranking" aria-labelledby="ranking-h">
    <h2 id="ranking-h">How this rank is made</h2>
    <p class="ranking-figure"><strong>#${r.rank}</strong> of ${r.of} ${r.of === 1 ? 'launch' : 'launches'} in ${week}, with <strong>${votes(r.votes_counted)}</strong> counted.</p>
    <ul class="ranking-rule">
      <li>What counts: community votes cast on this site during the launch week, Monday 00:00 to Sunday 24:00 UTC, one per person. Votes never come through the API.</li>
      <li>The order: most counted votes first. On equal counts, the launch with more counted votes of all time ranks higher, then the one listed earlier.</li>
      <li>Nothing paid moves it: featured placement, a paid launch and the billboard are shown apart and marked as paid.</li>
      <li>Votes over the rate limit are refused outright, so they are never recorded.</li>
      <li>Launch of the Week awards, given once the week ends, break equal counts by who reached the count first.</li>
    </ul>
    ${r.votes_counted > 0 ? votesChart(r, name) : html`<p class="muted">No counted votes yet.</p>`}
    <div class="table-wrap"><table class="ranking-uncounted"><caption>Votes cast that week that do not count (${r.votes_held} held, ${r.votes_voided} voided)</caption>
      <thead><tr><th scope="col">Reason</th><th scope="col">Votes</th></tr></thead>
      <tbody>${uncounted.map(([why, n]) => html`<tr><th scope="row">${why}</th><td>${n}</td></tr>`)}</tbody></table></div>
    <p class="small muted">Counts only: who voted is never shown. The same figures are in this listing's JSON (<code>ranking</code>) and in the week's launches.</p>
  </section>`;
}

/** The rank in the side column's facts, linking to the panel. */
export function rankFact(r: LaunchRanking): SafeHtml {
  return html`<dt>Launch rank</dt><dd><a href="#ranking">#${r.rank} of ${r.of}</a> <span class="muted">week of ${shortDate(r.week)}</span></dd>`;
}
