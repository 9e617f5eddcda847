import type { TextBlock } from '../../crawler/page-text.js';
import type { Evidence } from '../evidence.js';
import type { Proposal, SocialKey, SourcedFounder } from '../draft-content.js';
import { ldNodes, ldObjects, ldString, ldStrings, organizations } from './json-ld.js';
import { headingLevel } from './outline.js';
import {
  dedupe,
  isBoilerplate,
  isOtherPeoplesWords,
  pagesOfKind,
  quoteLine,
  quoteOn,
  readText,
  type SiteView,
  type ViewPage,
} from './site-view.js';
import { namesLegalForm } from './location.js';
import { socialLink } from './socials.js';
import { cuePattern, escapeRegExp, wordCount } from './text-units.js';
import { fitText, looseKey, sameWords } from './text-fit.js';

export const FOUNDER_LIMITS = { items: 6, name: 160, title: 160, bio: 3000 };

/** "Ana Ribeiro", "Jean-Luc de la Tour", "Siobhán O’Neill", "Pavlo (Paul) Buidenkov": two to four capitalised words,
 *  particles and a nickname in brackets allowed. */
const PERSON_NAME =
  /^\p{Lu}[\p{L}'’.-]*(?:\s+(?:\p{Lu}[\p{L}'’.-]*|\(\p{Lu}[\p{L}'’.-]*\)|de|da|do|dos|das|van|von|der|den|del|della|la|le|di|du|bin|al|ter)){1,3}$/u;
/** Capitalised words that make a heading, not a name. */
const NOT_NAME_WORDS =
  /\b(I['’](?:m|ve|ll|d)|LinkedIn|Twitter|GitHub|Facebook|Instagram|YouTube|Medium|Dribbble|Behance|Email|Website|Our|Team|The|Meet|About|Story|Contact|Pricing|Features|Founders?|People|Leadership|Careers|Values|Mission|Get|Join|Why|How|What|We|Us|Your|You|Free|Plan|Blog|News|Press|FAQ|Help|Support|Home|Product|Company|Investors|Advisors|Customers|Partners|Inc|Ltd|Lda|GmbH|LLC)\b/;
/** Founders in the languages founders write in. 創作者 ("Deskreen創作者", its creator) counts as "creator of" does in AUTHOR_OF. */
const FOUNDER_WORDS =
  'fondat(?:eur|rice)|cofondat(?:eur|rice)|co-fondat(?:eur|rice)|fundador(?:a)?|cofundador(?:a)?|co-fundador(?:a)?|fondat(?:ore|rice)|cofondat(?:ore|rice)|gründer(?:in)?|mitgründer(?:in)?|mitbegründer(?:in)?|(?:mede-?)?oprichter|(?:współ)?założyciel(?:ka)?|kurucu(?:su)?|kurucu ortak|pendiri|(?:med)?grundare|(?:spolu)?zakladatel(?:ka)?|(?:co-?)?fondat(?:or|oare)';
const FOUNDER_JOINED = '創業者|創設者|創作者|創立者|创始人|創始人|創辦人|창업자|창립자|설립자';
/** Who made the product in the first place: its creator is its founder (an open-source project has no other); not a
 *  "content creator" or a "video creator", which is a job. */
const CREATOR_WORDS =
  '(?<!content |video |ugc |digital )creator|original author|créat(?:eur|rice)|cr[ie]ador(?:a)?|creat(?:ore|rice)|schöpfer(?:in)?|erfinder(?:in)?|bedenker|skapare|создател[ьяеюи]\\p{L}*|основател[ьяеюи]\\p{L}*';
const ROLE = cuePattern(
  `co-?\\s?founder|founder|founding|${CREATOR_WORDS}|ceo|cto|coo|cfo|cpo|cmo|chief|head of|lead|engineer|developer|designer|president|director|owner|partner|vp|vice president|manager|managing|advisor|principal|researcher|scientist|marketer|operations|sales|support|success|${FOUNDER_WORDS}|directeur|directrice|director(?:a)?|diretor(?:a)?|direttore|geschäftsführer(?:in)?|développeu(?:r|se)|desarrollador(?:a)?|desenvolvedor(?:a)?|sviluppatore|entwickler(?:in)?|ingénieur|ingeniero|engenheiro|ingegnere`,
  `${FOUNDER_JOINED}|代表取締役|取締役|開発者|エンジニア|デザイナー|首席执行官|开发者|開發者|工程师|設計師|设计师|대표이사|개발자|엔지니어|디자이너`,
);
const FOUNDER_ROLE = cuePattern(
  `co-?\\s?founder|founder|founding (?:ceo|cto|partner)|${FOUNDER_WORDS}|${CREATOR_WORDS}`,
  FOUNDER_JOINED,
);
const NAME_WITH_ROLE = /^(.{3,60}?)\s*(?:,|—|–|-|\|)\s*(.{2,120})$/;
/** "Jane Doe (President): project founder and lead developer", "Jane Doe: founder": a name, a role in brackets, then
 *  after a colon. */
const NAME_PAREN_ROLE = /^(.{3,60}?)\s*(?:\(([^)]{2,60})\))?\s*:\s*(.{2,200})$/;

/** A name written in Hangul (two to four syllables) or Han characters (two to four, or family and given name apart). */
const CJK_NAME = /^(?:\p{Script=Hangul}{2,4}|\p{Script=Han}{2,4}|\p{Script=Han}{1,3}[ 　・]\p{Script=Han}{1,3})$/u;
export const looksLikePersonName = (s: string) => s.length <= 60 && PERSON_NAME.test(s) && !NOT_NAME_WORDS.test(s);
/** A name line, not a role line that happens to be capitalised words ("Cofundadora de Acme"). */
const nameLine = (s: string) => looksLikePersonName(s) && !ROLE.test(s);

/** A quotation: a line inside quotation marks, in the forms of the languages founders write in. */
const QUOTATION = /^\s*[“"«„「『‘‚»]|[”"»“」』«]\s*$/u;
/** A rating: "★★★★★", "5/5", "4.8 out of 5". */
const RATING = /[★⭐]{3,}|(?<![\d.])[1-5](?:[.,]\d)?\s*(?:\/|out of|sur|von|de|di)\s*5(?!\d)/u;
/** An attribution starts with a dash: "— Jane Doe, CTO at Initech". */
const ATTRIBUTION = /^\s*[—–―~]/u;
/** Sections of customers' and clients' words: their founders are not this product's. */
const CUSTOMERS = /\b(customer|client)\b/;

/**
 * Whether the line at `i` speaks for someone quoted: it is, or follows, a quotation, a rating or an attribution
 * (a testimonial or a review card that no class names as one).
 */
function quotedPerson(blocks: TextBlock[], i: number): boolean {
  const b = blocks[i];
  if (isOtherPeoplesWords(b) || CUSTOMERS.test(b.within) || ATTRIBUTION.test(b.text) || RATING.test(b.text))
    return true;
  for (const j of [i - 1, i - 2, i + 1]) {
    const near = blocks[j];
    if (!near || headingLevel(near)) continue;
    if (RATING.test(near.text) || (j < i && QUOTATION.test(near.text))) return true;
  }
  return false;
}

/** "former co-founder", "previously founder of Initech", "ex-Gründer": a founding in someone's past. */
const PAST_FOUNDING = cuePattern(
  `(?:former(?:ly)?|previously|ex-?|past|serial|ancien(?:ne)?|ehemalige[rn]?|antigu[oa]|ex-)\\s*(?:co-?\\s?)?(?:founder|${FOUNDER_WORDS})`,
);
/** "founder of Initech", "fondatrice de Initech", "Gründer der Beispiel GmbH", "cofundadora de Acme": the
 *  organisation a founder role names. */
const FOUNDER_OF = new RegExp(
  `(?:co-?\\s?founder|founder|${FOUNDER_WORDS}|${CREATOR_WORDS})(?:\\s*(?:&|and|et|und|y|e)\\s*[\\p{L}.]+)?\\s+(?:(?:of|at|@|de|du|des|der|von|bei|en|di|da|del|do)(?![\\p{L}])\\s*|d['’])([^,;.()|]{2,60})`,
  'iu',
);

/** A founder role that is not about this product: another organisation's, or a past one. */
function foundedElsewhere(title: string, productName?: string): boolean {
  if (PAST_FOUNDING.test(title)) return true;
  const of = FOUNDER_OF.exec(title);
  return !!(of && productName && !looseKey(of[1]).includes(looseKey(productName)));
}

interface Person {
  name: string;
  title?: string;
  bio?: string;
  socials: Partial<Record<SocialKey, string>>;
  evidence: (Evidence | null)[];
  page: ViewPage;
}

const NAME_TAGS = new Set(['h2', 'h3', 'h4', 'h5', 'h6', 'p', 'div', 'dt', 'li', 'td']);

/** People on a team or about page: a name line, a role line next to it, then a bio and links until the next person. */
function peopleOnPage(page: ViewPage): Person[] {
  const { blocks } = page;
  const starts: { index: number; name: string; role?: { text: string; index: number } }[] = [];
  blocks.forEach((b, i) => {
    if (!NAME_TAGS.has(b.tag) || isOtherPeoplesWords(b)) return;
    const inline = NAME_WITH_ROLE.exec(b.text);
    if (inline && looksLikePersonName(inline[1]) && ROLE.test(inline[2])) {
      starts.push({ index: i, name: inline[1], role: { text: inline[2], index: i } });
      return;
    }
    // "Jane Doe (President)" over "Project founder and lead developer. Past: …": the role in brackets, or the next
    // line's first sentence when it says founder.
    const bracketed = /^(.{3,60}?)\s*\(([^)]{2,60})\)$/.exec(b.text);
    if (bracketed && looksLikePersonName(bracketed[1]) && ROLE.test(bracketed[2])) {
      const next = blocks[i + 1];
      const first = next && !headingLevel(next) ? next.text.split(/(?<=\.)\s/)[0] : '';
      const role =
        first && first.length <= FOUNDER_LIMITS.title && FOUNDER_ROLE.test(first)
          ? { text: first, index: i + 1 }
          : { text: bracketed[2], index: i };
      starts.push({ index: i, name: bracketed[1], role });
      return;
    }
    const colon = NAME_PAREN_ROLE.exec(b.text);
    if (
      colon &&
      looksLikePersonName(colon[1]) &&
      (ROLE.test(colon[3].slice(0, 80)) || (colon[2] && ROLE.test(colon[2])))
    ) {
      const role = FOUNDER_ROLE.test(colon[3].slice(0, 80)) || !colon[2] ? colon[3] : colon[2];
      starts.push({ index: i, name: colon[1], role: { text: fitText(role, FOUNDER_LIMITS.title), index: i } });
      return;
    }
    // A name in Hangul or Han characters has no capitals to tell it from a word ("김태훈", "陈明杰", "山田 太郎"): it
    // counts only over a founder's role ("공동창업자 · 대표", "创始人"), which a word would not carry.
    const cjk = !nameLine(b.text) && CJK_NAME.test(b.text) && !isBoilerplate(b);
    if (!nameLine(b.text) && !cjk) return;
    for (let j = i + 1; j <= i + 2 && j < blocks.length; j++) {
      // Another name or a heading first means this line is not the start of a person's card.
      if (headingLevel(blocks[j]) || nameLine(blocks[j].text) || (cjk && CJK_NAME.test(blocks[j].text))) return;
      const role = cjk ? FOUNDER_ROLE : ROLE;
      if (blocks[j].text.length <= 120 && role.test(blocks[j].text) && !quotedPerson(blocks, j)) {
        starts.push({ index: i, name: b.text, role: { text: blocks[j].text, index: j } });
        return;
      }
    }
  });
  // A person quoted in a testimonial or a review card is not on the team; their line still ends the card before it.
  const quoted = new Set(starts.filter((s) => quotedPerson(blocks, s.index)).map((s) => s.index));
  return starts.flatMap((s, k) => {
    if (quoted.has(s.index)) return [];
    const nameLevel = headingLevel(blocks[s.index]);
    let end = k + 1 < starts.length ? starts[k + 1].index : Math.min(blocks.length, s.index + 10);
    for (let i = s.index + 1; i < end; i++) {
      const lvl = headingLevel(blocks[i]);
      if (lvl && (!nameLevel || lvl <= nameLevel)) {
        end = i;
        break;
      }
    }
    const bioLines: TextBlock[] = [];
    for (let i = (s.role?.index ?? s.index) + 1; i < end; i++) {
      const b = blocks[i];
      if (!headingLevel(b) && wordCount(b.text) >= 6) bioLines.push(b);
    }
    const socials: Partial<Record<SocialKey, string>> = {};
    const evidence: (Evidence | null)[] = [quoteLine(page, blocks[s.index].text)];
    for (const l of page.links) {
      if (l.block === undefined || l.block < s.index || l.block >= end) continue;
      const link = socialLink(l.href);
      if (link && !socials[link.key]) {
        const e = quoteOn(page, 'links', l.href);
        if (e) {
          socials[link.key] = link.url;
          evidence.push(e);
        }
      }
    }
    if (s.role && s.role.index !== s.index) evidence.push(quoteLine(page, s.role.text));
    const bio = bioLines.length ? fitText(bioLines.map((b) => b.text).join('\n'), FOUNDER_LIMITS.bio) : undefined;
    for (const b of bioLines) evidence.push(quoteLine(page, b.text));
    return [{ name: s.name, title: s.role?.text, bio, socials, evidence, page }];
  });
}

const NAME = "\\p{Lu}[\\p{L}'’-]+(?: \\p{Lu}[\\p{L}'’-]+){1,2}";
/** Names in a list: "A and B", "A, B y C", "A et B", "A und B", "A и B", "A e B". */
const AND = '(?:, | and | & |, and | et | y | e | und | en | i | и | och | oraz | og )';
const NAMES = `(${NAME}(?:${AND}${NAME}){0,4})`;
/**
 * "founded by", "créée par", "desarrollado por", "sviluppato da", "entwickelt von", "ontwikkeld door", "skapad av",
 * "stworzony przez": a making verb and the word for "by", per language. Russian says "by" with the name's case alone
 * ("Создано Kévin Dunglas"), so a few lower-case words may stand between.
 */
const MADE_BY = [
  '(?:co-?)?(?:founded|started|created|developed|designed|built|made|written)(?: and (?:developed|built|designed|maintained))?(?: with \\S{1,3})?(?: in \\d{4}| originally)? by',
  '(?:co-?)?(?:fond[ée]e?s?|cr[ée]{2}e?s?|développ[ée]e?s?|conçue?s?|réalis[ée]e?s?)(?: en \\d{4})? par',
  '(?:fundad[oa]s?|cread[oa]s?|desarrollad[oa]s?|diseñad[oa]s?|criad[oa]s?|desenvolvid[oa]s?)(?: en \\d{4}| em \\d{4})? por',
  '(?:fondat[oaie]|creat[oaie]|sviluppat[oaie]|ideat[oaie]|realizzat[oaie])(?: nel \\d{4})? da',
  '(?:gegründet|entwickelt|erstellt|geschaffen|programmiert|ins Leben gerufen)(?: \\d{4})? von',
  '(?:opgericht|ontwikkeld|gemaakt|gebouwd) door',
  '(?:grundad(?:es)?|skapad(?:es)?|utvecklad(?:es)?) av',
  '(?:założon[ya]|stworzon[ya]|opracowan[ya]) przez',
  '(?:создан[оа]?|разработан[оа]?|основан[оа]?)(?: [а-яё]+){0,2}',
];
const MADE_BY_VERB = new RegExp(`(?<![\\p{L}])(?:${MADE_BY.join('|')}) `, 'giu');
const NAMES_HERE = new RegExp(NAMES, 'uy');
/** "founded by A and B" in any of those languages: the verb in any case, then names (capitalised) right after it. */
const FOUNDED_BY = {
  exec(text: string): RegExpExecArray | null {
    for (const v of text.matchAll(MADE_BY_VERB)) {
      NAMES_HERE.lastIndex = v.index + v[0].length;
      const names = NAMES_HERE.exec(text);
      if (!names) continue;
      const m = [v[0] + names[0], names[1]] as unknown as RegExpExecArray;
      m.index = v.index;
      return m;
    }
    return null;
  },
};
/** Verbs of making that any part of a product may take ("the new decoder was developed by"): only the product's own. */
const MAKING_ONLY =
  /^(?:developed|designed|built|made|written|gemacht|développ|conçu|réalis|desarroll|diseñ|desenvolvid|sviluppat|ideat|realizzat|entwickelt|erstellt|programmiert|ontwikkeld|gemaakt|gebouwd|utvecklad|opracowan|разработан)/i;
/** Words of a website's own credits: "Website", "Webdesign", "Seite", "sito", "Design", "Theme", "Template"… */
const SITE_CREDIT =
  /(?<![\p{L}])(?:web\s?site|site|web\s?design|design|theme|template|seite|webseite|homepage|sito|sitio|página|pagina|layout|page)(?![\p{L}])/iu;
/** "The original author of Caddy, Matt Holt, …", "Fabrice Bellard, originator of the FFmpeg project". */
const AUTHOR_OF = new RegExp(
  `\\b(?:original |initial )?(?:author|creator|originator|founder)s? of [^,.;]{2,40}, ${NAMES}|${NAMES}, (?:the )?(?:original |initial )?(?:author|creator|originator|founder|inventor) of\\b`,
  'u',
);
const COFOUNDED_WITH = new RegExp(
  `\\b(?:I|I['’]ve|I have|[Ww]e['’]ve|[Ww]e have|[Ww]e)\\s+(?:co-?founded|founded|started) (?:[^.;!?]{0,60}?\\s)?(?:together )?with ${NAMES}`,
  'u',
);
/** "I'm Shawn, the author of Acme", "Je suis Marie, la créatrice d'Acme", "Sono Luca, il fondatore di Acme": someone
 *  introducing themselves as the maker of what they name (group 2), which must be the product. */
const I_AM_MAKER =
  /(?<![\p{L}])(?:I['’]m|I am|Je suis|Soy|Sou|Sono|Ich bin|Ik ben|Jag är|Jestem)\s+(\p{Lu}[\p{L}'’-]+(?: \p{Lu}[\p{L}'’.-]+){0,2})[,.]?\s+(?:(?:the|le|la|el|o|a|il|der|die|de)\s+)?(?:original\s+|only\s+)?(?:author|creator|founder|maker|developer|auteur|autrice|créat(?:eur|rice)|fondat(?:eur|rice)|développeu(?:r|se)|autor(?:a|in)?|creador(?:a)?|fundador(?:a)?|desarrollador(?:a)?|criador(?:a)?|desenvolvedor(?:a)?|autore|creat(?:ore|rice)|fondat(?:ore|rice)|sviluppat(?:ore|rice)|gründer(?:in)?|entwickler(?:in)?|schöpfer(?:in)?|oprichter|maker|ontwikkelaar|grundare|skapare|utvecklare|twórca|założyciel)\s+(?:of|de|du|des|d['’]|del|do|da|di|von|der|des|van|av)\s*([^.,;!?]{2,60})/u;
/**
 * Chinese, Japanese and Korean name the maker before the verb ("nakamuxuによって開発", "由 Shawn 开发", "Shawn이 만든"):
 * only names in Latin letters are taken (a handle or capitalised words), as a name in those scripts cannot be told from
 * a company or a team there.
 */
const HANDLE = '[A-Za-z][A-Za-z0-9_-]{1,28}[A-Za-z0-9]';
const LATIN_MAKER = `(${NAME}|${HANDLE})`;
const MADE_BY_JOINED = [
  new RegExp(
    `(?<![\\p{Script=Latin}\\p{N}_.\\s-])${LATIN_MAKER}\\s*(?:氏|さん)?\\s*(?:によって|により)[^。\\n]{0,12}?(?:開発|作ら|作成|生み出|創ら|創設|設立|制作|立ち上げ)`,
    'u',
  ),
  new RegExp(
    `由\\s*${LATIN_MAKER}\\s*(?:于\\s*\\d{4}\\s*年\\s*)?(?:开发|開發|创建|創建|创立|創立|创办|創辦|发起|發起|编写|編寫|打造)`,
    'u',
  ),
  new RegExp(`${LATIN_MAKER}\\s*(?:님)?(?:이|가|에 의해|에 의하여)\\s*(?:개발|만든|만들었|창립|설립|제작)`, 'u'),
];
/** Words for a company, in the languages founders write in. */
const COMPANY_WORDS =
  'company|startup|start-up|agency|studio|firm|business|société|entreprise|empresa|azienda|Unternehmen|Firma|bedrijf|företag|firma|компания|公司|企业|企業|会社|회사|기업';
/**
 * Whether the page calls a one-word maker a company ("由 Cozystay 打造… Cozystay 最早是一家…公司", "Acmelabs is a
 * studio…", "Acmelabs는 … 회사입니다"): then it is the company behind the product, not a person.
 */
function calledACompany(text: string, name: string): boolean {
  const escaped = escapeRegExp(name);
  return new RegExp(
    `${escaped}\\s*(?:(?:is|was|est|es|é|è|ist|är|jest|—|-|,)\\s+(?:an?|une?|una?|ein(?:e)?|il|la|el|o|a)?\\s*[^.。!?！？\\n]{0,40}?|[^。！？\\n]{0,6}?(?:是|为|為|は|는|은)[^。！？\\n]{0,50}?)(?:${COMPANY_WORDS})`,
    'iu',
  ).test(text);
}

/** A maker's name alone: capitalised words, or a handle that is not a company's. */
const makerName = (s: string) =>
  looksLikePersonName(s) ||
  (new RegExp(`^${HANDLE}$`).test(s) && !NOT_NAME_WORDS.test(s) && !/^(?:inc|ltd|llc|corp|co|gmbh|team)$/i.test(s));
const firstName = (s: string) => /^\p{Lu}[\p{L}'’-]{1,30}$/u.test(s) && !NOT_NAME_WORDS.test(s);
const MAKING_WORDS =
  /found|start|creat|develop|design|built|made|written|author|originator|fond|fund|cré|crea|cria|desarroll|desenvolv|svilupp|ideat|gegründet|gründer|entwickel|erstellt|schöpf|opgericht|ontwikkel|gemaakt|grundad|skapa|utveckla|założ|stworz|создан|разработан|основан|создател|によって|により|由|개발|만든|창립|설립/i;

/** Names the site states as founders: JSON-LD `founder`, and "founded by A and B" in its own text. */
function statedFounders(
  site: SiteView,
  productName?: string,
): { name: string; title?: string; socials: Partial<Record<SocialKey, string>>; evidence: (Evidence | null)[] }[] {
  const out: {
    name: string;
    title?: string;
    socials: Partial<Record<SocialKey, string>>;
    evidence: (Evidence | null)[];
  }[] = [];
  for (const org of organizations(ldNodes(site.pages))) {
    for (const f of ldObjects(org.data, 'founder')) {
      const name = ldString(f, 'name');
      if (!name || !looksLikePersonName(name)) continue;
      const title = ldString(f, 'jobTitle');
      const socials: Partial<Record<SocialKey, string>> = {};
      const evidence: (Evidence | null)[] = [quoteOn(org.page, 'head', name)];
      if (title) evidence.push(quoteOn(org.page, 'head', title));
      for (const raw of ldStrings(f, 'sameAs')) {
        const link = socialLink(raw);
        const e = link && !socials[link.key] ? quoteOn(org.page, 'head', raw) : null;
        if (link && e) {
          socials[link.key] = link.url;
          evidence.push(e);
        }
      }
      out.push({ name, title, socials, evidence });
    }
    for (const name of ldStrings(org.data, 'founder'))
      if (looksLikePersonName(name)) out.push({ name, socials: {}, evidence: [quoteOn(org.page, 'head', name)] });
  }
  const runByCompany = site.pages.some((p) =>
    p.blocks.some((b) => /\b(?:footer|address)\b/.test(b.within) && namesLegalForm(b.text)),
  );
  // "founded by A and B", "co-founded in 2019 by A", "I've co-founded Acme with A": the named people founded it.
  for (const page of pagesOfKind(site, 'about', 'homepage', 'team', 'contact', 'page', 'blog', 'press')) {
    const own = page.kind !== 'blog' && page.kind !== 'press';
    if (!MAKING_WORDS.test(readText(page))) continue;
    for (const b of page.blocks) {
      if (isOtherPeoplesWords(b) || CUSTOMERS.test(b.within) || QUOTATION.test(b.text) || b.text.length > 3000)
        continue;
      // On posts only the first person speaks for the company; "founded by" there may be about anyone.
      const patterns: { exec(text: string): RegExpExecArray | null }[] = own
        ? [FOUNDED_BY, COFOUNDED_WITH, AUTHOR_OF, ...MADE_BY_JOINED]
        : [COFOUNDED_WITH];
      for (const re of patterns) {
        const m = re.exec(b.text);
        if (!m) continue;
        // "developed by" names the makers only when the product (or nothing) is the subject: not "the new decoder was
        // developed by".
        const before =
          b.text
            .slice(0, m.index)
            .split(/[.!?。！？·•|—–]\s*/)
            .pop() ?? '';
        const namesProduct = !!productName && looseKey(before).includes(looseKey(productName));
        const verb = m[0].replace(/^[\s(]+/, '');
        if (MAKING_ONLY.test(verb) && before.trim() && !namesProduct) continue;
        // "Website by", "Webdesign erstellt von", "Sito realizzato da": whoever built the website, not the product. On
        // the site of a company (a GmbH, a Ltd…), a footer's "made by" credits its web designer too.
        if (!namesProduct && (SITE_CREDIT.test(before) || (/\bfooter\b/.test(b.within) && runByCompany))) continue;
        const joined = (MADE_BY_JOINED as object[]).includes(re);
        for (const name of (m[1] ?? m[2]).split(new RegExp(AND, 'u'))) {
          if (joined && !name.includes(' ') && calledACompany(readText(page), name)) continue;
          if (joined ? makerName(name) : looksLikePersonName(name))
            out.push({ name, socials: {}, evidence: [quoteLine(page, b.text, m.index, m[0].length)] });
        }
      }
      // "I'm Shawn, the author of Acme": only when what they made is the product.
      const me = own ? I_AM_MAKER.exec(b.text) : null;
      if (
        me &&
        (looksLikePersonName(me[1]) || firstName(me[1])) &&
        productName &&
        looseKey(me[2]).includes(looseKey(productName))
      )
        out.push({ name: me[1], socials: {}, evidence: [quoteLine(page, b.text, me.index, me[0].length)] });
    }
  }
  return out;
}

/**
 * Founders: people on the team/about pages whose role says founder, or whom the site names as
 * founders; the one titled CEO (else the first) comes first as the primary founder.
 */
export function extractFounders(site: SiteView, productName?: string): SourcedFounder[] {
  const people = pagesOfKind(site, 'team', 'about', 'page', 'homepage').flatMap(peopleOnPage);
  const stated = statedFounders(site, productName);
  const founders: SourcedFounder[] = [];
  const add = (f: SourcedFounder) => {
    const existing = founders.find((x) => sameWords(x.name, f.name));
    if (!existing) {
      founders.push(f);
      return;
    }
    existing.title ??= f.title;
    existing.bio ??= f.bio;
    existing.socials = { ...f.socials, ...existing.socials };
    existing.evidence = dedupe([...existing.evidence, ...f.evidence]);
  };
  for (const p of people) {
    const isFounder =
      (p.title && FOUNDER_ROLE.test(p.title) && !foundedElsewhere(p.title, productName)) ||
      stated.some((s) => sameWords(s.name, p.name));
    if (!isFounder) continue;
    const evidence = dedupe(p.evidence);
    if (evidence.length) add(shaped({ name: p.name, title: p.title, bio: p.bio, socials: p.socials, evidence }));
  }
  for (const s of stated) {
    const evidence = dedupe(s.evidence);
    if (evidence.length) add(shaped({ name: s.name, title: s.title, socials: s.socials, evidence }));
  }
  const primary = founders.findIndex((f) => f.title && /\bceo\b|chief executive/i.test(f.title));
  if (primary > 0) founders.unshift(...founders.splice(primary, 1));
  return founders.slice(0, FOUNDER_LIMITS.items);
}

/** Within the founder limits (FOUNDER_LIMITS), and without empty parts. */
function shaped(f: SourcedFounder): SourcedFounder {
  const out: SourcedFounder = { name: fitText(f.name, FOUNDER_LIMITS.name), evidence: f.evidence };
  if (f.title) out.title = fitText(f.title, FOUNDER_LIMITS.title);
  if (f.bio) out.bio = fitText(f.bio, FOUNDER_LIMITS.bio);
  if (f.socials && Object.keys(f.socials).length) out.socials = f.socials;
  return out;
}

/** The primary founder's accounts, each with the quote of its link. */
export function founderSocials(founder: SourcedFounder | undefined): Partial<Record<SocialKey, Proposal<string>>> {
  const out: Partial<Record<SocialKey, Proposal<string>>> = {};
  for (const [key, url] of Object.entries(founder?.socials ?? {}) as [SocialKey, string][]) {
    const evidence = founder!.evidence.filter(
      (e) => e.source !== 'text' && e.quote.includes(url.replace(/\/+$/, '').replace(/^https?:\/\/(www\.)?/, '')),
    );
    if (evidence.length) out[key] = { value: url, evidence };
  }
  return out;
}
