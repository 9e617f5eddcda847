/**
 * The kinds of page worth knowing about, and the words in a link or path that reveal them, in the languages
 * founders write in (a path may carry them accented or not: /fonctionnalites, /preços).
 */
export const PAGE_KINDS = {
  about: [
    'about',
    'company',
    'our-story',
    'who-we-are',
    'story',
    'mission',
    'a-propos',
    'à-propos',
    'qui-sommes-nous',
    'sobre',
    'sobre-nosotros',
    'sobre-nos',
    'quienes-somos',
    'chi-siamo',
    'uber-uns',
    'über-uns',
    'ueber-uns',
    'wer-wir-sind',
    'over-ons',
    'wie-zijn-wij',
    'quem-somos',
    'om-oss',
    'hakkimizda',
    'hakkımızda',
    'o-nas',
    'о-нас',
    'о-проекте',
    'nosotros',
    'azienda',
    '会社概要',
    '私たちについて',
    '关于我们',
    '關於我們',
    '회사소개',
    '회사-소개',
    '关于',
    '關於',
    '運営会社',
    've-chung-toi',
    'về-chúng-tôi',
    'gioi-thieu',
    'giới-thiệu',
    'tentang-kami',
    'tentang',
    'rolunk',
    'rólunk',
    'la-nostra-storia',
    'su-di-noi',
    'storia',
    'nossa-historia',
    'nossa-história',
    'a-empresa',
    'quiénes-somos',
    'acerca-de',
    'nuestra-historia',
    'notre-histoire',
    'entreprise',
    'apropos',
    'unternehmen',
    'unsere-geschichte',
    'over',
    'bedrijf',
    'ons-verhaal',
    'wie-we-zijn',
    'o-firmie',
    'nasza-historia',
    'kim-jestesmy',
    'kim-jesteśmy',
    'biz-kimiz',
    'kurumsal',
    'hikayemiz',
    'siapa-kami',
    'profil-perusahaan',
    'om-foretaget',
    'om-företaget',
    'o-nás',
    'o-spolecnosti',
    'o-společnosti',
    'kdo-jsme',
    'nas-pribeh',
    'náš-příběh',
    'despre',
    'despre-noi',
    'cine-suntem',
    'povestea-noastra',
    'povestea-noastră',
  ],
  pricing: [
    'pricing',
    'plans',
    'price',
    'buy',
    'tarifs',
    'prix',
    'precios',
    'planes',
    'precos',
    'preços',
    'planos',
    'prezzi',
    'piani',
    'preise',
    'prijzen',
    'tarieven',
    'tarifas',
    'tariffe',
    'abonnements',
    'priser',
    'prislista',
    'cennik',
    'ceny',
    'fiyatlandirma',
    'fiyatlandırma',
    'fiyatlar',
    'цены',
    'тарифы',
    '料金',
    '価格',
    'プラン',
    '料金プラン',
    '价格',
    '價格',
    '定价',
    '가격',
    '요금',
    '플랜',
    '요금제',
    '套餐',
    'bang-gia',
    'bảng-giá',
    'harga',
    'arak',
    'árak',
    'araink',
    'árazás',
    'arazas',
    'listino',
    'listino-prezzi',
    'abbonamenti',
    'costi',
    'planos-e-precos',
    'planos-e-preços',
    'precario',
    'preçário',
    'tarifario',
    'tarifário',
    'suscripciones',
    'planes-y-precios',
    'tarification',
    'nos-offres',
    'forfaits',
    'preisgestaltung',
    'pakete',
    'tarife',
    'preismodell',
    'abonnementen',
    'pakketten',
    'prijs',
    'plany',
    'pakiety',
    'abonament',
    'fiyat',
    'paketler',
    'planlar',
    'ucretlendirme',
    'ücretlendirme',
    'paket',
    'daftar-harga',
    'pris',
    'planer',
    'abonnemang',
    'cenik',
    'ceník',
    'tarify',
    'predplatne',
    'předplatné',
    'preturi',
    'prețuri',
    'abonamente',
    'planuri',
    'pachete',
  ],
  features: [
    'features',
    'product',
    'how-it-works',
    'tour',
    'solutions',
    // A page named for the product itself: "/software", "/platform", "/produit", "/plataforma".
    'software',
    'platform',
    'produit',
    'producto',
    'produto',
    'prodotto',
    'produkt',
    'plateforme',
    'plataforma',
    'piattaforma',
    'plattform',
    'logiciel',
    // What a service business does is its services page: "/services", "/leistungen", "/oferta" (Polish).
    'services',
    'servicios',
    'servicos',
    'serviços',
    'servizi',
    'leistungen',
    'diensten',
    'tjanster',
    'tjänster',
    'uslugi',
    'usługi',
    'oferta',
    'hizmetler',
    'услуги',
    'fonctionnalites',
    'fonctionnalités',
    'caracteristiques',
    'caractéristiques',
    'funciones',
    'caracteristicas',
    'características',
    'recursos',
    'funcionalidades',
    'funzionalita',
    'funzionalità',
    'caratteristiche',
    'funktionen',
    'merkmale',
    'functies',
    'mogelijkheden',
    'kenmerken',
    'funzioni',
    'fonctions',
    'funktioner',
    'funkcje',
    'ozellikler',
    'özellikler',
    'возможности',
    'функции',
    '機能',
    '特徴',
    '特長',
    '功能',
    '特性',
    '特点',
    '기능',
    '특징',
    'tinh-nang',
    'tính-năng',
    'fitur',
    'funkciok',
    'funkciók',
    'come-funziona',
    'vantaggi',
    'como-funciona',
    'vantagens',
    'beneficios',
    'benefícios',
    'ventajas',
    'comment-ca-marche',
    'avantages',
    'vorteile',
    'funktionsumfang',
    'leistungsumfang',
    'so-funktionierts',
    'hoe-werkt-het',
    'voordelen',
    'functionaliteiten',
    'funkcjonalnosci',
    'funkcjonalności',
    'mozliwosci',
    'możliwości',
    'zalety',
    'jak-to-dziala',
    'nasil-calisir',
    'avantajlar',
    'keunggulan',
    'cara-kerja',
    'layanan',
    'fordelar',
    'fördelar',
    'egenskaper',
    'sa-fungerar-det',
    'så-fungerar-det',
    'funkce',
    'vlastnosti',
    'vyhody',
    'výhody',
    'sluzby',
    'služby',
    'jak-to-funguje',
    'functionalitati',
    'funcționalități',
    'functii',
    'funcții',
    'caracteristici',
    'avantaje',
    'beneficii',
    'cum-functioneaza',
    'cum-funcționează',
    'servicii',
  ],
  faq: [
    'faq',
    'faqs',
    'help',
    'questions',
    'support',
    'aide',
    'ayuda',
    'ajuda',
    'aiuto',
    'hilfe',
    'preguntas-frecuentes',
    'perguntas-frequentes',
    'domande-frequenti',
    'questions-frequentes',
    'foire-aux-questions',
    'haeufige-fragen',
    'häufige-fragen',
    'haeufig-gestellte-fragen',
    'häufig-gestellte-fragen',
    'veelgestelde-vragen',
    'vragen',
    'hulp',
    'soporte',
    'suporte',
    'supporto',
    'q&a',
    'vanliga-fragor',
    'vanliga-frågor',
    'fragor-och-svar',
    'frågor-och-svar',
    'pytania',
    'czeste-pytania',
    'częste-pytania',
    'sss',
    'sikca-sorulan-sorular',
    'sıkça-sorulan-sorular',
    'вопросы',
    'часто-задаваемые-вопросы',
    'чаво',
    'よくある質問',
    'よくあるご質問',
    '常见问题',
    '常見問題',
    '자주-묻는-질문',
    'ヘルプ',
    '帮助',
    '幫助',
    '도움말',
    'cau-hoi-thuong-gap',
    'câu-hỏi-thường-gặp',
    'pertanyaan-umum',
    'tanya-jawab',
    'gyik',
    'gyakori-kerdesek',
    'gyakori-kérdések',
    'domande',
    'domande-e-risposte',
    'assistenza',
    'perguntas',
    'duvidas',
    'dúvidas',
    'duvidas-frequentes',
    'dúvidas-frequentes',
    'preguntas',
    'dudas',
    'centro-de-ayuda',
    'questions-fréquentes',
    'fragen',
    'fragen-und-antworten',
    'veel-gestelde-vragen',
    'pomoc',
    'najczestsze-pytania',
    'najczęstsze-pytania',
    'najczesciej-zadawane-pytania',
    'najczęściej-zadawane-pytania',
    'yardim',
    'yardım',
    'destek',
    'bantuan',
    'pusat-bantuan',
    'hjalp',
    'hjälp',
    'fragor',
    'frågor',
    'casto-kladene-dotazy',
    'často-kladené-dotazy',
    'dotazy',
    'otazky',
    'otázky',
    'napoveda',
    'nápověda',
    'podpora',
    'intrebari-frecvente',
    'întrebări-frecvente',
    'intrebari',
    'întrebări',
    'ajutor',
  ],
  team: [
    'team',
    'people',
    'founders',
    'leadership',
    'equipe',
    'équipe',
    'equipo',
    'squadra',
    'ons-team',
    'unser-team',
    'notre-equipe',
    'nuestro-equipo',
    'nossa-equipe',
    'fondateurs',
    'fundadores',
    'fondatori',
    'gruender',
    'gründer',
    'teamet',
    'zespol',
    'zespół',
    'ekip',
    'ekibimiz',
    'команда',
    'チーム',
    '团队',
    '團隊',
    '팀',
    'メンバー',
    '成员',
    '成員',
    '창업자',
    'doi-ngu',
    'đội-ngũ',
    'tim-kami',
    'csapat',
    'csapatunk',
    'il-team',
    'il-nostro-team',
    'equipa',
    'nossa-equipa',
    'a-equipa',
    'notre-équipe',
    'oprichters',
    'nasz-zespol',
    'nasz-zespół',
    'zalozyciele',
    'założyciele',
    'takim',
    'takım',
    'kurucular',
    'tim',
    'pendiri',
    'grundare',
    'vart-team',
    'vårt-team',
    'tym',
    'tým',
    'nas-tym',
    'náš-tým',
    'zakladatele',
    'zakladatelé',
    'echipa',
    'echipă',
    'echipa-noastra',
    'echipa-noastră',
  ],
  contact: [
    'contact',
    'contact-us',
    'get-in-touch',
    'nous-contacter',
    'contacto',
    'contato',
    'contatti',
    'kontakt',
    'contactez-nous',
    'contacteer-ons',
    'contactanos',
    'contáctanos',
    'fale-conosco',
    'contattaci',
    'kontakta-oss',
    'iletisim',
    'iletişim',
    'контакты',
    'お問い合わせ',
    'お問合せ',
    '联系我们',
    '聯絡我們',
    '문의',
    '문의하기',
    '連絡先',
    '联系',
    '聯絡',
    '연락처',
    'lien-he',
    'liên-hệ',
    'kontak',
    'hubungi-kami',
    'kapcsolat',
    'contatto',
    'scrivici',
    'contactos',
    'contatos',
    'contacte-nos',
    'entre-em-contato',
    'contáctenos',
    'contactenos',
    'nous-joindre',
    'kontaktiere-uns',
    'kontaktieren-sie-uns',
    'neem-contact-op',
    'napisz-do-nas',
    'skontaktuj-sie',
    'skontaktuj-się',
    'bize-ulasin',
    'bize-ulaşın',
    'hubungi',
    'kontakta',
    'kontakty',
    'napiste-nam',
    'napište-nám',
    'contacteaza-ne',
    'contactează-ne',
  ],
  blog: [
    'blog',
    'news',
    'changelog',
    'updates',
    'actualites',
    'noticias',
    'notizie',
    'nieuws',
    'neuigkeiten',
    'aktuelles',
    'novidades',
    'novita',
    'novità',
    'nyheter',
    'aktualnosci',
    'aktualności',
    'haberler',
    'duyurular',
    'новости',
    'ブログ',
    'ニュース',
    'お知らせ',
    '博客',
    '新闻',
    '블로그',
    '뉴스',
  ],
  press: [
    'press',
    'media',
    'newsroom',
    'press-kit',
    'presse',
    'prensa',
    'imprensa',
    'stampa',
    'pers',
    'プレス',
    '보도자료',
  ],
} as const;
/** Words of scripts written without spaces, or with particles attached (Korean): found inside a link's text. */
const JOINED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
export type PageKind = keyof typeof PAGE_KINDS | 'homepage' | 'page';

/** A path as written, "/料金" rather than "/%E6%96%99%E9%87%91". */
function decodedPath(url: URL): string {
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    return url.pathname;
  }
}

/** A URL's host name without a leading www: the same site either way. */
export const bareHost = (u: URL) => u.hostname.replace(/^www\./, '');

/** Same site: the same host and port, ignoring a leading www (and http against https). */
export const sameSite = (a: URL, b: URL) => bareHost(a) === bareHost(b) && a.port === b.port;

/**
 * The last segment of a path without its extension and language suffix: "contact.ja.html", "contact.html.fr" and
 * "contact.ja" (copies a server picks by language) are all "contact".
 */
function lastSegment(segments: string[]): string {
  let last = segments[segments.length - 1] ?? '';
  for (let i = 0; i < 2; i++) {
    const m = /^(.+)\.([a-z]{2}(?:[-_][a-z]{2,4})?|html?|php|aspx?)$/.exec(last);
    if (!m || (!/^(html?|php|aspx?)$/.test(m[2]) && !LANGUAGES.has(m[2].slice(0, 2)))) break;
    last = m[1];
  }
  return last;
}

/** A link text as words: lower case, hyphens and punctuation as spaces ("Qui sommes-nous ?" → "qui sommes nous"). */
const linkWords = (text: string) =>
  text
    .toLowerCase()
    // "İletişim" lower-cases to "i̇letişim" (an i and a combining dot): the dot goes, so it reads as "iletişim".
    .replace(/\u0307/g, '')
    .replace(/[^\p{L}\p{N}&]+/gu, ' ')
    .trim();

/**
 * Words that name different pages in different languages: Portuguese "recursos" are features, Spanish "recursos" are
 * resources (guides and posts). On a site whose language is known, the word is read in it.
 */
const FALSE_FRIENDS: Record<string, Record<string, PageKind>> = { recursos: { es: 'blog' } };

export function kindOf(url: URL, linkText = '', language: string | null = null): PageKind | null {
  const kind = kindByWords(url, linkText);
  if (!kind || !language) return kind;
  const word = [lastSegment(decodedPath(url).toLowerCase().split('/').filter(Boolean)), linkWords(linkText)].find(
    (w) => w in FALSE_FRIENDS,
  );
  return (word && FALSE_FRIENDS[word][language.slice(0, 2)]) || kind;
}

function kindByWords(url: URL, linkText = ''): PageKind | null {
  const path = decodedPath(url).toLowerCase().replace(/\/+$/, '');
  if (path === '' || path === '/index.html') return 'homepage';
  const segments = path.split('/').filter(Boolean);
  const last = lastSegment(segments);
  if (segments.length === 1 && /^index$/.test(last)) return 'homepage';
  const text = linkWords(linkText);
  for (const [kind, words] of Object.entries(PAGE_KINDS)) {
    // Shallow paths only: /pricing, /company/about — not every blog article.
    if (segments.length <= 2 && words.some((w) => last === w || last.startsWith(`${w}-`))) return kind as PageKind;
  }
  for (const [kind, words] of Object.entries(PAGE_KINDS)) {
    // Link texts in these scripts run words together ("料金プラン", "기능을 소개합니다"): a word counts inside a short one.
    // A few characters around the word, beside a name in Latin letters ("Acmeの特徴"); not a sentence that mentions it.
    const rest = text.replace(/[\p{Script=Latin}\d\s]+/gu, '');
    const within = (w: string) =>
      JOINED_SCRIPT.test(w) && rest.length <= w.length + 6 && text.includes(w.replace(/-/g, ' '));
    if (segments.length <= 2 && words.some((w) => text === linkWords(w) || within(w))) return kind as PageKind;
  }
  return segments.length <= 2 ? kindInShortText(text) : null;
}

/**
 * A link text of two or three words that holds the word of one kind of page and of no other: "Preise & Pakete",
 * "Planes y precios", "Tarifs et abonnements", "About us". Two kinds ("Team pricing", "Product blog") say nothing.
 */
function kindInShortText(text: string): PageKind | null {
  const words = text.split(' ').filter(Boolean);
  if (words.length < 2 || words.length > 3) return null;
  const kinds = new Set<PageKind>();
  for (const [kind, list] of Object.entries(PAGE_KINDS))
    if (list.some((w) => !w.includes('-') && words.includes(w))) kinds.add(kind as PageKind);
  return kinds.size === 1 ? [...kinds][0] : null;
}

/** Where a candidate link was found: it sets the page's rank before any penalty. */
export type LinkSource = 'nav' | 'footer' | 'body' | 'script' | 'sitemap';
export interface Candidate {
  href: string;
  text: string;
  source: LinkSource;
}
/** Why a page was ranked where it is, lowest last. */
export type Rank = 'nav' | 'footer' | 'body' | 'script' | 'sitemap' | 'legal' | 'other-language' | 'account';
const RANK_ORDER: Rank[] = ['nav', 'footer', 'body', 'script', 'sitemap', 'legal', 'other-language', 'account'];

export interface RankedPage {
  url: string;
  kind: PageKind;
  rank: Rank;
}
export interface RejectedLink {
  url: string;
  reason: string;
}

/** Files that are not web pages, known by their extension: never fetched. */
const NOT_HTML =
  /\.(pdf|zip|gz|tgz|bz2|xz|7z|rar|tar|dmg|exe|msi|pkg|deb|rpm|apk|appimage|iso|img|bin|png|jpe?g|gif|webp|avif|svg|ico|bmp|tiff?|mp[34]|m4a|mov|avi|webm|ogg|wav|flac|css|js|mjs|map|json|xml|rss|atom|txt|csv|tsv|xlsx?|docx?|pptx?|odt|ods|epub|woff2?|ttf|otf|eot|wasm|ics|vcf)$/i;
/** Pages a visitor uses rather than reads: signing in, carts, accounts. */
const ACCOUNT_WORDS =
  /^(log-?in|sign-?in|sign-?up|signup|register|registration|log-?out|sign-?out|cart|basket|checkout|account|my-account|dashboard|password|reset-password|forgot-password|auth|oauth|sso|join|subscribe|unsubscribe|download|downloads)$/;
/**
 * Legal boilerplate, in the languages founders write in: it may still state facts (a license, an imprint's address),
 * so it is read, but last (an imprint first among them: see TELLING_WORDS). Words of scripts without spaces are found
 * inside the segment or link text. A colophon (colofon) is not legal text: it says who made the site, and is read
 * with the pages of its rank.
 */
const LEGAL_WORDS =
  /^(privacy|privacy-policy|privacy-notice|privacy-statement|terms|tos|terms-of-service|terms-of-use|terms-and-conditions|conditions|cookies?|cookie-policy|cookie-settings|legal|legal-notices?|license|licence|licensing|imprint|impressum|disclaimer|gdpr|dpa|data-protection|acceptable-use|aup|eula|trademark|trademarks|datenschutz|datenschutzerklaerung|datenschutzerklärung|agb|nutzungsbedingungen|mentions-legales|mentions-légales|politique-de-confidentialite|politique-de-confidentialité|confidentialite|confidentialité|cgu|cgv|conditions-generales|conditions-générales|aviso-legal|informacion-legal|información-legal|politica-de-privacidad|política-de-privacidad|privacidad|terminos|términos|terminos-y-condiciones|términos-y-condiciones|politica-de-privacidade|política-de-privacidade|privacidade|termos|termos-de-uso|termos-de-servico|termos-de-serviço|note-legali|informativa-privacy|termini|termini-e-condizioni|termini-di-servizio|condizioni|privacybeleid|privacyverklaring|gebruiksvoorwaarden|algemene-voorwaarden|voorwaarden|cookiebeleid|integritetspolicy|anvandarvillkor|användarvillkor|villkor|polityka-prywatnosci|polityka-prywatności|regulamin|gizlilik|gizlilik-politikasi|gizlilik-politikası|kullanim-kosullari|kullanım-koşulları|kunye|künye|informazioni-legali|termos-e-condicoes|termos-e-condições|nota-prawna|polityka-cookies|kvkk|cerez-politikasi|çerez-politikası|kebijakan-privasi|syarat-dan-ketentuan|syarat-ketentuan|personuppgiftspolicy|cookiepolicy|ochrana-osobnich-udaju|ochrana-osobních-údajů|obchodni-podminky|obchodní-podmínky|podminky|podmínky|politica-de-confidentialitate|politica-de-confidențialitate|confidentialitate|confidențialitate|termeni|termeni-si-conditii|termeni-și-condiții|политика-конфиденциальности|пользовательское-соглашение|условия-использования)$/;
const LEGAL_JOINED =
  /プライバシー|利用規約|個人情報|特定商取引法|隐私|隱私|服务条款|服務條款|用户协议|用戶協議|使用条款|개인정보|이용약관/u;
const isLegal = (text: string) => LEGAL_WORDS.test(linkWords(text).replace(/ /g, '-')) || LEGAL_JOINED.test(text);

/** Language codes sites put first in a path (/de/…, /pt-br/…). */
const LANGUAGES = new Set(
  'ar bg bn ca cs da de el en es et eu fa fi fr ga gl he hi hr hu hy id is it ja ka kk ko lt lv mk ms mt nb nl nn no pl pt ro ru sk sl sq sr sv sw ta th tl tr uk ur uz vi zh'.split(
    ' ',
  ),
);

/** The first path segment when it names a language (`de`, `pt-br`, `zh_hans`), its primary subtag. */
export function languageOfPath(url: URL): string | null {
  const first = url.pathname.split('/').filter(Boolean)[0]?.toLowerCase() ?? '';
  const m = /^([a-z]{2})(?:[-_][a-z]{2,4})?$/.exec(first);
  return m && LANGUAGES.has(m[1]) ? m[1] : null;
}

/** One address per page: no fragment, no query (tracking and sort parameters), no trailing slash or index file. */
export function pageKey(url: URL): string {
  const path = url.pathname.replace(/\/index\.html?$/i, '/').replace(/\/+$/, '') || '/';
  return `${bareHost(url)}:${url.port}${path}`;
}

function rankOf(url: URL, text: string, source: LinkSource, homeLanguage: string | null): Rank {
  const segments = decodedPath(url)
    .toLowerCase()
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/\.html?$/, ''));
  if (segments.some((s) => ACCOUNT_WORDS.test(s))) return 'account';
  const language = languageOfPath(url);
  if (language && language !== homeLanguage) return 'other-language';
  if (segments.some(isLegal) || isLegal(text)) return 'legal';
  return source;
}

/**
 * Orders a small site's pages for reading: the pages its main navigation (`<nav>`, `<header>`)
 * links to, then its footer's, then the other links found on its pages, then those only its scripts name
 * (navigation drawn by JavaScript, router tables), then what only the sitemap lists — each group in the order found. Sign-in, cart and account pages come last, after copies
 * in another language, after legal pages (which may still state a license or an address).
 * Off-site links are ignored; links to files that are not web pages are returned as rejected.
 */
export function rankPages(
  home: URL,
  candidates: Candidate[],
  opts: { homeLanguage?: string | null; exclude?: Iterable<string> } = {},
): { ranked: RankedPage[]; rejected: RejectedLink[] } {
  // The home page's own language: in its path (/ja/), else declared (`<html lang>`). The path wins: a translated
  // page often keeps its template's `lang="en"`, but /ja/ is where the site put its Japanese pages.
  const homeLanguage = languageOfPath(home) ?? ((opts.homeLanguage ?? '').slice(0, 2) || null);
  const seen = new Set<string>([pageKey(home), ...(opts.exclude ?? [])]);
  const found: (RankedPage & { order: number; telling: boolean })[] = [];
  const rejected: RejectedLink[] = [];
  for (const c of candidates) {
    let u: URL;
    try {
      u = new URL(c.href);
    } catch {
      continue;
    }
    if (!/^https?:$/.test(u.protocol) || !sameSite(u, home)) continue;
    u.hash = '';
    u.search = '';
    const key = pageKey(u);
    if (seen.has(key)) continue;
    seen.add(key);
    const ext = NOT_HTML.exec(u.pathname);
    if (ext) {
      rejected.push({ url: u.toString(), reason: `not an HTML page (.${ext[1].toLowerCase()})` });
      continue;
    }
    const kind = kindOf(u, c.text, homeLanguage) ?? 'page';
    found.push({
      url: u.toString(),
      kind,
      rank: rankOf(u, c.text, c.source, homeLanguage),
      telling: isTelling(u, c.text, kind),
      order: found.length,
    });
  }
  found.sort(
    (a, b) =>
      RANK_ORDER.indexOf(a.rank) - RANK_ORDER.indexOf(b.rank) ||
      Number(b.telling) - Number(a.telling) ||
      a.order - b.order,
  );
  // A menu of many pages in one folder ("/tools/merge", "/tools/split"… twenty times) would use up the pages a site is
  // read in: after the first few of a folder, its other ordinary pages wait until every other page has had its turn.
  const perFolder = new Map<string, number>();
  const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);
  // Pages of a folder already taken count too: the ranking is made again as pages are read.
  for (const key of opts.exclude ?? []) {
    const folder = folderOf(key.slice(key.indexOf('/')));
    if (folder !== '/') perFolder.set(folder, (perFolder.get(folder) ?? 0) + 1);
  }
  const first: typeof found = [];
  const later: typeof found = [];
  for (const f of found) {
    const folder = folderOf(new URL(f.url).pathname.replace(/\/+$/, ''));
    const n = f.telling || folder === '/' ? 0 : (perFolder.get(folder) ?? 0) + 1;
    if (n) perFolder.set(folder, n);
    (n > FOLDER_SHARE ? later : first).push(f);
  }
  return { ranked: [...first, ...later].map(({ url, kind, rank }) => ({ url, kind, rank })), rejected };
}

/** Ordinary pages of one folder read before the pages of other folders and ranks have had their turn. */
const FOLDER_SHARE = 3;

/** Pages that usually state facts about the product itself, read first among pages of the same rank. */
const TELLING_KINDS: readonly PageKind[] = ['about', 'pricing', 'features', 'faq', 'team', 'contact'];
/** An announcement or the story of the project: where founders and the why are named. */
const TELLING_WORDS =
  /\b(faq|questions|announc\w*|introduc\w*|why|story|launch\w*|hello-world|welcome|about|team|founders?|pricing|features?|license|licence|imprint|impressum|mentions-l[eé]gales|aviso-legal|note-legali|informazioni-legali|colofon|colophon|künye|kvkk)\b/i;
/** The same in Chinese, Japanese and Korean, whose words have no boundaries `\b` knows. */
const TELLING_JOINED =
  /よくある質問|会社概要|特定商取引法|料金|機能|特徴|チーム|常见问题|常見問題|关于我们|關於我們|价格|功能|团队|자주 묻는 질문|회사소개|가격|기능|팀/u;

function isTelling(url: URL, text: string, kind: PageKind): boolean {
  if (TELLING_KINDS.includes(kind)) return true;
  const last = decodedPath(url).split('/').filter(Boolean).pop() ?? '';
  return (
    TELLING_WORDS.test(last.replace(/\.html?$/i, '').replace(/[_.]/g, '-')) ||
    TELLING_WORDS.test(text) ||
    TELLING_JOINED.test(`${last} ${text}`)
  );
}

/** Where a link stands on its page, from its landmark hints (PageLink.within). */
export function linkSource(within: string | undefined): LinkSource {
  const words = ` ${within ?? ''} `;
  if (/ footer /.test(words)) return 'footer';
  if (/ (nav|navbar|menu|header) /.test(words)) return 'nav';
  return 'body';
}
