import { isIPv4, isIPv6 } from 'node:net';

/**
 * Crawler markers in a User-Agent (case-insensitive): generic words most bots carry, HTTP
 * libraries, link-preview fetchers and the AI and SEO crawlers that do not say "bot". A browser's
 * User-Agent holds none of them.
 */
const BOT_MARKERS =
  /bot|crawl|spider|slurp|scrap|fetch|preview|monitor|scan|check|archiv|headless|lighthouse|pingdom|curl|wget|python|java\/|go-http|okhttp|axios|node|undici|http-?client|libwww|ruby|php|perl|facebookexternalhit|whatsapp|embedly|quora|pinterest|vkshare|bytespider|ccbot|claude|gpt|perplexity|ahrefs|semrush|mj12|petal|yandex|baidu|seznam|mediapartners|^mozilla\/[0-4]\.|^$/i;

/** User-Agents already tested (a few hundred distinct ones make most traffic): the test costs ≈ 2 µs, a lookup far less. */
const known = new Map<string, boolean>();
const MAX_KNOWN = 1_000;

/** Whether a request's User-Agent is a crawler's (or missing: browsers always send one). */
export function isBot(userAgent: string | undefined): boolean {
  const ua = userAgent ?? '';
  let bot = known.get(ua);
  if (bot === undefined) {
    bot = BOT_MARKERS.test(ua);
    if (known.size >= MAX_KNOWN) known.clear();
    known.set(ua, bot);
  }
  return bot;
}

/**
 * The part of a client address that stands for one visitor: an IPv4 address whole, an IPv6
 * address's /64 (one household or device gets a whole /64 and may rotate within it).
 */
export function clientPrefix(ip: string): string {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIPv4(v4)) return v4;
  if (!isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':');
}

/**
 * Remembers, per instance, which visitor was counted for which listing in the last `windowMs`, so
 * reloads, double clicks and a bot that passes as a browser count once per window. Two maps take
 * turns (the older dropped whole each window), so memory holds at most two windows of visitors (and
 * at most 2 × maxKeys) and is never walked entry by entry.
 */
export class RepeatFilter {
  private current = new Map<string, number>();
  private previous = new Map<string, number>();
  private turnAt = 0;

  /** `maxKeys`: a flood of new visitors turns the maps early (then some repeats count) rather than filling memory. */
  constructor(
    private readonly windowMs: number,
    private readonly maxKeys = 200_000,
  ) {}

  /** True the first time `key` is seen in a window (and remembers it); false for a repeat. */
  firstIn(key: string, now: number): boolean {
    if (now >= this.turnAt || this.current.size >= this.maxKeys) {
      this.previous = now - this.turnAt < this.windowMs ? this.current : new Map();
      this.current = new Map();
      this.turnAt = now + this.windowMs;
    }
    const seen = this.current.get(key) ?? this.previous.get(key);
    if (seen !== undefined && now - seen < this.windowMs) return false;
    this.current.set(key, now);
    return true;
  }
}
