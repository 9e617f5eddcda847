import type { TextBlock } from '../../crawler/page-text.js';
import type { Evidence } from '../evidence.js';
import { FIELD_LIMITS, type Proposal, type SourcedFaq } from '../draft-content.js';
import { headingAbove, headingLevel, sectionsNamed, sectionsOf } from './outline.js';
import { fitText } from './text-fit.js';
import { asks, cuePattern, hasUnspacedScript, wordCount } from './text-units.js';
import {
  isBoilerplate,
  isOtherPeoplesWords,
  isOwnStatement,
  pagesOfKind,
  propose,
  quoteLine,
  readText,
  type SiteView,
  type ViewPage,
} from './site-view.js';

/** "1,299.00", "1.299,00", "4 900" (a space, or a no-break space, between thousands: French, Swedish, Polish). */
const AMOUNT =
  '\\d{1,3}(?:[,.]\\d{3})+(?:[.,]\\d{1,2})?|\\d{1,3}(?:[ \\u00a0\\u202f]\\d{3})+(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d{1,2})?';
/** The periods a price is billed for, in the languages founders write in: "/mo", "per month", "/月", "元/月",
 *  "원/월", "/mois", "par mois", "pro Monat", "al mes", "por mês", "al mese", "per maand", "per timme", "/mies.",
 *  "в месяц", "/ay", "/hó", "/tháng", "/měsíc". */
const BILLING_PERIOD_WORDS =
  'mo|month|yr|year|annum|week|wk|day|mois|an|année|monat|jahr|tag|mes|año|mês|ano|mese|anno|giorno|maand|jaar|månad(?:en)?|mån|år|dag(?:ar)?|miesiąc|mies|rok|ay|yıl|месяц|мес|год|hó|hónap|év|tháng|năm|měsíc|měs|lună|luna|bulan|tahun|月|年|월|년|ヶ月|か月|カ月';
/** Hours are metered use ("0,67 kr per timme"): a price, not a subscription. */
const HOUR_WORDS = 'hour|hr|heure|stunde|hora|ora|uur|timme|godz(?:ina|inę)?|saat|час|時間|小时|시간';
const PERIOD_WORDS = `${BILLING_PERIOD_WORDS}|${HOUR_WORDS}`;
const PERIOD_SEP =
  "\\/\\s*|per\\s+|a\\s+|each\\s+|par\\s+|pro\\s+|im\\s+|al\\s+|por\\s+|all['’]|za\\s+|pe\\s+|в\\s+|\\s*[／]\\s*|\\s*毎\\s*|\\s*每\\s*";
/** Billed monthly or yearly, said in one word. */
const PERIODIC_WORDS =
  'monthly|yearly|annually|mensuel(?:le)?|annuel(?:le)?|monatlich|jährlich|mensual|anual|mensal|mensile|annuale|maandelijks|jaarlijks|månadsvis|årligen|mensilmente|annualmente|mensalmente|anualmente|mensualmente|miesięcznie|rocznie|aylık|yıllık|bulanan|tahunan|měsíčně|ročně|ежемесячно|ежегодно';
const ONE_TIME_WORDS =
  'one[- ]time|once|lifetime|買い切り|一次性|买断|買斷|일회성|paiement unique|une fois|einmalig|pago único|pagamento único|una tantum|eenmalig|engångs\\p{L}*|jednorazow\\p{L}*|tek seferlik|jednorázov\\p{L}*|plată unică|sekali bayar|единоразов\\p{L}*';
/** The end of a period word: not followed by a letter of a spaced script ("/month" is not "/monthly"); "/月" may run
 *  into the Japanese or Chinese words after it ("$20/月エディタごとに", per editor). */
const WORD_END = '(?![\\p{Script=Latin}\\p{Script=Cyrillic}\\p{Script=Greek}])';
const PERIOD_ANY = `\\s*(?:${PERIOD_SEP})(?:\\d+\\s*)?(?:(?:user|seat|member|editor|agent|person|utilisateur|nutzer|usuario|usuário|utente|gebruiker|användare|użytkownik)\\s*(?:\\/\\s*|per\\s+|par\\s+|pro\\s+)?)?(?:${PERIOD_WORDS})${WORD_END}\\.?|\\s*(?:${PERIODIC_WORDS})(?![\\p{L}])|\\s*[（(]?(?:${ONE_TIME_WORDS})(?![\\p{L}])[）)]?`;
const PERIOD = `(?:${PERIOD_ANY})?`;
/** "月額500円", "每月 99 元", "월 9,900원": the period before the price. */
const PERIOD_BEFORE = '(?:(?:月額|年額|毎月|每月|每年|按月|按年|월|연)\\s*)?';
/** Currency signs and codes written before the amount, and after it ("9,99 €", "480 kr", "29 zł", "500 ₽"). */
const CURRENCY_BEFORE =
  '(?:(?:(?<![\\p{L}])(?:US|CA|AU|NZ|R|HK|NT|S|MX))?\\$|€|£|¥|￥|₩|₹|₺|₽|₫|฿|\\b(?:USD|EUR|GBP|CHF|CAD|AUD|JPY|CNY|RMB|KRW|BRL|SEK|NOK|DKK|PLN|CZK|TRY|RUB|INR|IDR|RON|Rp\\.?)\\s?)';
const CURRENCY_AFTER =
  '(?:€|£|円|元|원(?!\\p{Script=Hangul})|₩|₺|₽|₫|đ(?![\\p{L}])|zł|Kč|\\b(?:EUR|USD|GBP|CHF|JPY|CNY|RMB|KRW|BRL|SEK|NOK|DKK|PLN|CZK|TRY|RUB|INR|VND|HUF|kr|Ft|TL|lei)\\b\\.?|руб\\.?)';
/** "14,900원~", "$9+": a starting price, marked after the amount. */
const FROM_MARK = '(?:\\s?[~〜～+](?=\\s*[/／]))?';
/** "$12", "US$ 9.99 per month", "€19/mo", "29 € / month", "GBP 5 a month", "$99 one-time", "¥500/月", "500円/月",
 *  "99元/月", "9,900원/월", "9,99 €/mois", "R$ 29/mês", "0,67 kr per timme", "29 zł/mies.". */
const PRICE = new RegExp(
  `${PERIOD_BEFORE}(?:${CURRENCY_BEFORE}\\s?(?:${AMOUNT})${FROM_MARK}${PERIOD}|\\b(?:${AMOUNT})\\s?${CURRENCY_AFTER}${FROM_MARK}${PERIOD})`,
  'giu',
);
const ANY_PRICE = new RegExp(PRICE.source, 'iu');
const RECURRING = new RegExp(
  `(?:${PERIOD_SEP}|(?:\\/|per|a|each|par|pro|im|al|por|za|pe|в)\\s*(?:\\p{L}+\\s*(?:\\/|per|par|pro)?\\s*)?)(?:\\d+\\s*)?(?:${BILLING_PERIOD_WORDS})${WORD_END}|${PERIODIC_WORDS}|^(?:月額|年額|毎月|每月|每年|按月|按年|월|연)`,
  'iu',
);
const ONE_TIME_PRICE = new RegExp(ONE_TIME_WORDS, 'iu');
/** A line that is only a billing period: "Billed per month", "per user / month", "One-time payment", "par mois". */
const PERIOD_LINE = new RegExp(
  `^(?:billed|factur[ée]e?|facturad[oa]|cobrad[oa]|fatturat[oa]|abgerechnet)?\\s*(?:${PERIOD_ANY})\\s*(?:payment|paiement|pago|pagamento|zahlung|purchase|achat|compra|acquisto|kauf)?\\s*$`,
  'iu',
);

export interface Tier {
  name: string;
  price: string;
  amount: number;
  recurring: boolean;
  /** A sponsorship or donation level (GitHub Sponsors, Open Collective, "Gold sponsor"): not the product's price. */
  sponsorship: boolean;
  /** Sold below a struck-out price: a zero then is an offer of the moment, not a free plan. */
  discounted?: boolean;
  /** The line its price was read from. */
  line?: string;
  evidence: (Evidence | null)[];
}

const amountOf = (price: string) =>
  Number((/\d[\d,.\s]*/.exec(price)?.[0] ?? '').replace(/[,\s]/g, '').replace(/\.(?=\d{3}\b)/g, '')) || 0;
/** Words before a price that introduce it rather than name a plan: "From $9", "Only $5", "Save $20", "à partir de
 *  9 €", "ab 9 €", "約¥733", "仅需 99 元". */
const NOT_A_PLAN_NAME = new RegExp(
  `^(?:${[
    'from|only|just|starting|starts|save|was|now|get|pay|for|at|then|plus|and|or|up to|over|under|about|less|more|approx\\.?',
    'à partir de|dès|seulement|environ|desde|sólo|aprox\\.?|a partir de|apenas|só|a partire da|circa|ab|nur|ca\\.|etwa|statt|vanaf|slechts|från|endast|od|tylko|около|всего|от',
  ].join('|')})(?![\\p{L}])|^(?:約|約|月あたり|年あたり|実質|仅需|仅|只需|低至|约|平均|약|최저)`,
  'iu',
);
/** A line that is only a billing period: beside a price, not as a card's heading ("Monthly" plan), it is the
 *  monthly/yearly switch above the prices ("Monthly | Yearly $120", "月額 | 年額¥12,800"), not a plan. */
const CJK_PERIOD_NAME = /^(?:月額|年額|月払い|年払い|按月|按年|包月|包年|月付|年付|월간|연간)$/u;
const periodOnly = (s: string) => (PERIOD_LINE.test(s) || CJK_PERIOD_NAME.test(s)) && !ONE_TIME_PRICE.test(s);
const tierNameLike = (s: string) =>
  !NOT_A_PLAN_NAME.test(s) &&
  s.length >= 2 &&
  s.length <= 40 &&
  // Four words; a name in Chinese or Japanese ("住客沟通自动驾驶") by its length, its words being run together.
  (hasUnspacedScript(s) ? s.length <= 16 : s.split(/\s+/).length <= 4) &&
  !/[?!.。、，,！？]$/u.test(s) &&
  !/[、，。]/u.test(s) &&
  /^\p{L}/u.test(s);

/** Words for prices and plans in the languages founders write in (see cuePattern for why not `\b`). */
const PRICE_WORDS =
  'tarifs|prix|forfaits|tarification|abonnements|precios|planes|tarifas|preços|planos|prezzi|piani|tariffe|listino(?: prezzi)?|abbonamenti|preise|preisgestaltung|preismodell|prijzen|tarieven|abonnementen|priser|prislista|abonnemang|cennik|ceny|plany cenowe|fiyatlar|fiyatlandırma|ücretlendirme|harga|ceník|tarify|prețuri|preturi|tarife|abonamente|цены|тарифы|стоимость';
const PRICE_JOINED = '料金|価格|プラン|价格|價格|定价|套餐|가격|요금|플랜';
const PRICING_SECTION = cuePattern(`pricing|plans?|prices|${PRICE_WORDS}`, PRICE_JOINED);
/** A section's label that is only a word for prices: "Pricing", "Precios", "料金プラン". */
const PRICING_LABEL = new RegExp(`^(?:${PRICING_SECTION.source})$`, 'iu');
const OFFER_PAGE = cuePattern(
  `pricing|prices|plans|hosting|hosted|premium|pro|buy|purchase|subscribe|subscription|cloud|${PRICE_WORDS}`,
  PRICE_JOINED,
);
const decodedPath = (url: string) => {
  const path = new URL(url).pathname;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/** Lines that may name plans: the pricing page, and pricing sections of the homepage. */
type PricingLines = { page: ViewPage; blocks: TextBlock[]; indexes: number[] }[];
/** A site's pricing lines, found once per draft: a dozen rules read them. */
const pricingLinesOf = new WeakMap<SiteView, PricingLines>();

function pricingLines(site: SiteView): PricingLines {
  let lines = pricingLinesOf.get(site);
  if (!lines) pricingLinesOf.set(site, (lines = findPricingLines(site)));
  return lines;
}

/**
 * The first pricing line (in page order, as pricingLines gives them) that `accepts`, with its page: what the rules
 * that quote one line look for.
 */
function firstPricingLine(
  site: SiteView,
  accepts: (b: TextBlock, page: ViewPage, blocks: TextBlock[], i: number) => boolean,
): { page: ViewPage; b: TextBlock } | undefined {
  for (const { page, blocks, indexes } of pricingLines(site))
    for (const i of indexes) if (accepts(blocks[i], page, blocks, i)) return { page, b: blocks[i] };
  return undefined;
}

function findPricingLines(site: SiteView): PricingLines {
  const out: PricingLines = [];
  // Pages named for a paid offer ("Hosting", "Plans", "Pro") are pricing pages whatever their address.
  const offerPage = (p: ViewPage) =>
    p.kind === 'page' && OFFER_PAGE.test(`${p.title} ${decodedPath(p.url).replace(/[-_/.]/g, ' ')}`);
  for (const page of [...pagesOfKind(site, 'pricing'), ...site.pages.filter(offerPage)])
    out.push({ page, blocks: page.blocks, indexes: page.blocks.map((_, i) => i) });
  for (const page of pagesOfKind(site, 'homepage', 'features', 'page').filter((p) => !offerPage(p))) {
    const indexes = new Set<number>();
    for (const s of sectionsNamed(page.blocks, PRICING_SECTION)) for (let i = s.start; i < s.end; i++) indexes.add(i);
    // "<div class=eyebrow>Pricing</div><h2>Simple, fair and clear</h2>": the label above the heading names the section.
    for (const s of sectionsOf(page.blocks)) {
      const label = page.blocks[s.heading - 1];
      if (
        label &&
        !headingLevel(label) &&
        label.text.length <= 30 &&
        wordCount(label.text) <= 3 &&
        isOwnStatement(label)
      )
        if (PRICING_LABEL.test(label.text.trim())) for (let i = s.start; i < s.end; i++) indexes.add(i);
    }
    page.blocks.forEach((b, i) => {
      if (/\b(pricing|plan|tier|price)\b/.test(b.within)) indexes.add(i);
    });
    if (indexes.size) out.push({ page, blocks: page.blocks, indexes: [...indexes].sort((a, b) => a - b) });
  }
  return out;
}

/** A calculator or simulator beside the plans: what it shows is one worked case ("Your price: €90"), not a plan. */
const CALCULATOR = cuePattern(
  'calculators?|calculate|simulators?|estimators?|simulateur|calculateur|calculez|simulador|calculadora|simulatore|calcolatore|calcola|rechner|kostenrechner|preisrechner|berechnen|kalkulator|kalkylator|rekenmodule|bereken|hesaplayıcı|hesaplama|калькулятор|рассчитать|kalkulačka',
  'シミュレーション|シミュレーター|試算|计算器|計算機|试算|模拟计算|계산기|시뮬레이터|시뮬레이션',
);
const calculatorSections = new WeakMap<TextBlock[], { start: number; end: number }[]>();
/** Whether line `i` lies in a section headed as a calculator or simulator. */
function inCalculator(blocks: TextBlock[], i: number): boolean {
  let sections = calculatorSections.get(blocks);
  if (!sections) {
    // Not the page's own heading: "Price list and calculator" heads the price list too.
    sections = sectionsNamed(blocks, CALCULATOR).filter((s) => s.level > 1 && blocks[s.heading].text.length <= 80);
    calculatorSections.set(blocks, sections);
  }
  return sections.some((s) => i >= s.start && i < s.end);
}

/** A page of prices: the pricing page, or a page named for a paid offer. */
const pricingPage = (page: ViewPage) =>
  page.kind === 'pricing' ||
  (page.kind === 'page' && OFFER_PAGE.test(`${page.title} ${decodedPath(page.url).replace(/[-_/.]/g, ' ')}`));

/** Sponsoring and donating, in the languages founders write in. */
const SPONSORSHIP = cuePattern(
  'sponsors?|sponsoring|sponsorships?|sponsored|donate|donations?|donors?|backers?|patreon|open ?collective|liberapay|ko-fi|buy me a coffee|support us|spenden?|unterstützen|faire un don|dons?|donar|donaciones|doar|doações|patrocin\\w*|donazion[ei]|sostieni',
  '寄付|スポンサー|赞助|捐赠|捐款|贊助|捐贈|후원|기부',
);
/** A page about sponsoring the project: its levels are what sponsors give, not what the product costs. */
const sponsorPage = (page: ViewPage) =>
  SPONSORSHIP.test(`${page.title} ${decodedPath(page.url).replace(/[-_/.]/g, ' ')}`);
/** A price line about sponsoring: the line itself, or the heading above it, says so. */
function sponsorLine(page: ViewPage, blocks: TextBlock[], i: number): boolean {
  if (sponsorPage(page) || SPONSORSHIP.test(blocks[i].text)) return true;
  const h = headingAbove(blocks, i, 6);
  return h !== null && SPONSORSHIP.test(blocks[h].text);
}

/**
 * A pricing heading over three prices or more ("Simple pricing", "料金プラン" above Free, Pro and Team) heads a list of
 * plans: it names none of them. A plan's own heading is over one price, or two (monthly and yearly).
 */
function headsPriceList(blocks: TextBlock[], h: number): boolean {
  if (!PRICING_SECTION.test(blocks[h].text)) return false;
  const level = headingLevel(blocks[h]);
  let prices = 0;
  for (let i = h + 1; i < blocks.length && i < h + 80; i++) {
    const l = headingLevel(blocks[i]);
    if (l && l <= level) break;
    if (ANY_PRICE.test(blocks[i].text) && ++prices >= 3) return true;
  }
  return false;
}

/** Plans with a stated price: "Starter: $9/month", or a plan heading followed by its price line. */
export function extractTiers(site: SiteView): Tier[] {
  const tiers: Tier[] = [];
  for (const { page, blocks, indexes } of pricingLines(site)) {
    // The pricing pages come first, and their plans are the plans: prices shown elsewhere (a pictured product's price,
    // an example) are not added to them.
    if (tiers.length && !pricingPage(page)) break;
    for (const i of indexes) {
      const b = blocks[i];
      // An aside beside the plans (a calculator's worked example) prices one case, not a plan.
      if (
        !isOwnStatement(b) ||
        b.text.length > 300 ||
        headingLevel(b) === 1 ||
        /\baside\b/.test(b.within) ||
        inCalculator(blocks, i)
      )
        continue;
      PRICE.lastIndex = 0;
      let m = PRICE.exec(b.text);
      if (!m) continue;
      // "$69$0 / month", "€99 €79": a struck-out price run into the one that holds now; the later one is the price.
      const sale = PRICE.exec(b.text);
      const struck = !!sale && /^\s?$/.test(b.text.slice(m.index + m[0].length, sale.index)) && !RECURRING.test(m[0]);
      const lead = b.text.slice(0, m.index);
      if (struck && sale) m = sale;
      const price = m[0].trim();
      const before = lead.replace(/[\s:–—|·-]+$/, '').trim();
      // "Starter: $9/month" or "Team $29/month"; a longer lead without a separator is a sentence ("Extra seats cost
      // $5").
      const namedInline = before !== '' && (/[:–—|·-]\s*$/.test(lead) || before.split(/\s+/).length <= 2);
      const after = b.text.slice(m.index + m[0].length).trim();
      let name: string | null = null;
      let nameEvidence: Evidence | null = null;
      let period: { text: string; evidence: Evidence | null } | null = null;
      if (/\b(faq|question)\b/.test(b.within)) continue;
      if (namedInline && tierNameLike(before) && !periodOnly(before)) name = before;
      // A price alone in a table cell is a row of a price list, named by its row, not by the heading above the table.
      // A line the markup calls the price may carry a note after it ("€29 per user per month Onboarding included").
      else if (!before && after.length <= (/\bprice\b/.test(b.within) ? 80 : 30) && b.tag !== 'td') {
        // A price alone on its line ("$12 per month", "$12 /mo billed yearly") belongs to the plan heading above it:
        // the card's heading, a few lines up (a description and a list of what is included may sit between), with no
        // other price between them.
        const h = headingAbove(blocks, i, 8);
        const between = h === null ? [] : blocks.slice(h + 1, i);
        if (
          h !== null &&
          headingLevel(blocks[h]) > 1 &&
          tierNameLike(blocks[h].text) &&
          !between.some((x) => ANY_PRICE.test(x.text)) &&
          !headsPriceList(blocks, h)
        ) {
          name = blocks[h].text;
          nameEvidence = quoteLine(page, blocks[h].text);
        } else {
          // A card whose name is a styled line, not a heading ("<div class=plan-name>Free</div><div>¥0</div>"): the
          // short line right above the price, or above an offer line between them ("Buy 10 months, get 2 free!").
          const offerBetween =
            blocks[i - 1] &&
            !tierNameLike(blocks[i - 1].text) &&
            !ANY_PRICE.test(blocks[i - 1].text) &&
            !headingLevel(blocks[i - 1]);
          const above = offerBetween ? blocks[i - 2] : blocks[i - 1];
          if (
            above &&
            !headingLevel(above) &&
            above.text.length <= 30 &&
            tierNameLike(above.text) &&
            !periodOnly(above.text) &&
            !ANY_PRICE.test(above.text) &&
            isOwnStatement(above)
          ) {
            name = above.text;
            nameEvidence = quoteLine(page, above.text);
          }
        }
        // The period on the card's next line: "0.99€" then "Billed per month", "One-time payment".
        const next = blocks[i + 1];
        if (!after && next && !headingLevel(next) && next.text.length <= 40 && PERIOD_LINE.test(next.text))
          period = { text: next.text, evidence: quoteLine(page, next.text) };
      }
      if (!name || tiers.some((t) => t.name.toLowerCase() === name!.toLowerCase())) continue;
      const billed = period ? `${price} ${period.text}` : price;
      tiers.push({
        name,
        price: billed,
        amount: amountOf(price),
        // A plan named by its billing period ("Monthly", "Jährlich") is a subscription, whatever the amount.
        recurring: RECURRING.test(billed) || periodOnly(name),
        sponsorship: sponsorLine(page, blocks, i) || SPONSORSHIP.test(name),
        ...(struck ? { discounted: true } : {}),
        line: b.text,
        evidence: [quoteLine(page, b.text, m.index, m[0].length), nameEvidence, period?.evidence ?? null],
      });
      if (tiers.length >= 8) return tiers;
    }
  }
  return tiers;
}

/** Words of cost without an amount: free/paid/licence words, in the languages founders write in. */
const COST_TERMS =
  '\\b(?:free|paid|pay|costs?|fees?|price[ds]?|pricing|subscription|licen[cs]e[ds]?|open[- ]source|donations?|sponsor\\w*|trial|billed|plans?)\\b' +
  // The same words in French, Spanish, Portuguese, Italian, German, Dutch, Swedish, Polish, Turkish, Russian.
  '|(?<![\\p{L}])(?:frais|Gebühren|tasas|comisiones|taxas|commissioni|opłat\\p{L}*|co[ûu]te|cuesta|custa|costa|kostet|kost|kostar|kosztuje|стоит|gratuite?s?|gratuitement|payante?s?|prix|tarifs?|abonnements?|gratis|gratuit[oa]s?|grátis|pago|precios?|suscripción|preços?|assinatura|prezz[oi]|abbonamento|kostenlos|kostenpflichtig|Preis(?:e|en)?|Abo|prijs|prijzen|kosten|pris|priser|kostnad|avgift|bezpłatn\\p{L}*|darmow\\p{L}*|płatn\\p{L}*|cen[aey]|subskrypcj\\p{L}*|ücretsiz|ücretli|fiyat\\p{L}*|abonelik|бесплатн\\p{L}*|платн\\p{L}*|цен[аы]|тариф\\p{L}*|подписк\\p{L}*)(?![\\p{L}])' +
  // Vietnamese: free, paid, price list, package.
  '|(?<![\\p{L}])(?:miễn phí|trả phí|bảng giá|giá|gói)(?![\\p{L}])' +
  '|無料|有料|料金|価格|月額|買い切り|免费|付费|价格|定价|订阅|免費|付費|價格|訂閱|무료|유료|가격|요금|구독';
/** A sentence about what it costs: a price, or free/paid/licence words. */
const COST_WORDS = new RegExp(`${PRICE.source}|${COST_TERMS}`, 'iu');
const COST_TERM = new RegExp(COST_TERMS, 'iu');

/** A sentence that may stand as a summary: not a heading, the company's own words, 5 to 60 words, not a question. */
const summaryLine = (b: TextBlock) => {
  const words = wordCount(b.text);
  return (
    !headingLevel(b) &&
    isOwnStatement(b) &&
    words >= 5 &&
    words <= 60 &&
    b.text.length <= FIELD_LIMITS.pricing_summary.max &&
    !/\b(faq|question)\b/.test(b.within) &&
    !asks(b.text)
  );
};

/**
 * Without plans, the pricing page's or pricing section's own sentence saying what it costs: one that states a price
 * first, else one with words of cost; a sub-heading stating the offer ("Try it free for 30 days!") with the sentence
 * under it.
 */
function pricedSentence(site: SiteView): Proposal<string> | undefined {
  const line = firstPricingLine(
    site,
    (b, page, blocks, i) =>
      summaryLine(b) &&
      SENTENCE_END.test(b.text) &&
      ANY_PRICE.test(b.text) &&
      !sponsorLine(page, blocks, i) &&
      !inCalculator(blocks, i),
  );
  return line && propose(line.b.text, [quoteLine(line.page, line.b.text)]);
}

function pricingSentence(site: SiteView): Proposal<string> | undefined {
  const lines = pricingLines(site);
  for (const { page, blocks, indexes } of lines)
    for (const i of indexes) {
      const b = blocks[i];
      if (sponsorLine(page, blocks, i)) continue;
      // "Included in the Max plan" names a plan, not what anything costs.
      const costWords = COST_WORDS.test(b.text.replace(/(?<![\p{L}])plan(?:s|es)?(?![\p{L}])/giu, ' '));
      if (summaryLine(b) && costWords && (SENTENCE_END.test(b.text) || !ANY_PRICE.test(b.text)))
        return propose(b.text, [quoteLine(page, b.text)]);
      const next = blocks[i + 1];
      if (
        headingLevel(b) > 1 &&
        isOwnStatement(b) &&
        (TRIAL.test(b.text) || FREE_PLAN.test(b.text)) &&
        next &&
        indexes.includes(i + 1) &&
        summaryLine(next)
      ) {
        const text = `${b.text} ${next.text}`;
        if (text.length <= FIELD_LIMITS.pricing_summary.max)
          return propose(text, [quoteLine(page, b.text), quoteLine(page, next.text)]);
      }
    }
  return undefined;
}

/**
 * The pricing page's or pricing section's lead: its first own sentence that speaks of cost, above the first plan card
 * ("Choose a package by the number of users", "Everything is free for everyone. No trials, no hidden plans."). The
 * site's own summary of its prices, before a list of what each card says.
 */
function leadSentence(site: SiteView): Proposal<string> | undefined {
  for (const { page, blocks, indexes } of pricingLines(site)) {
    // A pricing page's lead follows its heading: a promotion bar or navigation above it is not one.
    const h1 = blocks.findIndex((b) => headingLevel(b) === 1);
    for (const i of indexes) {
      const b = blocks[i];
      // A line said again and again (a badge on every card) is not the page's lead.
      if (i <= h1 || !isOwnStatement(b) || sponsorLine(page, blocks, i) || repeated(blocks, b.text)) continue;
      const priced = ANY_PRICE.test(b.text);
      // "Protect your data at fair prices, without hidden costs" speaks of prices and says none: a lead states what is
      // free, paid, billed or offered.
      if (summaryLine(b) && SENTENCE_END.test(b.text) && (priced || concreteCost(b.text) || PLAN_WORDS.test(b.text)))
        return propose(b.text, [quoteLine(page, b.text)]);
      // The first price on its own line ("$12", "Free") opens the plan cards: the lead is above it.
      if (priced || freeCardLine(b)) break;
    }
  }
  return undefined;
}

/** Words that say what something costs or how it is sold, beyond naming prices: free, a free plan or trial, a
 *  subscription, a one-time purchase, a paid edition, a price on request, billing by use, something to buy. */
const concreteCost = (text: string) =>
  [FREE_OF_CHARGE, FREE_PLAN, TRIAL, SUBSCRIPTION, ONE_TIME, PAID_EDITION, QUOTED_PRICE, USAGE_BASED, PURCHASE].some(
    (re) => re.test(text),
  ) || new RegExp(words(PERIODIC_WORDS), 'iu').test(text);

const lineCounts = new WeakMap<TextBlock[], Map<string, number>>();
/** Whether a line is said more than once on its page (counted once per page). */
function repeated(blocks: TextBlock[], text: string): boolean {
  let counts = lineCounts.get(blocks);
  if (!counts) {
    counts = new Map();
    for (const b of blocks) counts.set(b.text, (counts.get(b.text) ?? 0) + 1);
    lineCounts.set(blocks, counts);
  }
  return (counts.get(text) ?? 0) > 1;
}

/** What a listing's pricing summary holds (a draft may hold more): the lead and the prices together stay within it. */
const LISTING_SUMMARY_MAX = 300;

/** A sentence, not a row of buttons or labels: it ends as one, in any script. */
const SENTENCE_END = /[.!。！](?:["'”»」』)]*)(?:\s|$)/u;

/** An own sentence of the pricing pages stating the price of one of the plans, outside FAQs and calculators. */
function tierSentence(site: SiteView, tiers: Tier[]): Proposal<string> | undefined {
  for (const { page, blocks, indexes } of pricingLines(site)) {
    if (!pricingPage(page)) continue;
    for (const i of indexes) {
      const b = blocks[i];
      if (!summaryLine(b) || !SENTENCE_END.test(b.text) || sponsorLine(page, blocks, i) || inCalculator(blocks, i))
        continue;
      // Mostly the plans' prices: a worked example ("at €35 a guest you lose €3,640 a year; Pro costs €948") is not.
      // The plans' prices as stated elsewhere: a plan read out of this very line proves nothing.
      const amounts = new Set(tiers.filter((t) => t.amount > 0 && t.line !== b.text).map((t) => t.amount));
      const prices = [...b.text.matchAll(new RegExp(PRICE.source, 'giu'))].map((m) => amountOf(m[0]));
      const ofPlans = prices.filter((a) => amounts.has(a)).length;
      if (ofPlans && ofPlans * 2 >= prices.length) return propose(b.text, [quoteLine(page, b.text)]);
    }
  }
  return undefined;
}

/** The first short own line of the pricing pages and sections that states a price (a card's price line). */
function leadPrice(site: SiteView): { text: string; evidence: Evidence | null } | null {
  const line = firstPricingLine(
    site,
    (b, page, blocks, i) =>
      b.text.length <= 120 &&
      isOwnStatement(b) &&
      !sponsorLine(page, blocks, i) &&
      ANY_PRICE.test(b.text) &&
      !inCalculator(blocks, i),
  );
  return line ? { text: line.b.text, evidence: quoteLine(line.page, line.b.text) } : null;
}

/** Plans named as packages, in the languages founders write in: "Kies een pakket", "Wähle dein Paket". */
const PLAN_WORDS = cuePattern(
  'packages?|pakket(?:ten)?|pakete?|paketler|paquetes?|pacotes?|pacchett[oi]|forfaits?|formules?|wycen\\p{L}*|pakiet\\p{L}*|balíč\\p{L}*|pachet\\p{L}*',
  'プラン|套餐|方案|요금제',
);

/** A question about what the product costs: "How much does it cost?", "Combien ça coûte ?", "料金は？". */
const PRICE_QUESTION = cuePattern(
  'how much|what does (?:it|\\w+) cost|cost|costs|price|pricing|is (?:it|\\w+) free|combien|co[ûu]te?|prix|gratuit|cu[áa]nto cuesta|cuesta|precio|quanto custa|custa|preço|quanto costa|costa|prezzo|was kostet|kostet|preis|kostenlos|wat kost|prijs|vad kostar|kostar|ile kosztuje|kosztuje|cena|ne kadar|ücret\\p{L}*|fiyat\\p{L}*|kolik (?:to )?stoj\\p{L}*|cât costă|costă|preț\\p{L}*|berapa|harga|biaya|kostnad\\p{L}*|сколько стоит|стоит|цена|бесплатн\\p{L}*',
  'いくら|料金|価格|費用|無料|多少钱|价格|收费|费用|免费|價格|收費|費用|免費|얼마|가격|요금|비용|무료',
);
/** Buying something within a free product: in-app purchases, packs or upgrades for sale. */
const PURCHASE = cuePattern(
  "in-app purchases?|for purchase|for sale|can be (?:bought|purchased)|buy|purchase|à l['’]achat|achats? intégrés|achat|acheter|compras? (?:integradas|dentro del? (?:la )?app)|comprar|compra|acquisti in-app|acquistabil\\p{L}*|acquistare|in-app-käufe|kaufen|käuflich|erwerben|erwirbst|erworben|kopen|köp|köpa|zakup\\p{L}*|kupić|satın al\\p{L}*|покупк\\p{L}*|купить",
  'アプリ内課金|購入|课金|内购|购买|購買|인앱|구매',
);
/** Free of charge, said of the product or part of it ("propose gratuitement 40 vidéos"). */
const FREE_OF_CHARGE = cuePattern(
  'free|for free|gratuit\\p{L}*|gratis|grátis|kostenlos|kostenfrei|gebührenfrei|kosteloos|kostnadsfri\\p{L}*|gratuitamente|bezpłatn\\p{L}*|darmow\\p{L}*|bezplatn\\p{L}*|ücretsiz|бесплатн\\p{L}*|miễn phí|ingyenes\\p{L}*|zdarma',
  '無料|免费|免費|무료',
);

/** "Why is it free?": a question on the reasons, whose answer argues (others' prices included) rather than states. */
const WHY_QUESTION = cuePattern(
  'why|how come|pourquoi|por ?qu[ée]|perch[ée]|warum|wieso|weshalb|waarom|varför|dlaczego|neden|proč|mengapa|kenapa|de ce (?:este|e|sunt)|почему|зачем',
  'なぜ|どうして|为什么|為什麼|为何|為何|왜',
);

/** A question on what the product costs, not on why. */
const asksThePrice = (question: string) => PRICE_QUESTION.test(question) && !WHY_QUESTION.test(question);

/** A FAQ answer about the price that says something of it: a price, or what is free and what is bought. */
function pricingAnswer(faqs: SourcedFaq[]): SourcedFaq | undefined {
  return faqs.find(
    (f) =>
      asksThePrice(f.question) &&
      (ANY_PRICE.test(f.answer) || (FREE_OF_CHARGE.test(f.answer) && PURCHASE.test(f.answer))),
  );
}

/** An answer that opens by saying the price depends on the work: "It depends on…", "Dipende dai materiali…". */
const DEPENDS = cuePattern(
  'depends|it depends|dépend|ça dépend|depende|dipende|hängt|es kommt darauf an|hangt|beror|zależy|bağlıdır|závisí|depinde|tergantung|зависит',
  'によります|次第です|取决于|取決於|视情况|視情況|따라 다릅니다|따라 달라',
);
/** A question on the price (not on whether it is free) answered "it depends…": a price quoted per customer. */
function dependsAnswer(faqs: SourcedFaq[]): SourcedFaq | undefined {
  return faqs.find(
    (f) => asksThePrice(f.question) && !FREE_OF_CHARGE.test(f.question) && DEPENDS.test(f.answer.slice(0, 60)),
  );
}

/** "Yes" opening an answer, in the languages founders write in. */
const YES = cuePattern(
  'yes|yep|yeah|absolutely|of course|oui|bien sûr|sí|claro|por supuesto|sim|sì|certo|certamente|ja|jawohl|natürlich|zeker|tak|oczywiście|evet|да|конечно',
  'はい|もちろん|是的|是|當然|当然|네|예|물론',
);
/**
 * A question asking whether the product is free answered "yes" ("Will the app stay free? Yes, forever.", "¿Es
 * gratis? Sí.", "無料ですか？はい"): a statement of the price as plain as "it is free". Not a question about a free
 * plan, version or trial (those may sit beside paid ones), nor an answer naming a price or something to buy.
 */
function freeAnswer(faqs: SourcedFaq[]): SourcedFaq | undefined {
  return faqs.find((f) => {
    if (wordCount(f.question) > 15 || !FREE_OF_CHARGE.test(f.question)) return false;
    if (FREE_PLAN.test(f.question) || TRIAL.test(f.question)) return false;
    const opening = YES.exec(f.answer);
    return (
      opening !== null &&
      f.answer.slice(0, opening.index).trim() === '' &&
      !ANY_PRICE.test(f.answer) &&
      !PURCHASE.test(f.answer)
    );
  });
}

/**
 * Outside pricing pages and sections, an own sentence stating the product's price ("The app is paid software at
 * 450 yen a month") or its free plan, version or trial; a price needs words of cost beside it, so that a saving or
 * another product's price is not taken.
 */
function offerSentence(site: SiteView): Proposal<string> | undefined {
  const pages = pagesOfKind(site, 'homepage', 'features', 'about', 'faq', 'page', 'contact');
  for (const pass of ['price', 'free'] as const)
    for (const page of pages) {
      if (sponsorPage(page)) continue;
      const text = readText(page);
      if (pass === 'price' ? !ANY_PRICE.test(text) : !FREE_PLAN.test(text) && !TRIAL.test(text)) continue;
      for (const [i, b] of page.blocks.entries()) {
        if (!summaryLine(b) || sponsorLine(page, page.blocks, i)) continue;
        const says =
          pass === 'price'
            ? ANY_PRICE.test(b.text) && COST_TERM.test(b.text.replace(new RegExp(PRICE.source, 'giu'), ' '))
            : FREE_PLAN.test(b.text) || TRIAL.test(b.text);
        if (says) return propose(b.text, [quoteLine(page, b.text)]);
      }
    }
  return undefined;
}

/** "Free $0, Starter $12 per month, Team $39 per month": every price as quoted; without plans, the pricing section's
 *  sentence. */
export function extractPricingSummary(
  tiers: Tier[],
  site?: SiteView,
  faqs: SourcedFaq[] = [],
): Proposal<string> | undefined {
  const lead = site && leadSentence(site);
  if (!tiers.some((t) => t.evidence[0])) {
    if (!site) return undefined;
    // Without plans, a sentence that states a price says most; then the lead.
    const priced = lead && ANY_PRICE.test(lead.value) ? lead : pricedSentence(site);
    if (priced) return priced;
    // The site's answer to "What does it cost?", "Is it free?": its own summary of the price, in its words.
    const answer = pricingAnswer(faqs) ?? dependsAnswer(faqs);
    if (answer) return propose(fitText(answer.answer, FIELD_LIMITS.pricing_summary.max), answer.evidence.slice(1));
    // The lead, then the price the page states under it ("Pay once, it is yours." / "€49.90 once · VAT included").
    if (lead) {
      const price = leadPrice(site);
      const both = price && `${lead.value} ${price.text}`;
      return both && both.length <= LISTING_SUMMARY_MAX ? propose(both, [...lead.evidence, price.evidence]) : lead;
    }
    return pricingSentence(site) ?? offerSentence(site);
  }
  const parts: string[] = [];
  const evidence: (Evidence | null)[] = [];
  // Placeholders ("Monthly 0.00€" before a script computes it) state no price.
  const stated = tiers.filter((t) => !(t.amount === 0 && periodOnly(t.name)));
  if (!stated.length) return site ? pricingSentence(site) : undefined;
  // Only free plans ("Free plan R$ 0"): the pricing page's own sentence says more of it, when it has one.
  const onlyFree = stated.every((t) => t.amount === 0);
  const sentence = onlyFree && site ? pricingSentence(site) : undefined;
  if (sentence) return sentence;
  for (const t of stated) {
    const part = `${t.name} ${t.price}`;
    if ([...parts, part].join(', ').length > FIELD_LIMITS.pricing_summary.max) break;
    // A tier whose price did not verify is left out: the summary states only quoted prices.
    if (!t.evidence[0]) continue;
    parts.push(part);
    evidence.push(...t.evidence);
  }
  // A sentence of the pricing pages that states the plans' prices itself ("$3.99 a month or $39.99 a year through the
  // App Store.") sums them up in the site's words: better than the cards strung together.
  const own = site && tierSentence(site, stated);
  if (own) return own;
  // The site's own sentence first, then the prices it sums up, as long as both fit.
  if (lead && parts.length) {
    const both = `${lead.value} ${parts.join(', ')}`;
    return both.length <= LISTING_SUMMARY_MAX ? propose(both, [...lead.evidence, ...evidence]) : lead;
  }
  return lead ?? (parts.length ? propose(parts.join(', '), evidence) : undefined);
}

const LICENSE_NAME =
  '(?:MIT|Apache|GPL|AGPL|LGPL|MPL|EUPL|ISC|BSD(?:[- ][23]-Clause)?|(?:GNU )?(?:Affero |Lesser )?General Public|Mozilla Public)';
const LICENSE_VERSION = '(?:[- ]?v?\\d(?:\\.\\d)?(?:-only|-or-later|\\+)?)?';
/** "is free and open source", "open-source and self-hostable", "MIT License", "licensed under the Apache License",
 *  "GPLv3-licensed". */
const OPEN_SOURCE = new RegExp(
  [
    `\\b(?:is|are|fully|100%|completely|entirely|proudly)\\s+(?:an?\\s+|the\\s+)?(?:(?:fully|100%|completely|entirely|proudly|free(?: and|,)?)\\s+)?open[- ]source\\b`,
    `\\bfree(?:,| and| &)?\\s+(?:and\\s+)?open[- ]source\\b`,
    `\\b(?:is|are)\\s+(?:an?\\s+)?(?:free|libre) software\\b`,
    `\\b(?:all |the |our |its )?source code is (?:freely |publicly )?(?:available|published|open)\\b`,
    // The same in other languages: German, French, Spanish, Portuguese, Italian.
    `\\bquelloffen\\w*|\\blogiciel libre\\b|\\bc[óo]digo (?:abierto|aberto)\\b|\\bsoftware libre\\b|\\bcodice aperto\\b`,
    `(?:\\b(?:est|ist|es)|(?<=\\s)[éè])\\s+(?:(?:un|une|ein|eine|uma?|uno)\\s+)?(?:(?:logiciel|software|projet|Projekt|proyecto|projeto|progetto)\\s+)?open[- ]?source\\b`,
    // Japanese, Chinese, Korean: "はオープンソースです", "完全开源", "是开源的", "오픈 소스입니다"; not "uses open-source libraries".
    `(?:は|で)オープンソース|オープンソース(?:です|で公開|ソフトウェアです)|(?:是|完全|免费|全部)开源|免费且开源|免費且開源|开源(?:且|并且|和)?免费|開源(?:且)?免費|(?:是|完全)開源|오픈\\s?소스(?:입니다|로 공개|이며)`,
    `\\bopen[- ]source (?:and|&) (?:free|self-host\\w*)\\b`,
    `\\b${LICENSE_NAME}${LICENSE_VERSION}[- ]licen[cs](?:e[ds]?)?\\b`,
    // A licence by its SPDX identifier with a version ("Apache-2.0", "GPL-3.0-or-later"): never anything else. "MIT"
    // alone may be a university, so it counts only with a licence word, in any language ("MIT 라이선스", "MITライセンス").
    `(?<!["'])\\b(?:Apache-2\\.0|(?:A|L)?GPL-[23]\\.\\d(?:-only|-or-later)?|MPL-2\\.0|BSD-[23]-Clause|EUPL-1\\.[12])(?![\\w.-])`,
    `\\b${LICENSE_NAME}${LICENSE_VERSION}\\s*(?:라이선스|라이센스|ライセンス|许可证|許可證|许可协议|授權|licen[cz]a|licença|Lizenz)`,
    `\\blicen[cs]ed under (?:the )?(?:terms of the )?${LICENSE_NAME}`,
  ].join('|'),
  'i',
);
/** Whole words of spaced scripts, without `\b` (which fails next to "é", "ü", "ã"). */
const words = (alternation: string) => `(?<![\\p{L}\\p{N}])(?:${alternation})(?![\\p{L}\\p{N}])`;
const FREEMIUM = new RegExp(`${words('freemium')}|フリーミアム|免费增值`, 'iu');
const FREE_PLAN = new RegExp(
  [
    '\\bfree (?:plan|tier|version|edition|account)\\b|\\bfree,? forever\\b|\\bforever free\\b|\\bfree for (?:ever|individuals|personal use|small teams|solo)\\b',
    words(
      'compte gratuit|cuenta gratuita|cuenta gratis|conta gratuita|conta grátis|account gratuito|kostenlose[ns]? (?:Konto|Account|Benutzerkonto)|gratis account|darmowe konto|ücretsiz hesap|akun gratis|paket gratis|bezplatn\\p{L}* (?:verz|plán|tarif)\\p{L}*|(?:verz|plán|tarif)\\p{L}* zdarma|versiune gratuit\\p{L}*|cont gratuit|plan gratuit|offre gratuite|version gratuite|formule gratuite|gratuit pour toujours|plan gratuito|plan gratis|versión gratuita|plano gratuito|plano grátis|versão gratuita|versão grátis|piano gratuito|versione gratuita|kostenlose[nr]? (?:Plan|Version|Tarif)|Gratis-(?:Plan|Version|Tarif)|für immer kostenlos|gratis para siempre|grátis para sempre',
    ),
    words(
      'gratis (?:versie|abonnement|plan)|gratisversion(?:en)?|gratis version(?:en)?|gratisplan|gratisnivå|wersj[aięą] (?:bezpłatn|darmow)\\p{L}*|(?:bezpłatn|darmow)\\p{L}* (?:wersj|plan)\\p{L}*|ücretsiz (?:plan|sürüm|versiyon|paket)\\p{L}*|бесплатн\\p{L}* (?:верси|тариф|план)\\p{L}*|gói miễn phí|ingyenes (?:csomag|verzió)\\p{L}*',
    ),
    '無料プラン|フリープラン|無料版|無料枠|永久無料|無料アカウント|免费版|免费套餐|免费计划|免费账户|免费帐户|免費版|免費方案|免費帳戶|永久免费|무료 플랜|무료 요금제|무료 버전|무료플랜|무료 계정',
  ].join('|'),
  'iu',
);
/** A free trial of a paid product: "Try it free for 30 days", "essai gratuit", "kostenlos testen", "無料トライアル". */
const TRIAL = new RegExp(
  [
    '\\bfree trial\\b|\\btry (?:\\S+ )?(?:it )?(?:for )?free for \\d+ (?:days|weeks)\\b|\\b\\d+[- ]day (?:free )?trial\\b|\\btrial period\\b',
    words(
      "essai gratuit|période d['’]essai|essayez gratuitement|prueba gratuita|periodo de prueba|teste (?:grátis|gratuito)|período de teste|avaliação gratuita|prova gratuita|periodo di prova|kostenlos testen|gratis testen|Testversion|Testphase|Probezeitraum|gratis proberen|proefperiode|prova gratis|provperiod|okres próbny|wypróbuj za darmo|ücretsiz deneme|deneme süresi|пробный период|бесплатный пробный|dùng thử miễn phí|ingyenes próba\\p{L}*|prueba gratis|período experimental|experimente grátis|zkušební (?:verz|dob|obdob)\\p{L}*|vyzkoušejte zdarma|perioadă de probă|probă gratuită|încearcă gratuit|(?:uji )?coba gratis|masa percobaan|gratis provperiod",
    ),
    '無料トライアル|無料体験|お試し期間|免费试用|免費試用|试用期|무료 체험|무료 평가판|체험판',
  ].join('|'),
  'iu',
);
const MONTHLY =
  'monthly|month|mensuel(?:lement)?|mensual(?:mente)?|mensal(?:mente)?|mensile|monatlich|maandelijks|månadsvis|miesięcznie|aylık|ежемесячно|помесячно|theo tháng|hàng tháng|havi|měsíčně|mensilmente|bulanan|månatlig\\p{L}*|lunar';
const YEARLY =
  'yearly|annually|annual|year|annuel(?:lement)?|anual(?:mente)?|annuale|jährlich|jaarlijks|årsvis|årligen|rocznie|yıllık|ежегодно|годовой|theo năm|hàng năm|éves|ročně|annualmente|tahunan|årlig\\p{L}*';
/** A switch between monthly and yearly prices: a short line saying both. */
const TOGGLE = new RegExp(
  `^(?=.*(?:${words(MONTHLY)}|月額|月払い|按月|月付|包月|월간|매월))(?=.*(?:${words(YEARLY)}|年額|年払い|按年|年付|包年|연간|매년)).{3,60}$`,
  'iu',
);
/** The monthly/yearly switch of the pricing pages or sections, quoted. */
function billingToggle(site: SiteView): Evidence | null {
  const line = firstPricingLine(site, (b) => !isBoilerplate(b) && !isOtherPeoplesWords(b) && TOGGLE.test(b.text));
  return line ? quoteLine(line.page, line.b.text) : null;
}

/** A plan named for a trial, in the languages founders write in. */
const TRIAL_NAME =
  /^(?:(?:free )?trial|dùng thử|essai(?: gratuit)?|prueba|teste|prova|testversion|probezeit|proef(?:periode)?|provperiod|próba|okres próbny|deneme|пробный|お試し|トライアル|试用|試用|체험)$/iu;
const ONE_TIME = new RegExp(
  [
    '\\bone[- ]time (?:payment|purchase|fee|price)\\b|\\bpay once\\b|\\blifetime (?:licen[cs]e|deal|access)\\b',
    words(
      'paiement unique|achat unique|pago único|compra única|pagamento único|pagamento una tantum|acquisto una tantum|Einmalzahlung|Einmalkauf|einmalige[nr]? (?:Zahlung|Kauf|Gebühr)|mua một lần|một lần mua|thanh toán một lần|egyszeri (?:díj|vásárlás|fizetés)|eenmalige (?:betaling|aankoop)|engångsköp|engångsbetalning|jednorazow\\p{L}* (?:płatność|zakup|opłata)|tek seferlik (?:ödeme|satın alma)|pembayaran (?:sekali|satu kali)|sekali bayar|jednorázov\\p{L}* (?:platb|nákup|poplat)\\p{L}*|plată unică|achiziție unică',
    ),
    '買い切り|買い切り型|一次性(?:付费|购买|付款|买断)|买断|買斷|일회성 결제|일회 구매|평생 이용',
  ].join('|'),
  'iu',
);
/** "No subscription": of a priced product, that it is bought once; of a free one, only that it costs nothing. */
const NO_SUBSCRIPTION = new RegExp(
  `\\bno subscription\\b|${words('sans abonnement|sin suscripción|sem assinatura|senza abbonamento|ohne Abo(?:nnement)?|zonder abonnement|utan abonnemang|bez abonamentu|bez subskrypcji|aboneliksiz|tanpa langganan|bez předplatného|fără abonament')}`,
  'iu',
);
/** Portuguese "assinatura" is a signature as often as a subscription ("assinatura digital"): only with a word of
 *  paying beside it is it a subscription. */
const SUBSCRIPTION = new RegExp(
  [
    '\\bsubscriptions?\\b|\\bbilled (?:monthly|annually|yearly)\\b',
    words(
      'abonnements?|factur[ée]e? (?:mensuellement|annuellement)|suscripci(?:ón|ones)|facturad[oa] (?:mensualmente|anualmente)|(?:plano de|por|cancel\\p{L}* a|renova\\p{L}* da) assinatura|assinaturas? (?:mensal|mensais|anual|anuais|premium|pro|paga|do plano)|abbonament[oi]|Abo|Abonnements?|monatlich (?:abgerechnet|kündbar)|abonnementen|abonnemang(?:et)?|abonament\\p{L}*|předplatné\\p{L}*|langganan|abonelik\\p{L}*|đăng ký định kỳ|thuê bao|előfizetés\\p{L}*',
    ),
    'サブスクリプション|サブスク|月額|年額|订阅|訂閱|包月|按月付费|구독',
  ].join('|'),
  'iu',
);
/**
 * Subscriptions named to be done without: "no subscription", "without the cost of an annual subscription", "less
 * dependence on subscriptions", "サブスク不要", "无需订阅". Such a line says what the product is not.
 */
const NEGATION =
  'no|without|less|fewer|instead of|rather than|free of|forget|tired of|avoid|sans|moins de?|pas de?|aucun\\p{L}*|fini les|au lieu de?|sin|menos|ningun\\p{L}*|nada de|en lugar de|sem|nenhum\\p{L}*|em vez de|senza|meno|niente|nessun\\p{L}*|basta|anziché|invece d[ei]|ohne|kein\\p{L}*|weniger|statt|geen|zonder|minder|in plaats van|utan|ingen|inga|mindre|bez|mniej|żadnych|без|меньше|никаких';
const WITHOUT_SUBSCRIPTION = new RegExp(
  [
    `(?<![\\p{L}\\p{N}])(?:${NEGATION})(?:[\\s'’]+[\\p{L}\\p{N}]+){0,5}?[\\s'’]+(?:subscriptions?|abonnements?|suscripci(?:ón|ones)|assinaturas?|abbonament[oi]|Abos?|abonnementen|prenumeration\\p{L}*|subskrypcj\\p{L}*|abonelik\\p{L}*|подписк\\p{L}*)(?![\\p{L}])`,
    words('aboneliksiz|abonelik yok'),
    'サブスク(?:リプション)?(?:不要|なし|無し)|月額(?:料金)?(?:不要|なし|無し)|(?:无需|无|不需要|免|無需|無|不需)(?:订阅|訂閱)|구독\\s?(?:없이|없는|불필요|필요\\s?없)',
  ].join('|'),
  'iu',
);
const ALL_FREE = new RegExp(
  [
    '\\b(?:completely|totally|100%|entirely|always) free\\b|\\bfree to use\\b|\\bfree,? forever\\b|\\b(?:is|are) free\\b(?! (?:trial|for \\d|to (?!use\\b)))',
    words(
      '(?:entièrement|totalement|complètement|100 ?%) gratuite?s?|100 ?% (?:gratuit[oa]s?|grátis|gratis|kostenlos|darmow\\p{L}*|ücretsiz)|(?:est|sont) gratuite?s?|(?:es|son) (?:gratis|gratuit[oa]s?)|(?:totalmente|completamente) (?:gratis|gratuit[oa]s?|grátis)|(?:é|são) (?:grátis|gratuit[oa]s?)|(?:è|sono) gratuit[oaie]|(?:ist|sind) (?:kostenlos|gratis)|(?:völlig|komplett|vollständig|100 ?%) (?:kostenlos|gratis)|kostenlos nutzbar|(?:volledig|helemaal|100 ?%) gratis|(?:całkowicie|w pełni) (?:darmow|bezpłatn)\\p{L}*|tamamen ücretsiz|(?:sepenuhnya|100 ?%) gratis|gratis selamanya|helt (?:gratis|kostnadsfri\\p{L}*)|(?:zcela|úplně|100 ?%) zdarma|(?:complet|total|100 ?%) gratuit\\p{L}*',
    ),
    '完全無料|無料で(?:使え|利用|ご利用|お使い)|無料です|完全免费|免费使用|永久免费|完全免費|免費使用|무료로 사용|완전 무료|무료입니다',
  ].join('|'),
  'iu',
);
/**
 * A paid edition beside the free product: "paid plans", "the Pro version is paid", "version payante", "versión de
 * pago", "kostenpflichtige Version", "专业版收费", "有料プラン", "유료 플랜". With a free plan or a free product, freemium.
 */
const PAID_EDITION = new RegExp(
  [
    '\\bpaid (?:plans?|tiers?|versions?|editions?|upgrades?|subscriptions?)\\b|\\b(?:pro|premium|plus) (?:version|edition|plan|tier|features?) (?:is|are) paid\\b',
    words(
      'versions? payantes?|offres? payantes?|formules? payantes?|plans? payants?|versi[óo]n de pago|planes de pago|versi[óo]n premium de pago|plano pago|planos pagos|vers[ãa]o paga|versione a pagamento|piani a pagamento|piano a pagamento|kostenpflichtige[nrs]? (?:Version|Tarif|Plan|Pläne|Abo|Edition)|Bezahlversion|betaalde (?:versie|abonnementen|plannen|pakketten)|betalversion(?:en)?|płatn\\p{L}* (?:wersj|plan|pakiet)\\p{L}*|wersj\\p{L}* płatn\\p{L}*|ücretli (?:plan|sürüm|versiyon|paket)\\p{L}*|платн\\p{L}* (?:верси|тариф|план)\\p{L}*|fizetős (?:verzió|csomag)\\p{L}*|(?:paket|versi) berbayar|betalda (?:planer|versioner)|placen\\p{L}* (?:verz|plán|tarif)\\p{L}*|(?:versiun|plan)\\p{L}* plătit\\p{L}*|gói trả phí|phiên bản trả phí',
    ),
    '(?:专业版|高级版|Pro\\s?版|会员版)(?:需要|需)?(?:收费|付费)|(?:專業版|高級版|Pro\\s?版|會員版)(?:需要|需)?(?:收費|付費)|付费版|付費版|付费套餐|付費方案|有料版|有料プラン|(?:プロ版|Pro版|プレミアム版?)は有料|유료 (?:버전|플랜|요금제)|유료플랜',
  ].join('|'),
  'iu',
);

/** "No paid plans", "sem planos pagos", "keine kostenpflichtigen Pläne": a paid edition denied. */
const NO_PAID_EDITION = new RegExp(
  `(?<![\\p{L}])(?:${NEGATION})(?:[\\s'’]+[\\p{L}]+){0,2}?[\\s'’]+(?:${PAID_EDITION.source})|(?:没有|沒有|无|無|없)(?:${PAID_EDITION.source})`,
  'iu',
);
/** A service around the product said to be free ("Shipping is free", "L'installation est gratuite", "Die Einrichtung
 *  ist kostenlos"): not the product's price. */
const FREE_SERVICE =
  /(?<![\p{L}])(?:shipping|delivery|set-?up|installation|support|onboarding|migration|cancell?ation|updates?|returns?|consultation|demo|registration|sign-?up|livraison|mise en service|assistance|résiliation|versand|lieferung|einrichtung|kündigung|rücksendung|envío|instalación|soporte|cancelación|devoluciones|frete|entrega|instalação|suporte|cancelamento|spedizione|consegna|installazione|assistenza|disdetta|verzending|installatie|opzeggen)\s+(?:is|are|est|sont|ist|sind|es|son|é|são|è|sono|zijn)\s+(?:\p{L}+\s+)?(?:free|gratuite?s?|kostenlos|gratis|gratuit[oa]s?|grátis)(?![\p{L}])/iu;
/** Something stated free, then a subscription, in one line (not a trial). */
const FREE_THEN_SUBSCRIPTION = new RegExp(`(?:${ALL_FREE.source})[^]{0,200}?(?:${SUBSCRIPTION.source})`, 'iu');

/** The product costs nothing itself: the user pays the model provider with their own key. */
const OWN_KEYS = /\bbring your own (?:\w+ )?(?:API )?keys?\b|\b(?:use|with) your own (?:\w+ )?API keys?\b/i;

/** The site speaking of itself or of its own code: "we", "our", "this project", "the code", "nous", "wir", "我们",
 *  "代码", "私たち", "우리", in the languages founders write in. */
const SELF = new RegExp(
  `${words(
    'we|our|this (?:project|software|site|app)|the (?:source )?code|its (?:source )?code|nous|notre|nos|wir|unser\\p{L}*|nosotros|nuestr[oa]s?|nós|noss[oa]s?|noi|nostr[oaie]|wij|onze|vi|vår[at]?|my|nasz\\p{L}*|biz|bizim|мы|наш\\p{L}*',
  )}|我们|我們|本项目|本項目|本软件|本軟體|代码|代碼|源码|源碼|私たち|本ソフト|コード|우리|저희|소스 코드`,
  'iu',
);

/** Inline elements without a space between them ("<strong>lock-in</strong><span>Less dependence…</span>") read as
 *  "lock-inLess dependence…": a capital after a lower-case letter starts a word. */
const wordsApart = (text: string) => text.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2');

/**
 * The first line on the own pages that matches, with its evidence. A licence is stated in the footer
 * or on a licence page as often as in the main text, so `inFooter` lets footers count.
 */
function statement(site: SiteView, pattern: RegExp, inFooter = false, name?: string, unless?: RegExp): Evidence | null {
  for (const page of pagesOfKind(site, 'pricing', 'homepage', 'features', 'faq', 'about', 'page')) {
    // One scan of the page first: most pages never say it, and then no line needs testing.
    if (!pattern.test(readText(page))) continue;
    // Other pages (posts, docs) speak of other software too: there the line must name the product, or the page be its
    // licence.
    // A page headed by the product's name (an introduction, a guide's first page) speaks of the product throughout.
    const anyLine =
      page.kind !== 'page' ||
      /licen[cs]e|copying|legal|about/i.test(`${page.url} ${page.title}`) ||
      (!!name && page.blocks.some((b) => headingLevel(b) === 1 && b.text.trim().toLowerCase() === name.toLowerCase()));
    const named = (text: string) => !!name && text.toLowerCase().includes(name.toLowerCase());
    for (const b of page.blocks) {
      // A code sample ('license "GPL-3.0-or-later"' in a package recipe) states nothing about the product.
      if (
        b.text.length > 2000 ||
        b.tag === 'pre' ||
        // A form's button or label ("구독", "Subscribe" under a newsletter field) states nothing about the product.
        b.tag === 'button' ||
        /\bform\b/.test(b.within) ||
        isOtherPeoplesWords(b) ||
        (isBoilerplate(b) && !(inFooter && /\bfooter\b/.test(b.within) && !/\bnav\b/.test(b.within)))
      )
        continue;
      if (!anyLine && !named(b.text) && !SELF.test(b.text)) continue;
      const m = pattern.exec(b.text);
      if (m && !unless?.test(wordsApart(b.text))) return quoteLine(page, b.text, m.index, m[0].length);
    }
  }
  return null;
}

/** "Free and open source", "free software", "gratuit et open source", "kostenlos und quelloffen", "オープンソースで無料",
 *  "免费开源": a statement of the price (nothing) as much as of the licence; "MIT License" says nothing of the price. */
const FREE_OPEN_SOURCE = new RegExp(
  [
    `\\bfree(?:,| and| &)?\\s+(?:and\\s+)?open[- ]source\\b|\\bopen[- ]source,? (?:and|&) free\\b|\\b(?:is|are)\\s+(?:an?\\s+)?(?:free|libre) software\\b`,
    words(
      'logiciel libre|gratuit et open[- ]source|open[- ]source et gratuit|libre et gratuit|kostenlos(?:e[rns]?)? und quelloffen|quelloffen und kostenlos|kostenlose[rns]? Open[- ]Source|software libre|gratuito y de código abierto|de código abierto y gratuito|gratuito e de código aberto|gratuito e open[- ]source|open[- ]source e gratuito',
    ),
    'オープンソースで無料|無料のオープンソース|無料かつオープンソース|免费开源|开源免费|开源且免费|免费且开源|免費開源|開源免費|免費且開源|무료 오픈\\s?소스|오픈\\s?소스이며 무료|무료이며 오픈\\s?소스',
  ].join('|'),
  'iu',
);

/** "Open source" in any words, for an answer that says the product is free and open source. */
const OPEN_SOURCE_WORDS =
  /open[- ]?source|quelloffen|logiciel libre|software libre|c[óo]digo (?:abierto|aberto)|codice aperto|açık kaynak|открыт\p{L}* исходн|オープンソース|开源|開源|오픈\s?소스/iu;

/** A price quoted per customer: "priced individually", "price on request", "sur devis", "Preis auf Anfrage". */
const QUOTED_PRICE = cuePattern(
  'priced individually|individual (?:quote|pricing)|custom (?:quote|pricing)|contact (?:us|sales) for (?:a )?(?:quote|pricing)|price on request|prices? upon request|sur devis|devis personnalisé|tarif sur demande|auf anfrage|individuelles angebot|individuell kalkuliert|precio a consultar|presupuesto personalizado|a consultar|preço sob consulta|orçamento personalizado|prezzo su richiesta|preventivo personalizzato|prijs op aanvraag|offerte op maat|pris på förfrågan|wycen\\p{L}* indywidualn\\p{L}*|indywidualn\\p{L}* wycen\\p{L}*|fiyat teklifi|цена по запросу|индивидуальн\\p{L}* расч[её]т',
  '要相談|要見積|個別見積|お見積り|価格はお問い合わせ|面议|询价|按需报价|議價|별도 문의|견적 문의|맞춤 견적',
);

/** A fee for setting up a plan, in the languages founders write in. */
const SETUP_FEE = cuePattern(
  "set-?up fees?|one-off setup|einrichtungsgebühr\\p{L}*|einrichtungskosten|frais d['’](?:installation|activation|mise en service)|frais de mise en service|cuota de alta|costo de (?:instalación|implementación)|taxa de (?:adesão|instalação|implantação)|costo di (?:attivazione|installazione)|opstartkosten|installatiekosten|startavgift|uppstartsavgift|opłata (?:aktywacyjna|wdrożeniowa)|kurulum ücreti|плата за подключение",
  '初期費用|导入费|安装费|開通費|설치비|초기 비용',
);

/** Billing by use, in the languages founders write in. */
const USAGE_BASED = cuePattern(
  "usage[- ]based|pay[- ]as[- ]you[- ]go|pay per use|pay only for what you use|betalar (?:bara|endast) för (?:det|vad) du använder|zahlst nur,? was du nutzt|betaal alleen voor wat je gebruikt|ne payez que ce que vous utilisez|billed (?:by|per) usage|metered billing|facturation à l[’']usage|paiement à l[’']usage|à la consommation|nutzungsbasiert\\p{L}*|nach verbrauch|pago por uso|según (?:el )?uso|cobro por uso|pagamento por uso|conforme o uso|a consumo|in base all[’']uso|op basis van gebruik|betala per användning|płatność za użycie",
  '従量課金|使用量に応じ|按使用量计费|按量计费|按量付费|按使用量計費|按量計費|사용량 기반|종량제',
);

/** The first own line of the pricing pages and sections that matches. */
function pricingLineMatching(site: SiteView, pattern: RegExp): Evidence | null {
  for (const { page, blocks, indexes } of pricingLines(site)) {
    if (!pattern.test(readText(page))) continue;
    for (const i of indexes) {
      const b = blocks[i];
      if (!isOwnStatement(b) || b.text.length > 1000 || sponsorLine(page, blocks, i)) continue;
      const m = pattern.exec(b.text);
      if (m) return quoteLine(page, b.text, m.index, m[0].length);
    }
  }
  return null;
}

/**
 * A price the product's own pricing lines state, outside sponsorship: a plan's price, or a sentence such as "The
 * subscription costs only $15/year". Its evidence, and whether it recurs.
 */
function statedPrice(site: SiteView): { evidence: Evidence | null; recurring: boolean; oneTime: boolean } | null {
  for (const { page, blocks, indexes } of pricingLines(site)) {
    // One scan of the page first: a page without any price needs no line tested.
    if (sponsorPage(page) || !ANY_PRICE.test(readText(page))) continue;
    for (const i of indexes) {
      const b = blocks[i];
      if (!isOwnStatement(b) || b.text.length > 1000 || sponsorLine(page, blocks, i) || inCalculator(blocks, i))
        continue;
      PRICE.lastIndex = 0;
      for (const m of b.text.matchAll(PRICE)) {
        if (amountOf(m[0]) <= 0) continue;
        return {
          evidence: quoteLine(page, b.text, m.index, m[0].length),
          recurring: RECURRING.test(m[0].trim()),
          oneTime: ONE_TIME_PRICE.test(m[0]),
        };
      }
    }
  }
  return null;
}

/** A price range that starts at nothing: "Free – $25/mo", "무료~25,000원/월", "0 € à 29 €", "無料〜月額980円". */
const FREE_RANGE = new RegExp(
  `(?:${words('free|gratuit|gratis|grátis|gratuito|kostenlos|darmowy|ücretsiz|бесплатно')}|무료|無料|免费|免費|(?:${CURRENCY_BEFORE}\\s?)?(?<![\\d.,])0(?:[.,]00?)?(?:\\s?${CURRENCY_AFTER})?)\\s*(?:[~〜～–—-]|à|a|bis|to|até)\\s*(?:${PRICE.source})`,
  'iu',
);
/** A plan card's name or price that is only the word free: "Free", "Gratuit", "Kostenlos", "Ingyenes", "免費", "무료". */
const FREE_CARD =
  /^(?:free(?: plan| tier)?|gratuit[e]?|gratis|grátis|gratuit[oa]|kostenlos|darmow[ya]|bezpłatn[ya]|ücretsiz|бесплатно|бесплатный|ingyenes|miễn phí|zdarma)$|^(?:無料|免费|免費|무료)(?:プラン|版|套餐|方案|플랜)?$/iu;
const freeCardLine = (b: TextBlock) =>
  FREE_CARD.test(b.text.trim()) && !['td', 'th', 'li', 'button', 'summary', 'a'].includes(b.tag) && isOwnStatement(b);
/** A free plan shown as a card among the plans: its name or price line is only the word free. */
function freeCard(site: SiteView): Evidence | null {
  const line = firstPricingLine(
    site,
    (b, page, blocks, i) => freeCardLine(b) && !sponsorLine(page, blocks, i) && !inCalculator(blocks, i),
  );
  return line ? quoteLine(line.page, line.b.text) : null;
}

/** The first line of the pricing pages or sections with a range from free to a price, quoted. */
function freeRange(site: SiteView): Evidence | null {
  for (const { page, blocks, indexes } of pricingLines(site))
    for (const i of indexes) {
      const b = blocks[i];
      const m = b.text.length <= 300 && isOwnStatement(b) ? FREE_RANGE.exec(b.text) : null;
      if (m) return quoteLine(page, b.text, m.index, m[0].length);
    }
  return null;
}

/**
 * free / freemium / paid / subscription / one-time / open source, only as the site states it, and from what it says
 * about the price first: plans, "per month", "free plan", "one-time purchase". A licence or a public repository gives
 * "open source" only when no price is stated anywhere (a freemium service may publish its code); "free and open
 * source" is itself a price statement and counts before a hosted offer's price. Sponsorship and donation levels are
 * not the product's price.
 */
export function extractPricingModel(
  site: SiteView,
  tiers: Tier[],
  name?: string,
  faqs: SourcedFaq[] = [],
): Proposal<string> | undefined {
  const quoted = tiers.filter((t) => t.evidence[0] && !t.sponsorship);
  // "Monthly 0.00€": a plan named by its billing period is paid for; a zero there is the placeholder a script fills in.
  const paid = quoted.filter((t) => t.amount > 0 || periodOnly(t.name));
  // A plan at zero named "Trial" ("Dùng thử 0đ", "Essai 0 €") is a trial of the paid ones, not a free plan.
  const freeTier = quoted.find(
    (t) => t.amount === 0 && !periodOnly(t.name) && !t.discounted && !TRIAL_NAME.test(t.name.trim()),
  );
  const price = paid.length ? null : statedPrice(site);
  const openSource = statement(site, OPEN_SOURCE, true, name);
  const freeOpenSource = openSource && statement(site, FREE_OPEN_SOURCE, true, name);
  const freemium = statement(site, FREEMIUM, false, name);
  if (freemium) return propose('freemium', [freemium]);
  // A FAQ on the price answering that part is free and more can be bought ("40 videos free… packs on sale").
  const answer = pricingAnswer(faqs);
  if (answer && FREE_OF_CHARGE.test(answer.answer) && PURCHASE.test(answer.answer) && !ANY_PRICE.test(answer.answer))
    return propose('freemium', answer.evidence.slice(1));
  const freePlan =
    freeTier?.evidence[0] ?? statement(site, FREE_PLAN, false, name) ?? freeRange(site) ?? freeCard(site);
  // "Is it free? Yes." states the price, which comes before what the licence says; "Yes, free and open source" is the
  // open-source statement it always was.
  const free = !paid.length && !price && !freePlan && !freeOpenSource ? freeAnswer(faqs) : undefined;
  if (free && !FREE_OPEN_SOURCE.test(free.answer) && !OPEN_SOURCE_WORDS.test(free.answer))
    return propose('free', free.evidence);
  if (freePlan && (paid.length || price))
    return propose('freemium', [freePlan, paid[0]?.evidence[0] ?? price?.evidence]);
  // A free plan beside one priced per customer ("Enterprise: price on request", "Empresa: a consultar") is freemium.
  const custom = freePlan && !paid.length && !price ? pricingLineMatching(site, QUOTED_PRICE) : null;
  if (freePlan && custom) return propose('freemium', [freePlan, custom]);
  // A free product or plan beside a paid edition ("专业版收费", "version payante") is freemium.
  const paidEdition = statement(site, PAID_EDITION, false, name, NO_PAID_EDITION);
  const freeUse = paidEdition && (freePlan ?? statement(site, ALL_FREE, false, name, FREE_SERVICE));
  if (paidEdition && freeUse) return propose('freemium', [freeUse, paidEdition]);
  if (!paid.length && !price) {
    if (openSource) return propose('open source', [openSource]);
  } else if (freeOpenSource) return propose('open source', [freeOpenSource]);
  // A subscription sold per month is not made one-time by a "lifetime access" line: the plans' periods come first.
  const recurring = paid.find((t) => t.recurring);
  // Prices under a monthly/yearly switch ("Monthly | Yearly", "Theo tháng Theo năm", "月額 | 年額") recur, whatever each
  // card shows.
  const toggle = paid.length && !recurring ? billingToggle(site) : null;
  if (toggle) return propose('subscription', [toggle, paid[0].evidence[0]]);
  // A plan named "Monthly" is quoted by its name too: that is what says it recurs.
  if (recurring)
    return propose('subscription', periodOnly(recurring.name) ? recurring.evidence : [recurring.evidence[0]]);
  const oneTime =
    paid.find((t) => ONE_TIME_PRICE.test(t.price))?.evidence[0] ??
    (price?.oneTime ? price.evidence : null) ??
    // "A one-time setup fee" is charged beside the plans, not instead of them.
    (price?.recurring ? null : statement(site, ONE_TIME, false, name, SETUP_FEE)) ??
    (paid.length || price?.evidence ? statement(site, NO_SUBSCRIPTION, false, name) : null);
  if (oneTime) return propose('one-time', [oneTime]);
  if (price?.recurring) return propose('subscription', [price.evidence]);
  // Billed by use ("usage-based pricing", "按使用量计费", "pay as you go") with prices and no plan billed by the month:
  // paid, whatever else is called a subscription.
  const usage = paid.length || price ? pricingLineMatching(site, USAGE_BASED) : null;
  if (usage) return propose('paid', [usage, paid[0]?.evidence[0] ?? price?.evidence]);
  // "No subscription, no account", "less dependence on subscriptions" say it is not one. A free plan or account beside
  // a subscription is freemium.
  const subscription = statement(site, SUBSCRIPTION, false, name, WITHOUT_SUBSCRIPTION);
  if (subscription && !NO_SUBSCRIPTION.test(subscription.quote)) {
    // "The editor is free; the subscription starts with automatic deployment": a free part and what is paid, in one line.
    const freePart = freePlan ?? statement(site, FREE_THEN_SUBSCRIPTION, false, name, WITHOUT_SUBSCRIPTION);
    return freePart ? propose('freemium', [freePart, subscription]) : propose('subscription', [subscription]);
  }
  if (!paid.length && !price) {
    // A monthly/yearly switch over plans whose prices a script fills in: billed plans, beside a free one freemium.
    const toggle = billingToggle(site);
    if (toggle) return freePlan ? propose('freemium', [freePlan, toggle]) : propose('subscription', [toggle]);
    // A free trial alone does not settle the model: the plans after it may be monthly, one-time or have a free tier.
    const free =
      statement(site, ALL_FREE, false, name, FREE_SERVICE) ?? freePlan ?? statement(site, OWN_KEYS, false, name);
    if (free) return propose('free', [free]);
    // "Each project is priced individually", "price on request": a paid offer whose price is quoted per customer.
    const quote = pricingLineMatching(site, QUOTED_PRICE) ?? dependsAnswer(faqs)?.evidence[1] ?? null;
    if (quote) return propose('paid', [quote]);
    // A setup fee for the plans: what is set up is paid for. (A free trial alone does not say how: the plans after it
    // may be monthly, one-time or have a free tier.)
    const fee = pricingLineMatching(site, SETUP_FEE);
    if (fee) return propose('paid', [fee]);
    return undefined;
  }
  return propose('paid', [paid[0]?.evidence[0] ?? price?.evidence]);
}
