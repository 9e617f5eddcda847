import type { Queryable } from '../../db/client.js';
import { ConfigError, type Config } from '../../config.js';
import { badRequest, AppError } from '../../errors/app-error.js';
import { openSecret, sealSecret } from '../../crypto/secret-box.js';
import { getSetting } from '../site/site-repository.js';
import { queueMail } from '../../mail/outbox.js';
import { companyListingsChanged } from '../listings/listing-changes.js';
import { RevenueKeyRejected, type FxRates, type MrrResult, type RevenueProvider } from './revenue-provider.js';
import { revenueProvider } from './revenue-providers.js';
import {
  claimDueConnection,
  companyOwnerEmails,
  markBroken,
  markChecked,
  saveConnection,
  storedKeyCount,
  storeSelfReportedFigure,
  storeVerifiedFigure,
} from './revenue-repository.js';

export interface RevenueDeps {
  db: Queryable;
  config: Config;
  site: { id: number; name: string };
  now(): Date;
}

export const FX_RATES_SETTING = 'revenue_fx_rates';
/** The first day of the month (UTC) a figure taken at `now` belongs to. */
export const monthOf = (now: Date) => `${now.toISOString().slice(0, 7)}-01`;

export async function fxRates(db: Queryable, siteId: number): Promise<FxRates> {
  const raw = await getSetting<unknown>(db, siteId, FX_RATES_SETTING, {});
  const out: FxRates = {};
  if (raw && typeof raw === 'object') {
    for (const [k, v] of Object.entries(raw as Record<string, unknown>))
      if (typeof v === 'number' && v > 0) out[k.toLowerCase()] = v;
  }
  return out;
}

const missingRatesMessage = (m: string[]) =>
  `No figure stored: the account bills in ${m.map((c) => c.toUpperCase()).join(', ')}, and the site has no ` +
  `exchange rate for ${m.length > 1 ? 'them' : 'it'} yet (the administrator sets revenue_fx_rates).`;

/**
 * The service refuses to start when a key is stored and SECRETS_KEY is not set: without it the
 * stored keys can never be read again, and a new key could not be stored safely.
 */
export async function requireSecretsKeyForStoredKeys(db: Queryable, config: Config): Promise<void> {
  if (config.secretsKey) return;
  const n = await storedKeyCount(db);
  if (n > 0)
    throw new ConfigError(
      `SECRETS_KEY is not set, but ${n} revenue connection key${n > 1 ? 's are' : ' is'} stored encrypted with ` +
        `it. Set SECRETS_KEY to the key used when they were stored (see README, "Revenue board").`,
    );
}

/**
 * Connects a payment account (`providerName`, e.g. `stripe`) to a listing's company. The key must
 * pass the provider's read-only check; it is tried once (a refused key is a 400 and nothing is
 * stored), then stored encrypted, and the current month's MRR is stored as verified. Returns the
 * first reading.
 */
export async function connectRevenue(
  deps: RevenueDeps,
  providerName: string,
  listing: { id: number; company_id: number },
  userId: number,
  rawKey: string,
): Promise<MrrResult> {
  const provider = revenueProvider(deps.config, providerName);
  if (!provider)
    throw badRequest(`There is no revenue provider "${providerName}".`, [
      { path: 'provider', message: 'unknown provider' },
    ]);
  const key = rawKey.trim();
  const problem = provider.keyProblem(key);
  if (problem) throw badRequest(problem, [{ path: 'key', message: problem }]);
  if (!deps.config.secretsKey)
    throw new AppError(503, 'This site cannot store keys yet: the administrator has to set SECRETS_KEY.');
  let result: MrrResult;
  try {
    result = await provider.mrr(key, await fxRates(deps.db, deps.site.id));
  } catch (err) {
    if (err instanceof RevenueKeyRejected) throw badRequest(err.message, [{ path: 'key', message: err.message }]);
    throw new AppError(
      502,
      `Could not read from ${provider.label} just now; nothing was stored. ${(err as Error).message}`,
    );
  }
  const now = deps.now();
  await saveConnection(deps.db, {
    companyId: listing.company_id,
    listingId: listing.id,
    userId,
    now,
    provider: provider.name,
    sealed: sealSecret(deps.config.secretsKey, key),
    hint: key.slice(-4),
    lastError: result.ok ? null : missingRatesMessage(result.missingRates),
  });
  if (result.ok) {
    await storeVerifiedFigure(deps.db, listing.company_id, monthOf(now), result.mrrCents, provider.name);
    await companyListingsChanged(deps.db, listing.company_id);
  }
  return result;
}

/** An owner's own statement of MRR for the current month, stored unverified and labelled self-reported. */
export async function stateMrr(deps: RevenueDeps, companyId: number, mrrCents: number): Promise<boolean> {
  if (!Number.isSafeInteger(mrrCents) || mrrCents < 0 || mrrCents > 100_000_000_000)
    throw badRequest('MRR must be an amount of US dollars from 0 to 1,000,000,000.', [
      { path: 'mrr', message: 'must be from 0 to 1,000,000,000 USD' },
    ]);
  const stored = await storeSelfReportedFigure(deps.db, companyId, monthOf(deps.now()), mrrCents);
  // A new figure shows on every listing page of the company, on every site.
  if (stored) await companyListingsChanged(deps.db, companyId);
  return stored;
}

/**
 * The daily job: every connection due is claimed by one worker, its MRR recomputed through its
 * provider and stored as this month's verified figure. A key the provider refuses marks the
 * connection broken and mails the company's owners once; an outage or a missing rate is noted on
 * the connection and tried tomorrow.
 */
export async function refreshRevenueConnections(
  deps: RevenueDeps,
  limit = 1000,
): Promise<{ checked: number; broken: number }> {
  const secretsKey = deps.config.secretsKey;
  let checked = 0;
  let broken = 0;
  if (!secretsKey) return { checked, broken };
  const rates = await fxRates(deps.db, deps.site.id);
  for (let i = 0; i < limit; i++) {
    const now = deps.now();
    const c = await claimDueConnection(deps.db, now);
    if (!c) break;
    checked++;
    const provider = revenueProvider(deps.config, c.provider);
    if (!provider) {
      // A provider whose adapter was removed: its key can prove nothing any more.
      if (await markBroken(deps.db, c.id, now, `This site no longer reads "${c.provider}"; connect another account.`))
        broken++;
      continue;
    }
    let key: string;
    try {
      key = openSecret(secretsKey, c.sealed);
    } catch {
      if (
        await markBroken(
          deps.db,
          c.id,
          now,
          'The stored key cannot be decrypted with this SECRETS_KEY; connect the key again.',
        )
      )
        broken++;
      continue;
    }
    try {
      const r = await provider.mrr(key, rates);
      if (r.ok) {
        await storeVerifiedFigure(deps.db, c.company_id, monthOf(now), r.mrrCents, provider.name);
        await companyListingsChanged(deps.db, c.company_id);
      }
      await markChecked(deps.db, c.id, now, r.ok ? null : missingRatesMessage(r.missingRates));
    } catch (err) {
      if (err instanceof RevenueKeyRejected) {
        if (await markBroken(deps.db, c.id, now, err.message)) {
          broken++;
          await mailBroken(deps, provider, c, err.message);
        }
      } else {
        await markChecked(deps.db, c.id, now, `Last check failed: ${(err as Error).message}`.slice(0, 500));
      }
    }
  }
  return { checked, broken };
}

/** Tells every owner of the company, once, that the key stopped working and how to mend it. */
async function mailBroken(
  deps: RevenueDeps,
  provider: RevenueProvider,
  c: { company_id: number; key_hint: string },
  reason: string,
): Promise<void> {
  for (const to of await companyOwnerEmails(deps.db, c.company_id)) {
    await queueMail(deps.db, {
      to,
      subject: `${deps.site.name}: your ${provider.label} connection stopped working`,
      text:
        `${provider.label} no longer accepts the ${provider.keyName} ending in …${c.key_hint} that proves your ` +
        `revenue on ${deps.site.name}.\n\n${reason}\n\nYour last verified figure stays on the listing. To keep ` +
        `it current, connect a new ${provider.keyName} (${provider.keyAccess}) on ` +
        `${deps.config.publicUrl}/my/listings.\n`,
    });
  }
}
