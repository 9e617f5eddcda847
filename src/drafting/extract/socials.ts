import type { Evidence } from '../evidence.js';
import type { Proposal, SocialKey } from '../draft-content.js';
import { ldNodes, ldStrings, organizations } from './json-ld.js';
import { isBoilerplate, pagesOfKind, propose, quoteOn, type SiteView, type ViewPage } from './site-view.js';
import { looseKey } from './text-fit.js';

export interface SocialLink {
  key: SocialKey;
  url: string /** A person's own profile (linkedin.com/in/…), never the company's. */;
  personal: boolean;
}

/** Paths on each platform that are actions, not accounts: sharing, search, login, sponsoring… */
const NOT_ACCOUNTS = new Set([
  'intent',
  'share',
  'sharer',
  'sharer.php',
  'sharearticle',
  'sharing',
  'dialog',
  'plugins',
  'home',
  'search',
  'hashtag',
  'i',
  'explore',
  'login',
  'signup',
  'settings',
  'messages',
  'notifications',
  'compose',
  'p',
  'reel',
  'reels',
  'stories',
  'accounts',
  'tr',
  'pin',
  'submit',
  'features',
  'pricing',
  'about',
  'marketplace',
  'topics',
  'watch',
  'embed',
  'shorts',
  'feed',
  'legal',
  'privacy',
  'help',
  'policies',
  'tos',
  'signin',
  'ideas',
  'sponsors',
  'orgs',
  'apps',
  'collections',
  'trending',
  'enterprise',
  'users',
  'new',
  '-',
  'enter',
  'tags',
  'tag',
  'site',
  'solutions',
]);

/** YouTube's own one-segment pages, which are not channels. */
const YOUTUBE_PAGES = new Set([
  'results',
  'playlist',
  'redirect',
  'premium',
  'account',
  'live',
  'gaming',
  'music',
  'kids',
  'upload',
  'logout',
  'about',
  'creators',
  'ads',
  'howyoutubeworks',
  'attribution_link',
  'supported_browsers',
  't',
  'yt',
  'store',
  'channels',
  'subscription_manager',
  'shopping',
  'podcasts',
  'sports',
  'courses',
  'movies',
  'trends',
  'new',
  'jobs',
]);

/** Platforms known by their host; Mastodon, forums and self-hosted GitLab are recognised further down. */
const HOSTS: [RegExp, SocialKey][] = [
  [/^(?:[a-z]{2}\.)?linkedin\.com$/, 'linkedin'],
  [/^(?:twitter|x)\.com$/, 'x'],
  [/^(?:facebook|fb)\.com$/, 'facebook'],
  [/^instagram\.com$/, 'instagram'],
  [/^tiktok\.com$/, 'tiktok'],
  [/^youtube\.com$/, 'youtube'],
  [/^threads\.(?:net|com)$/, 'threads'],
  [/^pinterest\.(?:com|[a-z]{2}|co\.uk)$/, 'pinterest'],
  [/^github\.com$/, 'github'],
  [/^(?:old\.)?reddit\.com$/, 'reddit'],
  [/^producthunt\.com$/, 'producthunt'],
  [/^(?:[a-z0-9-]+\.)?medium\.com$/, 'medium'],
  [/^bsky\.app$/, 'bluesky'],
  [/^gitlab\.com$|^gitlab\.[a-z0-9.-]+$/, 'gitlab'],
  [/^codeberg\.org$/, 'codeberg'],
  [/^discord(?:app)?\.(?:gg|com)$/, 'discord'],
  [/^(?:[a-z0-9-]+\.)?slack\.com$/, 'slack'],
  [/^matrix\.to$/, 'matrix'],
  [/^(?:[a-z0-9-]+\.)?substack\.com$/, 'substack'],
  [/^dev\.to$/, 'devto'],
  [/^(?:[a-z0-9-]+\.)?hashnode\.(?:com|dev)$/, 'hashnode'],
];

/** Large public Mastodon instances; any other host counts when its name, the link's words or rel=me say Mastodon. */
const MASTODON_HOSTS = new Set([
  'mastodon.social',
  'mastodon.online',
  'mastodon.world',
  'mas.to',
  'mstdn.social',
  'mstdn.io',
  'fosstodon.org',
  'hachyderm.io',
  'infosec.exchange',
  'techhub.social',
  'floss.social',
  'social.vivaldi.net',
  'toot.community',
  'mastodon.art',
  'aus.social',
  'mathstodon.xyz',
  'sigmoid.social',
  'indieweb.social',
  'ruby.social',
  'phpc.social',
  'social.coop',
  'chaos.social',
  'mastodon.xyz',
  'det.social',
  'troet.cafe',
  'norden.social',
  'social.tchncs.de',
  'mstdn.jp',
  'pawoo.net',
  'front-end.social',
  'tech.lgbt',
  'universeodon.com',
  'mastodon.green',
  'fediscience.org',
  'social.linux.pizza',
  'noc.social',
  'masto.ai',
  'toot.cafe',
  'mastodon.gamedev.place',
  'social.kernel.org',
  'mastodon.ie',
  'mastodon.nl',
  'mastodon.uno',
  'mastodon.scot',
  'graphics.social',
  'kolektiva.social',
  'social.treehouse.systems',
  'fedi.simonwillison.net',
]);
const MASTODON_WORDS = /\b(mastodon|fediverse|fedi|toot)\b|rel=me/i;
/** Subdomains a project's own forum lives on (Discourse and the like). */
const FORUM_LABEL = /^(?:discourse|discuss|discussions?|forums?|community)\./;

/**
 * Which platform an address is an account on, if it is an account page at all (not a share link,
 * post or video). `hint` is what the link says about itself (text, aria-label, rel=me).
 */
export function socialLink(href: string, hint = ''): SocialLink | null {
  let u: URL;
  try {
    u = new URL(href);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(u.protocol)) return null;
  const host = u.hostname.toLowerCase().replace(/^(?:www|m|mobile)\./, '');
  const seg = u.pathname.split('/').filter(Boolean);
  const first = (seg[0] ?? '').toLowerCase();
  const url = `${u.protocol}//${u.host}${u.pathname}`;
  const key = HOSTS.find(([re]) => re.test(host))?.[1];
  if (!key) {
    if (
      seg.length === 1 &&
      /^@[\w.]+$/.test(seg[0]) &&
      (MASTODON_HOSTS.has(host) || /\b(mastodon|mstdn|masto|toot)\b/.test(host) || MASTODON_WORDS.test(hint))
    ) {
      return { key: 'mastodon', url, personal: false };
    }
    if (FORUM_LABEL.test(host) && seg.length <= 1) return { key: 'discourse', url, personal: false };
    return null;
  }
  const account = (personal = false): SocialLink => ({ key: key!, url, personal });
  const subdomain = (base: string) => host !== base && host.endsWith(`.${base}`);
  switch (key) {
    case 'medium':
      if (host !== 'medium.com') return account();
      break;
    case 'substack':
      if (subdomain('substack.com')) return seg.length === 0 ? account() : null;
      break;
    case 'hashnode':
      if (subdomain('hashnode.dev')) return seg.length === 0 ? account() : null;
      break;
    case 'slack':
      if (host === 'join.slack.com') return first === 't' && seg[1] ? account() : null;
      return subdomain('slack.com') && !/^(api|app|status|slack)\./.test(host) && seg.length === 0 ? account() : null;
    case 'matrix':
      return /^#\/[#@!+][^:]+:.+/.test(u.hash)
        ? { key, url: `${url}${u.hash}`, personal: u.hash.startsWith('#/@') }
        : null;
    case 'discord':
      if (host === 'discord.gg') return seg.length === 1 ? account() : null;
      return first === 'invite' && seg.length === 2 ? account() : null;
    default:
      break;
  }
  if (!first || NOT_ACCOUNTS.has(first)) return null;
  switch (key) {
    case 'linkedin':
      if (['company', 'school', 'showcase'].includes(first) && seg[1]) return account();
      return first === 'in' && seg[1] ? account(true) : null;
    case 'x':
      return seg.length === 1 && /^[A-Za-z0-9_]{1,15}$/.test(seg[0]) ? account() : null;
    case 'facebook':
      // profile.php names the account only by its id: the address keeps it.
      if (first === 'profile.php')
        return seg.length === 1 && /^\d+$/.test(u.searchParams.get('id') ?? '')
          ? { key, url: `${url}?id=${u.searchParams.get('id')}`, personal: false }
          : null;
      // A page without a username is addressed by its name and id: /people/Acme/61551003667923/.
      if (first === 'people') return seg.length === 3 && /^\d+$/.test(seg[2]) ? account() : null;
      return seg.length <= 2 ? account() : null;
    case 'instagram':
    case 'pinterest':
      return seg.length === 1 ? account() : null;
    case 'tiktok':
    case 'threads':
      return seg.length === 1 && first.startsWith('@') ? account() : null;
    case 'youtube':
      if (first.startsWith('@') || (['channel', 'c', 'user'].includes(first) && seg[1])) return account();
      // A legacy custom address, youtube.com/<name>: one segment that is not one of YouTube's own pages.
      return seg.length === 1 && /^[A-Za-z0-9_-]{3,}$/.test(seg[0]) && !YOUTUBE_PAGES.has(first) ? account() : null;
    case 'github':
    case 'gitlab':
    case 'codeberg':
      return seg.length <= 2 ? account() : null;
    case 'reddit':
      return ['r', 'u', 'user'].includes(first) && seg[1] && seg.length <= 2 ? account() : null;
    case 'producthunt':
      return (['products', 'posts'].includes(first) && seg[1]) || first.startsWith('@') ? account() : null;
    case 'medium':
      return account(first.startsWith('@'));
    case 'bluesky':
      return first === 'profile' && seg.length === 2 ? account() : null;
    case 'devto':
      return seg.length === 1 ? account() : null;
    case 'substack':
    case 'hashnode':
      return seg.length === 1 && first.startsWith('@') ? account() : null;
    default:
      return null;
  }
}

/** What a platform is called in a link's text, when that is all the text says. */
const PLATFORM_NAMES: Partial<Record<SocialKey, string[]>> = {
  x: ['x', 'twitter', 'x twitter', 'twitter x'],
  producthunt: ['product hunt', 'producthunt'],
  devto: ['dev to', 'dev'],
  bluesky: ['bluesky', 'bsky'],
};
const namesPlatform = (text: string, key: SocialKey) => {
  const words = text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return (PLATFORM_NAMES[key] ?? [key]).includes(words);
};

/** Lines where links belong to someone else: people's cards, testimonials, share buttons, articles. */
const NOT_COMPANY_LINK = /\b(team|member|founder|person|people|bio|testimonial|review|customer|client|quote|share)\b/;

const accountKey = (url: string) => url.toLowerCase().replace(/\/+$/, '').replace('://www.', '://');

interface Candidate {
  link: SocialLink;
  evidence: Evidence | null;
  score: number;
  order: number;
}

/**
 * The company's accounts, one per platform: its JSON-LD sameAs, then links on its own pages
 * outside people's cards and articles. Where a platform has several, the project's own wins: the
 * one named like the product, stated in JSON-LD, linked from the homepage and site chrome, most often.
 * A link in the prose of an inner page may be about anything: it counts only when named like the product.
 */
export function extractCompanySocials(site: SiteView, name?: string): Partial<Record<SocialKey, Proposal<string>>> {
  const names = [
    ...(name ? [looseKey(name).replace(/\s+/g, '')] : []),
    ...site.ownHosts.map((h) => h.split('.').slice(-2, -1)[0] ?? '').map((l) => l.replace(/[^a-z0-9]/g, '')),
  ].filter((n) => n.length >= 3);
  const namedLike = (url: string) => {
    const path = url
      .toLowerCase()
      .replace(/^https?:\/\/[^/]+/, '')
      .replace(/[^a-z0-9]/g, '');
    const host = url
      .toLowerCase()
      .replace(/^https?:\/\//, '')
      .split('/')[0]
      .replace(/[^a-z0-9]/g, '');
    return names.some((n) => path.includes(n) || (host.includes(n) && !host.startsWith(n)));
  };
  const found: Candidate[] = [];
  for (const org of organizations(ldNodes(site.pages))) {
    for (const raw of ldStrings(org.data, 'sameAs')) {
      const link = socialLink(raw);
      if (link && !link.personal)
        found.push({ link, evidence: quoteOn(org.page, 'head', raw), score: 4, order: found.length });
    }
  }
  const pages: ViewPage[] = [
    ...pagesOfKind(site, 'homepage'),
    ...pagesOfKind(site, 'about', 'contact', 'features', 'pricing', 'faq', 'page'),
  ];
  for (const page of pages) {
    for (const l of page.links) {
      const block = l.block !== undefined ? page.blocks[l.block] : undefined;
      const link = socialLink(l.href, `${l.text} ${l.label ?? ''} ${block && !l.text ? block.text.slice(0, 200) : ''}`);
      if (!link || link.personal || (block && NOT_COMPANY_LINK.test(block.within))) continue;
      // A link named just for its platform ("GitHub", "YouTube") points at the site's own account there.
      const chrome =
        !block ||
        isBoilerplate(block) ||
        /\b(header|hero|social)\b/.test(block.within) ||
        !l.text ||
        namesPlatform(l.text, link.key);
      const named = namedLike(link.url);
      if (page.kind !== 'homepage' && !chrome && !named) continue;
      // A link in the site's row of social icons, or one that only names the platform, is its account there; a
      // menu link to a repository ("Awesome-PicGo") may be any project's.
      const account =
        /\bsocial\b/.test(`${l.within ?? ''} ${block?.within ?? ''}`) ||
        namesPlatform(`${l.text || l.label || ''}`, link.key);
      const score = (page.kind === 'homepage' ? 1 : 0) + (chrome ? 0.5 : 0) + (account ? 0.5 : 0);
      found.push({ link, evidence: quoteOn(page, 'links', l.href), score, order: found.length });
    }
  }
  const byAccount = new Map<string, Candidate[]>();
  for (const f of found) {
    if (!f.evidence) continue;
    const k = `${f.link.key} ${accountKey(f.link.url)}`;
    byAccount.set(k, [...(byAccount.get(k) ?? []), f]);
  }
  const best = new Map<SocialKey, { total: number; order: number; all: Candidate[] }>();
  for (const all of byAccount.values()) {
    const { link } = all[0];
    // Repeats add a little (the footer link on every page), never as much as being named like the product. A Facebook
    // group is where users meet, named after the product as they like: the company's page outranks it.
    const group = link.key === 'facebook' && /^https?:\/\/[^/]+\/groups\//i.test(link.url);
    const total =
      Math.max(...all.map((c) => c.score)) +
      Math.min(all.length - 1, 3) * 0.25 +
      (namedLike(link.url) ? 3 : 0) -
      (group ? 4 : 0);
    const order = Math.min(...all.map((c) => c.order));
    const current = best.get(link.key);
    if (!current || total > current.total || (total === current.total && order < current.order))
      best.set(link.key, { total, order, all });
  }
  const out: Partial<Record<SocialKey, Proposal<string>>> = {};
  for (const [key, { all }] of [...best.entries()].sort((a, b) => a[1].order - b[1].order)) {
    // The same footer link on every page: a few quotes are enough.
    const p = propose(
      all[0].link.url,
      all.slice(0, 3).map((c) => c.evidence),
    );
    if (p) out[key] = p;
  }
  return out;
}
