import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allFaqs, extractFaqs } from '../../../src/drafting/extract/faqs.js';
import { siteView } from '../../../src/drafting/extract/site-view.js';
import { htmlPage, pagesFromHtml } from '../../support/fixture-websites.js';

const site = (pages: Record<string, string>) => siteView(pagesFromHtml(pages));

test('question headings under a FAQ heading in Dutch, German or Portuguese are read with their answers', () => {
  const cases: [string, string, string][] = [
    [
      'Veelgestelde vragen',
      'Wanneer krijg ik een melding?',
      'Nadat je in de buurt bent geweest van iemand met corona.',
    ],
    ['Fragen', 'Ist die App kostenlos?', 'Ja, alle Funktionen sind kostenlos.'],
    ['Dúvidas frequentes', 'Preciso criar uma conta?', 'Não, a consulta funciona sem cadastro.'],
  ];
  for (const [heading, question, answer] of cases) {
    const faqs = extractFaqs(
      site({ '/': htmlPage('Acme', `<h2>${heading}</h2><h3>${question}</h3><p>${answer}</p><h2>Contact</h2>`) }),
    );
    assert.deepEqual(
      faqs.map((f) => [f.question, f.answer]),
      [[question, answer]],
      heading,
    );
  }
});

test('a page whose first heading says FAQ in its language is a FAQ page, whatever its address', () => {
  for (const [heading, question, answer] of [
    ['Domande frequenti', 'L’app resterà gratuita?', 'Sì, per sempre.'],
    ['Veelgestelde vragen', 'Is de app verplicht?', 'Nee, de app is vrijwillig.'],
    ['よくある質問一覧', '無料で使えますか？', 'はい、無料で使えます。'],
  ]) {
    // Lone lines that ask, each followed by its answer: a FAQ page's layout, not another page's.
    const faqs = extractFaqs(
      site({
        '/': htmlPage('Acme', '<h1>Acme</h1>'),
        '/p/42': htmlPage('Acme', `<h1>${heading}</h1><p>${question}</p><p>${answer}</p>`),
      }),
    );
    assert.deepEqual(
      faqs.map((f) => [f.question, f.answer]),
      [[question, answer]],
      heading,
    );
  }
});

test('a list of questions linking to their answer pages is an index, not questions with answers', () => {
  for (const [heading, items] of [
    ['Veelgestelde vragen', ['Hoe werkt de app?', 'CoronaMelder data dashboard', 'Is de app verplicht?']],
    ['Preguntas frecuentes', ['¿Cómo funciona?', 'Panel de datos', '¿Es obligatoria?']],
  ] as [string, string[]][]) {
    const links = items.map((q, i) => `<li><a href="/faq/${i}">${q}</a></li>`).join('');
    const faqs = extractFaqs(site({ '/faq': htmlPage('FAQ', `<h1>${heading}</h1><ul>${links}</ul>`) }));
    assert.deepEqual(faqs, [], heading);
  }
});

test('a link that repeats a question after a prefix ("Meer uitleg over: …?") is not another question', () => {
  for (const [heading, question, answer, more, next] of [
    [
      'Veelgestelde vragen',
      'Hoe werkt de app?',
      'De app stuurt je een bericht.',
      'Meer uitleg over: ',
      'Bekijk alle vragen',
    ],
    ['FAQ', 'How does the app work?', 'It sends you a message.', 'Read more: ', 'See all questions'],
  ]) {
    const faqs = extractFaqs(
      site({
        '/': htmlPage(
          'Acme',
          `<h2>${heading}</h2><h3>${question}</h3><p>${answer}</p><div><a href="/q">${more}${question}</a></div><p>${next}</p>`,
        ),
      }),
    );
    assert.deepEqual(
      faqs.map((f) => [f.question, f.answer]),
      [[question, answer]],
      heading,
    );
  }
});

test('on a help page, a menu entry that asks is not a question: the entries after it are no answer', () => {
  for (const [question, next] of [
    ['Вам нужна помощь?', ['Спонсор', 'Изменить язык']],
    ['Need help?', ['Sponsor', 'Change language']],
  ] as [string, string[]][]) {
    const faqs = extractFaqs(
      site({
        '/help': htmlPage(
          'Help',
          `<ul><li>Home</li><li>${question}</li></ul>${next.map((n) => `<div>${n}</div>`).join('')}`,
        ),
      }),
    );
    assert.deepEqual(faqs, [], question);
  }
});

test('FAQ headings in Swedish, Polish, Turkish and Russian', () => {
  for (const [heading, question, answer] of [
    ['Vanliga frågor', 'Hur förhåller ni er till GDPR?', 'Vi följer GDPR fullt ut.'],
    ['Najczęściej zadawane pytania', 'Czy aplikacja jest darmowa?', 'Tak, podstawowa wersja jest darmowa.'],
    ['Sıkça Sorulan Sorular', 'Ücretsiz mi?', 'Evet, tamamen ücretsizdir.'],
    ['Часто задаваемые вопросы', 'Это бесплатно?', 'Да, это полностью бесплатно.'],
  ]) {
    const faqs = extractFaqs(
      site({ '/': htmlPage('Acme', `<h2>${heading}</h2><h3>${question}</h3><p>${answer}</p>`) }),
    );
    assert.deepEqual(
      faqs.map((f) => f.question),
      [question],
      heading,
    );
  }
});

test('in an accordion of details most of which ask, an item worded as a statement is a question too', () => {
  for (const [items, statement, answer] of [
    [
      [
        ['¿Necesito registrarme?', 'No. El mapa funciona sin cuenta.'],
        ['¿Qué incluye Premium?', 'Experiencia sin anuncios y filtros avanzados.'],
      ],
      'He visto un dato incorrecto en una iglesia',
      'Gracias por ayudarnos. Escríbenos con el nombre de la iglesia.',
    ],
    [
      [
        ['Do I need an account?', 'No. The map works without one.'],
        ['What does Premium include?', 'No ads and advanced filters.'],
      ],
      'I found a wrong address',
      'Thank you. Write to us with the name of the place.',
    ],
  ] as [[string, string][], string, string][]) {
    const details = [...items, [statement, answer]]
      .map(([q, a]) => `<details><summary>${q}</summary><p>${a}</p></details>`)
      .join('');
    const faqs = extractFaqs(site({ '/': htmlPage('Acme', `<h2>Soporte</h2>${details}`) }));
    assert.deepEqual(
      faqs.map((f) => [f.question, f.answer]),
      [...items, [statement, answer]],
    );
  }
});

test('details that do not ask (a video transcript, a download list) are not questions', () => {
  const faqs = extractFaqs(
    site({
      '/': htmlPage(
        'Acme',
        '<details><summary>Download deze video</summary><p>MP4-video, 20 MB, met ondertitels.</p></details>' +
          '<details><summary>Uitgeschreven tekst van de video</summary><p>Dit is de app. De app helpt ons.</p></details>',
      ),
    }),
  );
  assert.deepEqual(faqs, []);
});

test('a "Q" and "A" set as icons before a question and its answer are layout, in Japanese and English', () => {
  const item = (q: string, a: string) =>
    `<div class="faq-item"><div class="faq-question"><span>Q</span> <span>${q}</span></div><div class="faq-answer"><span>A</span> <span>${a}</span></div></div>`;
  const faqs = extractFaqs(
    site({
      '/': htmlPage(
        'Acme',
        `<h1>Acme</h1><h2>よくある質問</h2>${item('バックグラウンドでも測定できますか？', 'はい、アプリを閉じても測定を続けます。')}${item('Can I export my data?', 'Yes, as CSV or PDF at any time.')}<h2>Community</h2><p>Q and A sessions are held every month.</p>`,
      ),
    }),
  );
  assert.deepEqual(
    faqs.map((f) => [f.question, f.answer]),
    [
      ['バックグラウンドでも測定できますか？', 'はい、アプリを閉じても測定を続けます。'],
      ['Can I export my data?', 'Yes, as CSV or PDF at any time.'],
    ],
  );
});

test('in a FAQ a heading that opens with a question word or ends on a question particle is a question without "?"', () => {
  for (const [faq, q1, q2] of [
    ['Perguntas frequentes', 'Como instalar o Acme', 'Posso usar no Mac'],
    ['Häufige Fragen', 'Wie installiere ich Acme', 'Gibt es eine Mac-Version'],
    ['よくある質問', 'Acmeは無料で使えますか', 'Macでも使えますか'],
  ]) {
    const faqs = extractFaqs(
      site({
        '/': htmlPage(
          'Acme',
          `<h1>Acme</h1><h2>${faq}</h2><h3>${q1}</h3><p>Resposta um. Antwort eins. 答え一。</p><h3>${q2}</h3><p>Resposta dois. Antwort zwei. 答え二。</p>`,
        ),
      }),
    );
    assert.deepEqual(
      faqs.map((f) => f.question),
      [q1, q2],
      faq,
    );
  }
});

test('outside a FAQ a heading with a question word but no "?" is not a question', () => {
  const faqs = extractFaqs(
    site({
      '/': htmlPage(
        'Acme',
        '<h1>Acme</h1><h2>Como funciona</h2><p>Você envia o arquivo e recebe o relatório.</p><h2>Wie es funktioniert</h2><p>Datei hochladen, Bericht erhalten.</p>',
      ),
    }),
  );
  assert.deepEqual(faqs, []);
});

test('a FAQPage in another script than the page is left out; one in the page’s script is kept, in Japanese and Korean', () => {
  const ld = (q: string, a: string) =>
    `<script type="application/ld+json">${JSON.stringify({
      '@type': 'FAQPage',
      mainEntity: [{ '@type': 'Question', name: q, acceptedAnswer: { '@type': 'Answer', text: a } }],
    })}</script>`;
  for (const [text, own] of [
    [
      '<h1>アクメ</h1><p>ドラッグアンドドロップで社内ツールを数分で作成できます。データベースやAPIに接続して、すぐに使えます。</p>',
      ['アクメは無料ですか？', 'はい、基本機能は無料でお使いいただけます。'],
    ],
    [
      '<h1>아크미</h1><p>드래그 앤 드롭으로 사내 도구를 몇 분 만에 만들 수 있습니다. 데이터베이스와 API에 바로 연결됩니다.</p>',
      ['아크미는 무료인가요?', '네, 기본 기능은 무료로 사용할 수 있습니다.'],
    ],
  ] as [string, [string, string]][]) {
    const foreign = siteView(
      pagesFromHtml({
        '/': htmlPage('Acme', text, ld('What is Acme?', 'Acme is a low-code platform for building internal tools.')),
      }),
    );
    assert.deepEqual(allFaqs(foreign), []);
    const same = siteView(pagesFromHtml({ '/': htmlPage('Acme', text, ld(...own)) }));
    assert.deepEqual(
      allFaqs(same).map((f) => f.question),
      [own[0]],
    );
  }
});

test('an accordion toggle’s chevron (or an invisible mark) after a question and the item’s number before it are not part of the question', () => {
  const cases: [string, string, string][] = [
    [
      '無料プランでどこまで使えますか？⌄',
      '無料プランでどこまで使えますか？',
      '検索とカレンダーは無料でご利用いただけます。',
    ],
    ['01왜 온디바이스인가요?', '왜 온디바이스인가요?', '데이터가 기기 밖으로 나가지 않습니다.'],
    [
      '2. Puedo cancelar en cualquier momento? +',
      'Puedo cancelar en cualquier momento?',
      'Sí, sin permanencia ni penalización.',
    ],
    [
      'Gibt es eine offizielle Konfiguration?\u200b',
      'Gibt es eine offizielle Konfiguration?',
      'Ja, sie liegt im Repository.',
    ],
    [
      'Como cancelo minha assinatura?expand_more',
      'Como cancelo minha assinatura?',
      'Na página de conta, a qualquer momento.',
    ],
  ];
  for (const [line, question, answer] of cases) {
    const faqs = extractFaqs(
      site({
        '/': htmlPage(
          'Acme',
          `<div class="faq"><div class="faq-item"><div>${line}</div><div>${answer}</div></div></div>`,
        ),
      }),
    );
    assert.deepEqual(
      faqs.map((f) => [f.question, f.answer]),
      [[question, answer]],
      line,
    );
  }
});

test('an accordion drawn by script gives its questions with the answers kept in the page’s data, in Korean and Spanish', () => {
  for (const [question, answer] of [
    ['계정이 필요한가요?', '아니요, 계정 없이 바로 사용할 수 있습니다.'],
    ['¿Puedo cancelar en cualquier momento?', 'Sí, sin permanencia ni penalización.'],
  ]) {
    const data = JSON.stringify({ props: { pageProps: { faqs: [{ question, answer }] } } });
    const body = `<h2>FAQ</h2><button aria-expanded="false">${question}</button><script id="__NEXT_DATA__" type="application/json">${data}</script>`;
    assert.deepEqual(
      extractFaqs(site({ '/': htmlPage('Acme', body) })).map((f) => [f.question, f.answer]),
      [[question, answer]],
      question,
    );
  }
});

test('three or more answered questions in a row are a FAQ though no heading names one, in Korean and Spanish', () => {
  for (const pairs of [
    [
      ['Pro 버전은 어떤 기능을 제공하나요?', '여러 저장소를 동시에 관리할 수 있습니다.'],
      ['무료 버전으로도 충분한가요?', '개인 프로젝트에는 무료 버전으로 충분합니다.'],
      ['라이선스는 몇 대에서 쓸 수 있나요?', '한 사람이 쓰는 기기 세 대까지 사용할 수 있습니다.'],
    ],
    [
      ['¿Puedo cambiar de plan más tarde?', 'Sí, el cambio se aplica en la siguiente factura.'],
      ['¿Qué pasa con mis datos si cancelo?', 'Los conservamos treinta días y luego se borran.'],
      ['¿Hay descuento por pago anual?', 'Sí, dos meses gratis al pagar el año completo.'],
    ],
  ]) {
    const body = `<h2>Acme Pro</h2>${pairs.map(([q, a]) => `<h3>${q}</h3><p>${a}</p>`).join('')}`;
    assert.deepEqual(
      extractFaqs(site({ '/': htmlPage('Acme', body) })).map((f) => [f.question, f.answer]),
      pairs,
    );
  }
});

test('a few short questions calling to act are no FAQ, in English and German, nor are two answered questions', () => {
  for (const body of [
    '<h3>Found a bug?</h3><p>Report it on GitHub.</p><h3>Need help?</h3><p>Ask on Discord.</p><h3>Have a patch?</h3><p>Send a pull request.</p>',
    '<h3>Fehler gefunden?</h3><p>Melde ihn auf GitHub.</p><h3>Hilfe nötig?</h3><p>Frag im Forum.</p><h3>Eine Idee?</h3><p>Schreib uns.</p>',
    '<h3>Can I change my plan later on?</h3><p>Yes, from the billing page.</p><h3>Is my data kept if I cancel?</h3><p>For thirty days.</p>',
  ])
    assert.deepEqual(extractFaqs(site({ '/': htmlPage('Acme', `<h1>Acme</h1>${body}`) })), [], body);
});

test('questions found by their shape come after those of sections named FAQ, whatever their page', () => {
  const run = ['How do feeds refresh here?', 'Why is there no mobile app?', 'What does the API return?']
    .map((q) => `<h3>${q}</h3><p>It is explained in the documentation.</p>`)
    .join('');
  const faqs = extractFaqs(
    site({
      '/': htmlPage('Acme', `<h1>Acme</h1>${run}`),
      '/pricing': htmlPage(
        'Pricing',
        '<h2>Questions fréquentes</h2><h3>Puis-je annuler ?</h3><p>Oui, à tout moment.</p>',
      ),
    }),
  );
  assert.equal(faqs[0].question, 'Puis-je annuler ?');
  assert.equal(faqs.length, 4);
});

test('a FAQ section may be named by the short eyebrow over its heading, in Japanese and Italian', () => {
  for (const [eyebrow, heading, question, answer] of [
    ['よくある質問', 'はじめる前に知っておきたいこと', '解約はいつでもできますか', 'はい、いつでも解約できます。'],
    ['Domande frequenti', 'Tutto quello che devi sapere', 'Posso disdire quando voglio', 'Sì, in qualsiasi momento.'],
  ]) {
    const body = `<h1>Acme</h1><p>${eyebrow}</p><h2>${heading}</h2><h3>${question}</h3><p>${answer}</p>`;
    assert.deepEqual(
      extractFaqs(site({ '/': htmlPage('Acme', body) })).map((f) => [f.question, f.answer]),
      [[question, answer]],
      eyebrow,
    );
  }
});

test('FAQ headings are known in Vietnamese, Indonesian and Hungarian', () => {
  for (const [heading, question, answer] of [
    ['Câu hỏi thường gặp', 'Tôi có thể dùng thử miễn phí không', 'Có, gói dùng thử miễn phí trong 6 tháng.'],
    ['Pertanyaan umum', 'Bagaimana cara menjual minyak jelantah', 'Daftar di aplikasi lalu jadwalkan penjemputan.'],
    ['Gyakori kérdések', 'Mennyibe kerül a bővítmény', 'Semmibe: a bővítmény nyílt forráskódú és ingyenes.'],
  ]) {
    const faqs = extractFaqs(
      site({ '/': htmlPage('Acme', `<h2>${heading}</h2><h3>${question}</h3><p>${answer}</p><h2>Kontak</h2>`) }),
    );
    assert.deepEqual(
      faqs.map((f) => [f.question, f.answer]),
      [[question, answer]],
      heading,
    );
  }
});

test('in a FAQ, a question and its answer on one line are read as a pair, in French and Japanese; an invitation is not', () => {
  for (const [heading, line, question, answer] of [
    [
      'Questions fréquentes',
      'Puis-je annuler à tout moment ? Oui, sans frais ni engagement.',
      'Puis-je annuler à tout moment ?',
      'Oui, sans frais ni engagement.',
    ],
    [
      'よくある質問',
      '解約はいつでもできますか？はい、いつでも解約できます。',
      '解約はいつでもできますか？',
      'はい、いつでも解約できます。',
    ],
  ]) {
    const body = `<h2>${heading}</h2><p><strong>${line.slice(0, question.length)}</strong> ${line.slice(question.length).trim()}</p><p>Still have questions? Write to us at hello@acme.example.</p><p>Can't find what you're looking for? Our team answers within a day.</p>`;
    assert.deepEqual(
      extractFaqs(site({ '/': htmlPage('Acme', body) })).map((f) => [f.question, f.answer]),
      [[question, answer]],
      heading,
    );
  }
});

test('FAQ headings and questions without a question mark are known in Czech, Romanian, Turkish, Polish and Swedish', () => {
  for (const [heading, question, answer] of [
    ['Často kladené dotazy', 'Kolik stojí měsíční předplatné', 'Základní tarif stojí 199 Kč měsíčně.'],
    ['Întrebări frecvente', 'Cum pot anula abonamentul', 'Da, abonamentul se anulează din cont.'],
    ['Merak edilenler', 'Ücretsiz deneme var mı', 'Evet, 14 gün boyunca ücretsiz deneyebilirsiniz.'],
    ['Najczęściej zadawane pytania', 'Czy mogę anulować subskrypcję', 'Tak, w dowolnym momencie w ustawieniach konta.'],
    ['Vanliga frågor', 'Hur exporterar jag mina data', 'Välj Export i menyn och ladda ner filen.'],
  ]) {
    const faqs = extractFaqs(
      site({ '/': htmlPage('Acme', `<h2>${heading}</h2><h3>${question}</h3><p>${answer}</p><h2>Kontakt</h2>`) }),
    );
    assert.deepEqual(
      faqs.map((f) => [f.question, f.answer]),
      [[question, answer]],
      heading,
    );
  }
});
