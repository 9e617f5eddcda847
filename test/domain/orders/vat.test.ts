import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  EU_STANDARD_RATES_BP,
  REVERSE_CHARGE_MENTION,
  decideVat,
  formatRate,
  isEuCountry,
  normaliseVatNumber,
  vatOnNet,
  vatProblem,
} from '../../../src/domain/orders/vat.js';

const IRISH_SELLER = 'IE';

// --- The rate table ---------------------------------------------------------------------------

test('the table holds the standard rate of each of the 27 EU member states', () => {
  assert.equal(Object.keys(EU_STANDARD_RATES_BP).length, 27);
  assert.equal(EU_STANDARD_RATES_BP.DE, 1900);
  assert.equal(EU_STANDARD_RATES_BP.FI, 2550);
  assert.equal(EU_STANDARD_RATES_BP.HU, 2700);
  assert.equal(EU_STANDARD_RATES_BP.GR, 2400);
  assert.equal(EU_STANDARD_RATES_BP.EL, undefined, 'Greece is keyed GR, its ISO code');
});

test('every rate is a whole number of basis points', () => {
  for (const [country, rate] of Object.entries(EU_STANDARD_RATES_BP)) {
    assert.ok(Number.isInteger(rate) && rate > 0 && rate < 10000, `${country}: ${rate}`);
  }
});

test('the table cannot be changed at run time', () => {
  assert.ok(Object.isFrozen(EU_STANDARD_RATES_BP));
});

test('EU membership is by ISO code, in any case', () => {
  assert.equal(isEuCountry('DE'), true);
  assert.equal(isEuCountry('gr'), true);
  assert.equal(isEuCountry('EL'), false);
  assert.equal(isEuCountry('GB'), false);
  assert.equal(isEuCountry('CH'), false);
  assert.equal(isEuCountry(''), false);
});

// --- Consumers in the EU pay their own country's VAT ------------------------------------------

test('a German consumer pays German VAT at 19 %', () => {
  const d = decideVat({ sellerCountry: IRISH_SELLER, buyerCountry: 'DE', vatNumber: null });
  assert.deepEqual(
    [d.kind, d.rate_bp, d.reverse_charge, d.country, d.vat_number, d.legal_mention],
    ['eu_consumer', 1900, false, 'DE', null, null],
  );
  assert.match(d.explanation, /^German VAT at 19 % applies: /);
  assert.match(d.explanation, /Germany/);
});

test('a Finnish consumer pays Finnish VAT at 25.5 %', () => {
  const d = decideVat({ sellerCountry: IRISH_SELLER, buyerCountry: 'FI', vatNumber: null });
  assert.deepEqual([d.kind, d.rate_bp], ['eu_consumer', 2550]);
  assert.match(d.explanation, /^Finnish VAT at 25\.5 % applies/);
});

test('a Hungarian consumer pays Hungarian VAT at 27 %', () => {
  const d = decideVat({ sellerCountry: IRISH_SELLER, buyerCountry: 'HU', vatNumber: null });
  assert.deepEqual([d.kind, d.rate_bp], ['eu_consumer', 2700]);
  assert.match(d.explanation, /^Hungarian VAT at 27 % applies/);
});

test("a consumer in the seller's own country pays that country's VAT", () => {
  const d = decideVat({ sellerCountry: 'IE', buyerCountry: 'IE', vatNumber: null });
  assert.deepEqual([d.kind, d.rate_bp], ['eu_consumer', 2300]);
});

test("an EU consumer pays their country's VAT even when the seller is outside the EU", () => {
  const d = decideVat({ sellerCountry: 'US', buyerCountry: 'FR', vatNumber: null });
  assert.deepEqual([d.kind, d.rate_bp, d.reverse_charge], ['eu_consumer', 2000, false]);
  assert.match(d.explanation, /^French VAT at 20 % applies/);
});

test("an EU consumer pays their country's VAT when the seller's country is not set", () => {
  const d = decideVat({ sellerCountry: null, buyerCountry: 'DE', vatNumber: null });
  assert.deepEqual([d.kind, d.rate_bp], ['eu_consumer', 1900]);
});

test('an empty VAT number counts as none', () => {
  const d = decideVat({ sellerCountry: IRISH_SELLER, buyerCountry: 'DE', vatNumber: '  ' });
  assert.deepEqual([d.kind, d.rate_bp], ['eu_consumer', 1900]);
  assert.equal(vatProblem({ billing_country: 'DE', vat_number: '' }), null);
});

// --- Businesses in the EU ---------------------------------------------------------------------

test('a German business buying from an Irish seller pays no VAT under the reverse charge', () => {
  const d = decideVat({ sellerCountry: 'IE', buyerCountry: 'DE', vatNumber: 'DE136695976' });
  assert.deepEqual(
    [d.kind, d.rate_bp, d.reverse_charge, d.country, d.vat_number],
    ['reverse_charge', 0, true, 'DE', 'DE136695976'],
  );
  assert.equal(
    d.legal_mention,
    'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).',
  );
  assert.equal(d.legal_mention, REVERSE_CHARGE_MENTION);
  assert.match(d.explanation, /0 %/);
  assert.match(d.explanation, /Germany/);
  assert.match(d.explanation, /reverse charge/);
});

test('an Irish business buying from an Irish seller pays Irish VAT at 23 %', () => {
  const d = decideVat({ sellerCountry: 'IE', buyerCountry: 'IE', vatNumber: 'IE6388047V' });
  assert.deepEqual(
    [d.kind, d.rate_bp, d.reverse_charge, d.vat_number, d.legal_mention],
    ['domestic_business', 2300, false, 'IE6388047V', null],
  );
  assert.match(d.explanation, /^Irish VAT at 23 % applies: /);
});

test('an EU business buying from a seller outside the EU is reverse charged', () => {
  const d = decideVat({ sellerCountry: 'US', buyerCountry: 'NL', vatNumber: 'NL004495445B01' });
  assert.deepEqual([d.kind, d.rate_bp, d.reverse_charge, d.vat_number], ['reverse_charge', 0, true, 'NL004495445B01']);
  assert.equal(d.legal_mention, REVERSE_CHARGE_MENTION);
});

test("an EU business is reverse charged when the seller's country is not set", () => {
  const d = decideVat({ sellerCountry: null, buyerCountry: 'AT', vatNumber: 'ATU13585627' });
  assert.deepEqual([d.kind, d.rate_bp], ['reverse_charge', 0]);
});

test("without a billing country, the VAT number's country is the buyer's country", () => {
  const d = decideVat({ sellerCountry: 'IE', buyerCountry: null, vatNumber: 'FR40303265045' });
  assert.deepEqual([d.kind, d.country, d.vat_number], ['reverse_charge', 'FR', 'FR40303265045']);
  assert.equal(vatProblem({ billing_country: null, vat_number: 'FR40303265045' }), null);
});

test("a VAT number of another country than the buyer's is not taken into account", () => {
  const d = decideVat({ sellerCountry: 'IE', buyerCountry: 'DE', vatNumber: 'FR40303265045' });
  assert.deepEqual([d.kind, d.rate_bp, d.vat_number], ['eu_consumer', 1900, null]);
});

// --- Greece: country GR, VAT numbers EL -------------------------------------------------------

test('a Greek VAT number starts with EL and belongs to country GR', () => {
  assert.deepEqual(normaliseVatNumber('EL094259216'), { value: 'EL094259216', country: 'GR', validFormat: true });
});

test('a Greek business buying from an Irish seller is reverse charged', () => {
  const d = decideVat({ sellerCountry: 'IE', buyerCountry: 'GR', vatNumber: 'EL094259216' });
  assert.deepEqual([d.kind, d.country, d.vat_number], ['reverse_charge', 'GR', 'EL094259216']);
  assert.match(d.explanation, /Greece/);
  assert.equal(vatProblem({ billing_country: 'GR', vat_number: 'EL094259216' }), null);
});

test('a Greek business buying from a Greek seller pays Greek VAT at 24 %', () => {
  const d = decideVat({ sellerCountry: 'GR', buyerCountry: null, vatNumber: 'EL094259216' });
  assert.deepEqual([d.kind, d.rate_bp, d.country], ['domestic_business', 2400, 'GR']);
  assert.match(d.explanation, /^Greek VAT at 24 % applies/);
});

test('a Greek VAT number written with GR is refused and the message says to use EL', () => {
  assert.equal(normaliseVatNumber('GR094259216').validFormat, false);
  const p = vatProblem({ billing_country: 'GR', vat_number: 'GR094259216' });
  assert.equal(p?.path, 'vat_number');
  assert.match(p!.message, /EL \(not GR\)/);
});

// --- Input as people type it ------------------------------------------------------------------

test('VAT numbers lose their spaces, dots and dashes and are upper-cased', () => {
  assert.deepEqual(normaliseVatNumber(' de 136.695-976 '), { value: 'DE136695976', country: 'DE', validFormat: true });
  assert.deepEqual(normaliseVatNumber('ie6388047v'), { value: 'IE6388047V', country: 'IE', validFormat: true });
  assert.deepEqual(normaliseVatNumber('nl 0044.95445.b01'), {
    value: 'NL004495445B01',
    country: 'NL',
    validFormat: true,
  });
});

test('lower-case country codes and VAT numbers decide the same as upper-case ones', () => {
  const lower = decideVat({ sellerCountry: 'ie', buyerCountry: 'de', vatNumber: 'de 136 695 976' });
  const upper = decideVat({ sellerCountry: 'IE', buyerCountry: 'DE', vatNumber: 'DE136695976' });
  assert.deepEqual(lower, upper);
  assert.equal(
    decideVat({ sellerCountry: 'ie', buyerCountry: 'ie', vatNumber: 'ie6388047v' }).kind,
    'domestic_business',
  );
  assert.equal(vatProblem({ billing_country: 'de', vat_number: 'de136695976' }), null);
});

// --- Buyers outside the EU, or whose country is unknown ---------------------------------------

test('buyers in the United States, the United Kingdom and Switzerland pay no VAT', () => {
  for (const country of ['US', 'GB', 'CH']) {
    const d = decideVat({ sellerCountry: IRISH_SELLER, buyerCountry: country, vatNumber: null });
    assert.deepEqual(
      [d.kind, d.rate_bp, d.reverse_charge, d.country, d.legal_mention],
      ['outside_eu', 0, false, country, null],
      country,
    );
    assert.match(d.explanation, /0 %/);
    assert.match(d.explanation, /outside the EU/);
  }
  assert.match(decideVat({ sellerCountry: 'IE', buyerCountry: 'us', vatNumber: null }).explanation, /United States/);
});

test('with no billing country and no VAT number, VAT waits for the billing country', () => {
  const d = decideVat({ sellerCountry: IRISH_SELLER, buyerCountry: null, vatNumber: null });
  assert.deepEqual(
    [d.kind, d.rate_bp, d.reverse_charge, d.country, d.vat_number, d.legal_mention],
    ['unknown_country', 0, false, null, null, null],
  );
  assert.match(d.explanation, /once your billing country is known/);
});

// --- VAT number formats -----------------------------------------------------------------------

test('real-format VAT numbers of several member states pass the format check', () => {
  const cases: Array<[string, string]> = [
    ['DE136695976', 'DE'],
    ['IE6388047V', 'IE'],
    ['FR40303265045', 'FR'],
    ['EL094259216', 'GR'],
    ['NL004495445B01', 'NL'],
    ['ATU13585627', 'AT'],
  ];
  for (const [number, country] of cases) {
    assert.deepEqual(normaliseVatNumber(number), { value: number, country, validFormat: true }, number);
  }
});

test('a number with a wrong check digit fails the format check', () => {
  assert.deepEqual(normaliseVatNumber('DE136695977'), { value: 'DE136695977', country: 'DE', validFormat: false });
});

test('British and Swiss VAT numbers are not EU VAT numbers', () => {
  assert.deepEqual(normaliseVatNumber('GB980780684'), { value: 'GB980780684', country: null, validFormat: false });
  assert.deepEqual(normaliseVatNumber('CHE-123.456.788'), { value: 'CHE123456788', country: null, validFormat: false });
});

// --- Input refused with a 400 -----------------------------------------------------------------

test('a VAT number in an invalid format is refused', () => {
  const p = vatProblem({ billing_country: 'DE', vat_number: 'DE123' });
  assert.equal(p?.path, 'vat_number');
  assert.match(
    p!.message,
    /^"DE123" is not a valid EU VAT number \(format checked: German VAT numbers are DE followed by 9 digits/,
  );
});

test('a VAT number without a country prefix is refused', () => {
  const p = vatProblem({ billing_country: 'DE', vat_number: '136695976' });
  assert.equal(p?.path, 'vat_number');
  assert.match(p!.message, /is not a valid EU VAT number \(format checked: /);
});

test('a British VAT number is refused as not an EU VAT number', () => {
  const p = vatProblem({ billing_country: 'GB', vat_number: 'GB980780684' });
  assert.equal(p?.path, 'vat_number');
  assert.match(p!.message, /^"GB980780684" is not a valid EU VAT number \(format checked: /);
  assert.match(p!.message, /outside the EU pay no VAT/);
});

test('a VAT number whose country differs from the billing country is refused', () => {
  const p = vatProblem({ billing_country: 'DE', vat_number: 'FR40303265045' });
  assert.equal(p?.path, 'vat_number');
  assert.match(p!.message, /France/);
  assert.match(p!.message, /Germany/);
});

test('a billing country that is not an ISO 3166-1 alpha-2 code is refused', () => {
  for (const bad of ['XX', 'Germany', 'DEU', 'D', 'EU', 'EL', 'UK']) {
    const p = vatProblem({ billing_country: bad, vat_number: null });
    assert.equal(p?.path, 'billing_country', bad);
    assert.match(p!.message, /is not an ISO 3166-1 alpha-2 country code/, bad);
  }
  assert.match(vatProblem({ billing_country: 'UK' })!.message, /use GB/);
  assert.match(vatProblem({ billing_country: 'EL' })!.message, /use GR/);
});

test('known billing countries inside and outside the EU are accepted', () => {
  for (const good of ['DE', 'us', 'GB', 'CH', 'JP', 'BR', 'gr'])
    assert.equal(vatProblem({ billing_country: good }), null, good);
  assert.equal(vatProblem({}), null);
});

test('an unknown country code given to decideVat waits for a real billing country', () => {
  assert.equal(decideVat({ sellerCountry: 'IE', buyerCountry: 'XX', vatNumber: null }).kind, 'unknown_country');
});

// --- Rounding ---------------------------------------------------------------------------------

test('VAT on a line is rounded half up: 250 cents at 21 % is 52.5, so 53', () => {
  assert.equal(vatOnNet(250, 2100), 53);
});

test('VAT under half a cent rounds down to nothing: 1 cent at 19 % is 0', () => {
  assert.equal(vatOnNet(1, 1900), 0);
  assert.equal(vatOnNet(2, 1900), 0);
  assert.equal(vatOnNet(3, 1900), 1);
});

test('a fractional rate rounds half up too: 1000 cents at 25.5 % is 255, 2 cents is 0.51 so 1', () => {
  assert.equal(vatOnNet(1000, 2550), 255);
  assert.equal(vatOnNet(2, 2550), 1);
});

test('no VAT at 0 % and on a zero net', () => {
  assert.equal(vatOnNet(123456, 0), 0);
  assert.equal(vatOnNet(0, 2700), 0);
});

test('a big amount is exact: 20 lines of a million dollars at 27 %', () => {
  assert.equal(vatOnNet(100_000_000, 2700), 27_000_000);
  assert.equal(vatOnNet(20 * 100_000_000, 2700), 540_000_000);
  assert.equal(vatOnNet(99_999_999, 2550), 25_500_000); // 25 499 999.745
  assert.equal(vatOnNet(1_999_999_998, 2100), 420_000_000); // 419 999 999.58
});

test('an amount beyond 2^53 after multiplying is still exact', () => {
  const net = 9_000_000_000_000; // 9e12 × 2700 > 2^53
  assert.equal(vatOnNet(net, 2700), 2_430_000_000_000);
  assert.equal(vatOnNet(net + 1, 2550), 2_295_000_000_000); // + 0.255 rounds down
  assert.equal(vatOnNet(net + 2, 2500), 2_250_000_000_001); // + 0.5 rounds up
});

test('a negative (credit) line rounds its half away from zero', () => {
  assert.equal(vatOnNet(-250, 2100), -53);
  assert.ok(Object.is(vatOnNet(-1, 1900), 0), 'never -0');
});

test('VAT is always an integer, for every rate and many amounts', () => {
  for (const rate of Object.values(EU_STANDARD_RATES_BP)) {
    for (let net = 0; net < 2000; net += 7) {
      const vat = vatOnNet(net, rate);
      assert.ok(Number.isInteger(vat));
      // Half up, checked against the definition: the nearest integer, halves upwards.
      assert.ok(vat * 10000 - net * rate <= 5000 && net * rate - vat * 10000 < 5000, `${net} at ${rate}: ${vat}`);
    }
  }
});

test('amounts and rates that are not integers are refused', () => {
  assert.throws(() => vatOnNet(10.5, 1900), RangeError);
  assert.throws(() => vatOnNet(100, 19.5), RangeError);
  assert.throws(() => vatOnNet(100, -1), RangeError);
  assert.throws(() => vatOnNet(Number.NaN, 1900), RangeError);
});

// --- Rates as people read them ----------------------------------------------------------------

test('rates are written as percentages', () => {
  assert.equal(formatRate(1900), '19 %');
  assert.equal(formatRate(2550), '25.5 %');
  assert.equal(formatRate(0), '0 %');
  assert.equal(formatRate(480), '4.8 %');
  assert.equal(formatRate(525), '5.25 %');
  assert.equal(formatRate(1305), '13.05 %');
});
