import { test } from 'node:test';
import assert from 'node:assert/strict';
import { OTHER_CITY_NAMES } from '../../../src/drafting/extract/city-names.js';
import { cityInCjkAddress, countriesOfCity, isKnownCity, placeKey } from '../../../src/drafting/extract/gazetteer.js';

test('a city is known with the countries that have one of its name', () => {
  assert.ok(countriesOfCity('Lisbon').includes('PT'));
  assert.ok(isKnownCity('Berlin', 'DE'));
  assert.ok(!isKnownCity('Berlin', 'FR'));
});

test('words that are no place are not cities', () => {
  for (const word of ['Minutes', 'Seconds', 'Browser', 'Cloudland', 'England and Wales', ''])
    assert.deepEqual(countriesOfCity(word), [], word);
});

test('spellings without accents, apostrophes or case name the same city', () => {
  assert.equal(placeKey('Xi’an'), placeKey("XI'AN"));
  assert.ok(isKnownCity('Zurich', 'CH'));
  assert.ok(isKnownCity('Sao Paulo', 'BR'));
  assert.ok(isKnownCity('Lodz', 'PL'));
});

test('a city listed with a qualifier is known by its everyday name: Frankfurt, Seongnam, New York', () => {
  assert.ok(isKnownCity('Frankfurt', 'DE'));
  assert.ok(isKnownCity('Seongnam', 'KR'));
  assert.ok(isKnownCity('New York', 'US'));
});

test('a city written in its own language or in Chinese, Japanese or Korean is known through its listed name', () => {
  assert.ok(isKnownCity('München', 'DE'));
  assert.ok(isKnownCity('Wien', 'AT'));
  assert.ok(isKnownCity('Lisboa', 'PT'));
  assert.ok(isKnownCity('東京', 'JP'));
  assert.ok(isKnownCity('北京', 'CN'));
  assert.ok(isKnownCity('서울', 'KR'));
  assert.ok(isKnownCity('臺北', 'TW'));
});

test('every other name in the table points at a city the gazetteer lists', () => {
  for (const [name, listed] of Object.entries(OTHER_CITY_NAMES))
    assert.ok(countriesOfCity(listed).length > 0, `${name} → ${listed}`);
});

test('a CJK address gives the city it names, not a name inside another (京都 in 東京都)', () => {
  assert.deepEqual(cityInCjkAddress('〒150-0002 東京都渋谷区渋谷2-1-1'), { city: '東京', index: 10 });
  assert.equal(cityInCjkAddress('京都府京都市中京区')?.city, '京都');
  assert.equal(cityInCjkAddress('广东省深圳市南山区')?.city, '深圳');
  assert.equal(cityInCjkAddress('경기도 성남시 분당구')?.city, '성남');
  assert.equal(cityInCjkAddress('北京大学の研究室'), null);
});
