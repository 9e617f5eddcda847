import type { TextBlock } from '../../crawler/page-text.js';
import type { Evidence } from '../evidence.js';
import type { Proposal } from '../draft-content.js';
import { countryFromCode, countryFromDemonym, countryFromLocalDemonym, countryFromName } from './countries.js';
import { cityInCjkAddress, countriesOfCity, isKnownCity } from './gazetteer.js';
import { ldNodes, ldObjects, ldString, organizations } from './json-ld.js';
import { sectionsNamed } from './outline.js';
import { cuePattern } from './text-units.js';
import {
  isOtherPeoplesWords,
  pagesOfKind,
  propose,
  quoteLine,
  quoteOn,
  readText,
  type SiteView,
  type ViewPage,
} from './site-view.js';

interface Found {
  value: string;
  evidence: Evidence | null;
  /** For a city: the country the same statement or address names, which the city must lie in. */
  country?: string;
  /** A municipality read from the structure of an address (prefecture, district, 町), which the gazetteer may lack. */
  municipality?: boolean;
}

/**
 * "based in Lisbon, Portugal", "headquartered in Austin, Texas, USA", "located in Berlin", "founded in 2021 in Porto,
 * Portugal", and the same in French, German, Spanish, Portuguese and Italian: "basée à Lyon", "mit Sitz in Köln",
 * "con sede en Madrid", "com sede em Lisboa", "con sede a Milano". Not "started in": "Get started in minutes".
 */
const BASED_IN =
  /(?<![\p{L}])(?:(?:based|headquartered|located|hq'?d?|headquarters(?: are| is)?|offices?(?: are| is)?|(?:we were |was )?founded(?:\s+in\s+\d{4})?|started\s+in\s+\d{4})\s+in|operated (?:out of|from|in)|run (?:out of|from)|bas[ée]e?s? à|situ[ée]e?s? à|implant[ée]e?s? à|(?:dont le |notre |son )?si[èe]ge(?: social)? (?:est )?(?:à|:)|(?:mit )?(?:Haupt)?sitz in|ansässig in|con sede (?:central |social )?(?:en|a|in)|ubicad[oa]s? en|radicad[oa]s? en|com sede em|sediad[oa]s? em|basat[oa] a|huvudkontor(?:et)? (?:ligger )?i|med säte i|(?:är )?baserade i|gevestigd in|hoofdkantoor (?:is )?in|z siedzibą w|siedziba (?:firmy )?(?:znajduje się )?w|se sídlem v|cu sediul (?:social )?în|berbasis di|berkantor (?:pusat )?di|штаб-квартира (?:находится )?в|базируется в|с офисом в)\s+(?!\d{4}(?![\p{L}\d]))(?:the |la |le |l')?([^.;!?\n()]{2,80})/iu;
const PLACE_END =
  /\s+(?:and|with|since|where|who|but|for|from|to|as|we|our|serving|et|und|y|e|ed|en|och|oraz|ve|и|avec|mit|con|com|depuis|seit|desde|dal|où|wo|donde|onde|dove)\s+.*$|\s*[–—|].*$/i;
/** Whose place a "based in" gives when its subject is someone else: customers, users and servers are somewhere too. */
const SOMEONE_ELSE =
  /\b(?:customers?|clients?|users?|partners?|investors?|members?|employees|staff|contributors?|developers|freelancers|servers?|data ?cent(?:er|re)s?|hosting|hosted|stored|infrastructure|regions?|clientes|kunden|utilisateurs|usuarios|utenti|serveurs?|Server|servidores|gehostet|hébergée?s?|alojad[oa]s?)\b[^.;!?]*$/iu;
/** Regions that are not a city or a country. */
const NOT_CITIES =
  /^(the )?(eu|europe|asia|africa|north america|south america|latin america|oceania|middle east|nordics|scandinavia|world|cloud|remote|uk|us|usa)$/i;
const CITY_LIKE = /^\p{Lu}[\p{L}'’.]*(?:[ -]\p{L}[\p{L}'’.]*){0,3}$/u;

/** "1100-063 Lisbon" → "Lisbon", "London EC1V 9HX" → "London": words holding digits are postcodes or numbers. */
const withoutPostcode = (part: string) =>
  part
    .split(/\s+/)
    .filter((w) => !/\d/.test(w))
    .join(' ')
    .trim();
const cityLike = (s: string) => s.length <= 40 && CITY_LIKE.test(s) && !NOT_CITIES.test(s) && !countryFromName(s);
/** States and provinces: "incorporated in Delaware" names where the company is registered, not a city. */
const JURISDICTIONS = new RegExp(
  `^(?:${[
    'Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|Idaho|Illinois',
    'Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri',
    'Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma',
    'Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington',
    'West Virginia|Wisconsin|Wyoming|Ontario|Quebec|British Columbia|Alberta|England|Wales|Scotland|Bavaria|Bayern',
  ].join('|')})$`,
  'i',
);

/** Country and city from the parts of a place or address, read from the end: "…, Lisbon, Portugal". */
function readPlace(parts: string[]): { country?: string; countryPart?: string; city?: string } {
  const clean = parts.map((p) => p.trim()).filter(Boolean);
  let i = clean.length - 1;
  const country = i >= 0 ? countryFromName(withoutPostcode(clean[i]) || clean[i]) : null;
  const countryPart = country ? clean[i] : undefined;
  if (country) i--;
  // US-style "Austin, TX 78701": skip the state to reach the city.
  while (i >= 0 && /^[A-Z]{2}$/.test(withoutPostcode(clean[i]))) i--;
  // "28232 Las Rozas de Madrid, Madrid, España": the name after the postcode is the city; a part after it is its
  // province or region.
  const afterPostcode = clean
    .slice(0, i + 1)
    .map((p) => /^(?:[A-Z]{1,2}-)?\d{4,5}\s+(\p{L}.*)$/u.exec(p)?.[1])
    .filter((p): p is string => !!p && cityLike(p))
    .pop();
  const cityCandidate = afterPostcode ?? (i >= 0 ? withoutPostcode(clean[i]) : '');
  return { ...(country ? { country, countryPart } : {}), ...(cityLike(cityCandidate) ? { city: cityCandidate } : {}) };
}

const writtenOnPage = (site: SiteView, place: string) =>
  site.pages.some((p) => p.blocks.some((b) => b.text.toLowerCase().includes(place.toLowerCase())));

function fromJsonLd(site: SiteView, countries: Found[], cities: Found[]) {
  for (const org of organizations(ldNodes(site.pages))) {
    // "address": "Musterstraße 1, 10115 Berlin, Germany": an address written as one string.
    const line = ldString(org.data, 'address');
    if (line) {
      const place = readPlace(line.split(','));
      const evidence = quoteOn(org.page, 'head', line);
      if (place.country) countries.push({ value: place.country, evidence });
      if (place.city && writtenOnPage(site, place.city))
        cities.push({ value: place.city, evidence, country: place.country });
    }
    for (const addr of [
      ...ldObjects(org.data, 'address'),
      ...ldObjects(org.data, 'location').flatMap((l) => ldObjects(l, 'address')),
    ]) {
      const rawCountry =
        ldString(addr, 'addressCountry') ??
        ldObjects(addr, 'addressCountry')
          .map((c) => ldString(c, 'name'))
          .find(Boolean);
      const code = rawCountry ? countryFromCode(rawCountry) : null;
      if (rawCountry && code) countries.push({ value: code, evidence: quoteOn(org.page, 'head', rawCountry) });
      const locality = ldString(addr, 'addressLocality');
      // A place only the structured data declares (a theme's sample address) must also be written on a page.
      if (locality && cityLike(locality) && writtenOnPage(site, locality))
        cities.push({ value: locality, evidence: quoteOn(org.page, 'head', locality), country: code ?? undefined });
    }
  }
}

function fromStatements(pages: ViewPage[], countries: Found[], cities: Found[]) {
  for (const page of pages) {
    if (!BASED_IN.test(readText(page))) continue;
    for (const b of page.blocks) {
      if (isOtherPeoplesWords(b) || b.text.length > 3000) continue;
      const m = BASED_IN.exec(b.text);
      // A booth or a talk is located somewhere too: events say where the company goes, not where it is.
      if (!m || /\b(booth|stand|conference|meetup|event|visit us at)\b/i.test(b.text)) continue;
      if (
        SOMEONE_ELSE.test(
          b.text
            .slice(0, m.index)
            .split(/[.!?]\s/)
            .pop() ?? '',
        )
      )
        continue;
      const place = readPlace(m[1].replace(PLACE_END, '').split(','));
      const evidence = quoteLine(page, b.text, m.index, m[0].length);
      if (place.country) countries.push({ value: place.country, evidence });
      if (place.city) cities.push({ value: place.city, evidence, country: place.country });
    }
  }
}

/** Postal addresses: <address> lines, or a line on the contact page that ends with a country and holds a number. */
function fromAddresses(pages: ViewPage[], countries: Found[], cities: Found[]) {
  for (const page of pages) {
    const groups: TextBlock[][] = [];
    let current: TextBlock[] = [];
    for (const b of page.blocks) {
      const isAddress = b.tag === 'address' || /\baddress\b/.test(b.within);
      if (isAddress && !isOtherPeoplesWords(b)) current.push(b);
      else if (current.length) {
        groups.push(current);
        current = [];
      }
      if (
        !isAddress &&
        page.kind === 'contact' &&
        /\d/.test(b.text) &&
        b.text.includes(',') &&
        b.text.length <= 200 &&
        !isOtherPeoplesWords(b)
      )
        groups.push([b]);
    }
    if (current.length) groups.push(current);
    for (const lines of groups) {
      const parts = lines.flatMap((l) => l.text.split(','));
      const place = readPlace(parts);
      // Without a country the parts cannot be told apart: "Rua do Ouro 112" is not a city.
      if (!place.country) continue;
      const quotes = (value: string | undefined) =>
        lines.filter((l) => value && l.text.includes(value)).map((l) => quoteLine(page, l.text));
      if (place.country && place.countryPart)
        for (const e of quotes(place.countryPart.trim())) countries.push({ value: place.country, evidence: e });
      if (place.city)
        for (const e of quotes(place.city)) cities.push({ value: place.city, evidence: e, country: place.country });
    }
  }
}

/** Legal forms and the countries whose law they belong to; the first group names one country by itself. */
const LEGAL_FORMS: [RegExp, string[]][] = [
  [/\b501\(c\)\(\d{1,2}\)/, ['US']],
  [/\bUG \(haftungsbeschränkt\)/, ['DE']],
  [/\be\.\s?V\./, ['DE']],
  [/\bgGmbH\b/, ['DE']],
  [/\bOÜ\b/, ['EE']],
  [/\bsp\. z o\.\s?o\./i, ['PL']],
  [/\bKft\./, ['HU']],
  [/\bPty\.? Ltd\b/, ['AU']],
  [/\bGmbH\b|\bGbR\b|\bKG\b/, ['DE', 'AT', 'CH']],
  [/\b(?:Ltd|Limited|LLP|plc|CIC)\b/, ['GB', 'IE']],
  [/\b(?:Inc|LLC|Corp)\b/, ['US', 'CA']],
  [/\b(?:SAS|SARL|S\.A\.S\.|S\.A\.R\.L\.)\b/, ['FR', 'BE', 'LU', 'CH']],
  [/\b[BN]\.V\./, ['NL', 'BE']],
  [/\bOy\b/, ['FI']],
  [/\bApS\b|\bA\/S\b/, ['DK', 'NO']],
  [/\bS\.r\.l\.|\bS\.p\.A\./i, ['IT']],
  [/\bS\.L\.(?:U\.)?/, ['ES']],
  [/\bLtda\b/, ['BR']],
  [/(?<![\p{L}])A\.Ş\./u, ['TR']],
  [/\bLda\b/, ['PT']],
  [/\bs\.r\.o\./, ['CZ', 'SK']],
];
/** Whether a text names a company by its legal form (GmbH, Ltd, Inc, S.r.l., SAS…). */
export const namesLegalForm = (text: string) =>
  LEGAL_FORMS.some(([re]) => re.test(text)) || /株式会社|有限会社|有限公司|주식회사/u.test(text);

/** "registered in England and Wales", "incorporated in Delaware, USA", "Sitz in Berlin". */
const REGISTERED_IN =
  /\b(?:(?:registered|incorporated|domiciled|established|organi[sz]ed)(?: (?:office|seat|address))?(?: (?:in|under the laws of))|(?:service|company|site|business) is (?:operated|run|based) (?:out of|from|in)) (?:the )?(?!\d{4}\b)([^.;!?\n()]{2,80})|\bSitz(?: in|:) ([^.;!?\n()]{2,60})/i;
/** "a US 501(c)(3) non-profit", "a German non-profit", "a Dutch foundation", "a UK-registered company". */
const NATIONALITY =
  /\b(?:an?|the|is)\s+((?:south |new )?\p{L}[\p{L}.]*)(?:[- ]registered|[- ]based)?\s+(?:(?:registered|small|independent|public benefit|limited|private|tax-exempt|software|tech(?:nology)?|open[- ]source)\s+)*(501\(c\)\(\d{1,2}\)|non-?profit|not-for-profit|charity|charitable|company|corporation|startup|start-up|business|foundation|association|organi[sz]ation|co-?operative|GmbH|entity)\b/iu;
/**
 * The company saying its nationality in its own language, after a verb of being: "Somos uma plataforma brasileira", "En
 * tant qu'entreprise suisse", "Acme es una empresa mexicana", "Wir sind ein Schweizer Start-up", "Acme ist ein
 * deutsches Unternehmen", "Acme is een Nederlands bedrijf", "Acme är ett svenskt företag", "Jesteśmy polską firmą".
 */
const BEING =
  '(?:somos|sommes|sont|est|es|son|é|são|è|sono|siamo|ist|sind|is|zijn|är|jesteśmy|jest|como|comme|come|als)\\s+';
const NATIONALITY_LOCAL = new RegExp(
  [
    `(?<![\\p{L}])(?:${BEING}(?:une?|una?|uma|um|la|el|a|l['’])\\s*|en tant qu['’]\\s*)(?:entreprise|société|start-?up|jeune pousse|plateforme|marque|empresa|compañía|sociedad|plataforma|startup|marca|azienda|società|impresa|piattaforma)\\s+(\\p{L}+)`,
    `(?<![\\p{L}])${BEING}(?:ein(?:e|es)?|een|het|ett|en)\\s+(\\p{L}+)\\s+(?:Unternehmen|Firma|Start-?up|Softwareunternehmen|Plattform|bedrijf|onderneming|startup|platform|företag|bolag|plattform)(?![\\p{L}])`,
    `(?<![\\p{L}])(?:${BEING})?(polsk\\p{L}*|türk)\\s+(?:firm\\p{L}*|spółk\\p{L}*|startup\\p{L}*|platform\\p{L}*|şirket\\p{L}*|girişim\\p{L}*)`,
  ].join('|'),
  'iu',
);

/** "Berlin-based", "UK-based": a place written as one adjective. */
const PLACE_BASED = /\b(\p{Lu}[\p{L}.]*(?:[ -]\p{Lu}[\p{L}.]*){0,2})-based\b/u;

/** Legal-entity statements: nationality, a registration place, a legal form that fixes or agrees with the country. */
function fromLegalEntity(pages: ViewPage[], countries: Found[], cities: Found[]) {
  for (const page of pages) {
    const text = readText(page);
    if (
      !/501\(c\)|registered|incorporated|domiciled|established|organi[sz]ed|operated|Sitz|-based|non-?profit|not-for-profit|charit|company|corporation|foundation|association|GmbH|OÜ|UG|e\.\s?V\.|sp\. z|Kft|Pty|entreprise|société|start-?up|plat+[ae]?form|empresa|compañía|sociedad|azienda|società|impresa|Unternehmen|Firma|bedrijf|onderneming|företag|bolag|spółk|şirket|girişim/i.test(
        text,
      )
    )
      continue;
    for (const b of page.blocks) {
      // A fiscal sponsor or host is another organisation: its nationality is not the project's.
      if (
        isOtherPeoplesWords(b) ||
        b.text.length > 3000 ||
        /fiscal(?:ly)? (?:sponsor|host)|member project of|hosted by/i.test(b.text)
      )
        continue;
      const quote = (m: RegExpExecArray) => quoteLine(page, b.text, m.index, m[0].length);
      const forms = LEGAL_FORMS.filter(([re]) => re.test(b.text));
      const allowed = forms.length ? forms[0][1] : null;
      let country: string | null = null;
      let evidence: Evidence | null = null;
      const nationality = NATIONALITY.exec(b.text);
      const nat = nationality ? (countryFromDemonym(nationality[1]) ?? countryFromName(nationality[1])) : null;
      if (nationality && nat) {
        country = nat;
        evidence = quote(nationality);
      }
      const local = country ? null : NATIONALITY_LOCAL.exec(b.text);
      const localNat = local ? countryFromLocalDemonym(local[1] ?? local[2] ?? local[3]) : null;
      if (local && localNat) {
        country = localNat;
        evidence = quote(local);
      }
      const registered = REGISTERED_IN.exec(b.text);
      if (registered) {
        const place = readPlace((registered[1] ?? registered[2]).replace(PLACE_END, '').split(','));
        const city = place.city && !JURISDICTIONS.test(place.city) ? place.city : undefined;
        // A city gives the country only when the legal form on the same line allows one country it lies in.
        const cityCountries = city && allowed ? countriesOfCity(city).filter((c) => allowed.includes(c)) : [];
        if (!country && place.country) {
          country = place.country;
          evidence = quote(registered);
        } else if (!country && cityCountries.length === 1) {
          country = cityCountries[0];
          evidence = quoteLine(page, b.text);
        }
        if (city)
          cities.push({
            value: city,
            evidence: quote(registered),
            country: place.country ?? (cityCountries.length === 1 ? cityCountries[0] : undefined),
          });
      }
      const based = PLACE_BASED.exec(b.text);
      if (based) {
        const place = readPlace([based[1]]);
        if (!country && place.country) {
          country = place.country;
          evidence = quote(based);
        }
      }
      if (!country && forms.length && forms[0][1].length === 1) {
        const m = forms[0][0].exec(b.text)!;
        country = forms[0][1][0];
        evidence = quoteLine(page, b.text, m.index, m[0].length);
      }
      if (country) countries.push({ value: country, evidence });
    }
  }
}

/** An imprint ("Impressum", legal notice) states the publisher's postal address: "10115 Berlin", and a country or the
 *  German postcode form. */
const IMPRINT = /\b(impressum|imprint|legal notice|mentions l[ée]gales|aviso legal|note legali|colophon|colofon)\b/i;
/** Legal pages of any kind, where a company writes its registered address: imprints, terms, privacy notices. */
const LEGAL_PAGE = cuePattern(
  'impressum|imprint|legal|legal notice|mentions l[ée]gales|aviso legal|note legali|informazioni legali|colophon|colofon|privacy|privacidad|privacidade|confidentialité|datenschutz|terms|cgu|cgv|condiciones|termos|termini|agb|integritetspolicy|polityka prywatności|regulamin|gizlilik|kvkk|политика конфиденциальности',
  '特定商取引法|会社概要|プライバシー|利用規約|关于我们|隐私|隱私|회사소개|개인정보',
);
/** The German laws that require an imprint (§ 5 TMG, since 2024 § 5 DDG), cited in German or English. */
const GERMAN_IMPRINT_LAW =
  /(§\s*5\s*(?:TMG|DDG)\b|\bsection 5 (?:TMG|DDG)\b|\bTelemedia Act\b|\bTelemediengesetz\b|\bDigitale-Dienste-Gesetz\b|\bDigital Services Act \(DDG\))/i;
const POSTCODE_CITY = /(?:^|,\s*|\s)(?:[A-Z]{1,2}-)?(\d{4,5})\s+(\p{Lu}[\p{L}'’.-]+(?:[ -]\p{L}[\p{L}'’.-]*){0,2})/u;
function fromImprint(pages: ViewPage[], countries: Found[], cities: Found[]) {
  for (const page of pages) {
    // An imprint page, or an imprint section of any page (single-page sites put it in a panel).
    const wholePage =
      IMPRINT.test(page.title) ||
      IMPRINT.test(new URL(page.url).pathname) ||
      page.blocks.slice(0, 30).some((b) => /^h[1-3]$/.test(b.tag) && IMPRINT.test(b.text));
    const section = wholePage ? null : sectionsNamed(page.blocks, IMPRINT)[0];
    if (!wholePage && !section) continue;
    // German imprints, also when written in English: "Information in accordance with section 5 TMG".
    const isImpressum =
      /impressum/i.test(
        `${page.title} ${page.url} ${
          section
            ? page.blocks[section.heading].text
            : page.blocks
                .slice(0, 30)
                .map((b) => b.text)
                .join(' ')
        }`,
      ) ||
      (section ? page.blocks.slice(section.start, section.start + 40) : page.blocks.slice(0, 200)).some((b) =>
        GERMAN_IMPRINT_LAW.test(b.text),
      );
    // The address may stand under a sub-heading of its own ("Address"): the lines after the heading, not just its
    // extent.
    const lines = section ? page.blocks.slice(section.start, section.start + 40) : page.blocks.slice(0, 200);
    for (let i = 0; i < lines.length; i++) {
      const b = lines[i];
      if (b.text.length > 200 || isOtherPeoplesWords(b)) continue;
      const m = POSTCODE_CITY.exec(b.text);
      if (!m) continue;
      // "10829 Berlin Germany": a country after the city is not part of it.
      const words = m[2].replace(/[.,]$/, '').split(' ');
      while (words.length > 1 && countryFromName(words.slice(1).join(' '))) words.pop();
      // "28231 Las Rozas de Madrid, Madrid": the longest name the gazetteer knows, up to the comma.
      const city = knownPrefix(b.text.slice(m.index + m[0].length - m[2].length)) ?? words.join(' ');
      // The country on the same line or the next two, else the German postcode of an Impressum.
      let country: Found | null = null;
      for (const near of [b, lines[i + 1], lines[i + 2]].filter(Boolean)) {
        const named = near.text
          .split(/,|\s[-–—|·]\s/)
          .map((p) => withoutPostcode(p))
          .map((p) => countryFromName(p))
          .find(Boolean);
        if (named) {
          country = { value: named, evidence: quoteLine(page, near.text) };
          break;
        }
      }
      if (!country && isImpressum && m[1].length === 5)
        country = { value: 'DE', evidence: quoteLine(page, b.text, m.index, m[0].length) };
      if (!country) continue;
      countries.push(country);
      if (cityLike(city))
        cities.push({ value: city, evidence: quoteLine(page, b.text, m.index, m[0].length), country: country.value });
      return;
    }
    // An imprint without a postcode may still name the publisher's country on a line of its own ("Deutschland").
    for (const b of lines.slice(0, 60)) {
      const country = b.text.length <= 40 && !isOtherPeoplesWords(b) ? countryFromName(b.text.trim()) : null;
      if (country) {
        countries.push({ value: country, evidence: quoteLine(page, b.text) });
        return;
      }
    }
  }
}

/** The longest run of words at the start of `text` (up to a comma or bracket) that is a city the gazetteer knows. */
/** What completes a town's name after it: "an der Donau", "am Main", "im Breisgau", "sur Mer". */
const TOWN_QUALIFIER = /^(?:am|an der|im|in der|ob der|bei|sur|upon|on)\s+\p{Lu}[\p{L}-]+$/u;

/** The word for city (or province) that Vietnamese addresses write before the name. */
const CITY_WORD = /^(Thành phố|TP\.?|Tỉnh)\s+(.+)$/u;

function knownPrefix(text: string, country?: string): string | null {
  // "Thành phố Hồ Chí Minh", "TP. Hà Nội": a city written with the word for city before it, kept as written.
  const titled = CITY_WORD.exec(text);
  if (titled) {
    const city = knownPrefix(titled[2], country);
    if (city) return `${titled[1]} ${city}`;
  }
  const words = text.split(/[,(;]/)[0].trim().split(/\s+/).slice(0, 5);
  for (let n = words.length; n >= 1; n--) {
    const name = words.slice(0, n).join(' ').replace(/[.,]$/, '');
    if (!cityLike(name) || !isKnownCity(name, country)) continue;
    // "Vilshofen an der Donau", "Weil am Rhein": the town's full name, its river or region after "an der", "am", "im",
    // "ob der", as the address writes it, though the gazetteer lists the short one.
    const rest = words.slice(n).join(' ').replace(/[.,]$/, '');
    const after = rest.split(/\s+/);
    const qualifier = [2, 3].map((k) => after.slice(0, k).join(' ')).find((q) => TOWN_QUALIFIER.test(q));
    return qualifier ? `${name} ${qualifier}` : name;
  }
  return null;
}

/** A five-digit postcode inside a line, then the place to its end: "Levent Mah. No:1 34330 Beşiktaş/İstanbul". */
const INNER_POSTCODE = /(?<=\s)(\d{5})\s+(\p{Lu}[^\d,]{1,60})$/u;
/** A British postcode after the town: "London EC1V 9HX". */
const UK_POSTCODE = /^(\p{Lu}[\p{L}' -]{1,40}?)\s+([A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})$/u;
/** A postcode: "20154", "1010", "171 48", "00-950", "1100-063", "1012 AB", "05425-020". */
const POSTCODE = /^(?:[A-Z]{1,2}-)?(?:\d{4,5}|\d{3} \d{2}|\d{2}-\d{3}|\d{4,5}-\d{3}|\d{4} ?[A-Z]{2})$/;
/** The sentences of a long footer line that may be an address: "… All rights reserved. (CNPJ …) Rua X, 215 - Pinheiros,
 *  São Paulo - SP, 05425-020." */
const addressSentences = (text: string) =>
  text.length <= 200
    ? [text]
    : text.length > 1000
      ? []
      : text.split(/(?<=[.!?)])\s+(?=\p{Lu})/u).filter((x) => x.length <= 200 && /\d/.test(x));
/** Legal forms that name one country by themselves (the first group of LEGAL_FORMS, and Italy's S.p.A./S.r.l.). */
const ONE_COUNTRY_FORM = LEGAL_FORMS.filter(([, cs]) => cs.length === 1);

/**
 * A registered address in a footer, an address block, a contact page or a legal page: "PagoPA S.p.A., Piazza Colonna
 * 370, Roma, 00187 IT", "Via Tazzoli 11, 20154 Milano (MI), Italia". It needs a postcode, a country (named, as its
 * ISO code after the postcode, or by a legal form of one country) and a city the gazetteer knows in that country.
 */
function fromPostalLines(pages: ViewPage[], countries: Found[], cities: Found[], nearby = false): boolean {
  for (const page of pages) {
    const legalPage = LEGAL_PAGE.test(`${page.title} ${decodeURI(new URL(page.url).pathname).replace(/[-_]/g, ' ')}`);
    for (const [i, b] of page.blocks.entries()) {
      if (isOtherPeoplesWords(b) || !/\d/.test(b.text)) continue;
      const where =
        page.kind === 'contact' || legalPage || /\b(footer|address)\b/.test(b.within) || b.tag === 'address';
      if (!where) continue;
      for (const line of addressSentences(b.text))
        if (postalLine(page, b, line, i, countries, cities, nearby)) return true;
    }
  }
  return false;
}

/** One address line of block `b` (the block itself, or a sentence of a long one): see fromPostalLines. */
function postalLine(
  page: ViewPage,
  b: TextBlock,
  line: string,
  i: number,
  countries: Found[],
  cities: Found[],
  nearby: boolean,
): boolean {
  const parts = line.split(/,|\s[-–—|·]\s/).map((x) => x.trim().replace(/\.$/, ''));
  let postcodeAt = parts.findIndex((x) => POSTCODE.test(x.split(/\s+/)[0] ?? '') || POSTCODE.test(x));
  if (postcodeAt < 0) {
    // A postcode inside a part, then the place to its end ("… No:1 34330 Beşiktaş/İstanbul"), or a British one after
    // the town ("London EC1V 9HX"): the part is read from the postcode on, the town after it.
    postcodeAt = parts.findIndex((x) => INNER_POSTCODE.test(x) || UK_POSTCODE.test(x));
    if (postcodeAt < 0) return false;
    const inner = INNER_POSTCODE.exec(parts[postcodeAt]);
    const uk = UK_POSTCODE.exec(parts[postcodeAt]);
    // (The British code is set aside as a number: what follows it is the town.)
    parts[postcodeAt] = inner ? `${inner[1]} ${inner[2]}` : `0 ${uk![1]}`;
  }
  // The country: a part naming it, an ISO code after the postcode ("00187 IT"), or a legal form of one country.
  let country: string | null = null;
  for (const x of parts) country ??= countryFromName(withoutPostcode(x) || x);
  const code = /^\S+(?:\s\d{2,3})?\s([A-Z]{2})$/.exec(parts[postcodeAt]);
  if (!country && code) country = countryFromCode(code[1]);
  if (!country) country = ONE_COUNTRY_FORM.find(([form]) => form.test(b.text))?.[1][0] ?? null;
  // A legal form of a few countries ("GmbH": DE, AT, CH) with a city that lies in only one of them.
  const forms = country ? [] : (LEGAL_FORMS.find(([form]) => form.test(b.text))?.[1] ?? []);
  // An address written a part a line ("Acme S.r.l." / "Via Roma 1" / "20154 Milano (MI)" / "Italia"): the lines
  // around the postcode's name the country, or the company's legal form does.
  const around = nearby
    ? page.blocks.slice(Math.max(0, i - 3), i + 3).filter((x) => x !== b && x.text.length <= 80)
    : [];
  for (const x of around) country ??= countryFromName(x.text.trim());
  for (const x of around) country ??= ONE_COUNTRY_FORM.find(([form]) => form.test(x.text))?.[1][0] ?? null;
  // The city: after the postcode in its part ("20154 Milano (MI)"), or the part just before it ("Roma, 00187"); of
  // "Beşiktaş/İstanbul", the last.
  const after = parts[postcodeAt]
    .replace(/^(?:[A-Z]{1,2}-)?(?:\d{3} \d{2}|\d{4} ?[A-Z]{2}(?![\p{L}])|[\d-]+)\s*/u, '')
    .split('/')
    .pop()!
    .trim();
  if (!country && forms.length) {
    const place = after ? knownPrefix(after) : null;
    const inForm = place ? countriesOfCity(place).filter((c) => forms.includes(c)) : [];
    if (place && inForm.length === 1) {
      const evidence = quoteLine(page, b.text);
      countries.push({ value: inForm[0], evidence });
      cities.push({ value: place, evidence, country: inForm[0] });
      return true;
    }
  }
  if (!country) return false;
  // "São Paulo - SP, 05425-020": a state's code may stand between the city and the postcode.
  const before = postcodeAt > 1 && /^[A-Z]{2}$/.test(parts[postcodeAt - 1]) ? postcodeAt - 2 : postcodeAt - 1;
  const city =
    (after && knownPrefix(after, country)) ||
    (before >= 0 && knownPrefix(withoutPostcode(parts[before]), country)) ||
    null;
  if (!city) return false;
  const evidence = quoteLine(page, b.text);
  countries.push({ value: country, evidence });
  cities.push({ value: city, evidence, country });
  return true;
}

/** "San Francisco, CA 94114": a US city, state and ZIP code, wherever an own page writes it. */
const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC'.split(
    ' ',
  ),
);
const US_ADDRESS = /\b(\p{Lu}[\p{L}.]+(?: \p{Lu}[\p{L}.]+){0,2}), ([A-Z]{2}) \d{5}(?:-\d{4})?\b/u;
function fromUsAddresses(pages: ViewPage[], countries: Found[], cities: Found[]) {
  for (const page of pages) {
    if (!/, [A-Z]{2} \d{5}/.test(readText(page))) continue;
    for (const b of page.blocks) {
      if (isOtherPeoplesWords(b) || b.text.length > 300) continue;
      const m = US_ADDRESS.exec(b.text);
      if (!m || !US_STATES.has(m[2]) || !cityLike(m[1])) continue;
      const evidence = quoteLine(page, b.text, m.index, m[0].length);
      countries.push({ value: 'US', evidence });
      cities.push({ value: m[1], evidence, country: 'US' });
    }
  }
}

/** Labels of a postal address in Japanese, Chinese and Korean company profiles (会社概要, 公司简介, 회사 소개). */
const CJK_ADDRESS_LABEL =
  /^(?:本社所在地|本店所在地|所在地|本社|本店|会社住所|住所|公司地址|总部地址|總部地址|办公地址|辦公地址|地址|总部|總部|본사 주소|회사 주소|본사|주소|소재지)\s*[:：]?/u;
/** "总部位于深圳", "本社は東京都…", "東京都渋谷区に本社", "본사는 서울에", "서울에 본사를 둔": a statement of the head office. */
const CJK_HEAD_OFFICE = /(?:总部|總部)(?:位于|位於|设在|設在)|本社(?:は|を|が)|に本社|본사(?:는|가)|에 본사/u;
const CJK_ADDRESS_HINT = /所在地|本社|本店|住所|地址|总部|總部|주소|본사|소재지|〒/u;
/** A Japanese postcode: the line is a postal address. */
const JAPANESE_POSTCODE = /〒\s?\d{3}-?\d{4}/u;

/** Cities of Japanese, Chinese and Korean addresses: a labelled address (所在地, 地址, 주소), a line with a 〒 postcode,
 *  a head-office statement. Only names the gazetteer's table of CJK city names knows. */
function fromCjkAddresses(pages: ViewPage[], cities: Found[], countries?: Found[]) {
  for (const page of pages) {
    // One scan of the page first: most pages hold none of these words.
    if (!CJK_ADDRESS_HINT.test(readText(page))) continue;
    page.blocks.forEach((b, i) => {
      if (isOtherPeoplesWords(b) || b.text.length > 300) return;
      const labelled = CJK_ADDRESS_LABEL.exec(b.text);
      const previous = i > 0 ? page.blocks[i - 1].text.trim() : '';
      const underLabel =
        previous.length <= 8 && CJK_ADDRESS_LABEL.test(previous) && previous.replace(CJK_ADDRESS_LABEL, '') === '';
      const office = CJK_HEAD_OFFICE.exec(b.text);
      if (!labelled && !underLabel && !office && !JAPANESE_POSTCODE.test(b.text)) return;
      // After the label or "总部位于", else before "に本社" / "에 본사".
      const from = labelled ? labelled[0].length : office ? office.index + office[0].length : 0;
      let found = cityInCjkAddress(b.text.slice(from));
      let at = from;
      if (!found && office) {
        found = cityInCjkAddress(b.text.slice(0, office.index));
        at = 0;
      }
      if (found)
        cities.push({ value: found.city, evidence: quoteLine(page, b.text, at + found.index, found.city.length) });
      // A Japanese address starts with its prefecture: the country, and the municipality after it (past a 郡 district)
      // when the gazetteer knows no city there ("愛媛県伊予郡砥部町…" → 砥部町).
      const jp = JAPANESE_PREFECTURE_ADDRESS.exec(b.text.slice(from));
      if (jp && countries) {
        const evidence = quoteLine(page, b.text, from + jp.index, jp[0].length);
        countries.push({ value: 'JP', evidence });
        if (!found && jp[2]) cities.push({ value: jp[2], evidence, country: 'JP', municipality: true });
      }
    });
  }
}

/** The 47 prefectures of Japan, then an optional district (郡) and a municipality (市, 町, 村). */
const JAPANESE_PREFECTURE_ADDRESS = new RegExp(
  `(${[
    '北海道|青森県|岩手県|宮城県|秋田県|山形県|福島県|茨城県|栃木県|群馬県|埼玉県|千葉県|東京都|神奈川県|新潟県|富山県',
    '石川県|福井県|山梨県|長野県|岐阜県|静岡県|愛知県|三重県|滋賀県|京都府|大阪府|兵庫県|奈良県|和歌山県|鳥取県|島根県',
    '岡山県|広島県|山口県|徳島県|香川県|愛媛県|高知県|福岡県|佐賀県|長崎県|熊本県|大分県|宮崎県|鹿児島県|沖縄県',
  ].join('|')})(?:\\p{Script=Han}{1,4}郡)?(\\p{Script=Han}{1,5}[市町村])?`,
  'u',
);

/**
 * A footer or copyright line that ends on where the company is, "© 2025 Acme - Kyoto, Japan.", "Made with ♥ in
 * Lisbon, Portugal", "Acme GmbH · Berlin · Germany": a city the gazetteer knows in the country named right after it.
 * Only the line's last two parts: a place in the middle of a footer sentence may be anything.
 */
function fromFooterPlace(pages: ViewPage[], countries: Found[], cities: Found[]) {
  for (const page of pages) {
    for (const b of page.blocks) {
      if (b.text.length > 160 || isOtherPeoplesWords(b)) continue;
      if (!/\bfooter\b/.test(b.within) && !/©|\(c\)|copyright/i.test(b.text)) continue;
      const parts = b.text
        .replace(/[\s.!]+$/u, '')
        .split(/,|\s[-–—|·•]\s/)
        .map((x) => x.trim());
      if (parts.length < 2) continue;
      const country = countryFromName(parts[parts.length - 1]);
      if (!country) continue;
      // "… in Kyoto", "… - Kyoto": the words at the end of the part before the country.
      const words = parts[parts.length - 2].split(/\s+/);
      let city: string | null = null;
      for (let n = Math.min(3, words.length); n >= 1 && !city; n--) {
        const name = words.slice(-n).join(' ');
        if (!cityLike(name) || !isKnownCity(name, country)) continue;
        // "…, Thành phố Hồ Chí Minh, Việt Nam": the word for city before it belongs to the name as written.
        const titled = [2, 1].map((k) => words.slice(-(n + k)).join(' ')).find((w) => CITY_WORD.test(w));
        city = titled && CITY_WORD.exec(titled)?.[2] === name ? titled : name;
      }
      if (!city) continue;
      const at = b.text.lastIndexOf(city);
      const evidence = quoteLine(page, b.text, at, b.text.length - at);
      countries.push({ value: country, evidence });
      cities.push({ value: city, evidence, country });
      return;
    }
  }
}

/** "Address:", "Adresse :", "Dirección:", "Endereço:", "Indirizzo:", "Anschrift:", "Adres:", "Адрес:": a line that
 *  gives a postal address by its label. */
/** A cell or term that is only an address label: "Anschrift", "Adresse :", "Address", "Dirección". */
const ADDRESS_LABEL_CELL =
  /^(?:(?:postal |registered |office )?address|adresse|anschrift|postanschrift|direcci[óo]n|domicilio|endereço|morada|indirizzo|sede(?: legale| social| operativa)?|siège(?: social)?|sitz|firmensitz|bezoekadres|postadres|siedziba|besöksadress|postadress|alamat|sídlo|sediu(?:l)?(?: social)?|adresă|adres|adress|adresa|адрес|địa chỉ|cím|osoite)\s*[:：]?$/iu;
const ADDRESS_LABEL =
  /^[^\p{L}\p{N}]*(?:(?:postal |registered |office |our )?address|adresse|anschrift|postanschrift|direcci[óo]n|domicilio|endereço|morada|indirizzo|sede(?: legale| social| operativa)?|siège(?: social)?|sitz|firmensitz|bezoekadres|postadres|siedziba|besöksadress|postadress|alamat|sídlo|sediu(?:l)?(?: social)?|adresă|adres|adress|adresa|адрес|địa chỉ|cím|osoite)\s*[:：]\s*/iu;

/**
 * A labelled address line: "Adresse : Acme, Service client, Genève, Suisse" (a city the gazetteer knows in the country
 * named at the end), "Adres: Mina Sk. No:1 44100 Battalgazi/Malatya" (without a country, the last known place after
 * the postcode when only one country has it).
 */
function fromLabelledAddress(pages: ViewPage[], countries: Found[], cities: Found[]) {
  for (const page of pages) {
    for (const [i, b] of page.blocks.entries()) {
      if (b.text.length > 250 || isOtherPeoplesWords(b)) continue;
      const label = ADDRESS_LABEL.exec(b.text);
      if (label) {
        if (labelledPlace(b.text.slice(label[0].length), [quoteLine(page, b.text)], countries, cities)) return;
        continue;
      }
      // An imprint table or list: the label in its cell ("Anschrift", "Adresse", "Address"), the address in the next
      // one or two ("Musterstraße 1" / "10115 Berlin, Deutschland").
      if (!ADDRESS_LABEL_CELL.test(b.text)) continue;
      const [first, second] = page.blocks.slice(i + 1, i + 3);
      if (!first || first.text.length > 200 || isOtherPeoplesWords(first)) continue;
      const joined = second && !/\d{4}/.test(first.text) && second.text.length <= 80 && /\d/.test(second.text);
      const rest = joined ? `${first.text}, ${second.text}` : first.text;
      const evidence = [
        quoteLine(page, first.text),
        joined ? quoteLine(page, second.text) : null,
        quoteLine(page, b.text),
      ];
      if (labelledPlace(rest, evidence, countries, cities)) return;
    }
  }
}

/** The place of a labelled address: the country named at its end and the city before it, or without a country the
 *  last known place after the postcode when only one country has it. */
function labelledPlace(rest: string, quotes: (Evidence | null)[], countries: Found[], cities: Found[]): boolean {
  const evidence = quotes.find((q) => q) ?? null;
  const parts = rest.split(/,|\s[-–—|·]\s/).map((x) => x.trim().replace(/[.]$/, ''));
  const country = countryFromName(withoutPostcode(parts[parts.length - 1] ?? '') || '');
  if (country) {
    const place = parts.length >= 2 ? knownPrefix(withoutPostcode(parts[parts.length - 2]), country) : null;
    // "10115 Berlin": the city after the postcode in the part before the country.
    const afterCode =
      parts.length >= 2 ? /^(?:[A-Z]{1,2}-)?\d{4,5}\s+(.+)$/u.exec(parts[parts.length - 2])?.[1] : undefined;
    const city = place ?? (afterCode ? knownPrefix(afterCode, country) : null);
    countries.push({ value: country, evidence });
    if (city) cities.push({ value: city, evidence, country });
    return true;
  }
  // "44100 Battalgazi/Malatya": the places after the postcode, the last (the province's city) first.
  const after = /(?:^|\s)\d{4,5}\s+([^,]+)$/u.exec(rest)?.[1];
  for (const name of (after ?? '').split(/\s*\/\s*/).reverse()) {
    const only = cityLike(name) ? countriesOfCity(name) : [];
    if (only.length !== 1) continue;
    countries.push({ value: only[0], evidence });
    cities.push({ value: name, evidence, country: only[0] });
    return true;
  }
  return false;
}

/**
 * A sign-off that ends on where the company works from: "… desde Ciudad de México", "Software from Ljubljana", "… aus
 * Leipzig". Not "made with love in Berlin": the trap test's rule, a line of affection is no address.
 */
const SIGN_OFF_PLACE =
  /(?<![\p{L}])(?:[Ff]rom|[Dd]esde|[Dd]epuis|[Aa]us|[Vv]anuit|[Ff]rån|[Dd]alla|[Dd]al)\s+(\p{Lu}[\p{L}'’-]*(?:\s+(?:de|del|do|da|di|am|an|upon|on)?\s*\p{Lu}[\p{L}'’-]*){0,3})\s*[.!]?$/u;

function fromSignOff(pages: ViewPage[], cities: Found[]) {
  for (const page of pages) {
    for (const b of page.blocks) {
      if (b.text.length > 140 || isOtherPeoplesWords(b)) continue;
      // Where a company signs off: its footer, its hero or brand line ("flights from London" or "made with love in
      // Berlin" in a page's text are not where it is).
      if (!/\b(?:footer|hero|brand|header|banner)\b/.test(b.within)) continue;
      const m = SIGN_OFF_PLACE.exec(b.text);
      // A state is no city ("developed in California").
      if (!m || !cityLike(m[1]) || JURISDICTIONS.test(m[1]) || !isKnownCity(m[1])) continue;
      cities.push({ value: m[1], evidence: quoteLine(page, b.text, m.index, m[0].length) });
      return;
    }
  }
}

/** The city a place names: itself when the gazetteer knows it (in `country`), else its words before a lower-case word
 *  that goes on with the sentence ("München entwickelt Software" → München, "Frankfurt am Main bietet" → Frankfurt am
 *  Main). */
function knownCity(place: string, country?: string): string | null {
  if (isKnownCity(place, country)) return place;
  const titled = CITY_WORD.exec(place);
  if (titled && isKnownCity(titled[2], country)) return place;
  const words = place.split(' ');
  for (let n = words.length - 1; n >= 1; n--) {
    const prefix = words.slice(0, n).join(' ');
    if (/^\p{Ll}/u.test(words[n]) && isKnownCity(prefix, country))
      // "Vilshofen an der Donau": a qualifier and a river or region complete the name; other words go on with the
      // sentence.
      return TOWN_QUALIFIER.test(words.slice(n).join(' ')) ? place : prefix;
  }
  return null;
}

/** The first value found, backed by every quote that states the same value. */
function choose(found: Found[]): Proposal<string> | undefined {
  const first = found.find((f) => f.evidence);
  return first
    ? propose(
        first.value,
        found.filter((f) => f.value === first.value).map((f) => f.evidence),
      )
    : undefined;
}

/** Where the company is: its JSON-LD address, "based in …" statements, postal addresses on its own pages. */
export function extractLocation(site: SiteView): { country?: Proposal<string>; city?: Proposal<string> } {
  const countries: Found[] = [];
  const cities: Found[] = [];
  const own = pagesOfKind(site, 'contact', 'about', 'homepage', 'team', 'page');
  fromJsonLd(site, countries, cities);
  // "located in", postal lines: only where the company speaks of itself; other pages place people and servers.
  const aboutUs = own.filter((p) => p.kind !== 'page');
  fromStatements(aboutUs, countries, cities);
  fromAddresses(aboutUs, countries, cities);
  fromLegalEntity(own, countries, cities);
  fromImprint(own, countries, cities);
  fromPostalLines(own, countries, cities);
  fromUsAddresses(own, countries, cities);
  fromCjkAddresses(own, cities, countries);
  fromFooterPlace(own, countries, cities);
  fromLabelledAddress(own, countries, cities);
  fromSignOff(own, cities);
  // An address written a part a line, its country on a line around it or in the company's legal form: only when
  // nothing else places the company (those lines may head another office's address).
  if (!countries.length && !cities.length) fromPostalLines(own, countries, cities, true);
  let country = choose(countries);
  // A city is one the gazetteer knows, in the country its own statement names, else in the site's country: never a
  // capitalised word that happened to follow "in".
  const city = choose(
    cities.flatMap((c) => {
      const known = c.municipality ? c.value : knownCity(c.value, c.country ?? country?.value);
      return known ? [{ ...c, value: known }] : [];
    }),
  );
  // "Head office in Solna": a city that only one country has places the company in that country.
  const only = city && !country ? countriesOfCity(city.value) : [];
  if (city && only.length === 1) country = propose(only[0], city.evidence);
  return { ...(country ? { country } : {}), ...(city ? { city } : {}) };
}
