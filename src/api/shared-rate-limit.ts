import { Redis } from 'ioredis';

/** What a @fastify/rate-limit store answers: requests counted in the window, and milliseconds left in it. */
export interface WindowCount {
  current: number;
  ttl: number;
}
type Done = (err: Error | null, result?: WindowCount) => void;

export interface RateLimitLog {
  warn(msg: string): void;
  info(msg: string): void;
}

/** Fixed windows counted in this process's memory: the fallback while Redis is away. */
export class MemoryWindows {
  private windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly maxKeys = 100_000,
    private readonly clock: () => number = Date.now,
  ) {}

  incr(key: string, windowMs: number): WindowCount {
    const now = this.clock();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (!w && this.windows.size >= this.maxKeys) this.sweep(now);
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    return { current: w.count, ttl: w.resetAt - now };
  }

  read(key: string): WindowCount {
    const now = this.clock();
    const w = this.windows.get(key);
    return !w || w.resetAt <= now ? { current: 0, ttl: 0 } : { current: w.count, ttl: w.resetAt - now };
  }

  private sweep(now: number) {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
    // Still full of live windows (a flood of addresses): start over rather than grow without bound.
    if (this.windows.size >= this.maxKeys) this.windows.clear();
  }
}

// One round trip per request; the window starts at the first request (as @fastify/rate-limit's own
// Redis store does). A key left without expiry (never by us) gets one rather than counting forever.
const INCR = `
local current = redis.call('INCR', KEYS[1])
local ttl = tonumber(ARGV[1])
if current == 1 then
  redis.call('PEXPIRE', KEYS[1], ttl)
else
  local left = redis.call('PTTL', KEYS[1])
  if left < 0 then redis.call('PEXPIRE', KEYS[1], ttl) else ttl = left end
end
return {current, ttl}`;

const READ = `
local current = redis.call('GET', KEYS[1])
if not current then return {0, 0} end
local left = redis.call('PTTL', KEYS[1])
if left < 0 then left = 0 end
return {tonumber(current), left}`;

interface Scripts {
  launchdeckRateLimit(key: string, windowMs: number): Promise<[number, number]>;
  launchdeckRateLimitRead(key: string): Promise<[number, number]>;
}

export interface SharedRateLimitOptions {
  /** Prefix of every Redis key (the site key keeps several sites on one Redis apart). */
  prefix: string;
  log: RateLimitLog;
  /** After a failed command, count in memory this long before trying Redis again. */
  pauseAfterErrorMs?: number;
  /** A Redis command slower than this counts as a failure. */
  commandTimeoutMs?: number;
  clock?: () => number;
}

export interface SharedRateLimits {
  /** The store class for @fastify/rate-limit's `store` option. */
  Store: new (
    params?: unknown,
  ) => SharedStore;
  /** Waits (at most timeoutMs) for the first connection; false when Redis did not answer. */
  connected(timeoutMs: number): Promise<boolean>;
  /** Whether requests are counted in Redis right now. */
  usingRedis(): boolean;
  close(): Promise<void>;
}

export interface SharedStore {
  incr(key: string, done: Done, timeWindow: number, max: number): void;
  read(key: string, done: Done, timeWindow: number, max: number): void;
  /** Gets @fastify/rate-limit's merged route settings (typed there as route options), with `routeInfo`. */
  child(routeSettings: object): SharedStore;
}

/**
 * Rate-limit counts kept in Redis, so every instance behind a load balancer counts the same client
 * once. Redis going away never fails a request: counting falls back to this instance's memory with
 * one warning per outage, and goes back to Redis (one info line) once ioredis has reconnected.
 */
export function sharedRateLimits(redisUrl: string, opts: SharedRateLimitOptions): SharedRateLimits {
  const clock = opts.clock ?? Date.now;
  const pauseMs = opts.pauseAfterErrorMs ?? 5_000;
  const redis = new Redis(redisUrl, {
    // While disconnected a command fails at once (and we count in memory) instead of queueing.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: opts.commandTimeoutMs ?? 500,
    connectTimeout: 2_000,
    // Reconnect for ever, at most every 2 s.
    retryStrategy: (times: number) => Math.min(times * 200, 2_000),
  });
  redis.defineCommand('launchdeckRateLimit', { numberOfKeys: 1, lua: INCR });
  redis.defineCommand('launchdeckRateLimitRead', { numberOfKeys: 1, lua: READ });
  const scripts = redis as unknown as Scripts;
  const memory = new MemoryWindows();
  let degraded = false;
  let pausedUntil = 0;
  let closing = false;

  const degrade = (why: string) => {
    if (closing) return;
    pausedUntil = clock() + pauseMs;
    if (degraded) return;
    degraded = true;
    opts.log.warn(
      `Redis is unavailable for rate limits (${why}): each instance counts its own requests until it is back`,
    );
  };
  const recover = () => {
    pausedUntil = 0;
    if (!degraded) return;
    degraded = false;
    opts.log.info('Redis is back: rate limits are shared by every instance again');
  };
  // Handled here, once per outage: ioredis would otherwise print every failed reconnection.
  redis.on('error', (err: Error) => degrade(err.message || err.name));
  redis.on('close', () => degrade('connection closed'));
  redis.on('ready', recover);

  const usingRedis = () => redis.status === 'ready' && clock() >= pausedUntil;

  class Store implements SharedStore {
    constructor(
      _params?: unknown,
      private readonly prefix = opts.prefix,
    ) {}

    incr(key: string, done: Done, timeWindow: number) {
      this.count(key, done, timeWindow, true);
    }

    read(key: string, done: Done, timeWindow: number) {
      this.count(key, done, timeWindow, false);
    }

    private count(key: string, done: Done, windowMs: number, increment: boolean) {
      const k = this.prefix + key;
      const inMemory = () => done(null, increment ? memory.incr(k, windowMs) : memory.read(k));
      if (!usingRedis()) {
        if (redis.status !== 'ready') degrade(`connection ${redis.status}`);
        return inMemory();
      }
      (increment ? scripts.launchdeckRateLimit(k, windowMs) : scripts.launchdeckRateLimitRead(k)).then(
        ([current, ttl]) => {
          recover();
          done(null, { current: Number(current), ttl: Number(ttl) });
        },
        (err: Error) => {
          degrade(err.message || err.name);
          inMemory();
        },
      );
    }

    // Per-route limits (votes, reviews…) count in their own keys, as the built-in stores do.
    child(routeSettings: object) {
      const r = (routeSettings as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new Store(undefined, `${this.prefix}${String(r.method ?? '')}${r.url ?? ''}-`);
    }
  }

  return {
    Store,
    usingRedis,
    connected(timeoutMs) {
      if (redis.status === 'ready') return Promise.resolve(true);
      return new Promise((resolve) => {
        const finish = (ok: boolean) => {
          clearTimeout(timer);
          redis.off('ready', onReady);
          redis.off('error', onError);
          resolve(ok);
        };
        const onReady = () => finish(true);
        const onError = () => finish(false);
        const timer = setTimeout(() => finish(false), timeoutMs);
        redis.once('ready', onReady);
        redis.once('error', onError);
      });
    },
    async close() {
      closing = true;
      redis.disconnect();
    },
  };
}
