import net from 'node:net';

/**
 * Which addresses the service may connect to on a user's behalf (crawls, client metadata,
 * badge checks): public unicast only. Private, loopback, link-local (cloud metadata at
 * 169.254.169.254), shared, documentation, multicast and reserved ranges are refused, for IPv4,
 * IPv6 and IPv4-mapped IPv6 alike — unless an operator allow-lists them (tests).
 */
const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net4, prefix, 'ipv4');
for (const [net6, prefix] of [
  // ::/96 holds :: and ::1 and the deprecated IPv4-compatible form (::127.0.0.1 is ::7f00:1).
  ['::', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net6, prefix, 'ipv6');

/** `::ffff:10.0.0.1` and `::ffff:a00:1` are IPv4 addresses in disguise. */
export function unmapIpv4(address: string): string {
  const m = /^::ffff:(?:0:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (m) return m[1];
  const hex = /^::ffff:(?:0:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const a = parseInt(hex[1], 16);
    const b = parseInt(hex[2], 16);
    return `${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`;
  }
  return address;
}

export function isPublicAddress(address: string): boolean {
  const a = unmapIpv4(address.replace(/^\[|\]$/g, ''));
  const family = net.isIP(a);
  if (family === 0) return false;
  return !blocked.check(a, family === 4 ? 'ipv4' : 'ipv6');
}

/** Operator exceptions: exact host names, IP addresses or CIDR ranges (CRAWL_ALLOW_HOSTS). */
export class AllowList {
  private hosts = new Set<string>();
  private ranges = new net.BlockList();
  constructor(entries: string[]) {
    for (const e of entries.map((x) => x.trim().toLowerCase()).filter(Boolean)) {
      const [addr, bits] = e.split('/');
      const family = net.isIP(addr);
      if (family && bits !== undefined) this.ranges.addSubnet(addr, Number(bits), family === 4 ? 'ipv4' : 'ipv6');
      else if (family) this.ranges.addAddress(addr, family === 4 ? 'ipv4' : 'ipv6');
      else this.hosts.add(e);
    }
  }
  allowsHost(host: string): boolean {
    return this.hosts.has(host.toLowerCase());
  }
  allowsAddress(address: string): boolean {
    const a = unmapIpv4(address);
    const family = net.isIP(a);
    return family !== 0 && this.ranges.check(a, family === 4 ? 'ipv4' : 'ipv6');
  }
}

const allowLists = new Map<string, AllowList>();

/** The same AllowList object for the same entries, so fetchers keyed on it share one connection pool. */
export function allowListFor(entries: string[]): AllowList {
  const key = entries.join(',');
  let list = allowLists.get(key);
  if (!list) {
    list = new AllowList(entries);
    allowLists.set(key, list);
  }
  return list;
}
