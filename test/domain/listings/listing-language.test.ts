import { test } from 'node:test';
import assert from 'node:assert/strict';
import { languageError, primaryLanguage } from '../../../src/domain/listings/listing-language.js';

test('a tag is stored as its primary subtag, lowercase, when the registry knows the language', () => {
  assert.equal(primaryLanguage('ja'), 'ja');
  assert.equal(primaryLanguage('PT-br'), 'pt');
  assert.equal(primaryLanguage('zh-Hant'), 'zh');
  assert.equal(primaryLanguage('fil'), 'fil');
});

test('a deprecated subtag is stored as it is written now', () => {
  assert.equal(primaryLanguage('iw'), 'he');
  assert.equal(primaryLanguage('in'), 'id');
  assert.equal(primaryLanguage('sh'), 'sr');
});

test('a subtag no language has, or no subtag at all, is not a language', () => {
  for (const tag of ['xx', 'qq', 'und', 'english', '', 'e1']) assert.equal(primaryLanguage(tag), undefined, tag);
});

test('a stated language must be a known primary subtag alone, named by its path otherwise', () => {
  assert.equal(languageError('fields.language', 'ja'), null);
  assert.equal(languageError('fields.language', null), null);
  assert.equal(languageError('fields.language', 'pt-BR')?.path, 'fields.language');
  assert.match(languageError('language', 'xx')?.message ?? '', /"xx" is not a known BCP 47 primary language subtag/);
});
