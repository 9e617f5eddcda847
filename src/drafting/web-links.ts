/** The URL when `value` is an http(s) link, else null. */
export function httpUrl(value: string): URL | null {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}

/** Whether a link is on one of `hosts` or a subdomain of one. */
export const onHost = (u: URL, hosts: readonly string[]) =>
  hosts.some((h) => u.hostname === h || u.hostname.endsWith(`.${h}`));

/** Video sites: a typed demo_video_url must be on one. */
export const VIDEO_HOSTS = [
  'youtube.com',
  'youtu.be',
  'vimeo.com',
  'loom.com',
  'wistia.com',
  'wistia.net',
  'dailymotion.com',
  'vidyard.com',
  'tiktok.com',
];
/** What the drafter also accepts as a video link it read on a site: embeds and a streaming site. */
export const DRAFTED_VIDEO_HOSTS = [...VIDEO_HOSTS, 'youtube-nocookie.com', 'fast.wistia.net', 'twitch.tv'];
