import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cuePattern, firstSentence, sentences, wordCount } from '../../src/drafting/extract/text-units.js';

test('words of Japanese and Chinese are counted without spaces between them', () => {
  assert.equal(wordCount('画面を共有する'), 4);
  assert.equal(wordCount('支持多种设备的屏幕共享'), 6);
});

test('Korean and Latin words are counted between spaces', () => {
  assert.equal(wordCount('여러 기기에서 화면을 공유합니다'), 4);
  assert.equal(wordCount('Share your open-source screen'), 4);
});

test('a Latin word next to Japanese counts as one of its words', () => {
  assert.equal(wordCount('Deskreenの特徴'), 3);
});

test('the first sentence of Japanese, Chinese and Korean text ends at its full stop', () => {
  assert.equal(
    firstSentence('Deskreenは、WiFiで画面の映像を共有することができます。ケーブルは必要ありません。'),
    'Deskreenは、WiFiで画面の映像を共有することができます。',
  );
  assert.equal(firstSentence('它很快。它很安全！'), '它很快。');
  assert.equal(firstSentence('빠릅니다. 안전합니다.'), '빠릅니다.');
});

test('a closing quote after a Japanese full stop stays with its sentence', () => {
  assert.deepEqual(sentences('「使いやすい。」と言われます。次に進みます。'), [
    '「使いやすい。」と言われます。',
    '次に進みます。',
  ]);
});

test('Latin sentences split as before: not inside "e.g. the" or a version number', () => {
  assert.deepEqual(sentences('Works with e.g. the CLI. Version 2.0 is out. 2024 was good.'), [
    'Works with e.g. the CLI.',
    'Version 2.0 is out.',
    '2024 was good.',
  ]);
  assert.equal(firstSentence('Fast, private, free'), 'Fast, private, free');
});

test('every sentence is a part of the text as written', () => {
  const text = 'Deskreenは高速です。 Works offline. 它很安全！';
  for (const s of sentences(text)) assert.ok(text.includes(s), s);
});

test('a Spanish question or a French quotation after a full stop starts a new sentence', () => {
  assert.deepEqual(sentences('Es gratis. ¿Necesito una cuenta? No.'), ['Es gratis.', '¿Necesito una cuenta?', 'No.']);
  assert.equal(firstSentence('C’est libre. « Simple » est notre devise.'), 'C’est libre.');
});

test('a cue matches Turkish capitals (İ, I) as Turkish pairs them, and the other languages’ as before', () => {
  const faq = cuePattern('sıkça sorulan sorular|iletişim|fiyatlar|[ie]ndir|questions');
  for (const text of ['SIKÇA SORULAN SORULAR', 'İletişim', 'FİYATLAR', 'İndir', 'QUESTIONS', 'Questions'])
    assert.ok(faq.test(text), text);
  assert.ok(!faq.test('Milano'));
});
