import type { TextBlock } from '../../crawler/page-text.js';
import type { Evidence } from '../evidence.js';
import { FIELD_LIMITS, type Proposal } from '../draft-content.js';
import { headingLevel, sectionName, sectionsNamed, sectionsOf, type Section } from './outline.js';
import { isOwnStatement, pagesOfKind, propose, quoteLine, quoteOn, type SiteView, type ViewPage } from './site-view.js';
import { capitalize, looseKey } from './text-fit.js';
import { asks, cuePattern, firstSentence, hasUnspacedScript, sentences, wordCount } from './text-units.js';

// Cues in the languages founders write in: Latin-script words whole, Chinese, Japanese and Korean ones anywhere in
// the heading (see cuePattern). Chinese 方案 (plan) is left out: it is also the 方案 of 解决方案, "solutions".
const FEATURES_SECTION = cuePattern(
  "features?|what you get|everything you need|capabilities|how it works|what \\S+ does|toolkit|built for|highlights|key benefits|what(?:'|’)s included|" +
    'fonctionnalités|caractéristiques|comment ça marche|tout ce dont vous avez besoin|ce que fait \\S+|ce que vous pouvez faire|' +
    'características|funciones|funcionalidades|recursos|cómo funciona|como funciona|todo lo que necesitas|tudo o que você precisa|qué hace \\S+|lo que puedes hacer|o que (?:ele|ela|o \\S+|a \\S+) faz|o que você pode fazer|' +
    'funzionalità|caratteristiche|come funziona|tutto ciò che ti serve|cosa fa \\S+|cosa puoi fare|' +
    "funktionen|merkmale|so funktioniert(?:’s|'s|s)?|wie es funktioniert|alles, was du brauchst|was \\S+ kann|" +
    'functies|mogelijkheden|kenmerken|hoe werkt het|hoe het werkt|alles wat je nodig hebt|' +
    'funktioner|egenskaper|så fungerar det|funkcje|możliwości|jak to działa|özellikler|nasıl çalışır|возможности|функции|особенности|как это работает|' +
    'tính năng|cách hoạt động|fitur|cara kerja|funkciók|jellemzők|hogyan működik|' +
    'funzioni|cosa offriamo|cosa include|o que oferecemos|o que está incluído|qué ofrecemos|lo que ofrecemos|qué incluye|fonctions|ce que nous offrons|ce qui est inclus|funktionsumfang|leistungsumfang|was wir bieten|functionaliteiten|wat je krijgt|wat wij bieden|funkcjonalności|co oferujemy|co zyskujesz|işlevler|neler sunuyoruz|fitur utama|apa yang (?:kamu|anda) dapatkan|allt du behöver|vad du får|funkce|vlastnosti|jak to funguje|co získáte|vše,? co potřebujete|funcționalități|funcţionalităţi|functionalitati|funcții|functii|caracteristici|cum funcționează|cum functioneaza|tot ce ai nevoie',
  '機能|特徴|特長|功能|特性|特点|特點|特色|기능|특징',
);
const USPS_SECTION = cuePattern(
  'why|benefits?|advantages?|what makes|different|unlike|reasons?|pourquoi|avantages|por ?qu[ée]|ventajas|vantagens|perché|vantaggi|warum|vorteile|waarom|voordelen|varför|fördelar|dlaczego|zalety|korzyści|neden|avantajlar|почему|преимущества|tại sao|lợi ích|ưu điểm|mengapa|kenapa|keunggulan|manfaat|miért|előnyök|punti di forza|benefici|benefícios|beneficios|diferenciais|bénéfices|points forts|atuty|neden biz|faydalar|kelebihan|proč|výhody|přínosy|de ce (?:noi|să|sa)|avantaje|beneficii',
  'なぜ|選ばれる理由|メリット|为什么|為什麼|优势|優勢|장점|이유',
);
/**
 * Whether a heading names the features. Portuguese "Recursos" does; Spanish "Recursos" names resources (guides, posts),
 * so on a page in Spanish (declared, or under /es/) it does not.
 */
function namesFeatures(page: ViewPage, text: string): boolean {
  if (!FEATURES_SECTION.test(text)) return false;
  const spanish = (page.lang ?? '').startsWith('es') || /^\/es(?:-[a-z]{2})?\//i.test(safePath(page.url));
  return !spanish || FEATURES_SECTION.test(text.replace(RECURSOS, ''));
}
const RECURSOS = cuePattern('recursos', '', 'gi');
const safePath = (url: string) => {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
};

/** Headings of release notes: what a version added is news, not what the product does ("新機能のお知らせ"). */
const RELEASE_NOTES = cuePattern(
  "new features?|what(?:'|’)s new|nouvelles fonctionnalités|nouveautés|nuevas (?:funciones|funcionalidades|características)|novas funcionalidades|novidades|nuove funzionalità|novità|neue funktionen|nieuwe functies|nya funktioner|nowe funkcje|co nowego|yeni özellikler|yenilikler|nové funkce|novinky|co je nového|funcții noi|funcționalități noi|noutăți|ce este nou|fitur baru|apa yang baru|nyheter|nieuw|wat is er nieuw|новые возможности|что нового",
  '新機能|新功能|新特性|새로운 기능|신기능|お知らせ|更新履歴|更新日志|릴리스 노트',
);
/** Headings of what is only planned: a roadmap lists what the product does not do yet ("Geplante Funktionen"). */
const PLANNED = cuePattern(
  'roadmap|coming soon|planned|upcoming|in the works|bientôt|à venir|prochainement|prévues?|próximamente|planead[ao]s|previst[ao]s|em breve|planejad[ao]s|in arrivo|prossimamente|previste|geplante?|demnächst|in planung|binnenkort|gepland(?:e)?|kommande|planerade|wkrótce|planowane|yakında|planlanan|připravujeme|plánované|brzy|în curând|planificat\\p{L}*|segera hadir|akan datang|direncanakan|snart|kommer snart|скоро|планируется|в планах|дорожная карта',
  '予定|今後の|开发计划|計劃|计划中|即将|路线图|예정|로드맵',
);
/** The same in Chinese, Japanese and Korean. */
const OTHER_JOINED =
  'お悩み|こんな壁|痛点|难题|難題|고민|導入事例|事例紹介|客户案例|客戶案例|成功案例|고객 사례|도입 사례|料金|価格|プラン|价格|價格|定价|套餐|가격|요금|플랜|よくある質問|質問|常见问题|常見問題|자주 묻는 질문|질문|チーム|团队|團隊|팀|お客様の声|用户评价|후기|ブログ|ニュース|お知らせ|博客|新闻|新聞|블로그|뉴스|공지|更新履歴|更新日志|お問い合わせ|联系我们|聯絡我們|문의|ダウンロード|下载|下載|다운로드|コミュニティ|社区|社群|커뮤니티|ドキュメント|文档|문서|スポンサー|赞助|후원';
/** Sections whose cards are not features: prices, questions, people, posts, quotes, calls to action. */
const OTHER_SECTION = cuePattern(
  'pricing|plans?|faqs?|questions|team|people|founders?|testimonials?|customers|users say|loved by|trusted by|blog|news|posts|articles|latest|updates|changelog|releases|contact|sponsors?|partners|community|download|install(?:ation)?|get started|footer|resources|docs|documentation|' +
    'tarifs|prix|forfaits|precios|planes|preços|planos|prezzi|piani|preise|prijzen|tarieven|preguntas|perguntas|domande|fragen|vragen|équipe|equipo|equipe|squadra|témoignages|testimonios|depoimentos|testimonianze|ervaringen|actualités|noticias|notícias|notizie|neuigkeiten|nieuws|contacto|contato|contatti|kontakt|télécharger|téléchargement|descargar|baixar|scarica|herunterladen|downloaden|communauté|comunidad|comunidade|comunità|gemeenschap|documentación|documentação|documentazione|dokumentation|documentatie|' +
    'frustrations?|frustraties|frustrationen|frustraciones|frustrações|frustrazioni|pain points?|sound familiar|herken (?:je|jij) dit|kennst du das|ça vous parle|te suena|ti suona familiare|' +
    'case stud(?:y|ies)|success stories|portfolio|études de cas|cas clients|références|casos de (?:éxito|estudio|sucesso|uso)|casi (?:di successo|studio)|referenzen|fallstudien|kundenprojekte|klantcases|referenties|kundcase|realizacje|przykłady realizacji|zrealizowane projekty|studia przypadków|referanslar|başarı hikayeleri|кейсы|портфолио|' +
    'bảng giá|gói cước|câu hỏi|đội ngũ|liên hệ|tin tức|tải về|harga|paket|pertanyaan|tim kami|kontak|berita|unduh|árak|csomagok|kérdések|csapat|kapcsolat|hírek|letöltés|' +
    'priser|frågor|nedladdning|ladda ner|gemenskap|cennik|pytania|zespół|opinie|pobierz|społeczność|dokumentacja|fiyatlandırma|fiyatlar|sorular|ekip|yorumlar|iletişim|indir|topluluk|цены|тарифы|вопросы|команда|отзывы|контакты|скачать|сообщество|документация|requirements|requisitos|prérequis|exigences|voraussetzungen|systemanforderungen|requisiti|vereisten|systemkrav|wymagania|gereksinimler|требования|' +
    'listino|abbonamenti|tariffe|tarifas|equipa|ceník|tarify|otázky|dotazy|tým|recenze|reference|ke stažení|prețuri|preturi|tarife|întrebări|intrebari|echipa|echipă|testimoniale|recenzii|noutăți|știri|descarcă',
  OTHER_JOINED,
);
/** Headings that organise a page rather than name a feature: calls to action, other sections. */
const NOT_AN_ITEM = new RegExp(
  `${/^(features?|all features|pricing|plans|faqs?|frequently asked questions|get started|start (?:free|now|today)|try\b|sign up|ready\b|join\b|contact|testimonials?|what (?:our )?(?:customers|users|people) (?:say|think)|loved by|trusted by|and (?:much )?more|learn more|see all|read more|integrations?$|our (?:team|story|customers)|blog|about|download|install|documentation|docs$|community$|sponsors?|license$|copyright|(?:introduction|overview|présentation|introducción|introdução|introduzione|einführung|überblick|inleiding|översikt|wprowadzenie|giriş|введение|обзор)$)/.source}|^(?:${OTHER_JOINED}|機能|特徴|特長|功能|기능|概要$|介绍$|簡介$|소개$)`,
  'iu',
);
/** Hints of a container whose items are not the product's features. */
const NOT_FEATURE_WITHIN =
  /\b(testimonial|faq|pricing|plan|tier|team|member|founder|bio|person|review|quote|customer|client)\b/;

interface Item {
  text: string;
  page: ViewPage;
  extra?: string;
  title?: string;
  /** A card: a title with the sentence under it, rather than a bare line. */
  card?: boolean;
}

/** How long a card of Chinese, Japanese or Korean may grow by whole sentences: about an English card's first sentence. */
const DENSE_CARD = 100;
/** A card written with spaces keeps a second short sentence too ("Switch between 32 teeth in one tap. Notes per tooth.")
 *  while title and text stay within this many characters: a card's text is often two short sentences. */
const SHORT_CARD = 160;
/** Hangul: written with spaces, but its sentences are short too ("완전 오프라인으로 작동합니다. 데이터는…"). */
const HANGUL = /\p{Script=Hangul}/u;
/**
 * What a card says under its title: its first sentence, and the sentences after it while the card stays short
 * (SHORT_CARD characters). A Chinese, Japanese or Korean sentence is a third to a half as long as an English one (a
 * character says about what a word does), so there the bound is DENSE_CARD ("…できます。ケーブルは必要ありません。").
 * Always a prefix of the body.
 */
function cardSentence(title: string, body: string): string {
  const [first, ...rest] = sentences(body);
  if (!first) return body;
  const bound = hasUnspacedScript(first) || HANGUL.test(first) ? DENSE_CARD : SHORT_CARD;
  const start = body.indexOf(first);
  let end = start + first.length;
  for (const next of rest) {
    const at = body.indexOf(next, end);
    if (at < 0 || title.length + 2 + (at + next.length - start) > bound) break;
    end = at + next.length;
  }
  return body.slice(start, end);
}

/**
 * A card as a feature: its title and the first sentence under it ("Maps your codebase: Aider makes a
 * map of …"), both quoted; the title alone when together they would be too long for an item.
 */
function card(page: ViewPage, heading: string, body: string): Item {
  const title = bare(heading);
  const sentence = cardSentence(title, body);
  // "Lightweight" over "Lightweight (~10KB gzipped) starting point…": the sentence already says it.
  if (sentence.toLowerCase().startsWith(title.toLowerCase()) && sentence.length <= FIELD_LIMITS.features.max)
    return { text: sentence, page, card: true };
  const joined = `${title}${/[.!?:]$/.test(title) ? '' : ':'} ${sentence}`;
  return joined.length <= FIELD_LIMITS.features.max
    ? { text: joined, page, extra: sentence, title, card: true }
    : { text: title, page, extra: sentence, card: true };
}

/** A card titled with a figure ("50+", "2 000+", "99.9%", "24/7", "712名") states a number, not a feature. */
const FIGURE = /^[\p{N}\s.,+%/×x~≈<>−–-]+\p{L}{0,3}$/u;

/** A heading without the anchor mark that links to it ("Feed Reader ¶", "Authentication§"). */
const bare = (text: string) => text.replace(/\s*[§¶]$|\s+#$/, '');
const itemLike = (b: TextBlock, max = 120) =>
  isOwnStatement(b) &&
  b.text.length <= max &&
  !asks(bare(b.text)) &&
  !NOT_AN_ITEM.test(b.text) &&
  !NOT_FEATURE_WITHIN.test(b.within) &&
  !/^\d{1,4}([./-]\d{1,2}){1,2}\b/.test(b.text);
/** A card's title: a few words, not a sentence. Chinese and Japanese run particles into their words, which the
 *  segmenter counts: there a title is measured by its characters. */
const titleLike = (b: TextBlock) =>
  itemLike(b, 80) &&
  (hasUnspacedScript(b.text) ? b.text.length <= 40 : wordCount(b.text) <= 10) &&
  !/[.!:。！：]$/.test(b.text);
/** A sentence under a title: several words, or a short one that ends like a sentence (not a command line). */
const prose = (b: TextBlock | undefined) =>
  !!b &&
  !headingLevel(b) &&
  b.tag !== 'pre' &&
  b.tag !== 'li' &&
  isOwnStatement(b) &&
  (wordCount(b.text) >= 5 || (wordCount(b.text) >= 3 && /[.!。！]$/.test(b.text)));

/** An item of a list nested in another item: it details that item rather than being one of the list's. */
const nested = (b: TextBlock) => /\bsublist\b/.test(b.within);

/**
 * A list item as a feature: the whole line, or (where the site presents itself) the first sentence of a long one
 * ("Scan — walks the paths… . It…").
 */
function listItem(page: ViewPage, b: TextBlock, long = false): Item | undefined {
  if (itemLike(b, FIELD_LIMITS.features.max)) return { text: b.text, page };
  if (!long || !itemLike(b, 4000)) return undefined;
  const sentence = firstSentence(b.text);
  return sentence.length <= FIELD_LIMITS.features.max && wordCount(sentence) >= 4 && !asks(sentence)
    ? { text: sentence, page }
    : undefined;
}

/** Headings of what a site must say rather than what its product does: disclaimers, licences, legal notes, addresses. */
const NOT_CLAIMS = cuePattern(
  'disclaimer|licen[cs]e|legal|terms|privacy|address|imprint|haftungsausschluss|lizenz|datenschutz|avertissement|licence|mentions légales|confidentialité|descargo|licencia|aviso legal|privacidad|isenção|licença|privacidade|esclusione di responsabilità|licenza|note legali|disclaimer|licentie|ansvarsfriskrivning|licens|zastrzeżenia|licencja|sorumluluk reddi|lisans|отказ от ответственности|лицензия',
  '免責|免责|ライセンス|许可证|許可證|라이선스|면책',
);
/** A heading with a date or a version number heads news or a release ("August 22nd, 2025, FFmpeg 8.0"). */
const DATED = /(?<!\d)(?:19|20)\d{2}(?!\d)|(?<![\w.])v?\d+\.\d+(?:\.\d+)?(?![\w.])/;

/**
 * Lists of claims where the site presents itself: a section with no sub-headings whose body is three or more list
 * items, each a statement of several words ("A ZFS snapshot is taken before the first action…"), under a heading that
 * names no other kind of section (prices, requirements, downloads…). Read after named sections and cards.
 */
function claimLists(page: ViewPage, sections: Section[]): Item[] {
  const out: Item[] = [];
  for (const s of sections) {
    const heading = page.blocks[s.heading];
    if (s.level < 2 || OTHER_SECTION.test(heading.text) || NOT_CLAIMS.test(heading.text)) continue;
    if (NOT_FEATURE_WITHIN.test(heading.within) || DATED.test(heading.text)) continue;
    const body = page.blocks.slice(s.start, s.end);
    if (body.some((b) => headingLevel(b))) continue;
    const items = body
      .filter((b) => b.tag === 'li' && !nested(b))
      .map((b) => (wordCount(b.text) >= 5 ? listItem(page, b, true) : undefined));
    if (items.length >= 3 && items.every(Boolean)) out.push(...(items as Item[]));
  }
  return out;
}

/**
 * Whether the heading at i leads a list: list items right under it, or after one line that introduces them
 * ("Administrators can:"). Such a heading names a group ("Users", "1. Build your algorithm"); its items are the features.
 */
function leadsList(blocks: TextBlock[], i: number): boolean {
  const next = blocks[i + 1];
  if (next?.tag === 'li') return true;
  return !!next && !headingLevel(next) && /[:：]$/.test(next.text) && blocks[i + 2]?.tag === 'li';
}

/**
 * The items of a section: its sub-headings (as cards when a sentence follows them; a sub-heading that leads a list
 * stands for its list items), else its list items, else (in a section named for features) the first sentence of each
 * paragraph. Items of nested lists detail their parent item and are left out.
 */
function itemsOfSection(page: ViewPage, s: Section, paragraphs = false): Item[] {
  const subHeadings: Item[] = [];
  const listItems: Item[] = [];
  const sentences: Item[] = [];
  // Under a sub-heading that leads a list, its items are in subHeadings' place, in order.
  let inGroup = false;
  for (let i = s.start; i < s.end; i++) {
    const b = page.blocks[i];
    if (headingLevel(b) > s.level) {
      inGroup = false;
      if (!itemLike(b)) continue;
      if (leadsList(page.blocks, i)) inGroup = true;
      else
        subHeadings.push(
          prose(page.blocks[i + 1]) ? card(page, b.text, page.blocks[i + 1].text) : { text: b.text, page },
        );
    } else if (b.tag === 'li' && !headingLevel(b) && !nested(b)) {
      const item = listItem(page, b, paragraphs);
      if (item) (inGroup ? subHeadings : listItems).push(item);
    } else if (
      paragraphs &&
      b.tag === 'p' &&
      prose(b) &&
      !/^[<{$#]/.test(b.text) &&
      !NOT_FEATURE_WITHIN.test(b.within)
    ) {
      const sentence = firstSentence(b.text).replace(/:$/, '');
      if (sentence.length <= FIELD_LIMITS.features.max && wordCount(sentence) >= 4 && !asks(sentence))
        sentences.push({ text: sentence, page });
    }
  }
  return subHeadings.length ? subHeadings : listItems.length ? listItems : sentences;
}

/**
 * Cards laid out as a grid: three or more headings of one level under the same parent, each a short
 * title followed by a sentence. Under a heading that names prices, questions, people or posts they
 * are not features.
 */
function cardGroups(page: ViewPage): Item[] {
  const out: Item[] = [];
  const { blocks } = page;
  const sections = sectionsOf(blocks);
  // Runs of sibling headings: each starts where the previous one's extent ends, at the same level.
  const runs: Section[][] = [];
  for (const s of sections) {
    const run = runs[runs.length - 1];
    const last = run?.[run.length - 1];
    if (last && last.level === s.level && last.end === s.heading) run.push(s);
    else runs.push([s]);
  }
  // The sentence of a card: the line under its title, or the one after a short note ("(no extra charge)", a badge).
  const bodyOf = (c: Section) => {
    const next = blocks[c.heading + 1];
    if (prose(next)) return next;
    const after = blocks[c.heading + 2];
    return next && c.heading + 2 < c.end && !headingLevel(next) && wordCount(next.text) <= 4 && prose(after)
      ? after
      : undefined;
  };
  for (const run of runs) {
    // A heading with two or more headings under it opens a section of cards; it is not a card itself.
    const section = (c: Section) => blocks.slice(c.start, c.end).filter((b) => headingLevel(b)).length >= 2;
    const shaped = run.filter((c) => titleLike(blocks[c.heading]) && bodyOf(c) && !section(c));
    // A card titled with another section's word ("Guides and downloads") among the product's cards is one of them;
    // cards most of which are so titled ("Free plan", "Pro plan") are not features.
    const others = shaped.filter((c) => OTHER_SECTION.test(blocks[c.heading].text));
    const cards = others.length * 2 < shaped.length ? shaped : shaped.filter((c) => !others.includes(c));
    // Among the run's headings, quotes of customers, questions calling to act ("Convinced?") and step numbers set as
    // headings of their own ("1.", "02") are no cards either way: the share is of the others.
    const countable = run.filter(
      (c) =>
        isOwnStatement(blocks[c.heading]) &&
        !asks(bare(blocks[c.heading].text)) &&
        /\p{L}/u.test(blocks[c.heading].text),
    );
    if (cards.length < 3 || cards.length < countable.length * 0.6) continue;
    // Under a heading that names prices, questions, people or posts they are not features.
    const above = sections
      .filter((s) => s.level < run[0].level && s.heading < run[0].heading && s.end >= run[0].end)
      .pop();
    if (above && OTHER_SECTION.test(sectionName(blocks, above.heading))) continue;
    for (const c of cards) out.push(card(page, blocks[c.heading].text, bodyOf(c)!.text));
  }
  // Cards without heading elements: a short title line then its sentence, three times running (twice in a "feature"
  // container).
  // An icon alone on its line ("🗜️", "✂️") before a card's title is part of the card.
  const icon = (b: TextBlock | undefined) => !!b && !headingLevel(b) && !/[\p{L}\p{N}]/u.test(b.text);
  const headless = (k: number) =>
    k + 1 < blocks.length &&
    !headingLevel(blocks[k]) &&
    !/^(li|dt|dd|pre)$/.test(blocks[k].tag) &&
    titleLike(blocks[k]) &&
    wordCount(blocks[k].text) <= 5 &&
    prose(blocks[k + 1]);
  // A card may also carry a figure or a number above its title ("712", "01") and a badge under its sentence ("Free",
  // "Pro only"): a short line that ends no sentence, skipped when a card's title and sentence follow it.
  const label = (b: TextBlock | undefined) =>
    !!b && !headingLevel(b) && b.text.length <= 14 && !/[.!?。！？]$/u.test(b.text) && isOwnStatement(b);
  const toNextCard = (k: number) => {
    while (icon(blocks[k]) && k + 2 < blocks.length) k++;
    for (let n = 0; n < 2 && label(blocks[k]) && !headless(k) && (headless(k + 1) || icon(blocks[k + 1])); n++) {
      k++;
      while (icon(blocks[k]) && k + 2 < blocks.length) k++;
    }
    return k;
  };
  for (let i = 0; i + 1 < blocks.length; i++) {
    const run: Item[] = [];
    let j = toNextCard(i);
    while (headless(j)) {
      run.push(card(page, blocks[j].text, blocks[j + 1].text));
      j = toNextCard(j + 2);
    }
    if (run.length >= 3 || (run.length >= 2 && /\bfeature\b/.test(blocks[i].within))) {
      out.push(...run);
      i = j - 1;
    }
  }
  out.push(
    ...definitionCards(page),
    ...leadTermItems(page),
    ...bulletRuns(page),
    ...checklistRuns(page),
    ...tableRows(page),
  );
  return out;
}

/** Lines of a container its markup calls a checklist ("<div class=checklist-item>Online calendar</div>"), three or more
 *  running: each a thing the product has, ticked off. So are three or more short titles running in a container called
 *  a feature ("<div class=feature-pill>Visual sales pipeline</div>"), with no sentence between them. */
function checklistRuns(page: ViewPage): Item[] {
  const out: Item[] = [];
  const { blocks } = page;
  const ticked = (b: TextBlock) =>
    !headingLevel(b) &&
    b.tag !== 'button' &&
    (/\bchecklist\b/.test(b.within) || (/\bfeature\b/.test(b.within) && titleLike(b))) &&
    itemLike(b, FIELD_LIMITS.features.max) &&
    !asks(b.text);
  for (let i = 0; i < blocks.length; i++) {
    let j = i;
    while (j < blocks.length && ticked(blocks[j])) j++;
    if (j - i >= 3) for (let k = i; k < j; k++) out.push({ text: blocks[k].text, page });
    i = Math.max(i, j - 1);
  }
  return out;
}

/** A cell that only ticks or crosses: "✓", "–", "Yes", "Nein", "○". */
const MARK =
  /^(?:[✓✔☑✅✗✘✕×❌–—−○◯●◎△-]|yes|no|ja|nein|oui|non|sí|si|sim|não|nao|tak|nie|evet|hayır|да|нет|是|否|有|無|无|あり|なし|있음|없음)$/iu;
/**
 * Rows of a table of features: three or more rows whose first cell names a thing (a few words) and whose next cell only
 * ticks or crosses it ("Unlimited boards | ✓ | ✓"). The names are the features; the marks say which plan has them.
 */
function tableRows(page: ViewPage): Item[] {
  const { blocks } = page;
  const out: Item[] = [];
  let run: Item[] = [];
  const close = () => {
    if (run.length >= 3) out.push(...run);
    run = [];
  };
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    if (b.tag !== 'td' && b.tag !== 'th') {
      close();
      continue;
    }
    const next = blocks[i + 1];
    if (
      b.tag === 'td' &&
      /\p{L}{2}/u.test(b.text) &&
      !MARK.test(b.text) &&
      itemLike(b, 80) &&
      wordCount(b.text) <= 8 &&
      next?.tag === 'td' &&
      MARK.test(next.text)
    )
      run.push({ text: b.text, page });
  }
  close();
  return out;
}

/** "💬 Reliable messaging", "✓ Works offline": three or more lines running, each led by an emoji or a check
 *  mark. */
// biome-ignore lint/suspicious/noMisleadingCharacterClass: variation selectors and joiners trail an emoji one at a time
const BULLET = /^(?:\p{Extended_Pictographic}|[✓✔☑★→►▸•])[\uFE0F\u200D\p{Extended_Pictographic}]*\s+(\S.{6,198})$/u;
function bulletRuns(page: ViewPage): Item[] {
  const out: Item[] = [];
  const { blocks } = page;
  for (let i = 0; i < blocks.length; i++) {
    let j = i;
    while (j < blocks.length && !headingLevel(blocks[j]) && isOwnStatement(blocks[j]) && BULLET.test(blocks[j].text))
      j++;
    if (j - i >= 3) for (let k = i; k < j; k++) out.push({ text: BULLET.exec(blocks[k].text)![1], page });
    i = Math.max(i, j - 1);
  }
  return out;
}

/** A definition list of three or more terms, each explained: "<dt>Fast and efficient</dt><dd>Be productive
 *  …</dd>". The explanation may sit in a block inside the dd ("<dd><div>…</div></dd>"). */
function definitionCards(page: ViewPage): Item[] {
  const { blocks } = page;
  const inList = (b: TextBlock | undefined) => !!b && b.tag !== 'dt' && (b.tag === 'dd' || /\bdl\b/.test(b.within));
  const pairs: Item[][] = [];
  let run: Item[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const b = blocks[i];
    // A term is a title whatever its first word ("Download original article contents").
    const term = b.tag === 'dt' && isOwnStatement(b) && b.text.length <= 80 && !asks(bare(b.text));
    if (term && inList(blocks[i + 1]) && prose(blocks[i + 1])) {
      run.push(card(page, b.text, blocks[i + 1].text));
      i++;
      continue;
    }
    if (inList(b)) continue;
    if (run.length) {
      pairs.push(run);
      run = [];
    }
  }
  if (run.length) pairs.push(run);
  return pairs.filter((r) => r.length >= 3).flat();
}

/** "Private. None of your data is ever stored …", "Rápido: gera relatórios…": list items or paragraphs led by a term of
 *  a few words (after a colon French, Spanish, Portuguese and Italian go on in lower case). */
const LEAD_TERM = /^(\p{Lu}[\p{L}\d&/+' -]{1,40}?)(?:\.\s+\p{Lu}|:\s+\p{L})/u;
function leadTermItems(page: ViewPage): Item[] {
  const out: Item[] = [];
  const { blocks } = page;
  for (const s of [{ heading: -1, level: 0, start: 0, end: blocks.length }, ...sectionsOf(blocks)]) {
    if (s.heading >= 0 && OTHER_SECTION.test(blocks[s.heading].text)) continue;
    const found: Item[] = [];
    for (let i = s.start; i < s.end; i++) {
      const b = blocks[i];
      if (headingLevel(b)) {
        if (s.heading < 0 || headingLevel(b) <= s.level) break;
        continue;
      }
      const m = LEAD_TERM.exec(b.text);
      if (!m || (b.tag !== 'li' && b.tag !== 'p') || !itemLike(b, 4000) || wordCount(m[1]) > 5) continue;
      const text = b.text.length <= FIELD_LIMITS.features.max ? b.text : firstSentence(b.text.slice(m[0].length - 1));
      const joined = b.text.length <= FIELD_LIMITS.features.max ? text : `${m[1]}. ${text}`;
      if (b.text.length <= FIELD_LIMITS.features.max) found.push({ text: b.text, page });
      else
        found.push(
          joined.length <= FIELD_LIMITS.features.max
            ? { text: joined, page, extra: text, title: m[1] }
            : { text: m[1], page },
        );
    }
    if (found.length >= 3) out.push(...found);
  }
  return out;
}

/** "First there is CSG, second there is extrusion …": the clause after each ordinal, when a passage counts at least
 *  two. */
const ORDINAL =
  /\b(first(?:ly)?|second(?:ly)?|third(?:ly)?|fourth(?:ly)?|fifth(?:ly)?|finally|lastly)\b,?\s+(?:(?:there(?:'s|’s| is| are)|we (?:have|offer)|you (?:get|have))\s+)?/gi;
function ordinalItems(page: ViewPage, sectionNamed: boolean): Item[] {
  const out: Item[] = [];
  page.blocks.forEach((b) => {
    if (b.text.length > 4000 || !b.text.includes('First') || headingLevel(b) || !isOwnStatement(b)) return;
    const marks = [...b.text.matchAll(ORDINAL)].filter((m, k) => k > 0 || /^First/.test(m[0]));
    if (!marks.length || (marks.length < 2 && !sectionNamed)) return;
    marks.forEach((m, k) => {
      const from = m.index! + m[0].length;
      const next = k + 1 < marks.length ? marks[k + 1].index! : b.text.length;
      const clause = b.text
        .slice(from, next)
        .split(/[.;!?](?:\s|$)/)[0]
        .replace(/[\s,;:–—-]+(?:and|then)?\s*$/i, '')
        .trim();
      const said = b.text.slice(m.index!, from + clause.length);
      if (clause.length >= 8 && said.length <= FIELD_LIMITS.features.max)
        out.push({ text: capitalize(clause), page, extra: said });
    });
  });
  return out;
}

/**
 * The features, each once, quoted. When the site names more than a draft holds, cards (a title and its sentence) are
 * kept before bare lines, since they say what a feature does; those kept stay in the order the site gives them.
 */
function toProposal(items: Item[]): Proposal<string[]> | undefined {
  const limit = FIELD_LIMITS.features.items ?? 20;
  const seen = new Set<string>();
  const accepted: { text: string; card: boolean; evidence: Evidence[] }[] = [];
  for (const raw of items) {
    // Anchor marks after a heading ("Feed Reader ¶") link to it; they are not part of the feature.
    const item =
      bare(raw.text) !== raw.text ? { ...raw, text: bare(raw.text), title: raw.title && bare(raw.title) } : raw;
    // One feature per title: a card on the homepage and a section of the features page name the same thing.
    const key = looseKey(item.title ?? item.text);
    if (!key || seen.has(key) || item.text.length > FIELD_LIMITS.features.max) continue;
    if (item.title && FIGURE.test(item.title)) continue;
    // A joined card is quoted as its title and its sentence; a clause lifted from prose as written.
    const quote = (q: string | undefined) => (q ? (quoteLine(item.page, q) ?? quoteOn(item.page, 'text', q)) : null);
    const found = item.title
      ? [quote(item.title), quote(item.extra ?? item.text.slice(item.title.length))]
      : [quote(item.text) ?? quote(item.extra), item.extra && item.extra !== item.text ? quote(item.extra) : null];
    if (!found[0] || (item.title && item.extra && !found[1])) continue;
    seen.add(key);
    accepted.push({ text: item.text, card: !!item.card, evidence: found.filter((e): e is Evidence => !!e) });
    // Enough to choose from; the rest of a long page is not worth quoting.
    if (accepted.length >= limit * 3) break;
  }
  let kept = accepted;
  if (accepted.length > limit) {
    const cards = accepted.filter((a) => a.card).slice(0, limit);
    const chosen = new Set([...cards, ...accepted.filter((a) => !a.card).slice(0, limit - cards.length)]);
    kept = accepted.filter((a) => chosen.has(a));
  }
  return kept.length
    ? propose(
        kept.map((a) => a.text),
        kept.flatMap((a) => a.evidence),
      )
    : undefined;
}

/** Own pages that may present features: the homepage, features pages and the other pages of a small site. */
const featurePages = (site: SiteView) => pagesOfKind(site, 'homepage', 'features', 'page', 'about');

/**
 * Features, most explicit first: the items of a section named like features (on any own page),
 * the section headings of a features page, cards in a grid, then "First … second …" prose.
 */
export function extractFeatures(site: SiteView): Proposal<string[]> | undefined {
  // Page by page, the homepage first: what it presents is what the product is known for.
  const all: Item[] = [];
  for (const page of featurePages(site)) {
    const items: Item[] = [];
    const headings: Item[] = [];
    const cards: Item[] = [];
    const ordinals: Item[] = [];
    const presents = page.kind === 'homepage' || page.kind === 'features';
    const sections = sectionsOf(page.blocks).filter((s) => {
      const text = page.blocks[s.heading].text;
      // A heading that asks ("Why are you not developing my feature request?") opens an answer, not a list of features.
      return (
        !asks(bare(text)) &&
        !RELEASE_NOTES.test(text) &&
        !PLANNED.test(text) &&
        (!USPS_SECTION.test(text) || FEATURES_SECTION.test(text.replace(USPS_SECTION, '')))
      );
    });
    const named = sections.filter((s) => namesFeatures(page, page.blocks[s.heading].text));
    // Paragraphs count as items only where the site presents itself: the homepage and features pages.
    for (const s of named) items.push(...itemsOfSection(page, s, presents));
    // Where the site presents itself, a section its markup calls a feature ("features", "feature-block") is one too
    // (unless it lies inside one already read), by its structure only: its heading and the sentence under it as a
    // card, or its cards and lists under group headings. Its other paragraphs may introduce anything.
    const marked: Item[] = [];
    if (presents)
      for (const s of sections) {
        const heading = page.blocks[s.heading];
        if (s.level < 2 || !/\bfeature\b/.test(heading.within) || OTHER_SECTION.test(heading.text)) continue;
        if (named.some((n) => n.heading <= s.heading && s.end <= n.end)) continue;
        const found = itemsOfSection(page, s);
        if (found.length >= 2) {
          marked.push(...found);
          named.push(s);
        } else if (itemLike(heading) && prose(page.blocks[s.heading + 1]))
          marked.push(card(page, heading.text, page.blocks[s.heading + 1].text));
      }
    // A block of one feature: a heading, the sentence that says what it does, then a list its markup calls features
    // (the details). The heading and its sentence are the feature; the list items follow as details.
    if (presents)
      for (const s of sections) {
        const heading = page.blocks[s.heading];
        const lead = page.blocks[s.heading + 1];
        if (s.level < 2 || /\bfeature\b/.test(heading.within) || !itemLike(heading) || !prose(lead)) continue;
        if (OTHER_SECTION.test(heading.text) || named.some((n) => n.heading <= s.heading && s.end <= n.end)) continue;
        const body = page.blocks.slice(s.heading + 2, s.end);
        if (body.some((b) => headingLevel(b)) || !body.some((b) => b.tag === 'li' && /\bfeature\b/.test(b.within)))
          continue;
        marked.push(card(page, heading.text, lead.text));
      }
    if (page.kind === 'features') {
      // Section headings of a features page name features, except those of its call-to-action and FAQ parts.
      for (const s of sectionsOf(page.blocks)) {
        const b = page.blocks[s.heading];
        if (s.level >= 2 && s.level <= 3 && itemLike(b) && !/^why\b/i.test(b.text) && !OTHER_SECTION.test(b.text))
          headings.push(
            prose(page.blocks[s.heading + 1])
              ? card(page, b.text, page.blocks[s.heading + 1].text)
              : { text: b.text, page },
          );
      }
    }
    if (presents || named.length) cards.push(...cardGroups(page));
    // On another page of the product (a page for one audience, a product page), a grid of cards under "Why Acme?",
    // "Warum Acme?", "Pourquoi Acme ?" presents what the product does, though no heading says "features".
    else
      for (const s of sectionsOf(page.blocks)) {
        const text = bare(page.blocks[s.heading].text);
        if (s.level > 3 || !USPS_SECTION.test(text) || wordCount(text) > 5 || OTHER_SECTION.test(text)) continue;
        cards.push(...cardGroups({ ...page, blocks: page.blocks.slice(s.heading, s.end) }));
      }
    ordinals.push(...ordinalItems(page, named.length > 0));
    const claims = presents ? claimLists(page, sections) : [];
    all.push(...items, ...cards, ...marked, ...headings, ...claims, ...ordinals);
  }
  return toProposal(all);
}

/** Selling points: the items of a "Why …" / "Benefits" section of the homepage or features page. */
export function extractUsps(site: SiteView): Proposal<string[]> | undefined {
  const items: Item[] = [];
  for (const page of pagesOfKind(site, 'homepage', 'features')) {
    for (const s of sectionsNamed(page.blocks, USPS_SECTION))
      if (s.level >= 2) items.push(...itemsOfSection(page, s).map((i) => ({ text: i.title ?? i.text, page: i.page })));
  }
  return toProposal(items);
}
