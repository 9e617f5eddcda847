import { html, type SafeHtml } from '../html.js';
import { revenueFigureLabel } from '../revenue-figure.js';
import { cardList, logo, textLang } from '../components.js';
import type { Crumb } from '../site-navigation.js';
import type { ListingProfile } from '../../domain/listings/listing-profile.js';
import type { ListingSummary } from '../../domain/listings/listing-summary.js';
import { isFeatured } from '../../domain/listings/featured.js';
import { reportLink } from '../community/report-link.js';
import { mediaSection } from './listing-media.js';
import { websitePath } from './outbound-routes.js';
import { rankFact, rankingPanel } from './ranking-panel.js';
import type { LaunchRanking } from '../../domain/ranking/launch-ranking.js';
import { SOCIAL_LABELS, STORY_SECTION_TITLES, type StorySection } from '../../drafting/draft-content.js';

/** Plain words for the profile fields a company's website did not state. */
const FIELD_WORDS: Record<string, string> = {
  name: 'its name',
  tagline: 'a tagline',
  short_description: 'a short description',
  description: 'a description',
  stage: 'its stage',
  categories: 'its category',
  tags: 'tags',
  pricing_model: 'how it is priced',
  pricing_summary: 'its prices',
  country: 'its country',
  city: 'its city',
  founded_year: 'the year it was founded',
  features: 'its features',
  usps: 'what sets it apart',
  keywords: 'keywords',
  contact_email: 'a contact email',
  demo_video_url: 'a demo video',
  logo_url: 'a logo',
  faqs: 'answers to common questions',
  founders: 'its founders',
  socials: 'social profiles',
  story: 'its story',
  milestones: 'milestones',
};
const SOCIAL_WORDS: Record<string, string> = { ...SOCIAL_LABELS, twitter: 'X' };

const paragraphs = (text: string, lang: SafeHtml | '' = '') =>
  text
    .split(/\n{2,}|\r\n\r\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => html`<p${lang}>${p}</p>`);
/** " (+3 over 30 days)": a change from stored readings, left out when there is no reading that old. */
const signed = (change: number | null, span: string) =>
  change === null ? '' : html` <span class="muted">(${change > 0 ? '+' : ''}${change} over ${span})</span>`;
const words = (list: string[]) =>
  list.length <= 1 ? list.join('') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;

export interface ListingPageParts {
  now: Date;
  follow: SafeHtml;
  /** The vote button (voteControl). */
  vote: SafeHtml;
  alternatives: ListingSummary[];
  /** Embed codes of the badges it earned (HTML), for its makers to copy. */
  badgeEmbed: string | null;
  trophyCabinet: SafeHtml;
  /** The "Reviews" section (community/review-views.ts): rating, reviews and the forms this visitor may use. */
  reviews: SafeHtml;
  /** The "Discussion" section (comments on the launch), last in the main column. */
  comments: SafeHtml;
  /** How its launch's rank is made (get_listing's `ranking`); null when it is not a live launch. */
  ranking: LaunchRanking | null;
}

/** Where a listing sits: under its primary category. */
export function listingTrail(p: ListingProfile): Crumb[] {
  const primary = p.categories.find((c) => c.primary) ?? p.categories[0];
  return [
    { href: '/', label: 'Home' },
    ...(primary ? [{ href: `/categories/${primary.slug}`, label: primary.name }] : []),
    { label: p.name },
  ];
}

/** The public page of one listing: everything get_listing says, laid out for people. */
export function listingPage(p: ListingProfile, o: ListingPageParts): SafeHtml {
  const missing = p.not_found_on_website.map((f) => FIELD_WORDS[f] ?? f.replace(/_/g, ' '));
  const socials = Object.entries(p.socials ?? {});
  const lang = textLang(p);
  return html`
    <header class="listing-head">
      ${logo(p, 'l')}
      <div class="titles"><h1${lang}>${p.name}</h1><p class="lead"${lang}>${p.tagline}</p>
        <p class="chips">${p.categories.map((c) => html`<a class="chip" href="/categories/${c.slug}">${c.name}</a>`)}
          ${p.verified ? html`<span class="chip verified" title="Ownership verified">✓ Verified owner</span>` : ''}
          ${isFeatured(p, o.now) ? html`<span class="chip featured" title="Paid placement">Featured</span>` : p.plan === 'paid' ? html`<span class="chip paid">Paid launch</span>` : ''}</p></div>
      <div class="actions-col"><a class="button" href="${websitePath(p.slug)}" rel="nofollow noopener" target="_blank">Visit website<span class="sr-only"> (opens in a new tab)</span></a>
        ${o.vote}<p class="stat">${p.followers} ${p.followers === 1 ? 'follower' : 'followers'}</p></div>
    </header>
    ${p.status === 'scheduled' && p.launch_week ? html`<p class="notice" role="status">Launches on Monday ${p.launch_week}.</p>` : ''}
    ${o.follow}
    <div class="listing-grid"><div class="main-col">
      ${p.headline ? html`<p class="headline"${lang}><strong>${p.headline}</strong></p>` : ''}
      <section aria-labelledby="about-h"><h2 id="about-h">About ${p.name}</h2>${paragraphs(p.description || p.short_description || '', lang)}</section>
      ${mediaSection(p.media, p.name)}
      ${p.features.length ? html`<section aria-labelledby="features-h"><h2 id="features-h">Features</h2><ul class="features"${lang}>${p.features.map((f) => html`<li>${f}</li>`)}</ul></section>` : ''}
      ${p.pricing.model || p.pricing.summary ? html`<section aria-labelledby="pricing-h"><h2 id="pricing-h">Pricing</h2><p>${p.pricing.model ? html`<span class="chip">${p.pricing.model}</span> ` : ''}${p.pricing.summary ?? ''}</p></section>` : ''}
      ${
        p.story && Object.keys(p.story).length
          ? html`<section aria-labelledby="story-h"><h2 id="story-h">${p.story.title || "The founders' story"}</h2>
        ${Object.entries(p.story)
          .filter(([k]) => k !== 'title')
          .map(
            ([k, v]) =>
              html`<h3>${k === 'title' ? '' : (STORY_SECTION_TITLES[k as StorySection] ?? k)}</h3>${paragraphs(v)}`,
          )}</section>`
          : ''
      }
      ${p.milestones?.length ? html`<section aria-labelledby="milestones-h"><h2 id="milestones-h">Milestones</h2><ol class="milestones">${p.milestones.map((m) => html`<li><time datetime="${m.date}">${m.date}</time> — <strong>${m.title}</strong>${m.description ? html`: ${m.description}` : ''}</li>`)}</ol></section>` : ''}
      ${p.faqs.length ? html`<section aria-labelledby="faq-h"><h2 id="faq-h">Questions</h2>${p.faqs.map((f) => html`<details class="faq"${lang}><summary>${f.question}</summary><p>${f.answer}</p></details>`)}</section>` : ''}
      ${o.reviews}
      ${p.latest_updates.length ? html`<section aria-labelledby="updates-h"><h2 id="updates-h">Latest updates</h2>${p.latest_updates.map((u) => html`<article class="update"><h3>${u.title}</h3><p class="small muted">${u.created_at.slice(0, 10)}</p>${paragraphs(u.body)}</article>`)}</section>` : ''}
      ${o.ranking ? rankingPanel(o.ranking, p.name) : ''}
      ${
        o.alternatives.length
          ? html`<section aria-labelledby="alt-h"><h2 id="alt-h">Alternatives to ${p.name}</h2>${cardList(o.alternatives, { now: o.now, empty: '' })}
        ${o.alternatives[0] ? html`<p><a href="/compare?a=${p.slug}&amp;b=${o.alternatives[0].slug}">Compare ${p.name} with ${o.alternatives[0].name}</a></p>` : ''}</section>`
          : ''
      }
      ${o.comments}
    </div><aside class="side-col" aria-label="Facts">
      <dl class="facts">
        ${p.community_rating.count ? html`<dt>Community rating</dt><dd>${p.community_rating.average} / 5 <span class="muted">(${p.community_rating.count} genuine review${p.community_rating.count === 1 ? '' : 's'})</span></dd>` : ''}
        ${
          p.domain_rating.current !== null
            ? html`<dt>${p.domain_rating.provider_label ?? 'Domain Rating'}</dt><dd>${p.domain_rating.current}${p.domain_rating.scale ? ` / ${p.domain_rating.scale}` : ''}${signed(p.domain_rating.change_30d, '30 days')}${signed(p.domain_rating.change_90d, '90 days')}
          ${p.domain_rating.as_of ? html`<span class="muted dr-as-of">read <time datetime="${p.domain_rating.as_of}">${p.domain_rating.as_of}</time></span>` : ''}</dd>`
            : ''
        }
        ${p.revenue ? html`<dt>Revenue</dt><dd class="revenue">${revenueFigureLabel(p.revenue)}</dd>` : ''}
        ${p.city || p.country ? html`<dt>Based in</dt><dd>${[p.city, p.country].filter(Boolean).join(', ')}</dd>` : ''}
        ${p.founded_year ? html`<dt>Founded</dt><dd>${p.founded_year}</dd>` : ''}
        ${p.launched_at ? html`<dt>Launched</dt><dd><a href="/launches/weeks/${p.launch_week ?? p.launched_at.slice(0, 10)}">${p.launched_at.slice(0, 10)}</a></dd>` : ''}
        ${o.ranking ? rankFact(o.ranking) : ''}
        ${p.founders.length ? html`<dt>Founders</dt><dd><ul class="plain">${p.founders.map((f) => html`<li><a href="/founders/${f.slug}">${f.name}</a>${f.title ? html` <span class="muted">${f.title}</span>` : ''}</li>`)}</ul></dd>` : ''}
        ${socials.length ? html`<dt>Elsewhere</dt><dd><ul class="plain">${socials.map(([k, v]) => html`<li><a href="${v}" rel="nofollow noopener">${SOCIAL_WORDS[k] ?? k}</a></li>`)}</ul></dd>` : ''}
        ${p.awards.length ? html`<dt>Awards</dt><dd><ul class="plain">${p.awards.map((a) => html`<li><a href="/awards/${a.id}">${a.title}</a> <span class="muted">week of <a href="/launches/weeks/${a.week}">${a.week}</a></span></li>`)}</ul></dd>` : ''}
      </dl>
      ${o.trophyCabinet}
      ${missing.length ? html`<p class="small muted">${p.name}'s own website does not state ${words(missing)}, so we left ${missing.length === 1 ? 'it' : 'them'} blank rather than guess.</p>` : ''}
      <p class="small">${p.verified ? html`The makers of ${p.name} verified that they own it.` : html`Is this your product? <a href="/claims/new?slug=${p.slug}">Claim this listing</a>.`}</p>
      ${o.badgeEmbed ? html`<details class="embed"><summary>Add our badge to your site</summary><label for="badge-code" class="small">Copy this HTML</label><textarea id="badge-code" readonly rows="4">${o.badgeEmbed}</textarea></details>` : ''}
      <p class="small"><a href="${p.links.api}">This listing as JSON (API)</a> · ${reportLink('listing', p.id, 'Report')}</p>
    </aside></div>`;
}
