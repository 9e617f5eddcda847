import { Resolver } from 'node:dns/promises';
import { claimHost, dnsRecordName, dnsRecordValue, META_NAME } from './claim-instructions.js';

export interface Finding {
  found: boolean;
  detail: string;
  checked: string;
  seen: string[];
}

/** One TXT record as published: its character-strings joined (RFC 7208 §3.3), stray quotes from DNS panels removed. */
export const txtValue = (chunks: string[]) =>
  chunks
    .join('')
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();

const quoteList = (values: string[]) => `[${values.map((v) => JSON.stringify(v)).join(', ')}]`;

const misplacedHint = (name: string, misplaced: string[]) =>
  misplaced.length > 0 ? ` A ${META_NAME} record is at ${misplaced.join(', ')} instead; it has to be at ${name}.` : '';

/** Compares the TXT records found at the claim name with the expected value. */
export function evaluateTxt(name: string, records: string[][], token: string, misplaced: string[] = []): Finding {
  const expected = dnsRecordValue(token);
  const seen = records.map(txtValue);
  if (seen.includes(expected))
    return { found: true, detail: `TXT record ${expected} found at ${name}.`, checked: name, seen };
  const detail =
    seen.length === 0
      ? `No TXT records at ${name}; expected ${expected}.`
      : `TXT records at ${name}: ${quoteList(seen)}; none is ${expected}.`;
  return { found: false, detail: detail + misplacedHint(name, misplaced), checked: name, seen };
}

/** Resolves through DNS_SERVERS ("127.0.0.1:5353", IP addresses with optional ports) or, when empty, the system's
 *  resolvers. */
export function claimResolver(servers: string[]): Resolver {
  const resolver = new Resolver({ timeout: 4000, tries: 2 });
  if (servers.length > 0) resolver.setServers(servers);
  return resolver;
}

const RESOLVE_ERRORS: Record<string, string> = {
  ENOTFOUND: 'does not exist in DNS (NXDOMAIN)',
  ENODATA: 'has no TXT records',
  ETIMEOUT: 'did not answer in time (DNS timeout)',
  ESERVFAIL: 'could not be resolved (SERVFAIL from the DNS server)',
  EREFUSED: 'could not be resolved (the DNS server refused the query)',
  ECONNREFUSED: 'could not be resolved (no DNS server reachable)',
};

type Lookup = { ok: true; records: string[][] } | { ok: false; code: string };

async function lookupTxt(resolver: Resolver, name: string): Promise<Lookup> {
  try {
    return { ok: true, records: await resolver.resolveTxt(name) };
  } catch (err) {
    return { ok: false, code: String((err as NodeJS.ErrnoException).code ?? 'ERROR') };
  }
}

/** A common slip is adding the record on the domain itself: find it there to say so. */
async function misplacedAt(resolver: Resolver, domain: string): Promise<string[]> {
  const apex = claimHost(domain);
  const r = await lookupTxt(resolver, apex);
  return r.ok && r.records.map(txtValue).some((v) => v.startsWith(`${META_NAME}=`)) ? [apex] : [];
}

/** The DNS check of a claim: the TXT records at _launchdeck-claim.<domain>. */
export async function checkDns(servers: string[], domain: string, token: string): Promise<Finding> {
  const resolver = claimResolver(servers);
  const name = dnsRecordName(domain);
  const result = await lookupTxt(resolver, name);
  if (result.ok) {
    const finding = evaluateTxt(name, result.records, token);
    return finding.found ? finding : evaluateTxt(name, result.records, token, await misplacedAt(resolver, domain));
  }
  if (result.code !== 'ENOTFOUND' && result.code !== 'ENODATA') {
    return {
      found: false,
      detail:
        `${name} ${RESOLVE_ERRORS[result.code] ?? `could not be resolved (${result.code})`}; try again in a few ` +
        `minutes.`,
      checked: name,
      seen: [],
    };
  }
  const hint = misplacedHint(name, await misplacedAt(resolver, domain));
  return {
    found: false,
    detail: `${name} ${RESOLVE_ERRORS[result.code]}; expected a TXT record ${dnsRecordValue(token)}.${hint}`,
    checked: name,
    seen: [],
  };
}
