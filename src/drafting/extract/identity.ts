import type { PageMedia, TextBlock } from '../../crawler/page-text.js';
import { type Evidence, normalizeWhitespace } from '../evidence.js';
import { headingLevel } from './outline.js';
import { FIELD_LIMITS, type Proposal } from '../draft-content.js';
import { ldNodes, ldObjects, ldString, organizations, products, isType } from './json-ld.js';
import {
  isBoilerplate,
  isOwnStatement,
  pagesOfKind,
  propose,
  quoteLine,
  quoteOn,
  type SiteView,
  type ViewPage,
} from './site-view.js';
import { scriptOfText } from './language.js';
import { fitText, looseKey, sameWords } from './text-fit.js';
import { escapeRegExp, wordCount } from './text-units.js';

/**
 * Title separators: "Name — tagline", "Name | tagline", "Name: tagline", "Name · tagline", and the full-width bar of
 * Chinese and Japanese titles, written without spaces ("Acme｜画面共有アプリ"). A full-width colon or a "・" without
 * spaces is not one: they join words inside a Japanese tagline ("画面共有と画面表示：あらゆる…", "ウェブ・ブラウザ").
 */
const TITLE_SEPARATOR = /\s+[|｜–—·•・~-]+\s+|\s*[|｜]\s*|:\s+/;
/** Title parts that name a page, not a product: "Home", "公式サイト", "首页", "홈", "Accueil". */
const GENERIC_TITLE =
  /^(home|home ?page|welcome|index|untitled|official (web)?site|landing|main|トップ(?:ページ)?|ホーム|公式サイト|公式ホームページ|首页|首頁|官网|官方网站|홈|홈페이지|공식 (?:웹)?사이트|accueil|bienvenue|inicio|início|página inicial|startseite|willkommen|hem|startsida|strona główna|ana sayfa|главная)$/iu;
const nameLike = (s: string) => s.length <= 60 && wordCount(s) <= 5 && !GENERIC_TITLE.test(s.trim());

const titleParts = (title: string) =>
  title
    .split(TITLE_SEPARATOR)
    .map((p) => p.trim())
    .filter(Boolean);

/** Host label without punctuation ("tally-flow.com" → "tallyflow"), to recognise the name part of a title. */
const hostLabels = (site: SiteView) =>
  site.ownHosts.map((h) => h.split('.').slice(-2, -1)[0] ?? h).map((l) => l.replace(/[^a-z0-9]/g, ''));
const squash = (s: string) => looseKey(s).replace(/\s+/g, '');

/** Which part of a split title is the product's name, if any. */
function nameInTitle(site: SiteView, title: string): string | undefined {
  const parts = titleParts(title).filter((p) => !GENERIC_TITLE.test(p));
  if (parts.length === 0) return undefined;
  const labels = hostLabels(site);
  const byHost = parts.find((p) => nameLike(p) && labels.includes(squash(p)));
  if (byHost) return byHost;
  if (parts.length === 1) return nameLike(parts[0]) && wordCount(parts[0]) <= 4 ? parts[0] : undefined;
  const [first, last] = [parts[0], parts[parts.length - 1]];
  if (nameLike(first) && wordCount(first) <= 3 && wordCount(first) < wordCount(last)) return first;
  if (nameLike(last) && wordCount(last) <= 3 && wordCount(last) < wordCount(first)) return last;
  return undefined;
}

/** A quote of the name as visible text on the homepage, as extra support. */
function visibleName(page: ViewPage | undefined, name: string): Evidence | null {
  if (!page) return null;
  const b = page.blocks.find((x) => x.text.includes(name));
  return b ? quoteLine(page, b.text, b.text.indexOf(name), name.length) : null;
}

/** Words that name what kind of product something is ("… Web Server", "… Bitcoin Wallet"), not which. */
const KIND_NOUN =
  /^(server|wallet|framework|library|editor|browser|app|application|client|platform|toolkit|tool|engine|software|manager|reader|player|messenger|analytics|database|cms|ide)$/i;

/**
 * "Electrum Bitcoin Wallet" → "Electrum": a name ending in a kind of product, whose first word the homepage also uses
 * on its own, is that first word (of two words, only when the pages never write both together). A shorter name stated in
 * the title ("Caddy - …" beside og:site_name "Caddy Web Server") wins the same way.
 */
function shortName(site: SiteView, name: string): string {
  const words = name.split(/\s+/);
  const home = site.home;
  if (!home || words.length < 2 || !KIND_NOUN.test(words[words.length - 1])) return name;
  const first = words[0];
  const text = home.blocks.map((b) => b.text).join('\n');
  // A Latin name inside Japanese or Chinese prose ("Acmeは…") ends where the Latin letters end.
  const letter = /^[\p{Script=Latin}\d]+$/u.test(first) ? '[\\p{Script=Latin}\\d]' : '[\\p{L}\\d]';
  const count = (pattern: string) => text.split(new RegExp(pattern, 'u')).length - 1;
  const alone = count(`(?<![.])(?<!${letter})${escapeRegExp(first)}(?!${letter})(?! ${escapeRegExp(words[1])})`);
  if (words.length >= 3) return alone >= 3 ? first : name;
  // Two words ("Acme Wallet") may well be the name itself: only when the pages never write them together and say the
  // first word alone again and again is the second one the kind of product, added by the title.
  return alone >= 3 && count(`(?<!${letter})${escapeRegExp(name)}(?!${letter})`) === 0 ? first : name;
}

/** Kinds of product a Chinese, Japanese or Korean name ends in, written without a space: "傲游浏览器", "某某输入法". */
const CJK_KIND_NOUN =
  /^(?:浏览器|瀏覽器|ブラウザ|브라우저|输入法|輸入法|钱包|錢包|ウォレット|지갑|编辑器|編輯器|エディタ|에디터|播放器|プレーヤー|플레이어|笔记|筆記|网盘|網盤|云盘|雲端硬碟|翻译|翻譯|助手)$/u;

/** What a domain adds around a product's name: "getacme", "tryacme", "acmeapp", "acme-hq". */
const DOMAIN_AFFIXES =
  /^(?:get|try|use|join|go|my|hello|hey|the|with)?(.+?)(?:app|apps|hq|labs?|team|online|web|site|hub|official)?$/;

/**
 * The word of the homepage that the domain spells ("Restbook" on restbook-app.com), said twice or more: the name a
 * descriptive site title ("Die App Ihres Restaurants") does not give.
 */
function nameFromDomain(site: SiteView): string | undefined {
  const home = site.home;
  if (!home) return undefined;
  const labels = hostLabels(site)
    .flatMap((l) => [l, DOMAIN_AFFIXES.exec(l)?.[1] ?? l])
    .filter((l) => l.length >= 4);
  if (!labels.length) return undefined;
  const counts = new Map<string, number>();
  for (const b of home.blocks)
    for (const w of b.text.match(/\p{Lu}[\p{L}\p{N}]*(?:[-.]\p{L}[\p{L}\p{N}]*)?/gu) ?? [])
      if (labels.includes(squash(w))) counts.set(w, (counts.get(w) ?? 0) + 1);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] >= 2 ? best[0] : undefined;
}

/** A company's legal form after or before its name: "Acme GmbH", "Acme, Inc.", "Acme S.r.l.", "株式会社アクメ". */
const LEGAL_FORM =
  /,?\s+(?:Inc\.?|Incorporated|LLC|L\.L\.C\.|Ltd\.?|Limited|GmbH(?: & Co\. KG)?|UG(?: \(haftungsbeschränkt\))?|AG|KG|OG|e\.\s?U\.|S\.?A\.?S\.?|SARL|S\.?à r\.?l\.?|S\.?L\.?U?\.?|S\.?r\.?l\.?s?|S\.?p\.?A\.?|S\.?A\.?|B\.?V\.?|N\.?V\.?|Oy|AB|AS|ApS|Sp\. z o\.o\.|s\.r\.o\.|Kft\.?|Zrt\.?|Ltda\.?|LTDA|ME|EIRELI|Pty\.? Ltd\.?|OÜ|Co\.,? Ltd\.?|K\.K\.)$|^(?:株式会社|有限会社|合同会社)\s*|\s*(?:株式会社|有限会社|合同会社|有限公司|股份有限公司|주식회사)$|^(?:주식회사|\(주\)|㈜)\s*/u;
/** A name without its company's legal form: the product is "Acme", not "Acme GmbH". */
function withoutLegalForm(name: string): string {
  const bare = name.replace(LEGAL_FORM, '').trim();
  return bare && bare !== name && nameLike(bare) && /\p{L}/u.test(bare) ? bare : name;
}

export function extractName(site: SiteView): Proposal<string> | undefined {
  const named = extractFullName(site);
  // The listing names the product: "Acme GmbH" is Acme; the quote still holds the whole name.
  const full = named && { ...named, value: withoutLegalForm(named.value) };
  // A name of three words or more that the domain does not spell is a description; the word the domain spells is
  // the name. Without any name, that word too.
  const domainName = !full || wordCount(full.value) >= 3 ? nameFromDomain(site) : undefined;
  if (domainName && site.home && (!full || !hostLabels(site).some((l) => squash(full.value).includes(l))))
    return propose(domainName, [visibleName(site.home, domainName)]) ?? full;
  if (!full) return full;
  const fromTitle = site.home?.title ? titleParts(site.home.title)[0] : undefined;
  // The company "傲游" and its title "傲游浏览器 - …": the product is the browser, named with its kind, one word.
  if (
    site.home &&
    fromTitle?.startsWith(full.value) &&
    CJK_KIND_NOUN.test(fromTitle.slice(full.value.length)) &&
    nameLike(fromTitle)
  )
    return propose(fromTitle, [quoteOn(site.home, 'head', site.home.title), visibleName(site.home, fromTitle)]) ?? full;
  const short =
    fromTitle && fromTitle !== full.value && full.value.startsWith(`${fromTitle} `) && nameLike(fromTitle)
      ? fromTitle
      : shortName(site, full.value);
  if (short === full.value || !site.home) return full;
  const home = site.home;
  return propose(short, [quoteOn(home, 'head', short), visibleName(home, short)]) ?? full;
}

/**
 * Names a title gives without a clear separator: "IO, l’app dei servizi pubblici" (a name of one or two words before a
 * comma), "LocalSend：与附近设备共享文件" (a name in Latin letters before a full-width colon), "…フレームワーク「Jiji」"
 * (a name in corner brackets, as Japanese and Chinese quote one). Only candidates: confirmedName decides.
 */
function looseNameInTitle(title: string): string | undefined {
  const bracketed = /[「『]\s*([^」』]{1,40}?)\s*[」』]/u.exec(title)?.[1];
  if (bracketed && nameLike(bracketed)) return bracketed;
  const colon = /^([\p{Script=Latin}\d][\p{Script=Latin}\d .&+-]{0,40}?)\s*：\s*\S/u.exec(title)?.[1];
  if (colon && nameLike(colon)) return colon;
  const comma = /^([^,，]{1,40}),\s+(.+)$/u.exec(title);
  if (comma && wordCount(comma[1]) <= 2 && wordCount(comma[2]) >= 3 && nameLike(comma[1])) return comma[1].trim();
  return undefined;
}

/**
 * Whether the homepage bears a candidate out as the product's name: the site's domain, the h1 or the brand line of the
 * header says it, a logo's alt text holds it as a word ("Logo IO app"), or the copyright line is in its name ("© Jiji").
 */
function confirmedName(site: SiteView, candidate: string): boolean {
  const home = site.home;
  if (!home) return false;
  if (hostLabels(site).includes(squash(candidate))) return true;
  const word = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(candidate)}(?![\\p{L}\\p{N}])`, 'u');
  if (home.media.some((m) => m.kind === 'logo' && word.test(m.alt ?? ''))) return true;
  const copyright = new RegExp(
    `©\\s*(?:\\d{4}(?:\\s*[-–]\\s*\\d{4})?\\s*)?${escapeRegExp(candidate)}(?![\\p{L}\\p{N}])`,
    'u',
  );
  return home.blocks.some(
    (b) =>
      ((b.tag === 'h1' || /\b(logo|brand)\b/.test(b.within)) && sameWords(b.text, candidate)) || copyright.test(b.text),
  );
}

/**
 * Words that say what kind of product a name is, not which, in the languages of the web: set aside, "Acme IoT Platform"
 * and "Plataforma IoT Acme" both say "Acme". A connecting word after one goes with it ("Plateforme de …").
 */
const DESCRIPTOR_WORDS =
  'platforms?|apps?|applications?|software|official(?: site| website)?|website|suite|solutions?|services?|cloud|iot|ai|saas|online|system|' +
  'nền tảng|ứng dụng|phần mềm|giải pháp|hệ thống|plateforme|appli|logiciel|plataforma|aplicación|aplicativo|aplicação|solución|solução|sistema|' +
  'piattaforma|applicazione|soluzione|plattform|anwendung|lösung|toepassing|platforma|aplikacja|oprogramowanie|tjänst|' +
  'платформа|приложение|сервис';
const CONNECTOR = '(?:\\s+(?:de|da|do|di|du|des|del|for|per|pour|para|für|van|för|dla|для|cho))?';
const DESCRIPTOR = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${DESCRIPTOR_WORDS})${CONNECTOR}(?![\\p{L}\\p{N}])|` +
    '平台|物联网|物聯網|应用|應用|软件|軟體|軟件|系统|系統|プラットフォーム|アプリ|ソフトウェア|サービス|플랫폼|앱|애플리케이션|서비스|소프트웨어',
  'giu',
);
const withoutDescriptors = (s: string) => normalizeWhitespace(s.replace(DESCRIPTOR, ' '));

/**
 * The brand the head states twice in different words: og:site_name "Acme IoT Platform", the title's "Plataforma IoT
 * Acme - …" and an h1 agree on "Acme" once the words of a kind are set aside. Worded alike they prove nothing about
 * which words are the name ("Cash App" is one), so they must differ as written.
 */
function headBrand(page: ViewPage): string | undefined {
  const h1 = page.blocks.find((b) => b.tag === 'h1' && isOwnStatement(b))?.text;
  const sources = [page.meta['og:site_name'], ...(page.title ? titleParts(page.title) : []), h1].filter(
    (v): v is string => !!v && nameLike(v),
  );
  for (const [i, a] of sources.entries())
    for (const b of sources.slice(i + 1)) {
      const core = withoutDescriptors(a);
      if (sameWords(a, b) || !core || core === a || !/\p{L}/u.test(core) || !nameLike(core)) continue;
      if (sameWords(core, withoutDescriptors(b)) && quoteOn(page, 'head', core)) return core;
    }
  return undefined;
}

function extractFullName(site: SiteView): Proposal<string> | undefined {
  const home = site.home;
  const brand = home && headBrand(home);
  const nodes = ldNodes(home ? [home] : site.pages);
  // The product (SoftwareApplication, Product) is what is listed; the organisation may carry a legal name. Items of an
  // offer or a catalogue ("hasOfferCatalog" of services) are what the company sells, each named for what it does.
  const offered = new Set(nodes.filter((n) => isType(n, ['Offer'])).flatMap((n) => ldObjects(n.data, 'itemOffered')));
  let product = products(nodes).filter((n) => !offered.has(n.data));
  // Several products (an ItemList of a company's apps) make the site the company's: its name is the site's.
  if (new Set(product.map((n) => ldString(n.data, 'name'))).size > 1) product = [];
  for (const n of [...product, ...organizations(nodes), ...nodes.filter((x) => isType(x, ['WebSite']))]) {
    // "DeepL (딥엘)", "Acme（アクメ）": the name with its spelling in another script after it is the name.
    const name = ldString(n.data, 'name')?.replace(/\s*[（(][^()（）]{1,40}[)）]$/u, '');
    if (!name || !nameLike(name)) continue;
    // An organisation's or website's name the head's brand does not contain is the company behind the product.
    if (home && brand && !product.includes(n) && !looseKey(brand).includes(looseKey(name)))
      return propose(brand, [quoteOn(home, 'head', brand), visibleName(home, brand)]);
    return propose(name, [quoteOn(n.page, 'head', name), visibleName(home, name)]);
  }
  for (const page of home ? [home] : site.pages.slice(0, 1)) {
    for (const key of ['og:site_name', 'application-name', 'apple-mobile-web-app-title']) {
      const v = page.meta[key];
      if (v && nameLike(v)) return propose(v, [quoteOn(page, 'head', v), visibleName(home, v)]);
    }
    const fromTitle = page.title ? nameInTitle(site, page.title) : undefined;
    if (fromTitle) return propose(fromTitle, [quoteOn(page, 'head', page.title), visibleName(home, fromTitle)]);
    // The share title, or a title written without a clear separator, when the page bears the name out.
    for (const [text, candidate] of [
      ...['og:title', 'twitter:title'].map((k) => [page.meta[k], page.meta[k] && nameInTitle(site, page.meta[k])]),
      [page.title, page.title && looseNameInTitle(page.title)],
      ...['og:title', 'twitter:title'].map((k) => [page.meta[k], page.meta[k] && looseNameInTitle(page.meta[k])]),
    ] as [string | undefined, string | undefined][])
      if (text && candidate && confirmedName(site, candidate))
        return propose(candidate, [quoteOn(page, 'head', text), visibleName(home, candidate)]);
  }
  return undefined;
}

const acceptableTagline = (text: string, name: string | undefined) =>
  wordCount(text) >= 2 &&
  text.length <= 200 &&
  !(name && sameWords(text, name)) &&
  !GENERIC_TITLE.test(text) &&
  !HOW_TO.test(text) &&
  !FRAGMENT_END.test(text);

/**
 * A line that stops on an article, a conjunction or (where the language never ends a clause on one) a preposition
 * ("Vos signatures pour", "Invoices for freelancers and") is the first part of a heading whose rest is drawn elsewhere
 * (a rotating word, an image): a fragment is no tagline. English, German, Dutch and Swedish end clauses on prepositions
 * and particles ("waiting for", "mach mit", "lita på"), so there only articles and conjunctions count; Turkish is left
 * out (its postpositions end phrases: "herkes için"). Lower case only ("Plan A"), and not after a hyphen or an
 * apostrophe ("Profitez-en", "your go-to").
 */
/**
 * A Korean line never ends on a topic or object particle, nor on the form that modifies a noun ("디바이스 안에 머무는",
 * "AI는"): such a line goes on in the next one. (의, 와, 과 end nouns too: 회의, 효과.)
 */
const KOREAN_OPEN_END = /\p{Script=Hangul}(?:는|은|을|를)[\s,]*$/u;
const FRAGMENT_END = new RegExp(
  `(?<![\\p{L}\\p{N}'’-])(?:${[
    'the|a|an|and|or|your|our',
    'pour|de|du|des|et|ou|le|la|les|à|avec|vos|votre|nos|notre|une|sur|par',
    'para|del|con|y|el|los|las|tus|sus|una|por',
    'do|dos|das|com|e|os|as|seu|sua|seus|suas|uma',
    'per|di|della|dei|delle|il|gli|tuo|tua|tuoi|nel|nella',
    // German prepositions that are never a verb's particle: "mit", "zu", "auf", "an" are ("mach mit", "fang an").
    'für|und|oder|der|die|das|den|dem|eine|einen|von|im|in|bei|gegen|ohne|seit|während|wegen|zwischen',
    'het|een|en',
    'och|eller|ett',
    'dla|z|i|oraz|w|na',
    'для|и|с|в|на|ваш|ваша|ваши',
  ].join('|')})[\\s,:;–—-]*$|${KOREAN_OPEN_END.source}`,
  'u',
);

/** Hero lines that are buttons, badges or notices rather than a pitch. */
const NOT_A_PITCH =
  /^(get started|download|install|try|sign ?up|log ?in|learn more|read more|view on github|star\b|docs\b|documentation|version\b|v?\d+\.\d+|new\b|announcing|latest|release|write|e-?mail|contact|call|follow|join)\b|@|https?:\/\//i;
/** A heading that greets the visitor, in the languages founders write in. */
const GREETING =
  /^(?:welcome to|say hello to|bienvenue (?:sur|dans|à|chez)|willkommen (?:bei|in|auf|zu|im)|bienvenid[oa]s? (?:a|al)|benvenut[oi] (?:in|su|a|nel)|bem-vind[oa]s? (?:ao?|à)|welkom (?:bij|in|op)|välkommen till|witamy w|ようこそ|欢迎(?:来到|使用)|歡迎(?:來到|使用)|환영합니다)(?![\p{L}])|(?:へ|に)ようこそ[!！。]?$|(?:에 오신 것을 )?환영합니다[!！.]?$/iu;
/** A heading that only says hello ("Hallo Beauty-Liebhaber!", "¡Hola, bienvenido!"): it names nothing, so it is never a
 *  tagline, whereas "Welcome to a calmer internet" still says what the product is. */
const SALUTATION =
  /^¡?(?:(?:hello|hi|hey|hallo|bonjour|salut|hola|olá|oi|ciao|hej|hoi|cześć|merhaba|привет)(?![\p{L}-])|こんにちは|你好|您好|안녕하세요)/iu;
const pitchLike = (b: TextBlock | undefined, name: string | undefined): b is TextBlock =>
  !!b &&
  isOwnStatement(b) &&
  acceptableTagline(b.text, name) &&
  b.text.length <= 110 &&
  wordCount(b.text) >= 3 &&
  !b.text.endsWith('?') &&
  !NOT_A_PITCH.test(b.text) &&
  !b.text.includes('©');

/**
 * A heading that asks how to do something ("How to remove water from…", "Как убрать воду…", "Cómo quitar…"): a search
 * phrase the page answers, not what the product is.
 */
const HOW_TO =
  /^(?:how (?:to|do|can)|comment (?:faire|enlever|supprimer|retirer)?|wie (?:man|kann)|cómo|como (?:fazer|tirar|remover)|come (?:fare|si)|hoe (?:kun|maak|verwijder)|jak (?:usunąć|zrobić)|как|如何|怎么|怎樣|어떻게)(?![\p{L}])/iu;

/** Letter runs a head line and a brand line can share: longer words by their first five letters; CJK by pairs. */
function sharedTerms(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(w))
      for (let i = 0; i + 2 <= w.length; i++) out.add(w.slice(i, i + 2));
    else if (w.length >= 5) out.add(w.slice(0, 5));
  }
  return out;
}

/**
 * The slogan the site signs with beside its logo in the page's header ("<a class=brand>Acme <span>Booking for
 * salons</span></a>"), when the head's title or description says the same in other words: the site's own one-line
 * pitch, which a hero's hook ("An analysis you can defend") is not always. A footer's brand paragraph is left out: it
 * is as often a longer description as a slogan.
 */
function brandLine(home: ViewPage, name: string | undefined): string | undefined {
  if (!name) return undefined;
  const blocks = home.blocks;
  const inBrand = (b: TextBlock | undefined) =>
    !!b && /\b(brand|logo)\b/.test(b.within) && /\bheader\b/.test(b.within) && !/\b(nav|menu)\b/.test(b.within);
  const head = sharedTerms(
    [home.title, home.meta.description, home.meta['og:description'], home.meta['og:title']].filter(Boolean).join(' '),
  );
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    if (!inBrand(b)) continue;
    let line = '';
    if (sameWords(b.text, name)) {
      const next = blocks[i + 1];
      if (inBrand(next) && next.tag !== 'li' && !/\blogo\b/.test(next.within)) line = next.text;
    } else if (looseKey(b.text).startsWith(`${looseKey(name)} `))
      line = b.text.slice(b.text.toLowerCase().indexOf(' ', name.length - 1)).replace(/^[\s|–—·:-]+/u, '');
    // A line going on in lower case continues a sentence the name began ("Acme är en …"): a description, not a slogan.
    if (!line || /^\p{Ll}/u.test(line) || line.includes('©') || line.length > 160 || !acceptableTagline(line, name))
      continue;
    if (NOT_A_PITCH.test(line) || /^\S+@|https?:\/\//.test(line)) continue;
    const terms = [...sharedTerms(line)];
    if (terms.length && terms.some((t) => head.has(t))) return line;
  }
  return undefined;
}

/**
 * After a hello, a hero that introduces itself over short lines ("Wir sind" / "ACME" / "die flexible Salonsoftware." /
 * "für Friseure."): the first line that reads as a pitch, past the name and a two-word lead-in, with the line after it
 * when that goes on in lower case.
 */
function introduction(blocks: TextBlock[], from: number, name: string | undefined): string[] | undefined {
  const lines = blocks.slice(from, from + 5).filter((b) => !isBoilerplate(b));
  const at = lines.findIndex((b) => !(name && sameWords(b.text, name)) && wordCount(b.text) > 2);
  const first = lines[at];
  if (!pitchLike(first, name) || first.tag === 'li' || headingLevel(first)) return undefined;
  // Only past lead-ins: a longer line before the pitch would be a pitch of its own.
  if (lines.slice(0, at).some((b) => !(name && sameWords(b.text, name)) && wordCount(b.text) > 2)) return undefined;
  const then = lines[at + 1];
  return then && /^\p{Ll}/u.test(then.text) && pitchLike(then, name) && !headingLevel(then)
    ? [first.text, then.text]
    : [first.text];
}

/**
 * The homepage's pitch: its h1; when the h1 only names the product, the line right under it; without
 * an h1, the largest heading of the hero; then the og:title or title beside the name.
 */
export function extractTagline(site: SiteView, name: string | undefined): Proposal<string> | undefined {
  const home = site.home;
  if (!home) return undefined;
  const slogan = brandLine(home, name);
  if (slogan) {
    const p = propose(slogan, [quoteOn(home, 'text', slogan)]);
    if (p) return p;
  }
  const blocks = home.blocks;
  const h1At = blocks.findIndex((b) => b.tag === 'h1' && isOwnStatement(b));
  const h1 = blocks[h1At];
  // A heading broken over two lines: the first ends on a comma or a dash, or the second goes on in lower case ("自分だけの…で、" /
  // "今すぐ…開始。", "welcome to" / "a calmer internet").
  const next = blocks[h1At + 1];
  const continues = (a: string, b: string) =>
    /[,，、\-–—]$/u.test(a) ||
    KOREAN_OPEN_END.test(a) ||
    (!/[.!?。！？:：]$/u.test(a) && /^\p{Ll}/u.test(b) && !(name && sameWords(a, name)));
  const twoLines = !!h1 && next?.tag === 'h1' && continues(h1.text, next.text) && isOwnStatement(next);
  // The hero's subheading: the first line under the heading that reads as a pitch.
  const subheading = () => {
    const under = blocks.slice(h1At + (twoLines ? 2 : 1), h1At + (twoLines ? 5 : 4)).find((b) => !isBoilerplate(b));
    return pitchLike(under, name) && under.tag !== 'li' && headingLevel(under) !== 1 ? under : undefined;
  };
  const headline = h1 ? (twoLines ? `${h1.text} ${next.text}` : h1.text) : '';
  // "Welcome to a calmer internet", "Bienvenue sur Acme", "ようこそ": a greeting, not what the product is; the line
  // under it says that.
  const pitch = h1 && (GREETING.test(headline) || SALUTATION.test(headline)) ? subheading() : undefined;
  if (pitch) return propose(pitch.text, [quoteLine(home, pitch.text)]);
  const introduced =
    h1 && SALUTATION.test(headline) ? introduction(blocks, h1At + (twoLines ? 2 : 1), name) : undefined;
  if (introduced)
    return propose(
      introduced.join(' '),
      introduced.map((t) => quoteLine(home, t)),
    );
  const greets = !!h1 && SALUTATION.test(headline);
  // "<h1><span>Hono</span><span>Web application framework</span></h1>" reads "HonoWeb application framework": the
  // name and a short descriptor (what kind of thing it is) in one heading. The pitch under it says more; else the
  // descriptor alone.
  const glued =
    h1 && name && /\p{Script=Latin}$/u.test(name) && h1.text.startsWith(name) ? h1.text.slice(name.length) : '';
  if (/^\p{Lu}\p{Ll}/u.test(glued)) {
    const under = wordCount(glued) <= 3 ? subheading() : undefined;
    if (under) return propose(under.text, [quoteLine(home, under.text)]);
    if (acceptableTagline(glued, name)) return propose(glued, [quoteOn(home, 'text', glued)]);
  }
  if (twoLines && !greets) {
    const joined = `${h1.text}${h1.text.endsWith('、') || h1.text.endsWith('，') ? '' : ' '}${next.text}`;
    if (acceptableTagline(joined, name)) return propose(joined, [quoteLine(home, h1.text), quoteLine(home, next.text)]);
  }
  // "<h1><span>PicGo</span><span>高效创作者的…</span></h1>": a name in Latin letters run into a Chinese or Japanese
  // pitch. Not when a particle or verb carries the sentence on ("PicGoは…", "PicGo是一款…"): then the h1 is one sentence.
  const rest = h1 && name && h1.text.startsWith(name) ? h1.text.slice(name.length) : '';
  if (
    /\p{Script=Latin}$/u.test(name ?? '') &&
    /^[\p{Script=Han}\p{Script=Katakana}\p{Script=Hangul}]/u.test(rest) &&
    !/^[是的让讓可在为為把将將和与與对對从從就也都]/u.test(rest) &&
    // Korean particles after the name carry the sentence on ("Acme는 …", "Acme로 …").
    !/^(?:은|는|이|가|을|를|의|와|과|로|으로|에서|에|도|만)(?![\p{Script=Hangul}])/u.test(rest) &&
    acceptableTagline(rest, name)
  )
    return propose(rest, [quoteOn(home, 'text', rest)]);
  if (h1 && !greets && acceptableTagline(h1.text, name)) return propose(h1.text, [quoteLine(home, h1.text)]);
  if (h1 && !greets) {
    // "<h1>Name</h1><p>The pitch</p>": the line right under the name, when it reads as one. A word or two between them
    // (a language switch, a badge) is passed over.
    const under = blocks
      .slice(h1At + 1, h1At + 5)
      .filter((b) => !isBoilerplate(b))
      .find((b) => headingLevel(b) || wordCount(b.text) > 2);
    if (pitchLike(under, name) && under.tag !== 'li' && headingLevel(under) !== 1)
      return propose(under.text, [quoteLine(home, under.text)]);
  } else if (!h1) {
    // Without an h1 the hero's heading is the page's first, near its top.
    const heading = blocks.slice(0, 15).find((b) => headingLevel(b) >= 2 && !isBoilerplate(b));
    if (pitchLike(heading, name)) return propose(heading.text, [quoteLine(home, heading.text)]);
  }
  for (const key of ['og:title', 'twitter:title']) {
    const v = home.meta[key];
    if (!v) continue;
    const rest = titleParts(v).filter((p) => !(name && sameWords(p, name)) && !GENERIC_TITLE.test(p));
    if (rest.length === 1 && acceptableTagline(rest[0], name) && ownLanguage(home, rest[0]))
      return propose(rest[0], [quoteOn(home, 'head', rest[0])]);
  }
  // A title read as "Name — tagline": the tagline is the other part.
  const parts = titleParts(home.title);
  if (name && parts.length === 2 && parts.some((p) => sameWords(p, name))) {
    const rest = parts.find((p) => !sameWords(p, name))!;
    if (acceptableTagline(rest, name) && ownLanguage(home, rest)) return propose(rest, [quoteOn(home, 'head', rest)]);
  }
  return undefined;
}

/** The opening paragraph of the homepage: the first own, sentence-like paragraph. */
function heroParagraph(page: ViewPage) {
  return page.blocks.find(
    (b) => (b.tag === 'p' || b.tag === 'div') && isOwnStatement(b) && wordCount(b.text) >= 8 && !b.text.includes('©'),
  );
}

/** Letters of the scripts a site may be written in, by what scriptOfText says of its homepage. */
const SCRIPT_LETTERS: Record<string, RegExp> = {
  ja: /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u,
  zh: /\p{Script=Han}/u,
  ko: /\p{Script=Hangul}/u,
  cyrillic: /\p{Script=Cyrillic}/u,
  greek: /\p{Script=Greek}/u,
  arabic: /\p{Script=Arabic}/u,
  hebrew: /\p{Script=Hebrew}/u,
  thai: /\p{Script=Thai}/u,
  devanagari: /\p{Script=Devanagari}/u,
};
const homeScripts = new WeakMap<ViewPage, RegExp | null>();
/**
 * Whether a text is in another script than the homepage's, so in another language: the English meta description of a
 * Chinese site. Values stay in the site's language; a Latin-script site is not judged this way (its languages share
 * one script).
 */
function otherScript(home: ViewPage, text: string): boolean {
  let letters = homeScripts.get(home);
  if (letters === undefined) {
    const script = scriptOfText(
      home.blocks
        .filter(isOwnStatement)
        .map((b) => b.text)
        .join('\n')
        .slice(0, 20_000),
    );
    letters = (script && SCRIPT_LETTERS[script]) ?? null;
    homeScripts.set(home, letters);
  }
  return !!letters && /\p{L}/u.test(text) && !letters.test(text);
}

/**
 * Whether a title kept in the head is in the page's language: not in another script, and (the site's languages
 * sharing one script) most of its longer words are words the page shows, when it shows enough to tell. An English title left over the German copy
 * of a site ("Free & Open-Source Cloud Storage Encryption") is not its tagline.
 */
function ownLanguage(home: ViewPage, text: string): boolean {
  if (otherScript(home, text)) return false;
  const words = text.toLowerCase().match(/\p{L}{4,}/gu) ?? [];
  if (!words.length || !/\p{Script=Latin}/u.test(text)) return true;
  const shown = new Set(
    home.blocks
      .filter(isOwnStatement)
      .map((b) => b.text)
      .join('\n')
      .toLowerCase()
      .match(/\p{L}{4,}/gu),
  );
  // A page that shows little (an application shell) cannot say which language a title is in.
  if (shown.size < 30) return true;
  return words.filter((w) => shown.has(w)).length * 2 >= words.length;
}

export function extractShortDescription(site: SiteView): Proposal<string> | undefined {
  const home = site.home;
  if (!home) return undefined;
  const limit = FIELD_LIMITS.short_description.max;
  for (const key of ['description', 'og:description', 'twitter:description']) {
    const v = home.meta[key];
    if (v && wordCount(v) >= 5 && !otherScript(home, v)) {
      const text = fitText(v.replace(/\s+/g, ' ').trim(), limit);
      return propose(text, [quoteOn(home, 'head', text)]);
    }
  }
  const hero = heroParagraph(home);
  if (!hero) return undefined;
  const text = fitText(hero.text, limit);
  return propose(text, [quoteLine(home, text)]);
}

/** Paragraphs that describe the product: prose in the main content of the homepage and the about page. */
const PROSE_TAGS = new Set(['p', 'div', 'section', 'article', 'main', 'body']);
const NOT_DESCRIPTIVE = /\b(faq|question|pricing|plan|tier|price|team|member|founder|person|bio|timeline|milestone)\b/;

export function extractDescription(site: SiteView): Proposal<string> | undefined {
  const limit = FIELD_LIMITS.description.max;
  const chosen: { page: ViewPage; text: string }[] = [];
  const seen = new Set<string>();
  for (const page of [...pagesOfKind(site, 'homepage'), ...pagesOfKind(site, 'about')]) {
    let fromPage = 0;
    for (const b of page.blocks) {
      if (fromPage >= 4) break;
      if (!PROSE_TAGS.has(b.tag) || !isOwnStatement(b) || NOT_DESCRIPTIVE.test(b.within)) continue;
      if (wordCount(b.text) < 12 || b.text.includes('©') || b.text.length > 4000 || seen.has(b.text)) continue;
      if (site.home && otherScript(site.home, b.text)) continue;
      seen.add(b.text);
      chosen.push({ page, text: b.text });
      fromPage++;
    }
  }
  const parts: string[] = [];
  const evidence: (Evidence | null)[] = [];
  let length = 0;
  for (const c of chosen) {
    if (length + c.text.length + 2 > limit) break;
    parts.push(c.text);
    evidence.push(quoteLine(c.page, c.text));
    length += c.text.length + 2;
  }
  return parts.length ? propose(parts.join('\n\n'), evidence) : undefined;
}

export function extractSeo(site: SiteView): { title?: Proposal<string>; meta?: Proposal<string> } {
  const home = site.home;
  if (!home) return {};
  const out: { title?: Proposal<string>; meta?: Proposal<string> } = {};
  if (home.title && home.title.length <= 70) out.title = propose(home.title, [quoteOn(home, 'head', home.title)]);
  const description = home.meta.description?.replace(/\s+/g, ' ').trim();
  if (description && description.length <= 170) out.meta = propose(description, [quoteOn(home, 'head', description)]);
  return out;
}

/** An icon's size in pixels: "180x180" → 180, "any" (a vector) → Infinity; from the file name when undeclared. */
function iconSize(m: PageMedia): number {
  if (/svg/i.test(m.type ?? '') || /\.svg(?:$|\?)/i.test(m.url) || /\bany\b/.test(m.sizes ?? '')) return Infinity;
  const sizes = [
    ...(m.sizes ?? '').matchAll(/(\d+)x(\d+)/gi),
    ...(m.sizes ? [] : m.url.matchAll(/(\d{2,4})x(\d{2,4})/gi)),
  ].map((x) => Number(x[1]));
  return sizes.length ? Math.max(...sizes) : 0;
}

/**
 * A logo drawn for dark backgrounds: the image is the one shown in dark mode (class "dark"), or its file is white or
 * inverse. A file called "dark" is left alone: it may as well be the dark-ink logo for light backgrounds.
 */
const forDarkMode = (m: PageMedia) =>
  m.dark === true ||
  /(?:^|[-_.@])(?:white|inverse|inverted|negative|reversed?)(?:[-_.@]|$)/i.test(m.url.split('/').pop() ?? '');
/**
 * A status badge (shields.io "…?logo=npm", a build or coverage badge): another service's picture of a figure, never the
 * product's logo, whatever its address says.
 */
const BADGE_HOST =
  /(?:^|\.)(?:shields\.io|badgen\.net|badge\.fury\.io|travis-ci\.(?:org|com)|circleci\.com|codecov\.io|coveralls\.io|api\.netlify\.com|badges\.gitter\.im|snyk\.io|sonarcloud\.io|packagephobia\.com|bundlephobia\.com|img\.badgesize\.io)$/i;
function badge(url: string): boolean {
  try {
    const u = new URL(url);
    // "?logo=npm": the logo is a parameter of a generated picture, not its subject.
    const named = /logo/i.test(u.pathname);
    return BADGE_HOST.test(u.hostname) || (!named && (u.searchParams.has('logo') || /\bbadges?\b/i.test(u.pathname)));
  } catch {
    return false;
  }
}
/** "app icon", "appicon", "app-icon", "App_Icon" in an image's alt or address. */
const APP_ICON = /app[-_ ]?icon/i;

/**
 * The product's logo: the organisation's JSON-LD logo; else the logo image of the header (an
 * <img> whose class, alt or file name says logo, in the header or named like the product); else
 * an og:image named logo; else the apple-touch-icon, then <link rel=icon> (a vector, else the largest).
 */
export function extractLogo(site: SiteView, name: string | undefined): Proposal<string> | undefined {
  const logo = findLogo(site, name);
  return logo && { ...logo, value: withoutCacheBuster(logo.value) };
}

/** Query parameters that only defeat caches ("?v=20260708", "?t=1485513560", "?ver=2"): not part of the picture's address. */
const CACHE_BUSTER = /^(?:v|ver|version|t|ts|time|timestamp|cb|cachebust(?:er)?|_|rev|build|hash)$/i;
function withoutCacheBuster(url: string): string {
  try {
    const u = new URL(url);
    const keys = [...u.searchParams.keys()];
    if (!keys.length || !keys.every((k) => CACHE_BUSTER.test(k))) return url;
    u.search = '';
    return u.toString();
  } catch {
    return url;
  }
}

function findLogo(site: SiteView, name: string | undefined): Proposal<string> | undefined {
  const pages = site.home ? [site.home, ...site.pages.filter((p) => p !== site.home)] : site.pages;
  const home = pages[0];
  if (!home) return undefined;
  const nameKey = name ? squash(name) : null;
  // "fish shell" is also written "fish": its first word counts when it is distinctive enough.
  const keys = [nameKey, name ? squash(name.split(/\s+/)[0]) : null].filter((k): k is string => !!k && k.length >= 3);
  const lettered = letteredBrand(home, keys);
  // The tab icons the page declares: named as the logo beside a lettered brand, one is still only the tab icon.
  const tabIcons = new Set(
    home.media.filter((m) => m.kind === 'icon' || m.kind === 'apple-touch-icon').map((m) => pathOf(m.url)),
  );
  // The pictures the pages show or share.
  const shown = new Set(
    pages.flatMap((p) => [
      ...p.media.filter((m) => m.kind === 'logo' || m.kind === 'image').map((m) => pathOf(m.url)),
      ...['og:image', 'twitter:image']
        .map((k) => p.meta[k])
        .filter((v): v is string => !!v)
        .map((v) => pathOf(absoluteUrl(v, p.url) ?? v)),
    ]),
  );
  for (const org of organizations(ldNodes(pages))) {
    for (const logo of [
      ldString(org.data, 'logo'),
      ...ldObjects(org.data, 'logo').map((o) => ldString(o, 'url') ?? ldString(o, 'contentUrl')),
    ]) {
      const url = logo ? absoluteUrl(logo, org.page.url) : null;
      // "logo": "https://acme.example" names the site, not a picture. Beside a lettered brand, a declared logo that no
      // page shows (a template's "/img/logo.svg") is not the brand the visitor sees.
      if (!logo || !url || isPageAddress(url) || (lettered && (tabIcons.has(pathOf(url)) || !shown.has(pathOf(url)))))
        continue;
      return propose(url, [quoteOn(org.page, 'head', logo)]);
    }
  }
  const logos = home.media.filter(
    (m) =>
      m.kind === 'logo' &&
      !/\b(customer|client|testimonial|review|partner|sponsor)\b/.test(m.within) &&
      !badge(m.url) &&
      // A page loader's spinning mark ("loader image") shows while the page loads, not as its brand.
      !/\b(?:loader|loading|preloader|spinner)\b/i.test(m.alt ?? ''),
  );
  const file = (m: PageMedia) => {
    try {
      return decodeURIComponent(new URL(m.url).pathname.split('/').pop() ?? '');
    } catch {
      return '';
    }
  };
  // A short alt ("Acme logo", "Logo of Acme") or the file name names it; a long alt describes a picture
  // that shows it (artwork "with the Acme logo"), whatever its file is called.
  const named = (m: PageMedia) =>
    (m.alt ?? '').split(/\s+/).length <= 5 && keys.some((k) => squash(`${m.alt ?? ''} ${file(m)}`).includes(k));
  // A picture whose alt is exactly the product's name is its logo even when nothing says "logo".
  const titled = home.media.find((m) => m.kind === 'image' && nameKey !== null && squash(m.alt ?? '') === nameKey);
  // The site's own file is just "logo.svg", "logo-light.png"; another brand's carries its name ("zerossl-logo.svg").
  const generic = (m: PageMedia) =>
    /^logo(?:[-_.]|$)/i.test(file(m)) &&
    !(m.alt && !named(m) && m.alt.split(/\s+/).length <= 3 && !/logo/i.test(m.alt));
  // Named like the product first (a header may also show a sponsor's logo), then one in the header or brand link, then
  // the generic file. A site that swaps its logo for dark mode shows the other one by default.
  const byTheme = [...logos.filter((m) => !forDarkMode(m)), ...logos.filter(forDarkMode)];
  const ownLogo =
    byTheme.find(named) ??
    titled ??
    byTheme.find((m) => /\b(header|nav|brand|menu)\b/.test(m.within)) ??
    byTheme.find(generic);
  if (ownLogo) return propose(ownLogo.url, [quoteOn(home, 'links', ownLogo.url)]);
  // The app's icon pictured on the page ("img/appicon/128@2x.png", alt "App icon"): the product's own mark, larger than a
  // favicon.
  const appIcon = home.media.find((m) => m.kind === 'image' && APP_ICON.test(`${m.alt ?? ''} ${file(m)} ${m.url}`));
  if (appIcon) return propose(appIcon.url, [quoteOn(home, 'links', appIcon.url)]);
  // An og:image whose address says logo is one; any other og:image is a share card, not a logo.
  const og = home.meta['og:image'];
  const ogUrl = og ? absoluteUrl(og, home.url) : null;
  if (og && ogUrl && /logo/i.test(og)) return propose(ogUrl, [quoteOn(home, 'head', og)]);
  // A header whose brand is lettering ("<a class=brand>Acme</a>", an emoji and the name) or a mark drawn in the page (a
  // home link without text labelled "Logo": an inline SVG) shows no picture file for a logo: the browser-tab icon is
  // another thing, not what the site shows as its logo.
  if (lettered) return undefined;
  const touch = home.media.filter((m) => m.kind === 'apple-touch-icon').sort((a, b) => iconSize(b) - iconSize(a))[0];
  if (touch) return propose(touch.url, [quoteOn(home, 'links', touch.url)]);
  const icon = home.media.filter((m) => m.kind === 'icon').sort((a, b) => iconSize(b) - iconSize(a))[0];
  if (icon) return propose(icon.url, [quoteOn(home, 'links', icon.url)]);
  return undefined;
}

/** A header whose brand is lettering ("<a class=brand>Acme</a>", an emoji and the name) or a mark drawn in the page (a
 *  home link without text labelled "Logo": an inline SVG). */
function letteredBrand(home: ViewPage, keys: string[]): boolean {
  const homePath = new URL(home.url).pathname;
  return home.links.some((l) => {
    if (!/\b(?:header|nav|brand|logo)\b/.test(l.within ?? '')) return false;
    const text = squash(l.text.replace(/[^\p{L}\p{N}\s]/gu, ''));
    // The name, or the name run into a descriptor ("AcmeAI Innovations"), in letters.
    if (text) return keys.includes(text) || (!!keys[0] && text.startsWith(keys[0]));
    const path = absoluteUrl(l.href, home.url);
    const toHome = !!path && ['/', homePath].includes(new URL(path).pathname);
    return toHome && (/\blogo\b/i.test(l.label ?? '') || keys.includes(squash(l.label ?? '')));
  });
}

const pathOf = (url: string) => {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
};

/** An address of a page rather than of a picture: the site's root, or a path without a file extension or any word of
 *  a logo. */
function isPageAddress(url: string): boolean {
  const path = new URL(url).pathname;
  return path === '/' || (!/\.[a-z0-9]{2,5}$/i.test(path) && !/logo|icon|image|img|brand/i.test(path));
}

function absoluteUrl(raw: string, base: string): string | null {
  try {
    const u = new URL(raw, base);
    return /^https?:$/.test(u.protocol) ? u.toString() : null;
  } catch {
    return null;
  }
}
