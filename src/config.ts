import path from 'node:path';
import { parseSecretsKey } from './crypto/secret-box.js';
import { ANTHROPIC_BASE_URL, DEFAULT_MAX_TOKENS } from './drafting/llm/anthropic-messages.js';

/** Every setting the service reads, parsed and validated once; README.md "Configuration" lists them. */
export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  seedDemo: boolean;
  siteKey: string;
  smtpUrl: string | null;
  dnsServers: string[];
  crawlAllowHosts: string[];
  /** CRAWL_RENDER=chromium: pages that are JavaScript shells are rendered in this Chromium (CHROMIUM_PATH); null: never. */
  crawlRender: { chromiumPath: string } | null;
  llm: LlmConfig;
  stripe: { secretKey: string | null; webhookSecret: string | null; apiBase: string | null };
  /** The EU's VIES service, to check that a VAT number is registered (off when null). */
  viesUrl: string | null;
  /** Who takes payments: `test` (built in, no money moves) or `stripe`. */
  paymentProvider: 'test' | 'stripe';
  redisUrl: string | null;
  logLevel: string;
  rateLimit: { max: number; windowMs: number };
  signInThrottle: SignInThrottleConfig;
  trustProxy: boolean;
  /** Jobs one worker process runs at once (crawls are mostly waiting on the network). */
  workerConcurrency: number;
  /** JOB_LEASE_SECONDS: a running job's lease, renewed while it runs; a dead worker's job is taken over once it lapses. */
  jobLeaseMs: number;
  /** How long an instance reuses the answer of a public list read (0 = never); listing writes clear it sooner. */
  readCacheSeconds: number;
  /** ANALYTICS=off: no page views, website clicks or referrers are counted (the /go redirect still works). */
  analytics: boolean;
  /** SECRETS_KEY: the 32-byte key that encrypts stored payment-provider keys (revenue connections). */
  secretsKey: Buffer | null;
  domainRatings: DomainRatingConfig;
  /** METRICS_TOKEN: the Bearer token /metrics asks for; without one, only loopback clients may read it. */
  metricsToken: string | null;
  /** METRICS_PORT: where a worker process (`npm run worker`) serves /metrics; null = not served. */
  metricsPort: number | null;
  /** How long finished or expired rows are kept before the housekeeping job deletes them (README "Housekeeping"). */
  retention: RetentionConfig;
  /** When the weekly digest goes out (README "Notifications"): DIGEST_WEEKDAY 1 (Monday) to 7, DIGEST_HOUR in UTC. */
  notifications: { digestWeekday: number; digestHour: number };
  /** GitHub, Google and an OpenID Connect provider people may sign in with (README "Signing in with…"); null: off. */
  signInProviders: SignInProvidersConfig;
  webhooks: WebhookConfig;
}

/** Outgoing webhooks' delivery (README "Webhooks"). */
export interface WebhookConfig {
  /** WEBHOOK_TIMEOUT_SECONDS: how long one attempt waits for the endpoint's answer. */
  timeoutMs: number;
  /** WEBHOOK_RETRY_HOURS: how long a failing delivery keeps being retried. */
  retryWindowMs: number;
  /** WEBHOOK_RETRY_BASE_SECONDS: the first retry's delay; each next one doubles (with jitter), up to six hours. */
  retryBaseMs: number;
  /** WEBHOOK_DISABLE_AFTER_FAILURES: attempts failed in a row that disable an endpoint. */
  disableAfterFailures: number;
  /** WEBHOOK_DISABLE_AFTER_HOURS: an endpoint failing every attempt this long is disabled. */
  disableAfterMs: number;
}

export interface SignInProvidersConfig {
  /** `baseUrl`: the web host (login pages, token endpoint); `apiUrl`: the REST API (GitHub Enterprise: …/api/v3). */
  github: { clientId: string; clientSecret: string; baseUrl: string; apiUrl: string } | null;
  google: { clientId: string; clientSecret: string; issuer: string } | null;
  /** `clientSecret` null: a public client (PKCE alone); `name` is what the button says. */
  oidc: { issuer: string; clientId: string; clientSecret: string | null; name: string } | null;
}

/** Days each kind of finished or expired row is kept (README "Housekeeping"). */
export interface RetentionConfig {
  doneJobsDays: number;
  failedJobsDays: number;
  /** Sessions, mailed codes and links, OAuth codes and tokens: kept this long past their expiry. */
  expiredTokensDays: number;
  /** Crawled page text of drafts untouched this long (the draft itself stays). */
  draftPagesDays: number;
  domainRatingFailuresDays: number;
  /** Finished webhook deliveries and their events (README "Webhooks"). */
  webhookLogDays: number;
}

/** The language model that refines drafts and writes reviews (README "Configuration"); off without a model. */
export interface LlmConfig {
  /** `openai`: any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, vLLM…); `anthropic`: Messages API. */
  provider: 'openai' | 'anthropic';
  /** Null only for `openai` without LLM_BASE_URL (then off); `anthropic` defaults to Anthropic's API. */
  baseUrl: string | null;
  apiKey: string | null;
  model: string | null;
  /** LLM_MAX_TOKENS: the bound on an answer that the Messages API requires (Anthropic only). */
  maxTokens: number;
}

/** Where Domain Ratings come from (README "Domain Rating board"); no provider means CSV import only. */
export interface DomainRatingConfig {
  provider: 'ahrefs' | 'openpagerank' | null;
  ahrefs: { apiKey: string | null; baseUrl: string };
  openPageRank: { apiKey: string | null; baseUrl: string };
  /** Requests to the provider per minute, across all workers together. */
  requestsPerMinute: number;
  /** A domain is refreshed once its latest reading from the provider is this many days old. */
  refreshDays: number;
}

/** Failed sign-ins tolerated before backoff (README "Sign-in throttling"). */
export interface SignInThrottleConfig {
  /** Failures for one email within the window before it is locked. */
  accountFailures: number;
  /** Failures from one client address within the window before it is locked (offices share addresses). */
  addressFailures: number;
  windowMs: number;
  /** The first lock; each further failure doubles it, up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return n;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be 1 or 0, got "${raw}"`);
}

function list(env: Env, name: string): string[] {
  return (env[name] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function crawlRender(env: Env): { chromiumPath: string } | null {
  const mode = str(env, 'CRAWL_RENDER') ?? 'off';
  if (mode !== 'chromium' && mode !== 'off')
    throw new ConfigError(`CRAWL_RENDER must be chromium or off, got "${mode}"`);
  return mode === 'chromium' ? { chromiumPath: str(env, 'CHROMIUM_PATH') ?? '/usr/bin/chromium' } : null;
}

function str(env: Env, name: string): string | null {
  const v = env[name];
  return v === undefined || v === '' ? null : v;
}

function secretsKey(env: Env): Buffer | null {
  const raw = str(env, 'SECRETS_KEY');
  if (raw === null) return null;
  const key = parseSecretsKey(raw.trim());
  // The value itself is never echoed: it is a secret.
  if (!key)
    throw new ConfigError(
      'SECRETS_KEY must be 32 random bytes as 64 hex digits or base64 (e.g. `openssl rand -base64 32`)',
    );
  return key;
}

function viesUrl(env: Env): string | null {
  const v = str(env, 'VIES_URL');
  if (v && !/^https?:\/\/\S+$/.test(v))
    throw new ConfigError(
      `VIES_URL must be an http(s) URL such as https://ec.europa.eu/taxation_customs/vies/rest-api, got "${v}"`,
    );
  return v;
}

function origin(env: Env, name: string, fallback: string): string {
  const v = str(env, name) ?? fallback;
  if (!/^https?:\/\/[^/\s]+\/?$/.test(v))
    throw new ConfigError(`${name} must be an origin like ${fallback}, got "${v}"`);
  return v.replace(/\/+$/, '');
}

function domainRatings(env: Env): DomainRatingConfig {
  const ahrefs = {
    apiKey: str(env, 'AHREFS_API_KEY'),
    baseUrl: origin(env, 'AHREFS_BASE_URL', 'https://api.ahrefs.com'),
  };
  const openPageRank = {
    apiKey: str(env, 'OPENPAGERANK_API_KEY'),
    baseUrl: origin(env, 'OPENPAGERANK_BASE_URL', 'https://openpagerank.com'),
  };
  // Ahrefs when its key is set, else Open PageRank when its key is set; DOMAIN_RATING_PROVIDER picks when both are.
  const chosen =
    str(env, 'DOMAIN_RATING_PROVIDER') ?? (ahrefs.apiKey ? 'ahrefs' : openPageRank.apiKey ? 'openpagerank' : null);
  if (chosen !== null && chosen !== 'ahrefs' && chosen !== 'openpagerank')
    throw new ConfigError(`DOMAIN_RATING_PROVIDER must be ahrefs or openpagerank, got "${chosen}"`);
  if (chosen === 'ahrefs' && !ahrefs.apiKey)
    throw new ConfigError('DOMAIN_RATING_PROVIDER=ahrefs needs AHREFS_API_KEY');
  if (chosen === 'openpagerank' && !openPageRank.apiKey)
    throw new ConfigError('DOMAIN_RATING_PROVIDER=openpagerank needs OPENPAGERANK_API_KEY');
  return {
    provider: chosen,
    ahrefs,
    openPageRank,
    requestsPerMinute: int(env, 'DOMAIN_RATING_REQUESTS_PER_MINUTE', 30, 1, 60_000),
    refreshDays: int(env, 'DOMAIN_RATING_REFRESH_DAYS', 30, 1, 365),
  };
}

function llm(env: Env): LlmConfig {
  const baseUrl = str(env, 'LLM_BASE_URL');
  let host: string | null = null;
  if (baseUrl) {
    try {
      const u = new URL(baseUrl);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
      host = u.hostname;
    } catch {
      throw new ConfigError(`LLM_BASE_URL must be an http(s) URL, got "${baseUrl}"`);
    }
  }
  // Anthropic's own API speaks only its own format, so its address is enough to choose it.
  const provider = str(env, 'LLM_PROVIDER') ?? (host === 'api.anthropic.com' ? 'anthropic' : 'openai');
  if (provider !== 'openai' && provider !== 'anthropic')
    throw new ConfigError(`LLM_PROVIDER must be openai or anthropic, got "${provider}"`);
  const apiKey = str(env, 'LLM_API_KEY');
  const model = str(env, 'LLM_MODEL');
  if (provider === 'anthropic' && model && !apiKey) throw new ConfigError('LLM_PROVIDER=anthropic needs LLM_API_KEY');
  return {
    provider,
    baseUrl: baseUrl ?? (provider === 'anthropic' ? ANTHROPIC_BASE_URL : null),
    apiKey,
    model,
    maxTokens: int(env, 'LLM_MAX_TOKENS', DEFAULT_MAX_TOKENS, 1, 1_000_000),
  };
}

/** An http(s) URL; `trim` drops trailing slashes (never on an issuer: it must match the provider's to the byte). */
function httpUrl(env: Env, name: string, fallback: string, trim = true): string {
  const given = str(env, name) ?? fallback;
  const v = trim ? given.replace(/\/+$/, '') : given;
  if (!/^https?:\/\/[^\s/]+(\/\S*)?$/.test(v)) throw new ConfigError(`${name} must be an http(s) URL, got "${v}"`);
  return v;
}

/** A provider is on once its client id is set; its secret (and for OIDC the issuer) must come with it. */
function signInProviders(env: Env): SignInProvidersConfig {
  const pair = (prefix: string) => {
    const clientId = str(env, `${prefix}_CLIENT_ID`);
    const clientSecret = str(env, `${prefix}_CLIENT_SECRET`);
    if (!clientId && clientSecret) throw new ConfigError(`${prefix}_CLIENT_SECRET needs ${prefix}_CLIENT_ID`);
    if (clientId && !clientSecret) throw new ConfigError(`${prefix}_CLIENT_ID needs ${prefix}_CLIENT_SECRET`);
    return clientId && clientSecret ? { clientId, clientSecret } : null;
  };
  const github = pair('GITHUB');
  const google = pair('GOOGLE');
  const oidcIssuer = str(env, 'OIDC_ISSUER');
  const oidcClientId = str(env, 'OIDC_CLIENT_ID');
  if (Boolean(oidcIssuer) !== Boolean(oidcClientId))
    throw new ConfigError('OIDC_ISSUER and OIDC_CLIENT_ID go together: set both, or neither');
  return {
    github: github && {
      ...github,
      baseUrl: httpUrl(env, 'GITHUB_BASE_URL', 'https://github.com'),
      apiUrl: httpUrl(env, 'GITHUB_API_URL', 'https://api.github.com'),
    },
    google: google && { ...google, issuer: httpUrl(env, 'GOOGLE_ISSUER', 'https://accounts.google.com', false) },
    oidc:
      oidcIssuer && oidcClientId
        ? {
            issuer: httpUrl(env, 'OIDC_ISSUER', oidcIssuer, false),
            clientId: oidcClientId,
            clientSecret: str(env, 'OIDC_CLIENT_SECRET'),
            name: (str(env, 'OIDC_NAME') ?? 'Single sign-on').slice(0, 40),
          }
        : null,
  };
}

export function loadConfig(env: Env = process.env): Config {
  const port = int(env, 'PORT', 3000, 0, 65535);
  const host = str(env, 'HOST') ?? '0.0.0.0';
  const publicUrl = (str(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    const u = new URL(publicUrl);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an http(s) URL, got "${publicUrl}"`);
  }
  const databaseUrl = str(env, 'DATABASE_URL');
  const siteKey = str(env, 'SITE_KEY') ?? 'main';
  if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(siteKey))
    throw new ConfigError(`SITE_KEY must be a lowercase key like "main", got "${siteKey}"`);
  const stripeKey = str(env, 'STRIPE_SECRET_KEY');
  const stripeApiBase = str(env, 'STRIPE_API_BASE');
  if (stripeApiBase && !/^https?:\/\/[^/]+\/?$/.test(stripeApiBase))
    throw new ConfigError(`STRIPE_API_BASE must be an origin like https://api.stripe.com, got "${stripeApiBase}"`);
  // Stripe once a key is configured; the built-in test provider otherwise.
  const provider = str(env, 'PAYMENT_PROVIDER') ?? (stripeKey ? 'stripe' : 'test');
  if (provider !== 'test' && provider !== 'stripe')
    throw new ConfigError(`PAYMENT_PROVIDER must be test or stripe, got "${provider}"`);
  if (provider === 'stripe' && !stripeKey) throw new ConfigError('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY');
  const paymentProvider: 'test' | 'stripe' = provider;
  return {
    port,
    host,
    publicUrl,
    dataDir: path.resolve(str(env, 'DATA_DIR') ?? './data'),
    databaseUrl,
    // Demo content is for the first local run; a real PostgreSQL deployment must ask for it.
    seedDemo: bool(env, 'SEED_DEMO', databaseUrl === null),
    siteKey,
    smtpUrl: str(env, 'SMTP_URL'),
    dnsServers: list(env, 'DNS_SERVERS'),
    crawlAllowHosts: list(env, 'CRAWL_ALLOW_HOSTS'),
    crawlRender: crawlRender(env),
    llm: llm(env),
    stripe: { secretKey: stripeKey, webhookSecret: str(env, 'STRIPE_WEBHOOK_SECRET'), apiBase: stripeApiBase },
    paymentProvider,
    viesUrl: viesUrl(env),
    redisUrl: str(env, 'REDIS_URL'),
    logLevel: str(env, 'LOG_LEVEL') ?? 'info',
    rateLimit: {
      max: int(env, 'RATE_LIMIT_MAX', 300, 1, 10_000_000),
      windowMs: int(env, 'RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86_400) * 1000,
    },
    signInThrottle: {
      accountFailures: int(env, 'SIGNIN_MAX_FAILURES', 5, 1, 1000),
      addressFailures: int(env, 'SIGNIN_ADDRESS_MAX_FAILURES', 20, 1, 100_000),
      windowMs: int(env, 'SIGNIN_WINDOW_MINUTES', 15, 1, 1440) * 60_000,
      backoffMs: int(env, 'SIGNIN_BACKOFF_SECONDS', 30, 1, 86_400) * 1000,
      maxBackoffMs: int(env, 'SIGNIN_MAX_BACKOFF_SECONDS', 900, 1, 86_400) * 1000,
    },
    trustProxy: bool(env, 'TRUST_PROXY', false),
    workerConcurrency: int(env, 'WORKER_CONCURRENCY', 6, 1, 64),
    jobLeaseMs: int(env, 'JOB_LEASE_SECONDS', 60, 1, 3600) * 1000,
    readCacheSeconds: int(env, 'READ_CACHE_SECONDS', 5, 0, 300),
    analytics: bool(env, 'ANALYTICS', true),
    secretsKey: secretsKey(env),
    domainRatings: domainRatings(env),
    metricsToken: str(env, 'METRICS_TOKEN'),
    metricsPort: env.METRICS_PORT ? int(env, 'METRICS_PORT', 0, 1, 65535) : null,
    retention: {
      doneJobsDays: int(env, 'RETAIN_DONE_JOBS_DAYS', 7, 1, 3650),
      failedJobsDays: int(env, 'RETAIN_FAILED_JOBS_DAYS', 30, 1, 3650),
      expiredTokensDays: int(env, 'RETAIN_EXPIRED_TOKENS_DAYS', 7, 1, 3650),
      draftPagesDays: int(env, 'RETAIN_DRAFT_PAGES_DAYS', 30, 1, 3650),
      domainRatingFailuresDays: int(env, 'RETAIN_DOMAIN_RATING_FAILURES_DAYS', 90, 1, 3650),
      webhookLogDays: int(env, 'RETAIN_WEBHOOK_LOG_DAYS', 30, 1, 3650),
    },
    notifications: {
      digestWeekday: int(env, 'DIGEST_WEEKDAY', 1, 1, 7),
      digestHour: int(env, 'DIGEST_HOUR', 9, 0, 23),
    },
    signInProviders: signInProviders(env),
    webhooks: {
      timeoutMs: int(env, 'WEBHOOK_TIMEOUT_SECONDS', 10, 1, 60) * 1000,
      retryWindowMs: int(env, 'WEBHOOK_RETRY_HOURS', 24, 1, 168) * 3_600_000,
      retryBaseMs: int(env, 'WEBHOOK_RETRY_BASE_SECONDS', 30, 1, 3600) * 1000,
      disableAfterFailures: int(env, 'WEBHOOK_DISABLE_AFTER_FAILURES', 50, 1, 10_000),
      disableAfterMs: int(env, 'WEBHOOK_DISABLE_AFTER_HOURS', 24, 1, 720) * 3_600_000,
    },
  };
}
