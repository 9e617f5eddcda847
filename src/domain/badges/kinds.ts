// Badge vocabulary shared by the SVG renderer, the badge routes and the API schemas.
// Kept free of rendering code so validators can import it cheaply.

export const BADGE_SHAPES = ['standard', 'outline', 'pill', 'banner', 'square'] as const;
export const BADGE_MODES = ['light', 'dark', 'auto'] as const;
export const BADGE_SIZES = ['s', 'm', 'l'] as const;
export const BADGE_KINDS = ['listed', 'launched', 'featured', 'verified', 'launch-of-the-week', 'top-voted'] as const;

export type BadgeShape = (typeof BADGE_SHAPES)[number];
export type BadgeMode = (typeof BADGE_MODES)[number];
export type BadgeSize = (typeof BADGE_SIZES)[number];
export type BadgeKind = (typeof BADGE_KINDS)[number];

// Type guards so query-string values can be narrowed without casts.
export function isBadgeShape(v: unknown): v is BadgeShape {
  return typeof v === 'string' && (BADGE_SHAPES as readonly string[]).includes(v);
}
export function isBadgeMode(v: unknown): v is BadgeMode {
  return typeof v === 'string' && (BADGE_MODES as readonly string[]).includes(v);
}
export function isBadgeSize(v: unknown): v is BadgeSize {
  return typeof v === 'string' && (BADGE_SIZES as readonly string[]).includes(v);
}
export function isBadgeKind(v: unknown): v is BadgeKind {
  return typeof v === 'string' && (BADGE_KINDS as readonly string[]).includes(v);
}

const EYEBROWS: Record<Exclude<BadgeKind, 'launch-of-the-week'>, string> = {
  listed: 'Listed on',
  launched: 'Launched on',
  featured: 'Featured on',
  verified: 'Verified on',
  'top-voted': 'Top voted on',
};

/**
 * The two text lines of a badge, unescaped (callers escape for their output format).
 * The eyebrow names the achievement and the title is always the site name, so every
 * kind reads "<eyebrow> <site>" and the layouts never special-case a kind.
 */
export function badgeLabel(
  kind: BadgeKind,
  input: { siteName: string; rank?: number },
): { eyebrow: string; title: string } {
  if (kind === 'launch-of-the-week') {
    // Only a positive whole rank is meaningful; anything else drops the "#n" rather than printing "#NaN".
    const rank = input.rank;
    const suffix = typeof rank === 'number' && Number.isInteger(rank) && rank >= 1 ? ` #${rank}` : '';
    return { eyebrow: `Launch of the Week${suffix}`, title: input.siteName };
  }
  return { eyebrow: EYEBROWS[kind], title: input.siteName };
}
