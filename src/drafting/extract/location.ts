import type { TextBlock } from '../../crawler/page-text.js';
import type { Evidence } from '../evidence.js';
import type { Proposal } from '../draft-content.js';
import { countryFromCode, countryFromName } from './countries.js';
import { ldNodes, ldObjects, ldString, organizations } from './json-ld.js';
import { isOtherPeoplesWords, pagesOfKind, propose, quoteLine, quoteOn, type SiteView, type ViewPage } from './site-view.js';

interface Found { value: string; evidence: Evidence | null }

/** "based in Lisbon, Portugal", "headquartered in Austin, Texas, USA", "located in Berlin", "founded in 2021 in Porto, Portugal". */
const BASED_IN = /\b(?:based|headquartered|located|hq'?d?|headquarters(?: are| is)?|offices?(?: are| is)?|(?:we were |was )?(?:founded|started)(?:\s+in\s+\d{4})?)\s+in\s+(?!\d{4}\b)([^.;!?\n()]{2,80})/i;
const PLACE_END = /\s+(?:and|with|since|where|who|but|for|from|to|as|we|our|serving)\s+.*$|\s*[–—|].*$/i;
/** Regions that are not a city or a country. */
const NOT_CITIES = /^(the )?(eu|europe|asia|africa|north america|south america|latin america|oceania|middle east|nordics|scandinavia|world|cloud|remote|uk|us|usa)$/i;
const CITY_LIKE = /^\p{Lu}[\p{L}'’.]*(?:[ -]\p{L}[\p{L}'’.]*){0,3}$/u;

/** "1100-063 Lisbon" → "Lisbon", "London EC1V 9HX" → "London": words holding digits are postcodes or numbers. */
const withoutPostcode = (part: string) => part.split(/\s+/).filter((w) => !/\d/.test(w)).join(' ').trim();
const cityLike = (s: string) => s.length <= 40 && CITY_LIKE.test(s) && !NOT_CITIES.test(s) && !countryFromName(s);

/** Country and city from the parts of a place or address, read from the end: "…, Lisbon, Portugal". */
function readPlace(parts: string[]): { country?: string; countryPart?: string; city?: string } {
  const clean = parts.map((p) => p.trim()).filter(Boolean);
  let i = clean.length - 1;
  const country = i >= 0 ? countryFromName(withoutPostcode(clean[i]) || clean[i]) : null;
  const countryPart = country ? clean[i] : undefined;
  if (country) i--;
  // US-style "Austin, TX 78701": skip the state to reach the city.
  while (i >= 0 && /^[A-Z]{2}$/.test(withoutPostcode(clean[i]))) i--;
  const cityCandidate = i >= 0 ? withoutPostcode(clean[i]) : '';
  return { ...(country ? { country, countryPart } : {}), ...(cityLike(cityCandidate) ? { city: cityCandidate } : {}) };
}

function fromJsonLd(site: SiteView, countries: Found[], cities: Found[]) {
  for (const org of organizations(ldNodes(site.pages))) {
    for (const addr of [...ldObjects(org.data, 'address'), ...ldObjects(org.data, 'location').flatMap((l) => ldObjects(l, 'address'))]) {
      const rawCountry = ldString(addr, 'addressCountry') ?? ldObjects(addr, 'addressCountry').map((c) => ldString(c, 'name')).find(Boolean);
      const code = rawCountry ? countryFromCode(rawCountry) : null;
      if (rawCountry && code) countries.push({ value: code, evidence: quoteOn(org.page, 'head', rawCountry) });
      const locality = ldString(addr, 'addressLocality');
      if (locality && cityLike(locality)) cities.push({ value: locality, evidence: quoteOn(org.page, 'head', locality) });
    }
  }
}

function fromStatements(pages: ViewPage[], countries: Found[], cities: Found[]) {
  for (const page of pages) {
    for (const b of page.blocks) {
      if (isOtherPeoplesWords(b) || b.text.length > 3000) continue;
      const m = BASED_IN.exec(b.text);
      if (!m) continue;
      const place = readPlace(m[1].replace(PLACE_END, '').split(','));
      const evidence = quoteLine(page, b.text, m.index, m[0].length);
      if (place.country) countries.push({ value: place.country, evidence });
      if (place.city) cities.push({ value: place.city, evidence });
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
      else if (current.length) { groups.push(current); current = []; }
      if (!isAddress && page.kind === 'contact' && /\d/.test(b.text) && b.text.includes(',') && b.text.length <= 200 && !isOtherPeoplesWords(b)) groups.push([b]);
    }
    if (current.length) groups.push(current);
    for (const lines of groups) {
      const parts = lines.flatMap((l) => l.text.split(','));
      const place = readPlace(parts);
      // Without a country the parts cannot be told apart: "Rua do Ouro 112" is not a city.
      if (!place.country) continue;
      const quotes = (value: string | undefined) => lines.filter((l) => value && l.text.includes(value)).map((l) => quoteLine(page, l.text));
      if (place.country && place.countryPart) for (const e of quotes(place.countryPart.trim())) countries.push({ value: place.country, evidence: e });
      if (place.city) for (const e of quotes(place.city)) cities.push({ value: place.city, evidence: e });
    }
  }
}

/** The first value found, backed by every quote that states the same value. */
function choose(found: Found[]): Proposal<string> | undefined {
  const first = found.find((f) => f.evidence);
  return first ? propose(first.value, found.filter((f) => f.value === first.value).map((f) => f.evidence)) : undefined;
}

/** Where the company is: its JSON-LD address, "based in …" statements, postal addresses on its own pages. */
export function extractLocation(site: SiteView): { country?: Proposal<string>; city?: Proposal<string> } {
  const countries: Found[] = [];
  const cities: Found[] = [];
  const own = pagesOfKind(site, 'contact', 'about', 'homepage', 'team');
  fromJsonLd(site, countries, cities);
  fromStatements(own, countries, cities);
  fromAddresses(own, countries, cities);
  const country = choose(countries);
  const city = choose(cities);
  return { ...(country ? { country } : {}), ...(city ? { city } : {}) };
}
