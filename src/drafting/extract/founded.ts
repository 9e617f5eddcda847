import type { Evidence } from '../evidence.js';
import type { Proposal } from '../draft-content.js';
import { ldNodes, ldString, organizations } from './json-ld.js';
import { datedLine } from './milestone-dates.js';
import { isOwnStatement, pagesOfKind, propose, quoteLine, quoteOn, type SiteView } from './site-view.js';
import { escapeRegExp } from './text-units.js';

const YEAR = '((?:18|19|20)\\d{2})';
/** A year, month and day written the Chinese, Japanese and Korean way: "2004年", "2004年4月1日", "2004년 3월". */
const CJK_DATE = `(?<!\\d)${YEAR}\\s*[年년](?:\\s*\\d{1,2}\\s*[月월])?(?:\\s*\\d{1,2}\\s*[日일])?(?:\\s*[（(][^）)]{1,12}[）)])?`;

/**
 * Words of a later event: between "was started" and a year they mean the year is the event's ("was started as a side
 * project and since the v2 release in 2021", "fondée par deux amis, stable depuis la version 3 en 2020").
 */
const EVENT_WORDS =
  'since|releases?|released|versions?|v\\d|launch(?:ed)?|updated?|acquired|until|depuis|sortie|lancement|lanc[ée]e?|seit|veröffentlicht|desde|versi[óo]n|lanzamiento|lanzad[oa]|dal|versione|rilascio|rilasciat[oa]|versão|lançamento|lançad[oa]';
/** What may stand between a founding word and its year: up to 60 characters of one sentence, no later event. */
const GAP = `(?:(?!(?<![\\p{L}])(?:${EVENT_WORDS})(?![\\p{L}]))[^.\\n]){0,60}?`;

/**
 * Statements of a founding, each with the year as group 1, in the languages founders write in:
 * "Founded in 2021", "founded by two designers in Lisbon in 2021", "Est. 1998", "fondée en 2014", "gegründet 2014",
 * "2014 gegründet", "fundada en 2014", "fundada em 2014", "fondata nel 2014", 「2004年設立」「設立：2004年」,
 * 「成立于2004年」, 「2004년 설립」「설립 2004년」. Only the words for a founding: "created in 2020" is said of anything.
 */
const FOUNDED = [
  new RegExp(
    `\\b(?:founded|established|incorporated|est\\.|(?:was|were) (?:(?:first|originally|initially) )?(?:started|created|begun))\\b${GAP}\\b((?:18|19|20)\\d{2})\\b`,
    'iu',
  ),
  // French, Spanish, Portuguese, Italian: "fondée en", "fundada por … en", "fundada em", "fondata a Milano nel".
  // The year right after "en", "em", "nel", "in": "fondé sur des standards ouverts" is "based on".
  new RegExp(
    `(?<![\\p{L}])(?:fond[ée]e?s?|fundad[oa]s?|fondat[oaie])(?![\\p{L}])(?!\\s+(?:sur|su|sobre|on)\\s)${GAP}(?<![\\p{L}])(?:en|em|nel|in|no ano de|en el año|dans l'année)\\s+((?:18|19|20)\\d{2})(?!\\d)`,
    'iu',
  ),
  /(?<![\p{L}])(?:cr[ée]{2}e?s?|cread[oa]s?|criad[oa]s?)\s+(?:en|em|nel|in)\s+((?:18|19|20)\d{2})(?!\d)/iu,
  // German: "gegründet 2014", "gegründet im Jahr 2014", "Gründungsjahr: 2014", "wurde 2014 in Berlin gegründet".
  /(?<![\p{L}])(?:gegründet|Gründung(?:sjahr)?|gegr\.)(?![\p{L}])\s*:?\s*(?:(?:im Jahr|im|in)\s+)?((?:18|19|20)\d{2})(?!\d)/iu,
  // The year before it only as the passive's date: not "Seit 2014 helfen wir Teams, die Startups gegründet haben".
  /(?<![\p{L}])(?:wurde|wurden)\s+(?:(?:im Jahr|im)\s+)?((?:18|19|20)\d{2})(?!\d)[^.,\n\d]{0,50}?(?<![\p{L}])gegründet(?![\p{L}])/iu,
  /(?<![\p{L}\d])((?:18|19|20)\d{2})\s+gegründet(?![\p{L}])/iu,
  // Dutch, Swedish, Polish, Turkish: "werd in 2014 opgericht", "opgericht in 2014", "grundades 2014", "grundat 2014",
  // "założona w 2014 roku", "powstał w 2014 roku", "2014 yılında kuruldu".
  /(?<![\p{L}])(?:werd|werden)\s+(?:in\s+)?((?:18|19|20)\d{2})(?!\d)[^.,\n\d]{0,40}?(?<![\p{L}])opgericht(?![\p{L}])/iu,
  /(?<![\p{L}])(?:opgericht|grundades|grundad|grundat|grundat\p{L}*)\s+(?:in\s+|år\s+)?((?:18|19|20)\d{2})(?!\d)/iu,
  /(?<![\p{L}])(?:założon[aey]|powsta\p{L}*|utworzon[aey])\s+w\s+((?:18|19|20)\d{2})(?!\d)/iu,
  // Indonesian and Romanian: "didirikan pada tahun 2014", "fondată în 2014", "înființată în 2014".
  /(?<![\p{L}])didirikan\s+(?:pada\s+)?(?:tahun\s+)?((?:18|19|20)\d{2})(?!\d)/iu,
  /(?<![\p{L}])(?:fondat[ăae]?|înființat[ăae]?|infiintat[ăae]?)\s+(?:în|in)\s+(?:anul\s+)?((?:18|19|20)\d{2})(?!\d)/iu,
  /(?<![\p{L}\d])((?:18|19|20)\d{2})\s+y[ıi]l[ıi]nda\s+(?:kuruldu|kurulan|kurulmuş|kurulmuştur)(?![\p{L}])/iu,
  // Russian, Czech, Danish, Norwegian, Finnish, Vietnamese, Hungarian: "основана в 2015 году", "založena v roce
  // 2015", "grundlagt i 2014", "etablert i 2014", "perustettu vuonna 2014", "thành lập năm 2015", "2015-ben alapított",
  // "alapítva: 2015".
  /(?<![\p{L}])(?:основан[аоы]?|создан[аоы]?|учреждён[аоы]?|учрежден[аоы]?)\s+в\s+((?:18|19|20)\d{2})(?!\d)/iu,
  /(?<![\p{L}])(?:založen[aáoéý]?|vznikl[aoi]?)\s+v\s+roce\s+((?:18|19|20)\d{2})(?!\d)/iu,
  /(?<![\p{L}])(?:grundlagt|grunnlagt|etablert|etableret|perustettu)\s+(?:i\s+|vuonna\s+)?((?:18|19|20)\d{2})(?!\d)/iu,
  /(?<![\p{L}])thành lập\s+(?:vào\s+)?(?:năm\s+)?((?:18|19|20)\d{2})(?!\d)/iu,
  /(?<![\p{L}\d])((?:18|19|20)\d{2})-(?:ban|ben)\s+(?:alapított|alapítottuk|alapították|alakult|jött létre)(?![\p{L}])|(?<![\p{L}])alapítva\s*:?\s*((?:18|19|20)\d{2})(?!\d)/iu,
  // Japanese, Chinese, Korean: the date before the word…
  new RegExp(`${CJK_DATE}\\s*(?:に|에|에서)?\\s*(?:設立|創業|創立|成立|创立|创办|創辦|设立|창립|창업|설립)`, 'u'),
  // …or after it: 「設立：2004年」「成立于2004年」「創立於2004年」「설립 2004년」「설립일: 2004년」.
  new RegExp(
    `(?:設立|創業|創立|成立|创立|创办|創辦|设立|창립|창업|설립)(?:年月日|年月|年|日|时间|時間|일|연도|년도)?\\s*(?:(?:[:：]|于|於)\\s*(?<!\\d)${YEAR}(?!\\d)(?!\\s*[年년])|(?:[:：]|于|於)?\\s*${CJK_DATE})`,
    'u',
  ),
];

/**
 * A product's birth: "IO, nata nel 2018", "Acme est né en 2014", "nació en 2016", "nasceu em 2015", "was born in
 * 2012", 「2004年に…によって生み出され」「2004年に誕生」「诞生于2016年」「2015년에 탄생」. People are born too (a bio's
 * "born in 1985"), so these count only in a sentence that names the product.
 */
const BORN = [
  /(?<![\p{L}])(?:born|nat[oaie]|nacid[oa]s?|naci[óo]|nasceu|nascid[oa]s?|né(?:e|s|es)?|entstanden|ontstaan)(?![\p{L}])\s+(?:(?:in|en|em|nel|a|im Jahr|im)\s+)?((?:18|19|20)\d{2})(?!\d)/iu,
  new RegExp(`${CJK_DATE}\\s*(?:に|에)?[^。\\n]{0,30}?(?:生み出|誕生|诞生|탄생)`, 'u'),
  new RegExp(`(?:诞生|誕生)(?:于|於)\\s*${CJK_DATE}`, 'u'),
];

/** A letter of an alphabet or a digit: what may not touch a name for it to be a word (a kana particle may). */
const ALPHABETIC = '[\\p{Script=Latin}\\p{Script=Cyrillic}\\p{Script=Greek}\\p{N}]';

/**
 * "operating since 2013", "around since 2009", "depuis 2014 en activité": the company's own running time, not
 * "lower than since 2016", "a maintainer since 2007", "since late 2024" or "since 2014 we have shipped 40 releases".
 */
const SINCE = [
  /\b(?:operating|operated|around|in business|online|running|existed|active|serving [\w ]{1,30}?|helping [\w ]{1,30}?) since ((?:18|19|20)\d{2})\b/i,
  // French, German, Spanish, Portuguese, Italian: "existe depuis 2014", "gibt es seit 2014", "seit 2014 am Markt",
  // "en el mercado desde 2014", "attivi dal 2014".
  /(?<![\p{L}])(?:existe|existons|en activité|gibt es|existiert|existieren|am Markt|en el mercado|no mercado|operando|attivi|attiva|attivo|presenti|opera)(?![\p{L}])\s+(?:depuis|seit|desde|dal)\s+((?:18|19|20)\d{2})(?![\d\p{L}])/iu,
  /(?<![\p{L}])(?:depuis|seit|desde|dal)\s+((?:18|19|20)\d{2})\s+(?:en activité|am Markt|online|en el mercado|no mercado|in attività|sul mercato)(?![\p{L}])/iu,
];
/**
 * Running the named business since a year, in the languages founders write in: "we have run Acme since 2016", "Acme
 * działa od 2016 roku", "działalność Acme prowadzimy od 2016 roku", "Acme betreiben wir seit 2016", "nous exploitons
 * Acme depuis 2016". Counted only when the product's name is in the same sentence: experience in a field since a year
 * is not the business's age.
 */
const RUN_SINCE =
  /(?<![\p{L}])(?:run(?:ning)?|operat\p{L}*|prowadz\p{L}*|działa\p{L}*|betreib\p{L}*|exploit\p{L}*|g[ée]r\p{L}*|opera(?:mos|ndo)?|gestion\p{L}*|gestisc\p{L}*|dirig\p{L}*|runnen|driven|drivs|driver)(?![\p{L}])[^.!?。]{0,60}?(?<![\p{L}])(?:since|depuis|seit|desde|dal|od|sinds|sedan|с)\s+((?:18|19|20)\d{2})(?![\d])|(?<![\p{L}])(?:since|depuis|seit|desde|dal|od|sinds|sedan|с)\s+((?:18|19|20)\d{2})(?:\s+(?:roku|года|jaar|år))?\s+(?:run|operat\p{L}*|prowadz\p{L}*|działa\p{L}*|betreib\p{L}*|exploit\p{L}*)/iu;
/** "Since 2014, …" and the few words after it (group 2), where the product's name must stand. */
const SINCE_NAMED =
  /(?<![\p{L}])(?:since|depuis|seit|desde|dal|od|sinds|sedan)\s+((?:18|19|20)\d{2})(?![\d\p{L}]),?\s+((?:[^\s.,;!?]+\s+){0,3}[^\s.,;!?]+)/iu;
/** A line that is only "Since 2014", "Depuis 2014", "Seit 2014", "Desde 2014", "Dal 2014": a badge of the company's
 *  age. In a longer sentence the same words start anything ("Since 2014 we have shipped…"). */
const SINCE_BADGE = /^\s*(?:since|depuis|seit|desde|dal|sinds|sedan|od|din|sejak)\s+((?:18|19|20)\d{2})\s*[.!]?\s*$/iu;
/** A line whose year is a copyright's, in any language: it says when the page was written, not the founding. */
const COPYRIGHT =
  /©|\(c\)|&copy;|\bcopyright\b|all rights reserved|tous droits réservés|alle rechte vorbehalten|todos los derechos reservados|todos os direitos reservados|tutti i diritti riservati|版权所有|版權所有|著作権|無断転載|저작권|무단 전재/iu;
/** Labels of a founding date in a company-profile table (会社概要, Impressum, about), its value in the next cell. */
const FOUNDING_LABEL =
  /^(?:founded|year founded|established|gründung|gründungsjahr|gegründet|fondation|fondée? en|année de création|création|fundación|año de fundación|fundada|fundação|fundado|ano de fundação|fondazione|anno di fondazione|fondata|設立|設立年|設立年月|設立年月日|創業|創業年|創立|成立|成立时间|成立時間|成立日期|创立时间|설립|설립일|설립연도|설립년도|창립|창업|год основания|дата основания|основана|rok založení|založeno|năm thành lập|ngày thành lập|alapítás éve|alapítva|grundlagt|perustettu|kuruluş yılı|kuruluş|rok założenia|grundat|grundades|opgericht|oprichting|jaar van oprichting|grundår|didirikan|tahun berdiri|anul înființării|înființată|fondată)\s*[:：]?$/iu;
const LABELLED_YEAR = new RegExp(
  `^\\s*(?:${CJK_DATE}|(?:(?:\\d{1,2}[./]\\s*)?\\d{1,2}[./]\\s*|[\\p{L}.]+\\s+)?${YEAR})\\s*$`,
  'u',
);

/** The year is the founding's only when it is not in the future (by the clock) and not before 1800. */
const plausible = (year: number) => year >= 1800 && year <= new Date().getUTCFullYear();

/** The sentence of `text` around position `at`: the stretch between stops, so a copyright elsewhere on a long line
 *  does not hide a founding. */
function sentenceAround(text: string, at: number): string {
  const stops = /[.!?。！？\n|·•]/gu;
  let start = 0;
  let end = text.length;
  for (const m of text.matchAll(stops)) {
    if (m.index < at) start = m.index + 1;
    else {
      end = m.index;
      break;
    }
  }
  return text.slice(start, end);
}

/** The first pattern that matches outside a copyright line: the year (its first group that took part) and where
 *  the statement is. */
function firstMatch(patterns: RegExp[], text: string): { year: string; index: number; length: number } | null {
  for (const p of patterns) {
    const m = p.exec(text);
    const year = m?.slice(1).find((g) => g !== undefined);
    if (m && year && plausible(+year) && !COPYRIGHT.test(sentenceAround(text, m.index)))
      return { year, index: m.index, length: m[0].length };
  }
  return null;
}

/** Whether an own line of some page writes the year, outside a copyright line. */
function writtenOnPage(site: SiteView, year: string): boolean {
  const re = new RegExp(`(?<!\\d)${year}(?!\\d)`);
  return site.pages.some((p) =>
    p.blocks.some((b) => re.test(b.text) && !COPYRIGHT.test(sentenceAround(b.text, b.text.search(re)))),
  );
}

/**
 * The year the company was founded, as the site states it: JSON-LD foundingDate, "founded in …" in the site's
 * language, a company-profile row (設立 | 2004年4月), a timeline entry about the founding, or "since …". A copyright
 * year says nothing about it.
 */
export function extractFoundedYear(site: SiteView, productName?: string): Proposal<string> | undefined {
  // The product's name as a word of the sentence (particles of Japanese or Korean may touch it: "CotEditorは"); a short one ("IO") only as written, not as any "io".
  const names = productName?.trim()
    ? new RegExp(
        `(?<!${ALPHABETIC})${escapeRegExp(productName.trim())}(?!${ALPHABETIC})`,
        productName.trim().length <= 3 ? 'u' : 'iu',
      )
    : null;
  const found: { year: string; evidence: (Evidence | null)[]; rank: number }[] = [];
  for (const org of organizations(ldNodes(site.pages))) {
    const raw = ldString(org.data, 'foundingDate');
    const year = raw ? /^\s*((?:18|19|20)\d{2})\b/.exec(raw)?.[1] : undefined;
    // Declared in the structured data only, the year must also be written on a page (outside a copyright line): a
    // template's "foundingDate" that no visitor reads is no statement of the founding.
    if (raw && year && plausible(+year) && writtenOnPage(site, year))
      found.push({ year, evidence: [quoteOn(org.page, 'head', raw)], rank: 0 });
  }
  for (const page of pagesOfKind(site, 'about', 'homepage', 'contact', 'team', 'pricing', 'page')) {
    page.blocks.forEach((b, i) => {
      if (!isOwnStatement(b) || b.text.length > 5000) return;
      const m = firstMatch(FOUNDED, b.text);
      if (m) {
        found.push({ year: m.year, evidence: [quoteLine(page, b.text, m.index, m.length)], rank: 1 });
        return;
      }
      const label = i > 0 ? page.blocks[i - 1] : undefined;
      const labelled = label && FOUNDING_LABEL.test(label.text.trim()) ? LABELLED_YEAR.exec(b.text) : null;
      const labelledYear = labelled?.[1] ?? labelled?.[2];
      if (label && labelledYear && plausible(+labelledYear)) {
        found.push({ year: labelledYear, evidence: [quoteLine(page, b.text), quoteLine(page, label.text)], rank: 1 });
        return;
      }
      const entry = /\bfounded\b/i.test(b.text) && !COPYRIGHT.test(b.text) ? datedLine(b.text) : null;
      if (entry && plausible(+entry.date.slice(0, 4))) {
        found.push({ year: entry.date.slice(0, 4), evidence: [quoteLine(page, b.text)], rank: 2 });
        return;
      }
      const born = names ? firstMatch(BORN, b.text) : null;
      if (born && names?.test(sentenceAround(b.text, born.index))) {
        found.push({ year: born.year, evidence: [quoteLine(page, b.text, born.index, born.length)], rank: 1 });
        return;
      }
      // "Since 2014, Acme has helped…", "Depuis 2014, Acme accompagne…", "Seit 2014 entwickeln wir Acme": the product's
      // running time, said of it by name in the same clause.
      const since = names ? SINCE_NAMED.exec(b.text) : null;
      if (
        since &&
        plausible(+since[1]) &&
        names?.test(since[2]) &&
        !COPYRIGHT.test(sentenceAround(b.text, since.index))
      ) {
        found.push({ year: since[1], evidence: [quoteLine(page, b.text, since.index, since[0].length)], rank: 3 });
        return;
      }
      const run = names ? firstMatch([RUN_SINCE], b.text) : null;
      if (run && names?.test(sentenceAround(b.text, run.index))) {
        found.push({ year: run.year, evidence: [quoteLine(page, b.text, run.index, run.length)], rank: 2 });
        return;
      }
      const s = firstMatch([...SINCE, SINCE_BADGE], b.text);
      if (s) found.push({ year: s.year, evidence: [quoteLine(page, b.text, s.index, s.length)], rank: 3 });
    });
  }
  const best = found.filter((f) => f.evidence[0]).sort((a, b) => a.rank - b.rank)[0];
  return best
    ? propose(
        best.year,
        found.filter((f) => f.year === best.year).flatMap((f) => f.evidence),
      )
    : undefined;
}
