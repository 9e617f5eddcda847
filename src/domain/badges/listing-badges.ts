import { fromJson, type Queryable } from '../../db/client.js';
import { BADGE_KINDS, badgeLabel, type BadgeKind, type BadgeMode, type BadgeShape, type BadgeSize } from './kinds.js';
import { badgeDimensions } from './svg.js';

export interface ListingBadgeFacts {
  id: number;
  slug: string;
  name: string;
  status: string;
  plan: string | null;
  verified: boolean;
  launched: boolean;
  votes: number;
  bestAward: { id: number; rank: 1 | 2 | 3; week: string } | null;
  topVoted: boolean;
}

interface BadgeFactsRow {
  id: number;
  slug: string;
  name: string;
  status: string;
  plan: string | null;
  is_verified: boolean;
  launched_at: string | null;
  votes_count: number;
  /** json, or its text (see fromJson). */
  best_award: unknown;
  top_voted: boolean;
}

export async function loadBadgeFacts(db: Queryable, siteId: number, slug: string): Promise<ListingBadgeFacts | null> {
  const rows = await db.query<BadgeFactsRow>(
    `SELECT l.id, l.slug, c.name, l.status, l.plan, l.is_verified, l.launched_at, l.votes_count,
            (SELECT json_build_object('id', a.id, 'rank', a.rank, 'week', a.week_start) FROM awards a
            WHERE a.listing_id = l.id ORDER BY a.rank, a.week_start DESC LIMIT 1) AS best_award,
            (SELECT count(*) FROM listings o WHERE o.site_id = l.site_id AND o.status = 'live'
            AND o.votes_count > l.votes_count) < 10 AS top_voted
       FROM listings l JOIN companies c ON c.id = l.company_id
      WHERE l.site_id = $1 AND l.slug = $2 AND l.status IN ('live', 'scheduled', 'awaiting_badge')`,
    [siteId, slug],
  );
  const r = rows[0];
  if (!r) return null;
  const award = fromJson<{ id: number; rank: 1 | 2 | 3; week: string } | null>(r.best_award);
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    status: r.status,
    plan: r.plan,
    verified: r.is_verified,
    launched: r.status === 'live' && r.launched_at != null,
    votes: r.votes_count,
    bestAward: award ? { id: award.id, rank: award.rank, week: award.week } : null,
    topVoted: r.status === 'live' && r.votes_count > 0 && r.top_voted,
  };
}

/** Which badges a listing has earned: listed always; the rest by its launch, plan, verification and awards. */
export function earnedKinds(f: ListingBadgeFacts): Set<BadgeKind> {
  const earned = new Set<BadgeKind>(['listed']);
  if (f.launched) earned.add('launched');
  if (f.plan === 'paid') earned.add('featured');
  if (f.verified) earned.add('verified');
  if (f.bestAward) earned.add('launch-of-the-week');
  if (f.topVoted) earned.add('top-voted');
  return earned;
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface BadgeEmbed {
  kind: BadgeKind;
  label: string;
  earned: boolean;
  svg_url: string;
  light_svg_url: string;
  dark_svg_url: string;
  html: string;
  markdown: string;
  width: number;
  height: number;
}

/**
 * Embed code for every badge the listing has earned, in the chosen style (an unearned badge is
 * neither offered nor served); the link carries our listing page, which the free-queue check looks
 * for — except the award badge's, which goes to the public verification page of the award it shows,
 * so anyone can check it.
 */
export function badgeEmbeds(
  f: ListingBadgeFacts,
  style: { shape: BadgeShape; mode: BadgeMode; size: BadgeSize },
  siteName: string,
  publicUrl: string,
): BadgeEmbed[] {
  const earned = earnedKinds(f);
  const listingPage = `${publicUrl}/p/${f.slug}`;
  const { width, height } = badgeDimensions(style.shape, style.size);
  return BADGE_KINDS.filter((kind) => earned.has(kind)).map((kind) => {
    const page = kind === 'launch-of-the-week' && f.bestAward ? `${publicUrl}/awards/${f.bestAward.id}` : listingPage;
    const url = (mode: BadgeMode) =>
      `${publicUrl}/badges/${f.slug}/${kind}.svg?shape=${style.shape}&mode=${mode}&size=${style.size}`;
    const l = badgeLabel(kind, { siteName, rank: f.bestAward?.rank });
    const label = `${l.eyebrow} ${l.title}`;
    const alt = escapeAttr(`${f.name} — ${label}`);
    return {
      kind,
      label,
      earned: earned.has(kind),
      svg_url: url(style.mode),
      light_svg_url: url('light'),
      dark_svg_url: url('dark'),
      html: `<a href="${escapeAttr(page)}" target="_blank" rel="noopener"><img src="${escapeAttr(url(style.mode))}" alt="${alt}" width="${width}" height="${height}" /></a>`,
      markdown: `[![${f.name} — ${label}](${url(style.mode)})](${page})`,
      width,
      height,
    };
  });
}
