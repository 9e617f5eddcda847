import net from 'node:net';
import { unmapIpv4 } from '../../net/address-policy.js';

/** Where and in what a session was last seen, as stored: never the full address. */
export interface SessionDevice {
  userAgent: string;
  ipPrefix: string;
}

export function sessionDevice(userAgent: string | undefined, ip: string): SessionDevice {
  // A User-Agent is the client's to write: keep a bounded piece, enough to name the browser.
  return { userAgent: (userAgent ?? '').slice(0, 300), ipPrefix: ipPrefix(ip) };
}

/**
 * The network an address is in, without the address: its IPv4 /24 ("203.0.113.x") or IPv6 /48
 * ("2001:db8:5::/48") — enough to tell home from office or another country's network, not to
 * find a household. No lookup service is asked.
 */
export function ipPrefix(address: string): string {
  const ip = unmapIpv4(address);
  if (net.isIPv4(ip)) return `${ip.split('.').slice(0, 3).join('.')}.x`;
  if (!net.isIPv6(ip)) return '';
  const groups = expandIpv6(ip).slice(0, 3);
  while (groups.length && groups.at(-1) === 0) groups.pop();
  return `${groups.map((g) => g.toString(16)).join(':')}::/48`;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part counts as two). */
function expandIpv6(ip: string): number[] {
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  let text = ip.replace(/%.*$/, '');
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const h = part(head);
  const t = part(tail);
  return tail === undefined ? h : [...h, ...new Array(8 - h.length - t.length).fill(0), ...t];
}

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPad/, 'iPad'],
  [/iPhone|iPod/, 'iPhone'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** "Firefox on Linux", "Safari on iPhone": what a person recognises their own device by. */
export function deviceLabel(userAgent: string | null): string {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? (ua ? 'Another program' : 'Unknown device');
}
