/**
 * Where things are on the public site: the sections the header leads to, the footer's groups of
 * links, which section a page belongs to, and a page's breadcrumb trail as schema.org data. Plain
 * data, so the layout, the site map page and the tests all read the same map.
 */

export interface NavLink {
  href: string;
  label: string;
}

/** One step of a page's breadcrumb trail; the last one is the page itself (no link). */
export interface Crumb {
  href?: string;
  label: string;
}

/** The public sections, in the header's order; `under` lists the paths that belong to each. */
export const SECTIONS: (NavLink & { under: string[] })[] = [
  { href: '/launches', label: 'Launches', under: ['/launches'] },
  { href: '/leaderboards', label: 'Leaderboards', under: ['/leaderboards'] },
  { href: '/categories', label: 'Categories', under: ['/categories'] },
  { href: '/founders', label: 'Founders', under: ['/founders'] },
  { href: '/blog', label: 'Blog', under: ['/blog'] },
  { href: '/hall-of-fame', label: 'Hall of Fame', under: ['/hall-of-fame', '/awards'] },
  { href: '/docs', label: 'API', under: ['/docs'] },
  { href: '/docs/mcp', label: 'MCP', under: ['/docs/mcp'] },
];

/** The footer: every public section and the ways in for programs, grouped as a visitor looks for them. */
export const FOOTER_GROUPS: { title: string; links: NavLink[] }[] = [
  {
    title: 'Discover',
    links: [
      { href: '/launches', label: 'Launches' },
      { href: '/launches/weeks/this', label: 'Launch calendar' },
      { href: '/launches?section=upcoming', label: 'Upcoming launches' },
      { href: '/leaderboards', label: 'Leaderboards' },
      { href: '/categories', label: 'Categories' },
      { href: '/search', label: 'Search' },
    ],
  },
  {
    title: 'Community',
    links: [
      { href: '/founders', label: 'Founders' },
      { href: '/blog', label: 'Blog' },
      { href: '/hall-of-fame', label: 'Hall of Fame' },
      { href: '/awards', label: 'Launch of the Week awards' },
      { href: '/compare', label: 'Compare products' },
    ],
  },
  {
    title: 'Makers',
    links: [
      { href: '/submit', label: 'Submit a product' },
      { href: '/my/listings', label: 'Your listings' },
      { href: '/claims/new', label: 'Claim a listing' },
    ],
  },
  {
    title: 'Developers',
    links: [
      { href: '/docs', label: 'API reference' },
      { href: '/api/v1/openapi.json', label: 'OpenAPI' },
      { href: '/docs/mcp', label: 'MCP server' },
      { href: '/feed.xml', label: 'RSS feed' },
    ],
  },
];

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The header section a path belongs to (the most specific one), or null (home, search, a listing). */
export function sectionOf(path: string): string | null {
  let best: { href: string; length: number } | null = null;
  for (const s of SECTIONS)
    for (const prefix of s.under)
      if (isUnder(path, prefix) && (!best || prefix.length > best.length))
        best = { href: s.href, length: prefix.length };
  return best?.href ?? null;
}

/** A page's path from its canonical URL ("/" when it has none or it cannot be read). */
export function pathOf(canonical: string | undefined): string {
  if (!canonical) return '/';
  try {
    return new URL(canonical).pathname;
  } catch {
    return '/';
  }
}

/**
 * The schema.org BreadcrumbList of a trail, its addresses made absolute against the page's own
 * (canonical) URL, which stands for the last step.
 */
export function breadcrumbList(trail: Crumb[], pageUrl: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.label,
      item: i === trail.length - 1 || !c.href ? pageUrl : new URL(c.href, pageUrl).href,
    })),
  };
}
