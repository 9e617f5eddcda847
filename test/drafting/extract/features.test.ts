import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractFeatures, extractUsps } from '../../../src/drafting/extract/features.js';
import { siteView } from '../../../src/drafting/extract/site-view.js';
import { htmlPage, pagesFromHtml } from '../../support/fixture-websites.js';

const home = (body: string) => siteView(pagesFromHtml({ '/': htmlPage('Acme', body) }));
const list = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;

test('under a features heading, a sub-heading that leads a list stands for its items; nested items are left out', () => {
  const cases: [string, [string, string[]][]][] = [
    [
      'Funktionen',
      [
        [
          'Benutzer',
          ['Registrierung', 'Profil bearbeiten', 'Anderen Benutzern folgen<ul><li>mit Benachrichtigung</li></ul>'],
        ],
        ['Beiträge', ['Bilder anhängen', 'Sprache des Beitrags wählen']],
      ],
    ],
    [
      '主な機能',
      [
        [
          '1. アルゴリズムを作る',
          ['移動平均を使ったアルゴリズムをかんたんに作成可能。', '各種経済データも利用できます。'],
        ],
        ['2. バックテストで検証', ['過去10年のデータで検証。']],
      ],
    ],
  ];
  for (const [heading, groups] of cases) {
    const body = `<h2>${heading}</h2>${groups.map(([h, items]) => `<h3>${h}</h3>${list(items)}`).join('')}`;
    const expected = groups.flatMap(([, items]) => items.map((i) => i.replace(/<ul>.*$/, '')));
    assert.deepEqual(extractFeatures(home(body))?.value, expected, heading);
  }
});

test('a group heading whose list follows a line ending in a colon still stands for the list', () => {
  const features = extractFeatures(
    home(
      '<h2>Funzionalità</h2><h3>Moderazione</h3><p>I moderatori possono:</p>' +
        list(['Nascondere i commenti segnalati', 'Bloccare un utente']) +
        '<h3>Profilo</h3>' +
        list(['Scegliere la lingua']),
    ),
  );
  assert.deepEqual(features?.value, ['Nascondere i commenti segnalati', 'Bloccare un utente', 'Scegliere la lingua']);
});

test('a section in a container the markup calls a feature is read by its structure, not its paragraphs', () => {
  const section = (heading: string, inner: string) => `<section class="feature"><h2>${heading}</h2>${inner}</section>`;
  for (const [heading, groups, intro] of [
    [
      'Tre passi per iniziare',
      [
        ['Accedi', ['Accesso sicuro con la tua identità digitale', 'Nessuna password da ricordare']],
        ['Paga', ['Pagamenti con una semplice scansione']],
      ],
      'Un’unica app per tutti i servizi pubblici del tuo comune.',
    ],
    [
      'クラウド対応。なので、低コスト。',
      [
        ['1. クラウドで動かす', ['1クリックでインストールして、利用を開始できます。']],
        ['2. 自宅PCでも', ['Dockerイメージでインストールも簡単です。']],
      ],
      'システムトレードのためのフレームワークです。ソースコードは公開しています。',
    ],
  ] as [string, [string, string[]][], string][]) {
    const body =
      section(heading, groups.map(([h, items]) => `<h3>${h}</h3>${list(items)}`).join('')) +
      section('Introduction', `<p>${intro}</p><p>${intro}</p>`);
    assert.deepEqual(
      extractFeatures(home(body))?.value,
      groups.flatMap(([, items]) => items),
      heading,
    );
  }
});

test('what a roadmap or a "planned features" section lists is not a feature yet', () => {
  for (const heading of ['Geplante Funktionen', 'Fonctionnalités à venir', 'Roadmap', '今後の予定']) {
    const features = extractFeatures(
      home(`<h2>${heading}</h2>${list(['Videoanrufe in Gruppen', 'Verknüpfung mit anderen Netzwerken'])}`),
    );
    assert.equal(features, undefined, heading);
  }
});

test('a Korean card keeps its short sentences together with its title, as Chinese and Japanese ones do', () => {
  const cards = (items: [string, string][]) =>
    `<h2>특징</h2>${items.map(([t, p]) => `<h3>${t}</h3><p>${p}</p>`).join('')}`;
  const features = extractFeatures(
    home(
      cards([
        ['인터넷 불필요', '완전 오프라인으로 작동합니다. 데이터는 로컬 네트워크를 벗어나지 않습니다.'],
        ['매우 빠름', '최대 속도로 파일을 전송합니다. 대역폭 제한이 없습니다.'],
        ['안전함', '종단 간 암호화를 사용합니다.'],
      ]),
    ),
  );
  assert.deepEqual(features?.value, [
    '인터넷 불필요: 완전 오프라인으로 작동합니다. 데이터는 로컬 네트워크를 벗어나지 않습니다.',
    '매우 빠름: 최대 속도로 파일을 전송합니다. 대역폭 제한이 없습니다.',
    '안전함: 종단 간 암호화를 사용합니다.',
  ]);
});

test('with more features than a draft holds, cards are kept before bare lines, in the order of the page', () => {
  for (const [heading, cardTitle, sentence, line] of [
    ['Características', 'Tutor', 'Diseña asistentes que responden sobre la materia que elijas.', 'Modelo local'],
    ['Features', 'Tutor', 'Design assistants that answer only about the subject you choose.', 'Local model'],
  ]) {
    const lines = Array.from({ length: 22 }, (_, i) => `${line} ${i + 1}`);
    const cards = [1, 2, 3].map((i) => `<h3>${cardTitle} ${i}</h3><p>${sentence}</p>`).join('');
    const features = extractFeatures(home(`<h2>${heading}</h2><h3>Más</h3>${list(lines)}<h2>Extra</h2>${cards}`));
    assert.equal(features?.value.length, 20, heading);
    assert.deepEqual(features?.value.slice(0, 17), lines.slice(0, 17), heading);
    assert.deepEqual(
      features?.value.slice(17),
      [1, 2, 3].map((i) => `${cardTitle} ${i}: ${sentence}`),
      heading,
    );
  }
});

test('a section named "how it works" in another language presents features', () => {
  for (const heading of ['Hoe het werkt', 'Cómo funciona', 'So funktioniert’s']) {
    const features = extractFeatures(
      home(`<h2>${heading}</h2>${list(['Ein Klick genügt zum Teilen', 'Dateien bleiben im lokalen Netz'])}`),
    );
    assert.equal(features?.value.length, 2, heading);
  }
});

test('a definition list whose explanations sit in blocks inside the dd gives cards', () => {
  for (const [terms, text] of [
    [
      ['Dialogue Editor', 'Scripting Editor', 'Kanban Boards'],
      'Organize your work with a simple and friendly interface.',
    ],
    [
      ['Éditeur de dialogues', 'Éditeur de scripts', 'Tableaux Kanban'],
      'Organisez votre travail avec une interface simple.',
    ],
  ] as [string[], string][]) {
    const dl = terms.map((t) => `<dt>${t}</dt><dd><div>${text}</div><div><a href="/x">Learn more →</a></div></dd>`);
    const features = extractFeatures(home(`<dl>${dl.join('')}</dl>`));
    assert.deepEqual(
      features?.value,
      terms.map((t) => `${t}: ${text}`),
    );
  }
});

test('a heading in a feature container with a sentence under it is a card, unless it only introduces', () => {
  for (const [title, sentence] of [
    ['Intuitive controls', 'Choose between a wide range of different tools and colors'],
    ['Contrôles intuitifs', 'Choisissez parmi un large choix d’outils et de couleurs'],
  ]) {
    const body =
      `<section class="feature"><h2>Introduction</h2><p>Acme is a lightweight note-taking app for tablets.</p></section>` +
      `<section class="feature"><h2>${title}</h2><div>${sentence}</div></section>`;
    assert.deepEqual(extractFeatures(home(body))?.value, [`${title}: ${sentence}`]);
  }
});

test('feature and other-section cues in Swedish, Polish, Turkish and Russian', () => {
  for (const heading of ['Funktioner', 'Funkcje', 'Özellikler', 'Возможности']) {
    const features = extractFeatures(
      home(`<h2>${heading}</h2>${list(['Snabb synkronisering', 'Säker lagring i Sverige'])}`),
    );
    assert.equal(features?.value.length, 2, heading);
  }
  const cards = (titles: string[]) =>
    titles.map((t) => `<h3>${t}</h3><p>${t} använder tjänsten varje dag och är mycket nöjd med den.</p>`).join('');
  for (const heading of ['Priser', 'Cennik', 'Fiyatlandırma', 'Цены', 'Systemkrav'])
    assert.equal(extractFeatures(home(`<h2>${heading}</h2>${cards(['Bas', 'Plus', 'Pro'])}`)), undefined, heading);
});

test('on the homepage, a section that is only a list of three or more statements gives them as features', () => {
  for (const [heading, items] of [
    [
      'Segurança em primeiro lugar',
      [
        'Um snapshot do ZFS é criado antes da primeira ação.',
        'O conteúdo é revalidado logo antes de cada ação.',
        'Os arquivos são publicados de forma atômica, sem condição de corrida.',
      ],
    ],
    [
      'Zo gaan we om met jouw gegevens:',
      [
        'Je bluetooth-gegevens worden 14 dagen op je telefoon bewaard.',
        'Je naam en telefoonnummer worden niet gebruikt of bewaard.',
        'De app weet nooit waar je bent en gebruikt geen locatiegegevens',
      ],
    ],
  ] as [string, string[]][]) {
    assert.deepEqual(extractFeatures(home(`<h2>${heading}</h2>${list(items)}`))?.value, items, heading);
  }
});

test('a list under a disclaimer, a licence, requirements or a dated heading is not a list of features', () => {
  const items = list([
    'We are neither a bank nor a financial service provider.',
    'We do not provide private user support of any kind.',
    'The software is provided as is, without any warranty.',
  ]);
  for (const heading of ['Disclaimer', 'Haftungsausschluss', 'Requisitos', 'August 22nd, 2025, Acme 8.0'])
    assert.equal(extractFeatures(home(`<h2>${heading}</h2>${items}`)), undefined, heading);
});

test('where the site presents itself, a long list item gives its first sentence', () => {
  for (const [heading, first, rest] of [
    ['Como funciona', 'Escanear — percorre os caminhos escolhidos e agrupa os arquivos idênticos.', ' Depois'],
    ['How it works', 'Scan — walks the chosen paths and groups identical files together.', ' Then'],
  ]) {
    const long = `${first}${rest} ${'a long explanation that goes on '.repeat(8)}and ends here.`;
    const features = extractFeatures(home(`<h2>${heading}</h2>${list([long, 'Review every group before acting'])}`));
    assert.deepEqual(features?.value, [first, 'Review every group before acting'], heading);
  }
});

test('one card titled with another section’s word among product cards is still a card; cards mostly so titled are not features', () => {
  const cards = (items: [string, string][]) =>
    `<h2>Una persona reale</h2>${items.map(([t, p]) => `<article><h3>${t}</h3><p>${p}</p></article>`).join('')}`;
  const it = extractFeatures(
    home(
      cards([
        ['Test di attivazione', 'La licenza viene verificata prima della consegna.'],
        ['Guide e download', 'Documentazione chiara e accesso ai canali ufficiali.'],
        ['Assistenza tecnica', 'Supporto rapido e installazione remota su richiesta.'],
      ]),
    ),
  )?.value;
  assert.equal(it?.length, 3, JSON.stringify(it));
  assert.ok(it?.some((f) => f.startsWith('Guide e download')));
  const fr = extractFeatures(
    home(
      cards([
        ['Plan gratuit', 'Pour découvrir l’outil sans rien payer du tout.'],
        ['Plan Pro', 'Pour les indépendants qui facturent chaque mois.'],
        ['Synchronisation', 'Vos factures sont à jour sur tous vos appareils.'],
      ]).replace('Una persona reale', 'Choisissez'),
    ),
  )?.value;
  assert.ok(!fr?.some((f) => /^Plan/.test(f)), JSON.stringify(fr));
});

test('on another page of the product, cards under "Why Acme?" are features, in German and French; under a question of another kind they are not', () => {
  const productPage = (heading: string, cards: [string, string][]) =>
    siteView(
      pagesFromHtml({
        '/': htmlPage('Acme', '<h1>Acme</h1><p>Acme chiffre vos fichiers.</p>'),
        '/for-teams': htmlPage(
          'Teams',
          `<h2>${heading}</h2>${cards.map(([t, p]) => `<h3>${t}</h3><p>${p}</p>`).join('')}`,
        ),
      }),
    );
  const de: [string, string][] = [
    ['Kompatibel mit deiner Cloud', 'Integriert sich nahtlos in bestehende Cloud-Speicher.'],
    ['Geräteübergreifend', 'Verfügbar auf allen wichtigen Plattformen, jederzeit und überall.'],
    ['Kinderleichte Bedienung', 'Die Einrichtung erfolgt in nur wenigen Minuten.'],
  ];
  assert.equal(extractFeatures(productPage('Warum Acme?', de))?.value.length, 3);
  const fr: [string, string][] = [
    ['Compatible avec votre cloud', 'S’intègre à Dropbox, Google Drive et OneDrive sans effort.'],
    ['Sur tous vos appareils', 'Disponible sur Windows, macOS, Linux, iOS et Android.'],
    ['Simple à utiliser', 'La mise en place ne prend que quelques minutes.'],
  ];
  assert.equal(extractFeatures(productPage('Pourquoi Acme ?', fr))?.value.length, 3);
  assert.equal(extractFeatures(productPage('Comment installer Acme ?', fr))?.value, undefined);
});

test('list items led by a term and a colon are features when the sentence goes on in lower case, in Portuguese and French', () => {
  for (const items of [
    [
      '<strong>Rápido</strong>: gera relatórios em segundos.',
      '<strong>Seguro</strong>: seus dados ficam criptografados.',
      '<strong>Gratuito</strong>: sem custos escondidos.',
    ],
    [
      '<strong>Rapide</strong> : génère vos rapports en quelques secondes.',
      '<strong>Sûr</strong> : vos données restent chiffrées.',
      '<strong>Gratuit</strong> : aucun coût caché.',
    ],
  ])
    assert.equal(extractFeatures(home(`<h1>Acme</h1><h2>O que ele faz</h2>${list(items)}`))?.value.length, 3, items[0]);
});

test('a section named for what the product does ("O que o Acme faz", "Cosa fa Acme", "Was Acme kann") lists features', () => {
  for (const heading of ['O que o Acme faz', 'Cosa fa Acme', 'Was Acme kann', 'Ce que fait Acme']) {
    const value = extractFeatures(
      home(
        `<h1>Acme</h1><h2>${heading}</h2>${list(['Relatórios em PDF', 'Backup automático', 'Suporte em português'])}`,
      ),
    )?.value;
    assert.equal(value?.length, 3, heading);
  }
});

test('lines of a checklist container are features, in German and Spanish; three are needed', () => {
  for (const items of [
    ['Online-Kalender (Tages- und Wochenansicht)', 'Kundenkartei (importierbar)', 'Statistiken pro Mitarbeiter'],
    ['Calendario en línea', 'Fichero de clientes importable', 'Estadísticas por empleado'],
  ]) {
    const body = `<h1>Acme</h1><p>Alles drin.</p><div class="col">${items.map((i) => `<div class="checklist-item">${i}</div>`).join('')}</div>`;
    assert.deepEqual(extractFeatures(home(body))?.value, items);
  }
  const two = '<h1>Acme</h1><div class="checklist-item">Kalender</div><div class="checklist-item">Statistiken</div>';
  assert.equal(extractFeatures(home(two)), undefined);
});

test('sibling headings with a sentence are cards although quotes and a closing question sit among them, in German and French', () => {
  for (const [cards, quoteHeading, question] of [
    [
      [
        ['Online-Kalender', 'Trage deine Termine mühelos ein und behalte alles im Blick.'],
        ['Erinnerungen', 'Verabschiede dich von vergessenen Terminen durch SMS-Erinnerungen.'],
        ['Onlinebuchung', '(kein Aufpreis)', 'Deine Kunden buchen über einen Link online und sparen dir Telefonzeit.'],
      ],
      'Eure Geschichten',
      'Haben wir dein Interesse geweckt?',
    ],
    [
      [
        ['Agenda en ligne', 'Notez vos rendez-vous sans effort et gardez tout en vue.'],
        ['Rappels', 'Dites adieu aux rendez-vous oubliés grâce aux rappels par SMS.'],
        [
          'Réservation en ligne',
          '(sans supplément)',
          'Vos clients réservent en ligne par un lien et vous économisez du temps.',
        ],
      ],
      'Vos histoires',
      'Convaincu ?',
    ],
  ] as [string[][], string, string][]) {
    const body =
      '<h1>Acme</h1>' +
      cards.map(([t, ...ps]) => `<h2>${t}</h2>${ps.map((p) => `<p>${p}</p>`).join('')}`).join('') +
      `<div class="testimonial"><h2>${quoteHeading}</h2><p>„Wir lieben es, wirklich sehr, jeden Tag.“</p></div>` +
      `<div class="testimonial"><h2>${quoteHeading}</h2><p>„Endlich Ordnung in unserem Salon, danke.“</p></div>` +
      `<h2>${question}</h2><p>Probiere es aus, vierzehn Tage kostenlos und ohne Verpflichtung.</p>`;
    const features = extractFeatures(home(body))?.value ?? [];
    assert.equal(features.length, 3, features.join(' | '));
    assert.match(features[2], new RegExp(cards[2][2].slice(0, 12)));
  }
});

test('cards of a grid each led by an icon on its own line are read as cards, in Portuguese and English', () => {
  const grid = (cards: [string, string][]) =>
    cards.map(([t, d]) => `<div class="tool"><div>🗜️</div><div>${t}</div><div>${d}</div></div>`).join('');
  for (const cards of [
    [
      ['Comprimir PDF', 'Reduza até 80% do tamanho'],
      ['Juntar PDF', 'Una vários arquivos em um só'],
      ['OCR PDF', 'Reconheça texto em imagens escaneadas'],
    ],
    [
      ['Compress PDF', 'Shrink files by up to 80%'],
      ['Merge PDF', 'Join several files into one'],
      ['OCR PDF', 'Recognise text in scanned images'],
    ],
  ] as [string, string][][]) {
    assert.deepEqual(
      extractFeatures(home(`<h1>Acme</h1>${grid(cards)}`))?.value,
      cards.map(([t, d]) => `${t}: ${d}`),
    );
  }
});

test('steps whose number is a heading of its own are cards, and a Japanese title is measured by its characters', () => {
  const steps = (items: [string, string][]) =>
    items.map(([t, d], k) => `<h3>${k + 1}.</h3><h3>${t}</h3><div>${d}</div>`).join('');
  const ja: [string, string][] = [
    [
      'UIを設計するためのコンポーネントをドラッグアンドドロップする',
      'コンポーネントをドラッグアンドドロップして、アプリのUIを素早く構築できます。',
    ],
    ['データソースに接続する', 'MySQL、PostgreSQLなどのデータベースやREST APIに接続します。'],
    ['ワークフローを自動化する', '繰り返しのタスクを減らすために、ワークフローを自動化しましょう。'],
  ];
  const en: [string, string][] = [
    ['Drag and drop components', 'Build the interface of your app in minutes by dropping components.'],
    ['Connect your data', 'Plug in MySQL, PostgreSQL, REST or GraphQL sources in a few clicks.'],
    ['Automate workflows', 'Keep data fresh and cut repetitive tasks with scheduled flows.'],
  ];
  for (const items of [ja, en]) {
    const features = extractFeatures(home(`<h1>Acme</h1><h2>4 steps</h2>${steps(items)}`))?.value ?? [];
    assert.deepEqual(
      features.map((f) => f.split(':')[0]),
      items.map(([t]) => t),
    );
  }
});

test('a heading with the sentence under it, then a list its markup calls features, is one feature, in Chinese and English', () => {
  for (const [heading, lead, items] of [
    [
      '派单、验收与结算，在一个闭环中完成',
      'Acme 将现场运营转化为可管理的标准流程，确保线下履约可追踪、可验证。',
      ['在正确时间自动派单给合适的服务方', '付款释放前进行基于照片的质检验收'],
    ],
    [
      'Dispatch, checks and payouts in one loop',
      'Acme turns field work into a managed process, so every job can be traced and verified.',
      ['Jobs go to the right provider at the right time', 'Photo checks before any payout'],
    ],
  ] as [string, string, string[]][]) {
    const body = `<h1>Acme</h1><h3>${heading}</h3><p>${lead}</p><ul>${items.map((i) => `<li class="feature">${i}</li>`).join('')}</ul>`;
    const features = extractFeatures(home(body))?.value ?? [];
    assert.ok(features.includes(`${heading}: ${lead}`), features.join(' | '));
  }
});

test('cards without headings keep running past a figure above a title and a badge under a sentence, in Japanese and Spanish', () => {
  const grid = (cards: [string, string, string, string][]) =>
    cards
      .map(
        ([fig, t, d, badge]) =>
          `<div class="c"><div>📋</div><div>${fig}</div><div>${t}</div><div>${d}</div><div>${badge}</div></div>`,
      )
      .join('');
  for (const cards of [
    [
      ['712名', '議員検索', '全議員を収録。委員会で絞り込めます。', '無料'],
      ['12省庁', '省庁検索', '担当局を把握し、効率的にアプローチします。', 'プロ'],
      ['24時間', '国会カレンダー', '国会日程を一覧で把握できます。', '一部無料'],
    ],
    [
      ['01', 'Agenda', 'Confirma las citas por WhatsApp automáticamente.', 'Gratis'],
      ['02', 'Notas clínicas', 'Estructura tus notas en segundos con ayuda de la IA.', 'Pro'],
      ['03', 'Teleconsulta', 'Videollamadas integradas sin salir de la plataforma.', 'Pro'],
    ],
  ] as [string, string, string, string][][]) {
    assert.deepEqual(
      extractFeatures(home(`<h1>Acme</h1>${grid(cards)}`))?.value,
      cards.map(([, t, d]) => `${t}: ${d}`),
    );
  }
});

test('three or more short titles running in a feature container are features, in Spanish and German; a sentence breaks the run', () => {
  for (const items of [
    ['CRM con historial completo', 'Pipeline de ventas visual', 'Facturación integrada'],
    ['Digitale Speisekarte', 'Push-Mitteilungen', 'Tischreservierung'],
  ]) {
    const body = `<h1>Acme</h1><h3>Verkaufen</h3><p>Alles, was dein Team braucht, an einem Ort.</p>${items.map((i) => `<div class="feature-pill">${i}</div>`).join('')}`;
    assert.deepEqual(extractFeatures(home(body))?.value, items);
  }
  const broken =
    '<h1>Acme</h1><div class="feature">Agenda</div><div class="feature">Confirma las citas por WhatsApp automáticamente.</div><div class="feature">Notas</div>';
  assert.equal(extractFeatures(home(broken)), undefined);
});

test('cards titled with a figure state numbers, not features, in Polish and English', () => {
  for (const cards of [
    [
      ['50+', 'raportów do prac naukowych i publikacji'],
      ['2 000+', 'raportów do prac dyplomowych i magisterskich'],
      ['24/7', 'jesteśmy do dyspozycji przez cały tydzień'],
    ],
    [
      ['99.9%', 'uptime across every region we run in'],
      ['10x', 'faster than exporting spreadsheets by hand'],
      ['712', 'members of parliament in the database'],
    ],
  ]) {
    const body = `<h1>Acme</h1>${cards.map(([t, d]) => `<div class="stat"><div>${t}</div><div>${d}</div></div>`).join('')}`;
    assert.equal(extractFeatures(home(body)), undefined);
  }
});

test('cards under a section whose eyebrow names case studies or reviews are not features, in Polish and French', () => {
  for (const [eyebrow, heading] of [
    ['Przykłady realizacji', 'Wybrane projekty'],
    ['Études de cas', 'Ils nous ont fait confiance'],
  ]) {
    const cards = ['Walidacja skali ankietowej', 'Efekty terapii ruchowej', 'Model predykcyjny']
      .map((t) => `<h3>${t}</h3><p>Zbudowaliśmy model na danych z trzech szpitali i opisaliśmy wyniki.</p>`)
      .join('');
    const body = `<h1>Acme</h1><p>${eyebrow}</p><h2>${heading}</h2>${cards}`;
    assert.equal(extractFeatures(home(body)), undefined, eyebrow);
  }
});

test('a heading with headings under it opens a section of cards and is no card itself, in Polish and German', () => {
  for (const [sections, cards] of [
    [
      ['Jak pracujemy', 'Dlaczego my', 'Zrealizowane prace'],
      ['Analiza danych', 'Szkolenia'],
    ],
    [
      ['So arbeiten wir', 'Warum wir', 'Unsere Arbeit'],
      ['Datenanalyse', 'Schulungen'],
    ],
  ]) {
    const body = `<h1>Acme</h1>${sections
      .map(
        (h) =>
          `<h2>${h}</h2><p>Wir erklären jeden Schritt in einfachen Worten.</p>${cards.map((c) => `<h3>${c} ${h}</h3><p>Jeder Bericht wird mit Ihnen besprochen.</p>`).join('')}`,
      )
      .join('')}`;
    const items = extractFeatures(home(body))?.value ?? [];
    assert.ok(!items.some((i) => sections.some((h) => i.startsWith(`${h}:`))), items.join(' | '));
  }
});

test('a card keeps its second short sentence, in Turkish and Spanish, and only the first when both would be long', () => {
  for (const [title, text] of [
    ['İnteraktif Odontogram', '32 daimi diş ve 20 süt dişi arasında tek tıkla geçiş. Her dişe özel tedavi notu.'],
    [
      'Sincronización con WooCommerce',
      'Obtén los pedidos directamente de tu tienda. La conciliación refleja lo que ocurrió.',
    ],
  ]) {
    const cards = [
      [title, text],
      ['Stok Takibi', 'Sarf malzemelerini ve son kullanma tarihlerini izleyin.'],
      ['Raporlar', 'Aylık ciro ve tedavi raporlarını tek tıkla alın.'],
    ];
    const body = `<h1>Acme</h1><h2>Özellikler</h2>${cards.map(([t, d]) => `<h3>${t}</h3><p>${d}</p>`).join('')}`;
    assert.equal(extractFeatures(home(body))?.value[0], `${title}: ${text}`);
  }
  const long = `${'Una frase larga que describe con mucho detalle lo que hace la función '.repeat(2)}. Y otra frase más que ya no cabe en la tarjeta.`;
  const body = `<h1>Acme</h1><h2>Funciones</h2>${['Uno', 'Dos', 'Tres'].map((t) => `<h3>${t}</h3><p>${long}</p>`).join('')}`;
  const first = extractFeatures(home(body))?.value[0] ?? '';
  assert.ok(first.startsWith('Uno: Una frase larga') && !first.endsWith('cabe en la tarjeta.'), first);
});

test('feature sections are known in Vietnamese, Indonesian and Hungarian', () => {
  for (const [heading, items] of [
    ['Tính năng nổi bật', ['Kết nối thiết bị trong vài phút', 'Bảng điều khiển kéo thả linh hoạt']],
    ['Fitur utama', ['Jadwal penjemputan otomatis', 'Laporan bulanan untuk mitra']],
    ['Funkciók', ['Valós idejű akadálymentességi ellenőrzés', 'Testreszabható eszköztippek']],
  ] as [string, string[]][]) {
    assert.deepEqual(extractFeatures(home(`<h2>${heading}</h2>${list(items)}`))?.value, items, heading);
  }
});

test('"Recursos" names features on a Portuguese page and resources on a Spanish one', () => {
  const body = `<h1>Acme</h1><h2>Recursos</h2>${list(['Guía para abrir tu consulta privada', 'Plantilla de historia clínica descargable'])}`;
  const page = (lang: string) =>
    siteView(
      pagesFromHtml({
        '/': `<!doctype html><html lang="${lang}"><head><title>Acme</title></head><body>${body}</body></html>`,
      }),
    );
  assert.equal(extractFeatures(page('es-MX')), undefined);
  assert.deepEqual(extractFeatures(page('pt-BR'))?.value, [
    'Guía para abrir tu consulta privada',
    'Plantilla de historia clínica descargable',
  ]);
});

test('cards of the problems a product answers are not its features, in Dutch and Japanese', () => {
  for (const [eyebrow, heading, cards] of [
    [
      'Herken jij dit?',
      'Elke restauranthouder kent deze frustraties',
      ['Telefoon staat roodgloeiend', 'No-shows kosten omzet', 'Commissie per gast'],
    ],
    [
      'お悩み',
      'こんな壁、ありませんか',
      ['誰に話せばいいかわからない', 'リサーチに時間がかかる', '論点が整理できない'],
    ],
  ] as [string, string, string[]][]) {
    const body = `<h1>Acme</h1><p>${eyebrow}</p><h2>${heading}</h2>${cards.map((c) => `<h3>${c}</h3><p>Dat kost je elke week uren aan werk en omzet.</p>`).join('')}`;
    assert.equal(extractFeatures(home(body)), undefined, heading);
  }
});

test('paragraphs of a founder’s story are not features, in Dutch and English', () => {
  for (const [heading, story] of [
    ['Functies', 'Acme is geboren uit frustratie. Als eigenaar van een restaurant merkte ik dat alles te duur was.'],
    ['Features', 'Acme was born out of frustration. As a restaurant owner I found every system too expensive.'],
  ]) {
    const body = `<h1>Acme</h1><h2>${heading}</h2><div class="founder-story"><p>${story}</p></div>`;
    assert.equal(extractFeatures(home(body)), undefined, heading);
  }
});

test('rows of a table of features whose cells tick or cross them are features, in English and Japanese; a table of values is not', () => {
  const table = (head: string[], rows: string[][]) =>
    `<table><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</table>`;
  for (const [head, rows] of [
    [
      ['Feature', 'Free', 'Pro'],
      [
        ['Unlimited boards', '✓', '✓'],
        ['PDF export', '✓', '✓'],
        ['iCloud sync', '–', '✓'],
      ],
    ],
    [
      ['機能', '無料', 'プレミアム'],
      [
        ['文字起こし', '○', '○'],
        ['話者の識別', '×', '○'],
        ['要約の作成', '×', '○'],
      ],
    ],
  ] as [string[], string[][]][]) {
    assert.deepEqual(
      extractFeatures(home(`<h1>Acme</h1>${table(head, rows)}`))?.value,
      rows.map((r) => r[0]),
    );
  }
  const values = table(
    ['', 'Free', 'Pro'],
    [
      ['Storage', '5 GB', '50 GB'],
      ['Users', '1', '10'],
      ['Support', 'Email', 'Phone'],
    ],
  );
  assert.equal(extractFeatures(home(`<h1>Acme</h1>${values}`)), undefined);
});

test('feature sections are known in Czech, Romanian, Italian and Dutch words a native reader expects', () => {
  for (const [heading, items] of [
    ['Funkce', ['Sdílení dokumentů v reálném čase', 'Automatické zálohy každou noc']],
    ['Funcționalități', ['Facturi generate automat', 'Rapoarte lunare pentru contabil']],
    ['Cosa offriamo', ['Prenotazioni online in tempo reale', 'Promemoria automatici per i clienti']],
    ['Functionaliteiten', ['Facturen automatisch verstuurd', 'Koppeling met je boekhouding']],
  ] as [string, string[]][]) {
    assert.deepEqual(extractFeatures(home(`<h2>${heading}</h2>${list(items)}`))?.value, items, heading);
  }
});

test('why-us sections give the selling points in Czech, Romanian, Portuguese and Turkish', () => {
  for (const [heading, items] of [
    ['Proč my', ['Podpora v češtině každý den', 'Data uložená v Evropské unii']],
    ['De ce noi?', ['Asistență în limba română', 'Fără costuri ascunse']],
    ['Diferenciais', ['Suporte humano em português', 'Dados armazenados no Brasil']],
    ['Neden biz?', ['Türkçe destek her gün', 'Veriler Türkiye’de saklanır']],
  ] as [string, string[]][]) {
    assert.deepEqual(extractUsps(home(`<h2>${heading}</h2>${list(items)}`))?.value, items, heading);
  }
});

test('what is new or only planned is no feature, in Czech, Romanian and Indonesian', () => {
  for (const heading of [
    'Nové funkce',
    'Funcționalități noi',
    'Fitur baru',
    'Připravujeme',
    'În curând',
    'Segera hadir',
  ]) {
    const body = `<h1>Acme</h1><h2>${heading}</h2>${list(['Export do PDF', 'Integrare cu Slack', 'Sinkronisasi offline'])}`;
    assert.equal(extractFeatures(home(body)), undefined, heading);
  }
});
