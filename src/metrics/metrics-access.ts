import { timingSafeEqual } from 'node:crypto';
import { sha256 } from '../crypto/sha256.js';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

export interface MetricsCaller {
  authorization: string | undefined;
  /** The TCP peer, not a forwarded address: a proxy cannot vouch for being local. */
  socketAddress: string | undefined;
  /** Whether the request came through a proxy (X-Forwarded-For or Forwarded present). */
  forwarded: boolean;
}

/**
 * Who may read /metrics: with METRICS_TOKEN set, only a caller presenting it as a Bearer token;
 * without one, only a direct loopback caller — a request relayed by a reverse proxy on the same
 * host arrives from loopback too, so a forwarded request is refused.
 */
export function mayReadMetrics(token: string | null, caller: MetricsCaller): boolean {
  if (token !== null) {
    const sent = /^Bearer\s+(\S+)\s*$/i.exec(caller.authorization ?? '')?.[1];
    // Hashes have equal lengths, so the comparison takes the same time whatever was sent.
    return sent !== undefined && timingSafeEqual(Buffer.from(sha256(sent)), Buffer.from(sha256(token)));
  }
  return !caller.forwarded && LOOPBACK.test(caller.socketAddress ?? '');
}
