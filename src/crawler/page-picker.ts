/** The kinds of page worth reading, and the words in a link or path that reveal them. */
export const PAGE_KINDS = {
  about: ['about', 'company', 'our-story', 'who-we-are', 'story', 'mission'],
  pricing: ['pricing', 'plans', 'price', 'buy'],
  features: ['features', 'product', 'how-it-works', 'tour', 'solutions'],
  faq: ['faq', 'faqs', 'help', 'questions', 'support'],
  team: ['team', 'people', 'founders', 'leadership'],
  contact: ['contact', 'contact-us', 'get-in-touch'],
  blog: ['blog', 'news', 'changelog', 'updates'],
  press: ['press', 'media', 'newsroom', 'press-kit'],
} as const;
export type PageKind = keyof typeof PAGE_KINDS | 'homepage' | 'page';

/** Same site: the same host, ignoring a leading www. */
export const sameSite = (a: URL, b: URL) => a.hostname.replace(/^www\./, '') === b.hostname.replace(/^www\./, '');

export function kindOf(url: URL, linkText = ''): PageKind | null {
  const path = url.pathname.toLowerCase().replace(/\/+$/, '');
  if (path === '' || path === '/index.html') return 'homepage';
  const segments = path.split('/').filter(Boolean);
  const last = segments[segments.length - 1] ?? '';
  const text = linkText.toLowerCase();
  for (const [kind, words] of Object.entries(PAGE_KINDS)) {
    // Shallow paths only: /pricing, /company/about — not every blog article.
    if (segments.length <= 2 && words.some((w) => last === w || last === `${w}.html` || last.startsWith(`${w}-`))) return kind as PageKind;
  }
  for (const [kind, words] of Object.entries(PAGE_KINDS)) {
    if (segments.length <= 2 && words.some((w) => text === w || text === w.replace(/-/g, ' '))) return kind as PageKind;
  }
  return null;
}

/** Picks at most one page of each kind from the links found, in a fixed order of usefulness. */
export function pickPages(home: URL, links: { href: string; text: string }[], limit: number): { url: string; kind: PageKind }[] {
  const byKind = new Map<PageKind, string>();
  for (const l of links) {
    let u: URL;
    try { u = new URL(l.href); } catch { continue; }
    if (!/^https?:$/.test(u.protocol) || !sameSite(u, home)) continue;
    u.hash = '';
    u.search = '';
    const kind = kindOf(u, l.text);
    if (kind && kind !== 'homepage' && !byKind.has(kind)) byKind.set(kind, u.toString());
  }
  const order: PageKind[] = ['about', 'pricing', 'features', 'faq', 'team', 'contact', 'blog', 'press'];
  return order.filter((k) => byKind.has(k)).slice(0, limit).map((kind) => ({ url: byKind.get(kind)!, kind }));
}
