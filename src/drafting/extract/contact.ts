import type { TextBlock } from '../../crawler/page-text.js';
import type { Evidence } from '../evidence.js';
import type { Proposal } from '../draft-content.js';
import { ldNodes, ldString, organizations } from './json-ld.js';
import {
  hostOf,
  isOtherPeoplesWords,
  propose,
  quoteLine,
  quoteOn,
  SELF_DESCRIBING,
  type SiteView,
} from './site-view.js';
import { cuePattern } from './text-units.js';

const LOCAL_CHAR = /[A-Za-z0-9._%+-]/;
const DOMAIN_CHAR = /[A-Za-z0-9.-]/;
/** Addresses that are placeholders, tracking, mailing-list commands or build artefacts, not a way to reach the
 *  company. */
const NOT_CONTACT =
  /^(no-?reply|do-?not-?reply|mailer-daemon|postmaster)@|[+-](?:un)?subscribe@|[+-](?:request|join|leave|owner)@|@(example\.(com|org|net)|sentry\.io|[a-z0-9.-]*sentry[a-z0-9.-]*|wixpress\.com|domain\.com|email\.com)$|\.(png|jpe?g|gif|svg|webp|css|js)$/i;
const ROLE_MAILBOX = /^(hello|hi|contact|info|support|help|team|sales|founders?|office|mail)@/i;

/**
 * Email addresses in a line, found by scanning for "@" and growing outwards: linear in the
 * line's length, where a regular expression can take quadratic time on long runs of letters.
 */
/**
 * Pages that state the publisher by law or by custom, in the languages founders write in: the German Impressum, the
 * French mentions légales, Japan's 特定商取引法に基づく表記 and 会社概要, Korea's 사업자 정보.
 */
const IMPRINT_PAGE = cuePattern(
  'impressum|imprint|legal notice|mentions l[ée]gales|aviso legal|note legali|informazioni legali|colofón|colophon|künye',
  '特定商取引法|会社概要|运营者信息|公司简介|사업자 정보|사업자정보|회사소개',
);
const decodedUrl = (url: string) => {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
};

export function emailsIn(line: string): { email: string; at: number }[] {
  const out: { email: string; at: number }[] = [];
  let i = line.indexOf('@');
  while (i >= 0) {
    let start = i;
    while (start > 0 && i - start < 64 && LOCAL_CHAR.test(line[start - 1])) start--;
    let end = i + 1;
    while (end < line.length && end - i < 254 && DOMAIN_CHAR.test(line[end])) end++;
    while (end > i + 1 && (line[end - 1] === '.' || line[end - 1] === '-')) end--;
    while (start < i && line[start] === '.') start++;
    const email = line.slice(start, end);
    if (start < i && /^[^@]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/.test(email) && !NOT_CONTACT.test(email))
      out.push({ email, at: start });
    i = line.indexOf('@', end > i ? end : i + 1);
  }
  return out;
}

const mailtoAddress = (href: string) => {
  if (!/^mailto:/i.test(href)) return null;
  try {
    return decodeURIComponent(href.slice(7).split('?')[0]).split(',')[0].trim();
  } catch {
    return null;
  }
};

/** "[at]", "(at)", "{at}", "[ät]", "(@)" and "[dot]", "(dot)", "[punkt]", "(punto)", "(point)" between the parts of an
 *  address. */
const AT = '\\s*(?:\\[\\s*(?:at|ät|@|arroba|chez)\\s*\\]|\\(\\s*(?:at|ät|@|arroba|chez)\\s*\\)|\\{\\s*at\\s*\\})\\s*';
const DOT_WORD =
  '\\s*(?:\\[\\s*(?:dot|punkt|punto|point|ponto|kropka)\\s*\\]|\\(\\s*(?:dot|punkt|punto|point|ponto|kropka)\\s*\\))\\s*|\\.';
const DOT = new RegExp(DOT_WORD, 'giu');
const OBFUSCATED = new RegExp(
  `([A-Za-z0-9._%+-]{1,64})${AT}([A-Za-z0-9-]{1,63}(?:(?:${DOT_WORD})[A-Za-z0-9-]{1,63})*(?:${DOT_WORD})[A-Za-z]{2,24})(?![A-Za-z0-9-])`,
  'giu',
);

/** Words that present an address as the way to reach someone: "contact", "email us", "write to", "Kontakt", "メール". */
const CONTACT_CUE = cuePattern(
  'contact\\p{L}*|e-?mail\\p{L}*|mail|write|reach|support|questions?|kontakt\\p{L}*|schreib\\p{L}*|courriel|écri\\p{L}*|correo|escr[ií]b\\p{L}*|contacto|contato|contatt\\p{L}*|scriv\\p{L}*|mejl|napisz|yaz\\p{L}*|iletişim|пиш\\p{L}*|почт\\p{L}*|связ\\p{L}*|liên hệ|kapcsolat|schrijf|skriv\\p{L}*|napište|napiš\\p{L}*|scrie\\p{L}*|hubungi|surel',
  'メール|お問い合わせ|連絡|邮箱|邮件|联系|郵件|聯絡|聯繫|이메일|문의|연락',
);

/** The site's own address first (its domain), from the contact page, a mailto link, a role mailbox like hello@. */
export function extractContactEmail(site: SiteView, name?: string): Proposal<string> | undefined {
  const candidates: { email: string; score: number; evidence: Evidence | null; declaredOnly?: boolean }[] = [];
  const own = (email: string) => {
    const domain = email.split('@')[1].toLowerCase();
    return site.ownHosts.some((h) => domain === h || domain.endsWith(`.${h}`));
  };
  // Other websites the site links to: an address on one of their domains is that organisation's (a sponsor, an agency
  // offering services), unless the site names it as its own contact.
  const linked = new Set<string>();
  for (const page of site.pages)
    for (const l of page.links) {
      const host = hostOf(l.href);
      if (host && !site.ownHosts.includes(host)) linked.add(host);
    }
  // A domain named for the product ("acme.org" of Acme) is its own, wherever the site is served from.
  const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  const namedForProduct = (domain: string) =>
    !!name && squash(name).length >= 3 && squash(domain.split('.').slice(-2, -1)[0] ?? '') === squash(name);
  const anotherSite = (email: string) => {
    const domain = email.split('@')[1].toLowerCase();
    return !own(email) && !namedForProduct(domain) && [...linked].some((h) => h === domain || h.endsWith(`.${domain}`));
  };
  const add = (
    email: string,
    evidence: Evidence | null,
    bonus: number,
    namedAsContact = true,
    declaredOnly = false,
    /** The line it stands in, or for a mailto link nothing: a link to write to is itself an invitation. */
    line: string | null = null,
  ) => {
    if (!evidence || NOT_CONTACT.test(email)) return;
    if (!namedAsContact && anotherSite(email)) return;
    // An address on another domain that nothing presents as the contact ("jane.doe@company.fr" in a pictured
    // signature, a sample report) is part of the page's content, not a way to reach the company.
    const domain = email.split('@')[1].toLowerCase();
    if (!namedAsContact && line !== null && !CONTACT_CUE.test(line) && !own(email) && !namedForProduct(domain)) return;
    const score = bonus + (own(email) ? 4 : 0) + (ROLE_MAILBOX.test(email) ? 1 : 0);
    candidates.push({ email, score, evidence, ...(declaredOnly ? { declaredOnly } : {}) });
  };
  for (const org of organizations(ldNodes(site.pages))) {
    const raw = ldString(org.data, 'email');
    if (raw) add(raw.replace(/^mailto:/i, ''), quoteOn(org.page, 'head', raw), 1, true, true);
  }
  for (const page of site.pages.filter((p) => SELF_DESCRIBING.includes(p.kind))) {
    // An imprint names the publisher's address by law: as good as a contact page.
    const onContact =
      page.kind === 'contact' || IMPRINT_PAGE.test(`${decodedUrl(page.url).replace(/[-_/.]/g, ' ')} ${page.title}`)
        ? 2
        : 0;
    // Where a company names its own address: its contact, imprint or about page, its footer or address block.
    const contactPage = onContact > 0 || page.kind === 'about';
    const contactBlock = (b: TextBlock | undefined) =>
      !!b && (b.tag === 'address' || /\b(footer|address)\b/.test(b.within));
    for (const l of page.links) {
      const email = mailtoAddress(l.href);
      const within = l.block !== undefined ? page.blocks[l.block] : undefined;
      if (email && emailsIn(email).length && !(within && isOtherPeoplesWords(within)))
        add(
          email,
          quoteOn(page, 'links', l.href),
          onContact + 1,
          contactPage || contactBlock(within) || /\b(footer|address)\b/.test(l.within ?? ''),
        );
    }
    for (const b of page.blocks) {
      if (isOtherPeoplesWords(b)) continue;
      // "info [at] acme.de", "hello(at)acme(dot)com": written so that harvesters miss it, as imprints often are. The
      // address is read back; the quote is the line as written.
      for (const m of b.text.matchAll(OBFUSCATED)) {
        const email = `${m[1]}@${m[2].replace(DOT, '.')}`.toLowerCase();
        if (emailsIn(email).length)
          add(email, quoteLine(page, b.text, m.index, m[0].length), onContact, contactPage || contactBlock(b));
      }
      if (!b.text.includes('@')) continue;
      for (const { email, at } of emailsIn(b.text))
        add(email, quoteLine(page, b.text, at, email.length), onContact, contactPage || contactBlock(b), false, b.text);
    }
  }
  // An address only the structured data declares, shown on no page, is not one the company gives its visitors.
  const visible = candidates.filter((c) => !c.declaredOnly);
  const shown = (email: string) => visible.some((c) => c.email.toLowerCase() === email.toLowerCase());
  const usable = candidates.filter((c) => !c.declaredOnly || shown(c.email));
  if (!usable.length) return undefined;
  let best = usable[0];
  for (const c of usable) if (c.score > best.score) best = c;
  // Every place the chosen address is quoted backs it.
  const evidence = usable.filter((c) => c.email.toLowerCase() === best.email.toLowerCase()).map((c) => c.evidence);
  return propose(best.email, evidence);
}
