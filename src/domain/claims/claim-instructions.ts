import crypto from 'node:crypto';

export const CLAIM_METHODS = ['dns', 'meta', 'file', 'email'] as const;
export type ClaimMethod = (typeof CLAIM_METHODS)[number];

/** A claim is open for a week: long enough to get a DNS change through a colleague, short enough that stale tokens
 *  die. */
export const CLAIM_TTL_MS = 7 * 86_400_000;

/**
 * The TXT record lives at a dedicated `_launchdeck-claim.` name rather than on the domain itself:
 * the apex already carries SPF and other verification records, some DNS hosts cannot add TXT there
 * next to a CNAME, and a dedicated name can be removed afterwards without touching anything else.
 */
export const DNS_LABEL = '_launchdeck-claim';
export const META_NAME = 'launchdeck-claim';
export const FILE_PATH = '/.well-known/launchdeck-claim.txt';

/** 128 random bits as hex: safe unquoted in a TXT value, an HTML attribute and a text file alike. */
export const newClaimToken = () => crypto.randomBytes(16).toString('hex');

/** The company's host name for DNS and email: companies.domain without a port (fixture sites have one). */
export const claimHost = (domain: string) => domain.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');

export const dnsRecordName = (domain: string) => `${DNS_LABEL}.${claimHost(domain)}`;
export const dnsRecordValue = (token: string) => `${META_NAME}=${token}`;
export const metaTag = (token: string) => `<meta name="${META_NAME}" content="${token}">`;
/** The file sits on the origin of the company's website (its scheme, host and port), where the homepage is served. */
export const claimFileUrl = (websiteUrl: string) => new URL(FILE_PATH, websiteUrl).toString();
export const homepageUrl = (websiteUrl: string) => new URL('/', websiteUrl).toString();

/**
 * An address at the company's domain or one of its subdomains
 * (ops@eu.example.com is mail of example.com as much as ops@example.com is).
 */
export function emailAtDomain(email: string, domain: string): boolean {
  const parts = splitAddress(email);
  if (!parts) return false;
  const d = claimHost(domain);
  return parts.host === d || parts.host.endsWith(`.${d}`);
}

function splitAddress(email: string): { local: string; host: string } | null {
  const at = email.lastIndexOf('@');
  if (at < 1) return null;
  return {
    local: email.slice(0, at).trim().toLowerCase(),
    host: email
      .slice(at + 1)
      .trim()
      .toLowerCase()
      .replace(/\.$/, ''),
  };
}

/**
 * Mailboxes that only whoever runs a domain controls (RFC 2142 and the addresses certificate
 * authorities accept for domain validation). Any other address proves nothing: at a mailbox
 * provider (hey.com, proton.me, fastmail.com, gmail.com…) anyone can sign up for one.
 */
export const ROLE_MAILBOXES = ['admin', 'administrator', 'hostmaster', 'postmaster', 'webmaster', 'root'] as const;

/**
 * A role address at exactly the company's host. Not at a subdomain: some mailbox providers give
 * every user one (anything@user.fastmail.com reaches the user of user@fastmail.com).
 */
export function isRoleAddressAt(email: string, domain: string): boolean {
  const parts = splitAddress(email);
  return !!parts && parts.host === claimHost(domain) && (ROLE_MAILBOXES as readonly string[]).includes(parts.local);
}

/**
 * What an email claim may be sent to. `contactEmail` is the listing's published contact address,
 * passed only when it can be trusted (see trustedContactEmail); it counts when it is at the domain.
 */
export interface ClaimEmailFacts {
  domain: string;
  contactEmail: string | null;
}

const usableContact = (f: ClaimEmailFacts) => {
  const c = f.contactEmail?.trim();
  return c && emailAtDomain(c, f.domain) ? c : null;
};

export function claimEmailAccepted(email: string, f: ClaimEmailFacts): boolean {
  const contact = usableContact(f);
  return isRoleAddressAt(email, f.domain) || (!!contact && contact.toLowerCase() === email.trim().toLowerCase());
}

/** The accepted addresses in words, for error messages and the claim form. */
export function acceptedClaimEmails(f: ClaimEmailFacts): string {
  const host = claimHost(f.domain);
  const contact = usableContact(f);
  const roles = ROLE_MAILBOXES.map((m) => `${m}@${host}`);
  return (
    `one of ${roles.slice(0, -1).join(', ')} or ` +
    `${roles.at(-1)}${contact ? `, or the listing's published contact address ${contact}` : ''}`
  );
}

export interface ClaimInstructions {
  summary: string;
  dns_record?: { type: 'TXT'; name: string; value: string; ttl: number };
  zone_file_line?: string;
  meta_tag?: string;
  page_url?: string;
  file_url?: string;
  file_content?: string;
  email?: string;
  verify: string;
}

export interface InstructionFacts {
  id: number;
  method: ClaimMethod;
  token: string;
  domain: string;
  website_url: string;
  email: string | null;
  expires_at: string;
}

/** Exactly what to publish, copy-pasteable, and how to finish. */
export function instructionsFor(c: InstructionFacts): ClaimInstructions {
  const until = `${c.expires_at.slice(0, 16).replace('T', ' ')} UTC`;
  const verify =
    `When it is published, call verify_claim (POST /api/v1/claims/${c.id}/verify) or press Verify now on your ` +
    `claims page (/claims). The claim is open until ${until}.`;
  switch (c.method) {
    case 'dns': {
      const name = dnsRecordName(c.domain);
      const value = dnsRecordValue(c.token);
      return {
        summary:
          `Add a DNS TXT record named ${name} with the value ${value} at the DNS host of ${claimHost(c.domain)}. ` +
          `Some DNS hosts want only the part before the domain as the name: ${DNS_LABEL}. DNS changes can take a ` +
          `few minutes to show.`,
        dns_record: { type: 'TXT', name, value, ttl: 300 },
        zone_file_line: `${name}. 300 IN TXT "${value}"`,
        verify,
      };
    }
    case 'meta': {
      const page = homepageUrl(c.website_url);
      return {
        summary:
          `Add this tag inside the <head> of your homepage ${page}, in the HTML the server sends (a tag added by ` +
          `JavaScript after loading is not seen): ${metaTag(c.token)}`,
        meta_tag: metaTag(c.token),
        page_url: page,
        verify,
      };
    }
    case 'file': {
      const url = claimFileUrl(c.website_url);
      return {
        summary:
          `Publish a plain text file at ${url} whose whole content is ${c.token} (surrounding spaces and a final ` +
          `newline are fine).`,
        file_url: url,
        file_content: c.token,
        verify,
      };
    }
    case 'email':
      return {
        summary:
          `We emailed a confirmation link to ${c.email}, an address only whoever runs ${claimHost(c.domain)} ` +
          `controls. Open it and press Confirm; the link works once. Whoever confirms from that mailbox makes ` +
          `this account the owner.`,
        email: c.email ?? undefined,
        verify: `Open the emailed link (until ${until}). verify_claim sends a fresh link if the first one was lost.`,
      };
  }
}
