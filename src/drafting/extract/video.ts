import type { Evidence } from '../evidence.js';
import type { Proposal } from '../draft-content.js';
import { isType, ldNodes, ldString } from './json-ld.js';
import { pagesOfKind, propose, quoteOn, type SiteView } from './site-view.js';

/** Addresses of a single video on a video site (not a channel, which is a social account). */
const VIDEO_URL = [
  /^https?:\/\/(?:www\.|m\.)?youtube(?:-nocookie)?\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/|live\/)[\w-]{6,}/i,
  /^https?:\/\/youtu\.be\/[\w-]{6,}/i,
  /^https?:\/\/(?:www\.|player\.)?vimeo\.com\/(?:video\/)?\d+/i,
  /^https?:\/\/(?:www\.)?loom\.com\/(?:share|embed)\/\w+/i,
  /^https?:\/\/(?:[\w-]+\.)?(?:wistia\.com|wistia\.net|wi\.st)\/(?:medias|embed)\/\w+/i,
  /^https?:\/\/(?:play|share)\.vidyard\.com\/\w+/i,
];
const DEMO_WORDS = /\b(demo|watch|video|tour|walkthrough|see (?:it|how)|how it works|overview|intro)\b/i;

export const isVideoUrl = (url: string) => VIDEO_URL.some((re) => re.test(url));

/** A demo video: a link or embedded player on a video site, on the product's own pages (homepage first). */
export function extractDemoVideo(site: SiteView): Proposal<string> | undefined {
  const candidates: { url: string; evidence: Evidence | null; score: number }[] = [];
  const pages = pagesOfKind(site, 'homepage', 'features', 'about', 'pricing', 'faq');
  pages.forEach((page, rank) => {
    const pageBonus = page.kind === 'homepage' ? 2 : 0;
    for (const l of page.links) {
      if (!isVideoUrl(l.href)) continue;
      // The link's own words say what it is; an icon link is known by the line around it.
      const label = l.text || (l.block !== undefined ? (page.blocks[l.block]?.text ?? '') : '');
      const score = pageBonus + (DEMO_WORDS.test(label) ? 2 : 0) - rank * 0.01;
      candidates.push({ url: l.href, evidence: quoteOn(page, 'links', l.href), score });
    }
    for (const m of page.media) {
      if (m.kind === 'embed' && isVideoUrl(m.url))
        candidates.push({ url: m.url, evidence: quoteOn(page, 'links', m.url), score: pageBonus + 1 - rank * 0.01 });
    }
  });
  for (const n of ldNodes(pages).filter((x) => isType(x, ['VideoObject']))) {
    for (const key of ['embedUrl', 'contentUrl', 'url']) {
      const url = ldString(n.data, key);
      if (url && isVideoUrl(url)) candidates.push({ url, evidence: quoteOn(n.page, 'head', url), score: 3 });
    }
  }
  const best = candidates.filter((c) => c.evidence).sort((a, b) => b.score - a.score)[0];
  return best ? propose(best.url, [best.evidence]) : undefined;
}
