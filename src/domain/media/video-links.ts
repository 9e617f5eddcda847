/**
 * A listing's demo video: a link on YouTube, Vimeo or Loom, played through each one's
 * privacy-enhanced player (no cookies, no tracking until the visitor presses play). Those three
 * hosts are the only ones the pages may frame (app.ts: frame-src), so no other link is taken.
 */

export type VideoProvider = 'YouTube' | 'Vimeo' | 'Loom';

export interface VideoLink {
  provider: VideoProvider;
  /** The player to frame, loaded only once the visitor asks for it. */
  embedUrl: string;
}

/** The players' origins: what the CSP's frame-src allows, and nothing else. */
export const VIDEO_PLAYER_ORIGINS = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
  'https://www.loom.com',
] as const;

const YOUTUBE_ID = /^[\w-]{11}$/;

function youtubeId(u: URL): string | null {
  const host = u.hostname.replace(/^(www|m)\./, '');
  if (host === 'youtu.be') return u.pathname.slice(1).split('/')[0] ?? null;
  if (host !== 'youtube.com' && host !== 'youtube-nocookie.com') return null;
  if (u.pathname === '/watch') return u.searchParams.get('v');
  return /^\/(?:embed|shorts|live)\/([^/]+)/.exec(u.pathname)?.[1] ?? null;
}

/**
 * The video behind a YouTube, Vimeo or Loom link (watch, share or embed address), or null when the
 * link is not one of a single video on those sites.
 */
export function videoLink(raw: string): VideoLink | null {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
  if (u.username || u.password) return null;
  const yt = youtubeId(u);
  if (yt !== null) {
    return YOUTUBE_ID.test(yt)
      ? { provider: 'YouTube', embedUrl: `https://www.youtube-nocookie.com/embed/${yt}` }
      : null;
  }
  const host = u.hostname.replace(/^www\./, '');
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    // vimeo.com/123, vimeo.com/123/abcdef (unlisted: its hash), player.vimeo.com/video/123?h=abcdef
    const m = /^\/(?:video\/)?(\d{1,12})(?:\/([0-9a-f]{6,20}))?\/?$/.exec(u.pathname);
    if (!m) return null;
    const hash = m[2] ?? u.searchParams.get('h');
    const h = hash && /^[0-9a-f]{6,20}$/.test(hash) ? `&h=${hash}` : '';
    return { provider: 'Vimeo', embedUrl: `https://player.vimeo.com/video/${m[1]}?dnt=1${h}` };
  }
  if (host === 'loom.com') {
    const m = /^\/(?:share|embed)\/([0-9a-f]{32})\/?$/.exec(u.pathname);
    return m ? { provider: 'Loom', embedUrl: `https://www.loom.com/embed/${m[1]}` } : null;
  }
  return null;
}
