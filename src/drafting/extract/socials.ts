import type { Evidence } from '../evidence.js';
import type { Proposal, SocialKey } from '../draft-content.js';
import { ldNodes, ldStrings, organizations } from './json-ld.js';
import { pagesOfKind, propose, quoteOn, type SiteView, type ViewPage } from './site-view.js';

export interface SocialLink { key: SocialKey; url: string; /** A person's own profile (linkedin.com/in/…), never the company's. */ personal: boolean }

/** Paths on each platform that are actions, not accounts: sharing, search, login… */
const NOT_ACCOUNTS = new Set(['intent', 'share', 'sharer', 'sharer.php', 'sharearticle', 'sharing', 'dialog', 'plugins', 'home', 'search', 'hashtag', 'i', 'explore',
  'login', 'signup', 'settings', 'messages', 'notifications', 'compose', 'p', 'reel', 'reels', 'stories', 'accounts', 'tr', 'pin', 'submit', 'features',
  'pricing', 'about', 'marketplace', 'topics', 'watch', 'embed', 'shorts', 'feed', 'legal', 'privacy', 'help', 'policies', 'tos', 'signin', 'ideas']);

const HOSTS: [RegExp, SocialKey][] = [
  [/^(?:[a-z]{2}\.)?linkedin\.com$/, 'linkedin'], [/^(?:twitter|x)\.com$/, 'x'], [/^(?:facebook|fb)\.com$/, 'facebook'],
  [/^instagram\.com$/, 'instagram'], [/^tiktok\.com$/, 'tiktok'], [/^youtube\.com$/, 'youtube'], [/^threads\.(?:net|com)$/, 'threads'],
  [/^pinterest\.(?:com|[a-z]{2}|co\.uk)$/, 'pinterest'], [/^github\.com$/, 'github'], [/^(?:old\.)?reddit\.com$/, 'reddit'],
  [/^producthunt\.com$/, 'producthunt'], [/^(?:[a-z0-9-]+\.)?medium\.com$/, 'medium'],
];

/** Which platform an address is an account on, if it is an account page at all (not a share link, post or video). */
export function socialLink(href: string): SocialLink | null {
  let u: URL;
  try { u = new URL(href); } catch { return null; }
  if (!/^https?:$/.test(u.protocol)) return null;
  const host = u.hostname.toLowerCase().replace(/^(?:www|m|mobile)\./, '');
  const key = HOSTS.find(([re]) => re.test(host))?.[1];
  if (!key) return null;
  const seg = u.pathname.split('/').filter(Boolean);
  const first = (seg[0] ?? '').toLowerCase();
  const url = `${u.protocol}//${u.host}${u.pathname}`;
  const account = (personal = false): SocialLink => ({ key, url, personal });
  if (key === 'medium' && host !== 'medium.com') return account();
  if (!first || NOT_ACCOUNTS.has(first)) return null;
  switch (key) {
    case 'linkedin':
      if (['company', 'school', 'showcase'].includes(first) && seg[1]) return account();
      return first === 'in' && seg[1] ? account(true) : null;
    case 'x':
      return seg.length === 1 && /^[A-Za-z0-9_]{1,15}$/.test(seg[0]) ? account() : null;
    case 'facebook':
      return seg.length <= 2 && (first !== 'profile.php' || u.searchParams.has('id')) ? account() : null;
    case 'instagram': case 'pinterest':
      return seg.length === 1 ? account() : null;
    case 'tiktok': case 'threads':
      return seg.length === 1 && first.startsWith('@') ? account() : null;
    case 'youtube':
      return first.startsWith('@') || (['channel', 'c', 'user'].includes(first) && seg[1]) ? account() : null;
    case 'github':
      return seg.length <= 2 ? account() : null;
    case 'reddit':
      return ['r', 'u', 'user'].includes(first) && seg[1] && seg.length <= 2 ? account() : null;
    case 'producthunt':
      return (['products', 'posts'].includes(first) && seg[1]) || first.startsWith('@') ? account() : null;
    case 'medium':
      return account(first.startsWith('@'));
    default:
      return null;
  }
}

/** Lines where links belong to someone else: people's cards, testimonials, share buttons, articles. */
const NOT_COMPANY_LINK = /\b(team|member|founder|person|people|bio|testimonial|review|customer|client|quote|share)\b/;

const sameAccount = (a: string, b: string) => a.toLowerCase().replace(/\/+$/, '').replace('://www.', '://') === b.toLowerCase().replace(/\/+$/, '').replace('://www.', '://');

/** The company's accounts: its JSON-LD sameAs, then links on its own pages outside people's cards and articles. */
export function extractCompanySocials(site: SiteView): Partial<Record<SocialKey, Proposal<string>>> {
  const found: { link: SocialLink; evidence: Evidence | null }[] = [];
  for (const org of organizations(ldNodes(site.pages))) {
    for (const raw of ldStrings(org.data, 'sameAs')) {
      const link = socialLink(raw);
      if (link && !link.personal) found.push({ link, evidence: quoteOn(org.page, 'head', raw) });
    }
  }
  const pages: ViewPage[] = [...pagesOfKind(site, 'homepage'), ...pagesOfKind(site, 'about', 'contact', 'features', 'pricing', 'faq')];
  for (const page of pages) {
    for (const l of page.links) {
      const link = socialLink(l.href);
      const within = l.block !== undefined ? page.blocks[l.block]?.within ?? '' : '';
      if (link && !link.personal && !NOT_COMPANY_LINK.test(within)) found.push({ link, evidence: quoteOn(page, 'links', l.href) });
    }
  }
  const out: Partial<Record<SocialKey, Proposal<string>>> = {};
  for (const f of found) {
    if (out[f.link.key]) continue;
    // The same footer link on every page: a few quotes are enough.
    const same = found.filter((g) => g.evidence && g.link.key === f.link.key && sameAccount(g.link.url, f.link.url)).slice(0, 3);
    const p = propose(f.link.url, same.map((g) => g.evidence));
    if (p) out[f.link.key] = p;
  }
  return out;
}
