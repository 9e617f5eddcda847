import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scriptFaqs } from '../../src/crawler/script-faqs.js';

test('question and answer pairs in Next.js data are read when the question is on the page, in Portuguese and English', () => {
  const data = JSON.stringify({
    props: {
      pageProps: {
        faq: [
          { title: 'Posso cancelar quando quiser?', content: '<p>Sim, sem multa e sem fidelidade.</p>' },
          { question: 'Do I need an account?', answer: 'No, the app works without one.' },
          { question: 'Is there a hidden question?', answer: 'This one is not shown on the page at all.' },
        ],
      },
    },
  });
  assert.deepEqual(scriptFaqs([data], 'Posso cancelar quando quiser?\nDo I need an account?'), [
    { question: 'Posso cancelar quando quiser?', answer: 'Sim, sem multa e sem fidelidade.' },
    { question: 'Do I need an account?', answer: 'No, the app works without one.' },
  ]);
});

test('a Nuxt payload’s pairs are read through its indexes, and a rich-text answer by its text nodes, in Japanese', () => {
  const payload = JSON.stringify([
    ['ShallowReactive', 1],
    { faqs: 2 },
    [3],
    { question: 4, answer: 5 },
    '解約はいつでもできますか？',
    {
      nodeType: 'document',
      content: [{ nodeType: 'paragraph', content: [{ value: 'はい、いつでも解約できます。' }] }],
    },
  ]);
  assert.deepEqual(scriptFaqs([payload], '解約はいつでもできますか？'), [
    { question: '解約はいつでもできますか？', answer: 'はい、いつでも解約できます。' },
  ]);
});

test('script data that is no JSON, or holds no question, gives nothing', () => {
  assert.deepEqual(scriptFaqs(['window.x = 1?', '{"title":"Pricing","content":"From 9 € a month."}'], 'Pricing'), []);
});
