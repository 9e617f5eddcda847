/**
 * VAT on orders of digital services (electronically supplied services): pure decisions, no DB, no HTTP.
 *
 * Prices exclude VAT. The place of supply of a digital service is the customer's country:
 * - a consumer in the EU pays the standard VAT of their own country, whoever and wherever the seller is;
 * - a business in the EU that gives a VAT number of its own country self-accounts for VAT
 *   (reverse charge, 0 % on the invoice) unless it is in the seller's own country (domestic sale);
 * - a customer outside the EU pays no EU VAT.
 * Money is integer cents; VAT is rounded per line, half up (never summed first and rounded once).
 */
import jsvatModule, { type Country as JsvatCountry, type VatCheckResult } from 'jsvat';
import { countryFromCode } from '../../drafting/extract/countries.js';

// jsvat is CommonJS; under NodeNext its exports sit behind the default import (as ajv in
// src/validation/json-schema.ts).
const jsvat = ((jsvatModule as any).default ?? jsvatModule) as {
  checkVAT: (vat: string, countriesList?: ReadonlyArray<JsvatCountry>) => VatCheckResult;
  countries: ReadonlyArray<JsvatCountry>;
};

/**
 * Standard VAT rate of each EU member state, in basis points (1900 = 19 %), keyed by ISO 3166-1 alpha-2
 * (Greece is GR here; its VAT numbers use the prefix EL).
 *
 * Source: European Commission, "VAT rates applied in the Member States of the European Union".
 * Checked 2026-11-25: rates in force in 2026, including the changes of 2024–2025 (FI 24 → 25.5 % on
 * 2024-09-01, SK 20 → 23 % on 2025-01-01, EE 22 → 24 % on 2025-07-01, RO 19 → 21 % on 2025-08-01);
 * cross-checked against published secondary tables on that date. Re-check when a member state changes its rate.
 */
export const EU_STANDARD_RATES_BP: Readonly<Record<string, number>> = Object.freeze({
  AT: 2000, // Austria
  BE: 2100, // Belgium
  BG: 2000, // Bulgaria
  HR: 2500, // Croatia
  CY: 1900, // Cyprus
  CZ: 2100, // Czechia
  DK: 2500, // Denmark
  EE: 2400, // Estonia
  FI: 2550, // Finland
  FR: 2000, // France
  DE: 1900, // Germany
  GR: 2400, // Greece (VAT prefix EL)
  HU: 2700, // Hungary
  IE: 2300, // Ireland
  IT: 2200, // Italy
  LV: 2100, // Latvia
  LT: 2100, // Lithuania
  LU: 1700, // Luxembourg
  MT: 1800, // Malta
  NL: 2100, // Netherlands
  PL: 2300, // Poland
  PT: 2300, // Portugal
  RO: 2100, // Romania
  SK: 2300, // Slovakia
  SI: 2200, // Slovenia
  ES: 2100, // Spain
  SE: 2500, // Sweden
});

/** Country name, the adjective used before "VAT", and the national VAT number format (for error messages). */
const EU_COUNTRIES: Readonly<Record<string, { name: string; adjective: string; format: string }>> = {
  AT: { name: 'Austria', adjective: 'Austrian', format: 'ATU followed by 8 digits' },
  BE: { name: 'Belgium', adjective: 'Belgian', format: 'BE followed by 10 digits' },
  BG: { name: 'Bulgaria', adjective: 'Bulgarian', format: 'BG followed by 9 or 10 digits' },
  HR: { name: 'Croatia', adjective: 'Croatian', format: 'HR followed by 11 digits' },
  CY: { name: 'Cyprus', adjective: 'Cypriot', format: 'CY followed by 8 digits and a letter' },
  CZ: { name: 'Czechia', adjective: 'Czech', format: 'CZ followed by 8 to 10 digits' },
  DK: { name: 'Denmark', adjective: 'Danish', format: 'DK followed by 8 digits' },
  EE: { name: 'Estonia', adjective: 'Estonian', format: 'EE followed by 9 digits' },
  FI: { name: 'Finland', adjective: 'Finnish', format: 'FI followed by 8 digits' },
  FR: { name: 'France', adjective: 'French', format: 'FR followed by 2 check characters and 9 digits' },
  DE: { name: 'Germany', adjective: 'German', format: 'DE followed by 9 digits' },
  GR: { name: 'Greece', adjective: 'Greek', format: 'EL (not GR) followed by 9 digits' },
  HU: { name: 'Hungary', adjective: 'Hungarian', format: 'HU followed by 8 digits' },
  IE: { name: 'Ireland', adjective: 'Irish', format: 'IE followed by 7 digits and 1 or 2 letters' },
  IT: { name: 'Italy', adjective: 'Italian', format: 'IT followed by 11 digits' },
  LV: { name: 'Latvia', adjective: 'Latvian', format: 'LV followed by 11 digits' },
  LT: { name: 'Lithuania', adjective: 'Lithuanian', format: 'LT followed by 9 or 12 digits' },
  LU: { name: 'Luxembourg', adjective: 'Luxembourgish', format: 'LU followed by 8 digits' },
  MT: { name: 'Malta', adjective: 'Maltese', format: 'MT followed by 8 digits' },
  NL: { name: 'the Netherlands', adjective: 'Dutch', format: 'NL followed by 9 digits, B and 2 digits' },
  PL: { name: 'Poland', adjective: 'Polish', format: 'PL followed by 10 digits' },
  PT: { name: 'Portugal', adjective: 'Portuguese', format: 'PT followed by 9 digits' },
  RO: { name: 'Romania', adjective: 'Romanian', format: 'RO followed by 2 to 10 digits' },
  SK: { name: 'Slovakia', adjective: 'Slovak', format: 'SK followed by 10 digits' },
  SI: { name: 'Slovenia', adjective: 'Slovenian', format: 'SI followed by 8 digits' },
  ES: {
    name: 'Spain',
    adjective: 'Spanish',
    format: 'ES followed by 9 characters, the first or last of which may be a letter',
  },
  SE: { name: 'Sweden', adjective: 'Swedish', format: 'SE followed by 12 digits ending in 01' },
};

export const REVERSE_CHARGE_MENTION =
  'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).';

export type VatKind = 'eu_consumer' | 'reverse_charge' | 'domestic_business' | 'outside_eu' | 'unknown_country';

export interface VatDecision {
  /** Rate applied to every line, basis points (0 when no VAT is charged or the country is not known yet). */
  rate_bp: number;
  reverse_charge: boolean;
  kind: VatKind;
  /** The buyer's country (ISO 3166-1 alpha-2, upper case) the decision was made for, or null. */
  country: string | null;
  /** The buyer's normalised VAT number when it was taken into account (reverse charge, domestic business). */
  vat_number: string | null;
  /** One plain-English sentence for the buyer. */
  explanation: string;
  /** Mention the invoice must carry, or null. */
  legal_mention: string | null;
}

export interface VatInput {
  sellerCountry: string | null;
  buyerCountry: string | null;
  vatNumber: string | null;
}

/** Request fields as they arrive (order body): checked by vatProblem before decideVat. */
export interface VatRequestFields {
  billing_country?: string | null;
  vat_number?: string | null;
}

export interface VatProblem {
  path: 'vat_number' | 'billing_country';
  message: string;
}

function blankToNull(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function normaliseCountry(code: string | null | undefined): string | null {
  const c = blankToNull(code);
  return c === null ? null : c.toUpperCase();
}

/** True for the 27 EU member states (ISO codes, any case; GR for Greece, not EL). */
export function isEuCountry(code: string | null | undefined): boolean {
  const c = normaliseCountry(code);
  return c !== null && Object.hasOwn(EU_STANDARD_RATES_BP, c);
}

/** True for a current ISO 3166-1 alpha-2 code (any case); "UK" and "EL" are not. */
export function isIsoCountryCode(code: string | null | undefined): boolean {
  const c = normaliseCountry(code);
  return c !== null && /^[A-Z]{2}$/.test(c) && countryFromCode(c) === c;
}

/** jsvat's rules for the EU member states only: GB, CH, NO… numbers and the "EU" OSS prefix are refused here. */
const EU_JSVAT_COUNTRIES: ReadonlyArray<JsvatCountry> = jsvat.countries.filter((c) => isEuCountry(c.codes[0]));

/** The EU country a VAT number's prefix names (EL → GR; a GR… number names Greece but is never valid), or null. */
function prefixCountry(value: string): string | null {
  const prefix = value.slice(0, 2);
  if (prefix === 'EL') return 'GR';
  return isEuCountry(prefix) ? prefix : null;
}

/**
 * Strips spaces, dots and dashes, upper-cases, and checks the number with jsvat against the EU member
 * states' formats (including each country's check digits). `country` is the ISO code of the member
 * state the prefix names (GR for EL), or null when the prefix is not an EU VAT prefix.
 */
export function normaliseVatNumber(raw: string): { value: string; country: string | null; validFormat: boolean } {
  const value = raw.replace(/[\s.-]/g, '').toUpperCase();
  const country = prefixCountry(value);
  if (country === null || value.length > 16) return { value, country, validFormat: false };
  const result = jsvat.checkVAT(value, EU_JSVAT_COUNTRIES);
  const validFormat = result.isValid === true && result.country?.isoCode.short === country;
  return { value, country, validFormat };
}

/** "19 %", "25.5 %", "0 %" from basis points. */
export function formatRate(rateBp: number): string {
  if (!Number.isSafeInteger(rateBp) || rateBp < 0)
    throw new RangeError(`rate must be a non-negative integer of basis points, got ${rateBp}`);
  const whole = Math.floor(rateBp / 100);
  const hundredths = rateBp % 100;
  if (hundredths === 0) return `${whole} %`;
  const decimals = String(hundredths).padStart(2, '0').replace(/0$/, '');
  return `${whole}.${decimals} %`;
}

/**
 * VAT of one line in integer cents: net × rate / 10000, rounded half up (halves away from zero for a
 * negative net, e.g. a credit line). Exact: integer arithmetic, BigInt when the product would leave 2^53.
 */
export function vatOnNet(netCents: number, rateBp: number): number {
  if (!Number.isSafeInteger(netCents)) throw new RangeError(`net must be an integer number of cents, got ${netCents}`);
  if (!Number.isSafeInteger(rateBp) || rateBp < 0 || rateBp > 10000) {
    throw new RangeError(`rate must be an integer number of basis points between 0 and 10000, got ${rateBp}`);
  }
  const sign = netCents < 0 ? -1 : 1;
  const abs = Math.abs(netCents);
  const product = abs * rateBp;
  let vat: number;
  if (Number.isSafeInteger(product + 5000)) {
    vat = Math.floor((product + 5000) / 10000);
  } else {
    vat = Number((BigInt(abs) * BigInt(rateBp) + 5000n) / 10000n);
  }
  if (!Number.isSafeInteger(vat)) throw new RangeError(`VAT of ${netCents} cents at ${rateBp} bp is out of range`);
  return sign * vat === 0 ? 0 : sign * vat; // never -0
}

function countryName(code: string): string {
  const eu = EU_COUNTRIES[code];
  if (eu) return eu.name;
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Decides the VAT of an order. Country codes may be lower case. When the buyer's country is not given
 * but a valid EU VAT number is, the number's country is the buyer's country. A VAT number that is not a
 * valid EU number, or whose country is not the buyer's, is ignored here (the buyer is treated as a
 * consumer); vatProblem refuses such input before an order is made.
 */
export function decideVat(input: VatInput): VatDecision {
  const seller = normaliseCountry(input.sellerCountry);
  const rawNumber = blankToNull(input.vatNumber);
  const number = rawNumber === null ? null : normaliseVatNumber(rawNumber);
  const usableNumber = number?.validFormat ? number : null;

  let buyer = normaliseCountry(input.buyerCountry);
  if (buyer === null && usableNumber !== null) buyer = usableNumber.country;

  if (buyer === null || !isIsoCountryCode(buyer)) {
    return {
      rate_bp: 0,
      reverse_charge: false,
      kind: 'unknown_country',
      country: null,
      vat_number: null,
      explanation: 'VAT is not included yet: it will be computed once your billing country is known.',
      legal_mention: null,
    };
  }

  if (!isEuCountry(buyer)) {
    return {
      rate_bp: 0,
      reverse_charge: false,
      kind: 'outside_eu',
      country: buyer,
      vat_number: null,
      explanation: `No VAT applies (0 %): your billing country, ${countryName(buyer)}, is outside the EU.`,
      legal_mention: null,
    };
  }

  const rate = EU_STANDARD_RATES_BP[buyer]!;
  const info = EU_COUNTRIES[buyer]!;
  const business = usableNumber !== null && usableNumber.country === buyer ? usableNumber.value : null;

  if (business === null) {
    return {
      rate_bp: rate,
      reverse_charge: false,
      kind: 'eu_consumer',
      country: buyer,
      vat_number: null,
      explanation:
        `${info.adjective} VAT at ${formatRate(rate)} applies: digital services are taxed in the customer's ` +
        `country, here ${info.name}.`,
      legal_mention: null,
    };
  }

  if (seller === buyer) {
    return {
      rate_bp: rate,
      reverse_charge: false,
      kind: 'domestic_business',
      country: buyer,
      vat_number: business,
      explanation:
        `${info.adjective} VAT at ${formatRate(rate)} applies: you and the seller are both in ${info.name}, so ` +
        `VAT is charged even with your VAT number ${business}.`,
      legal_mention: null,
    };
  }

  return {
    rate_bp: 0,
    reverse_charge: true,
    kind: 'reverse_charge',
    country: buyer,
    vat_number: business,
    explanation:
      `No VAT is charged (0 %): as a business in ${info.name} with VAT number ${business}, you account for ` +
      `${info.adjective} VAT yourself under the reverse charge.`,
    legal_mention: REVERSE_CHARGE_MENTION,
  };
}

/**
 * The reason to refuse an order's VAT fields with a 400, or null: a billing country that is not an
 * ISO 3166-1 alpha-2 code, a VAT number that is not a valid EU VAT number, or a VAT number of another
 * country than the billing country. Blank strings count as absent.
 */
export function vatProblem(input: VatRequestFields): VatProblem | null {
  const rawCountry = blankToNull(input.billing_country);
  const country = normaliseCountry(rawCountry);
  if (rawCountry !== null && !isIsoCountryCode(country)) {
    const hint = country === 'UK' ? ' (use GB for the United Kingdom)' : country === 'EL' ? ' (use GR for Greece)' : '';
    return {
      path: 'billing_country',
      message: `"${rawCountry}" is not an ISO 3166-1 alpha-2 country code${hint}.`,
    };
  }

  const rawNumber = blankToNull(input.vat_number);
  if (rawNumber === null) return null;
  const number = normaliseVatNumber(rawNumber);
  if (!number.validFormat) {
    const checked =
      number.country !== null
        ? `${EU_COUNTRIES[number.country]!.adjective} VAT numbers are ${EU_COUNTRIES[number.country]!.format}, ` +
          `with valid check digits`
        : "an EU member state prefix such as DE, FR or EL followed by that country's national number";
    const outside =
      number.country === null && /^[A-Z]{2}/.test(number.value)
        ? '; customers outside the EU pay no VAT and need not give a VAT number'
        : '';
    return {
      path: 'vat_number',
      message: `"${rawNumber}" is not a valid EU VAT number (format checked: ${checked}${outside}).`,
    };
  }
  if (country !== null && number.country !== country) {
    return {
      path: 'vat_number',
      message:
        `VAT number ${number.value} is from ${countryName(number.country!)} but the billing country is ` +
        `${countryName(country)}: they must be the same country.`,
    };
  }
  return null;
}
