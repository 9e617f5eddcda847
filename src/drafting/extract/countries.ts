/**
 * Country names to ISO 3166-1 alpha-2 codes, built from the runtime's own region names
 * (Intl.DisplayNames over AA…ZZ) rather than a package or a hand-kept list.
 */

/** Region codes the runtime names that are not countries of ISO 3166-1 (unions, private use, exceptional
 *  reservations). */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ', 'AC', 'CP', 'DG', 'EA', 'IC', 'TA', 'CQ']);
/** Everyday names the runtime does not give (it says "United States", "Czechia", "Türkiye"…). */
const ALIASES: Record<string, string> = {
  usa: 'US',
  'u.s.a.': 'US',
  us: 'US',
  'u.s.': 'US',
  'united states of america': 'US',
  uk: 'GB',
  'u.k.': 'GB',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  'czech republic': 'CZ',
  turkey: 'TR',
  holland: 'NL',
  'the netherlands': 'NL',
  korea: 'KR',
  'republic of korea': 'KR',
  uae: 'AE',
  burma: 'MM',
  myanmar: 'MM',
  'ivory coast': 'CI',
  "cote d'ivoire": 'CI',
  'republic of ireland': 'IE',
  'hong kong': 'HK',
  macau: 'MO',
  macao: 'MO',
  'the bahamas': 'BS',
  'the gambia': 'GM',
  'viet nam': 'VN',
  'russian federation': 'RU',
  // Names in the country's own language, as imprints write them.
  deutschland: 'DE',
  österreich: 'AT',
  schweiz: 'CH',
  suisse: 'CH',
  svizzera: 'CH',
  españa: 'ES',
  italia: 'IT',
  nederland: 'NL',
  sverige: 'SE',
  norge: 'NO',
  danmark: 'DK',
  suomi: 'FI',
  polska: 'PL',
  belgië: 'BE',
  belgique: 'BE',
  česko: 'CZ',
  eesti: 'EE',
  brasil: 'BR',
};

/** How a company's nationality is written: "a German non-profit", "a US 501(c)(3)". */
const DEMONYMS: Record<string, string> = {
  american: 'US',
  us: 'US',
  'u.s.': 'US',
  british: 'GB',
  english: 'GB',
  scottish: 'GB',
  welsh: 'GB',
  uk: 'GB',
  german: 'DE',
  french: 'FR',
  dutch: 'NL',
  swiss: 'CH',
  austrian: 'AT',
  canadian: 'CA',
  australian: 'AU',
  irish: 'IE',
  spanish: 'ES',
  italian: 'IT',
  portuguese: 'PT',
  swedish: 'SE',
  norwegian: 'NO',
  danish: 'DK',
  finnish: 'FI',
  polish: 'PL',
  czech: 'CZ',
  belgian: 'BE',
  estonian: 'EE',
  latvian: 'LV',
  lithuanian: 'LT',
  japanese: 'JP',
  indian: 'IN',
  brazilian: 'BR',
  israeli: 'IL',
  singaporean: 'SG',
  'new zealand': 'NZ',
  luxembourgish: 'LU',
  icelandic: 'IS',
  greek: 'GR',
  hungarian: 'HU',
  romanian: 'RO',
  ukrainian: 'UA',
  slovenian: 'SI',
  croatian: 'HR',
  korean: 'KR',
  'south korean': 'KR',
  taiwanese: 'TW',
  mexican: 'MX',
  argentinian: 'AR',
  argentine: 'AR',
  chilean: 'CL',
  colombian: 'CO',
  'south african': 'ZA',
  turkish: 'TR',
  bulgarian: 'BG',
  slovak: 'SK',
  serbian: 'RS',
  nigerian: 'NG',
  kenyan: 'KE',
  egyptian: 'EG',
  chinese: 'CN',
  vietnamese: 'VN',
  indonesian: 'ID',
  filipino: 'PH',
  thai: 'TH',
  malaysian: 'MY',
};
/**
 * The same in the languages founders write in, each form a country's adjective takes (masculine, feminine; the German,
 * Dutch and Swedish endings are stripped before lookup): "une entreprise suisse", "uma plataforma brasileira", "una
 * empresa mexicana", "ein deutsches Unternehmen", "een Nederlands bedrijf", "ett svenskt företag", "polska firma".
 */
const LOCAL_DEMONYMS: Record<string, string> = Object.fromEntries(
  Object.entries({
    FR: 'français française francés francesa francês francese französisch frans fransk francuska francuski fransız',
    DE: 'allemand allemande alemán alemana alemão alemã tedesco tedesca deutsch duits tysk niemiecka niemiecki alman',
    ES: 'espagnol espagnole español española espanhol espanhola spagnolo spagnola spanisch spaans spansk hiszpańska',
    IT: 'italien italienne italiano italiana italienisch italiaans italiensk włoska włoski italyan',
    PT: 'portugais portugaise portugués portuguesa português portoghese portugiesisch portugees portugisisk',
    BR: 'brésilien brésilienne brasileño brasileña brasileiro brasileira brasiliano brasiliana brasilianisch braziliaans',
    MX: 'mexicain mexicaine mexicano mexicana messicano messicana mexikanisch mexicaans',
    AR: 'argentin argentine argentino argentina argentinisch argentijns',
    CL: 'chilien chilienne chileno chilena chilenisch',
    CO: 'colombien colombienne colombiano colombiana kolumbianisch',
    PE: 'péruvien péruvienne peruano peruana',
    UY: 'uruguayen uruguayenne uruguayo uruguaya uruguaio uruguaia',
    CH: 'suisse suizo suiza suíço suíça svizzero svizzera schweizer schweizerisch zwitsers schweizisk szwajcarska',
    AT: 'autrichien autrichienne austriaco austriaca österreichisch oostenrijks österrikisk',
    BE: 'belge belga belgisch belgisk',
    NL: 'néerlandais néerlandaise neerlandés neerlandesa holandês holandesa olandese niederländisch nederlands holländsk',
    SE: 'suédois suédoise sueco sueca svedese schwedisch zweeds svensk szwedzka',
    NO: 'norvégien norvégienne noruego noruega norueguês norvegese norwegisch noors norsk',
    DK: 'danois danoise danés danesa dinamarquês danese dänisch deens dansk',
    FI: 'finlandais finlandaise finlandés finlandesa finlandês finlandese finnisch fins finsk',
    PL: 'polonais polonaise polaco polaca polonês polacco polacca polnisch pools polsk polska polski polskie',
    TR: 'turc turque turco turca türkisch turks turkisk türk',
    CA: 'canadien canadienne québécois québécoise canadiense canadense canadese kanadisch canadees',
    US: 'américain américaine estadounidense norteamericano norteamericana americano americana statunitense amerikanisch amerikaans',
    GB: 'britannique británico británica britânico britânica britannico britannica britisch brits brittisk',
    JP: 'japonais japonaise japonés japonesa japonês japonesa giapponese japanisch japans',
    CN: 'chinois chinoise chino china chinês chinesa cinese chinesisch chinees',
    KR: 'coréen coréenne coreano coreana sudcoreano sudcoreana südkoreanisch koreaans',
    MA: 'marocain marocaine marroquí marroquino marocchino',
    TN: 'tunisien tunisienne tunecino tunisino',
    SN: 'sénégalais sénégalaise',
    LU: 'luxembourgeois luxembourgeoise luxemburgués luxemburguesa lussemburghese luxemburgisch',
    IE: 'irlandais irlandaise irlandés irlandesa irlandês irlandese irisch iers',
    CZ: 'tchèque checo checa tcheco checo ceco tschechisch tsjechisch czeska czeski',
    ID: 'indonésien indonésienne indonesio indonesia indonésio indonesiano',
    VN: 'vietnamien vietnamienne vietnamita',
  }).flatMap(([code, forms]) => forms.split(' ').map((f) => [f, code])),
);
export const countryFromDemonym = (word: string): string | null => DEMONYMS[key(word)] ?? null;
/** A country adjective in another language, its German, Dutch and Swedish endings stripped ("deutsches" → deutsch). */
export function countryFromLocalDemonym(word: string): string | null {
  const w = key(word);
  return LOCAL_DEMONYMS[w] ?? LOCAL_DEMONYMS[w.replace(/(?:es|er|en|em|e|t|a)$/u, '')] ?? null;
}

let byName: Map<string, string> | null = null;
let codes: Set<string> | null = null;

const key = (name: string) => name.toLowerCase().replace(/[’`]/g, "'").replace(/\s+/g, ' ').trim();

/** The languages whose country names are read besides English ("Deutschland", "Việt Nam", "Brasil", "Suisse"): those
 *  founders write their addresses in. */
const NAME_LOCALES = ['fr', 'de', 'es', 'pt', 'it', 'nl', 'sv', 'pl', 'tr', 'ru', 'vi', 'hu', 'cs', 'da', 'nb', 'fi'];

function build() {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const local = NAME_LOCALES.map((l) => new Intl.DisplayNames([l], { type: 'region' }));
  byName = new Map();
  codes = new Set();
  const localNames: (readonly [string, string])[] = [];
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  for (const a of letters) {
    for (const b of letters) {
      const code = a + b;
      if (NOT_COUNTRIES.has(code)) continue;
      let name: string | undefined;
      try {
        // Deprecated codes (DD, UK, SU…) canonicalise to their successor: only the current code is kept.
        if (Intl.getCanonicalLocales(`und-${code}`)[0] !== `und-${code}`) continue;
        name = names.of(code);
      } catch {
        continue;
      }
      if (!name || name === code) continue;
      codes.add(code);
      byName.set(key(name), code);
      // "Myanmar (Burma)", "Hong Kong SAR China": the short form is how people write it.
      const short = name.replace(/\s*\(.*\)$/, '').replace(/ SAR China$/, '');
      if (!byName.has(key(short))) byName.set(key(short), code);
      localNames.push(...local.map((n) => [n.of(code) ?? '', code] as const));
    }
  }
  // English first: a local name never replaces an English one ("Georgia" stays the country English calls so).
  for (const [name, code] of localNames) {
    const short = name.replace(/\s*\(.*\)$/, '');
    if (short.length >= 4 && !byName.has(key(short))) byName.set(key(short), code);
  }
  for (const [alias, code] of Object.entries(ALIASES)) if (!byName.has(alias)) byName.set(alias, code);
}

/**
 * The ISO code for a country as written in prose or an address ("Portugal" → "PT", "USA" → "US").
 * Two-letter words other than US and UK are not read as codes: in "San Francisco, CA" CA is a state.
 */
export function countryFromName(name: string): string | null {
  if (!byName) build();
  const raw = name.trim().replace(/[.,;:!]+$/, '');
  if (raw.length <= 2 && raw !== 'US' && raw !== 'UK') return null;
  return byName!.get(key(raw)) ?? null;
}

/** A structured country value (JSON-LD addressCountry): an ISO code ("PT") or a name. */
export function countryFromCode(value: string): string | null {
  if (!codes) build();
  const raw = value.trim().toUpperCase();
  if (/^[A-Z]{2}$/.test(raw)) return codes!.has(raw) ? raw : raw === 'UK' ? 'GB' : null;
  return countryFromName(value);
}
