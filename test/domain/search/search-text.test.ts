import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bigramVector, foldText, indexTerms, queryTerms } from '../../../src/domain/search/search-text.js';
import { gramQueryText } from '../../../src/domain/search/query-terms.js';

test('text is folded to lowercase without accents, in every alphabet', () => {
  assert.equal(foldText('Café ÉCOLE Ørsted Straße'), 'cafe ecole orsted strasse');
  assert.equal(foldText('ЗАМЕТКИ Ёлка'), 'заметки елка');
});

test('compatibility forms are unified: half-width katakana, full-width letters, circled digits', () => {
  assert.equal(foldText('ｱﾌﾟﾘ ＡＢＣ ①'), 'アプリ abc 1');
});

test('folding leaves Hangul syllables and kana with their voicing marks whole', () => {
  assert.equal(foldText('메모를 ガギグ'), '메모를 ガギグ');
});

test('text splits into words of spaced scripts and runs of unspaced ones, punctuation dropped', () => {
  assert.deepEqual(indexTerms('Deskreenは、画面共有アプリ。node.js'), {
    words: ['deskreen', 'node', 'js'],
    runs: ['は', '画面共有アプリ'],
  });
  assert.deepEqual(indexTerms('हिन्दी में Привет'), { words: ['हिन्दी', 'में', 'привет'], runs: [] });
});

test('a run is indexed as its character pairs at consecutive positions, its last character alone too', () => {
  assert.equal(bigramVector([{ runs: ['画面共有'], weight: 'A' }]), "'画面':1A '面共':2A '共有':3A '有':3A");
});

test('runs are a position apart and keep the weight of the part they come from', () => {
  assert.equal(
    bigramVector([
      { runs: ['黒猫'], weight: 'A' },
      { runs: ['猫'], weight: 'C' },
    ]),
    "'黒猫':1A '猫':1A,3C",
  );
  assert.equal(bigramVector([{ runs: [], weight: 'A' }]), null);
});

test('a query cuts its unspaced runs into words with the segmenter of their language', () => {
  assert.deepEqual(queryTerms('画面共有'), { words: [], grams: [['画面'], ['共有']] });
  assert.deepEqual(queryTerms('笔记 app'), { words: ['app'], grams: [['笔记']] });
  assert.deepEqual(queryTerms('메모를'), { words: [], grams: [['메모', '모를']] });
});

test('characters the segmenter cuts one by one stay together as one word', () => {
  assert.deepEqual(queryTerms('开源笔记应用').grams, [['开源'], ['笔记'], ['应用']]);
});

test('a word of an unspaced script matches its pairs as a phrase; a single character, any pair it begins', () => {
  assert.equal(gramQueryText([['메모', '모를'], ['笔记'], ['猫']], '&'), "('메모' <-> '모를') & ('笔记') & '猫':*");
  assert.equal(gramQueryText([['画面'], ['共有']], '|'), "('画面') | ('共有')");
});
