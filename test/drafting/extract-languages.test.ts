import { test } from 'node:test';
import assert from 'node:assert/strict';
import { siteView } from '../../src/drafting/extract/site-view.js';
import { extractName, extractTagline } from '../../src/drafting/extract/identity.js';
import { fitText } from '../../src/drafting/extract/text-fit.js';
import { extractFeatures } from '../../src/drafting/extract/features.js';
import { extractFaqs } from '../../src/drafting/extract/faqs.js';
import { extractTiers } from '../../src/drafting/extract/pricing.js';
import { extractFounders } from '../../src/drafting/extract/team.js';
import { extractContactEmail } from '../../src/drafting/extract/contact.js';
import { extractStory } from '../../src/drafting/extract/story.js';
import { extractDraft } from '../../src/drafting/extract/extract-draft.js';
import { sourcesOf, verifyQuote } from '../../src/drafting/evidence.js';
import { FIXTURE_CATEGORIES, htmlPage, pagesFromHtml } from '../support/fixture-websites.js';
import { draftQuotes } from '../support/drafting-quality.js';

const site = (pages: Record<string, string>) => siteView(pagesFromHtml(pages));
const home = (body: string) => site({ '/': htmlPage('Acme', body) });
const list = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;

test('a tagline in Japanese, Chinese or Korean under a name-only h1 is read as one', () => {
  for (const pitch of [
    '画面共有と画面表示：あらゆるデバイスをパソコンのセカンドスクリーンに',
    '把任何设备变成电脑的第二块屏幕',
    '모든 기기를 컴퓨터의 두 번째 화면으로',
  ]) {
    const tagline = extractTagline(home(`<h1>Acme</h1><h2>${pitch}</h2>`), 'Acme');
    assert.equal(tagline?.value, pitch);
  }
});

test('the items of a section headed 機能, 功能, 기능 or Fonctionnalités are features', () => {
  const cases: [string, string[]][] = [
    [
      'Acmeの主な機能',
      ['画面全体を共有できます', 'アプリのウィンドウだけを共有できます', '複数のデバイスを同時に接続できます'],
    ],
    ['核心功能', ['共享整个屏幕', '只共享一个应用窗口', '同时连接多台设备']],
    ['주요 기능', ['전체 화면 공유', '앱 창만 공유', '여러 기기 동시 연결']],
    ['Fonctionnalités', ['Partage de tout l’écran', 'Partage d’une seule fenêtre', 'Plusieurs appareils à la fois']],
  ];
  for (const [heading, items] of cases) {
    const features = extractFeatures(home(`<h2>${heading}</h2>${list(items)}`));
    assert.deepEqual(features?.value, items, heading);
  }
});

test('a Japanese feature card keeps its short sentences together with its title, quoted on the page', () => {
  const features = extractFeatures(
    home(
      '<h2>Acmeの特徴</h2>' +
        '<h4>全画面共有</h4><p>コンピュータの画面全体を共有することができます。ケーブルは必要ありません。</p>' +
        '<h4>WiFi対応</h4><p>WiFiで画面の映像を共有することができます。</p>' +
        '<h4>安全</h4><p>業界標準のエンドツーエンドの暗号化を使用しています。</p>',
    ),
  );
  assert.equal(
    features?.value[0],
    '全画面共有: コンピュータの画面全体を共有することができます。ケーブルは必要ありません。',
  );
  assert.equal(features?.value.length, 3);
  assert.ok(features?.evidence.every((e) => e.quote.length > 0));
});

test('cards under a testimonials, FAQ or team heading in Japanese, Chinese or Korean are not features', () => {
  const cards = (heading: string, titles: string[]) =>
    `<h2>${heading}</h2>${titles.map((t) => `<h3>${t}</h3><p>${t}は毎日このサービスを使って仕事をしています。とても便利です。</p>`).join('')}`;
  for (const body of [
    cards('お客様の声', ['山田さん', '佐藤さん', '鈴木さん']),
    cards('我们的团队', ['张伟', '王芳', '李娜']),
    cards('자주 묻는 질문', ['설치', '가격', '보안']),
  ])
    assert.equal(extractFeatures(home(body)), undefined, body);
});

test('questions under a FAQ heading in Japanese, Chinese, Korean or Spanish are read with their answers', () => {
  const cases: [string, string, string][] = [
    ['よくある質問', '無料で使えますか？', 'はい、すべての機能を無料で使えます。'],
    ['常见问题', '需要安装什么吗？', '只需要一个网页浏览器。'],
    ['자주 묻는 질문', '어떤 기기에서 작동하나요?', '웹 브라우저가 있는 모든 기기에서 작동합니다.'],
    ['Preguntas frecuentes', '¿Es gratis?', 'Sí, todas las funciones son gratuitas.'],
  ];
  for (const [heading, question, answer] of cases) {
    const faqs = extractFaqs(home(`<h2>${heading}</h2><h3>${question}</h3><p>${answer}</p>`));
    assert.deepEqual(
      faqs.map((f) => [f.question, f.answer]),
      [[question, answer]],
      heading,
    );
  }
});

test('plans under a pricing heading in Japanese, Chinese, Korean or French are read as tiers', () => {
  for (const heading of ['料金プラン', '价格', '요금제', 'Tarifs']) {
    const tiers = extractTiers(
      home(`<h2>${heading}</h2><h3>Starter</h3><p>$9 / month</p><h3>Team</h3><p>$29 / month</p>`),
    );
    assert.deepEqual(
      tiers.map((t) => [t.name, t.price]),
      [
        ['Starter', '$9 / month'],
        ['Team', '$29 / month'],
      ],
      heading,
    );
  }
});

test('a section announcing new features (新機能のお知らせ) is news, not a list of features', () => {
  const features = extractFeatures(
    home(
      '<h2>新機能のお知らせ</h2><p>バージョン2.0をリリースしました。</p><h2>会社について</h2><p>2014年に東京で設立されました。</p>',
    ),
  );
  assert.equal(features, undefined);
});

test('a title split by a full-width bar names the product, not "公式サイト", "首页" or "홈"', () => {
  for (const title of ['Acme｜公式サイト', 'Acme | 首页', '홈 | Acme', 'Accueil — Acme']) {
    const s = site({ '/': htmlPage(title, '<h1>Acme</h1><p>Acme</p>') });
    assert.equal(extractName(s)?.value, 'Acme', title);
  }
});

test('Chinese and Japanese text is shortened at a full stop, or between words, never mid-word', () => {
  assert.equal(fitText('它很快。它很安全。它是开源的，而且完全免费。', 12), '它很快。它很安全。');
  const cut = fitText('画面共有と画面表示あらゆるデバイスをパソコンのセカンドスクリーンに', 12);
  assert.ok(cut.length <= 12 && '画面共有と画面表示あらゆるデバイス'.startsWith(cut), cut);
  assert.ok(!cut.endsWith('デ') && !cut.endsWith('パ'), cut);
});

test('a founder is named by a role in Japanese, Chinese, Korean or French beside the name', () => {
  for (const [name, role] of [
    ['Pavlo (Paul) Buidenkov', 'Acme創作者'],
    ['Li Wei', '联合创始人'],
    ['Kim Minji', '공동 창업자'],
    ['Marie Dupont', 'Cofondatrice'],
  ]) {
    const founders = extractFounders(site({ '/team': htmlPage('Team', `<h3>${name}</h3><p>${role}</p>`) }));
    assert.deepEqual(
      founders.map((f) => [f.name, f.title]),
      [[name, role]],
      role,
    );
  }
});

test('a team member whose role is not a founder’s, in Japanese or Chinese, is not a founder', () => {
  for (const role of ['開発者', '工程师', '디자이너']) {
    const founders = extractFounders(site({ '/team': htmlPage('Team', `<h3>Aiko Tanaka</h3><p>${role}</p>`) }));
    assert.deepEqual(founders, [], role);
  }
});

test('the address on a legal-notice page in Japanese, Korean or French is preferred as the contact email', () => {
  for (const [path, title] of [
    ['/特定商取引法に基づく表記', '特定商取引法に基づく表記'],
    ['/legal', '사업자 정보'],
    ['/mentions-legales', 'Mentions légales'],
  ]) {
    const s = site({
      '/': htmlPage('Acme', '<p>Press: <a href="mailto:press@other.example">press@other.example</a></p>'),
      [path]: htmlPage(title, '<p>Contact: <a href="mailto:hello@mail.example">hello@mail.example</a></p>'),
    });
    assert.equal(extractContactEmail(s)?.value, 'hello@mail.example', title);
  }
});

test('an about page’s story under 私たちのストーリー, 我们的故事 or Notre histoire is read as the story', () => {
  for (const [heading, prose] of [
    [
      '私たちのストーリー',
      '古いタブレットを二台目の画面として使いたいと思ったことが、このアプリを作ったきっかけです。',
    ],
    ['我们的故事', '我们想把旧平板电脑变成电脑的第二块屏幕，于是开始了这个项目。'],
    ['Notre histoire', 'Tout a commencé quand nous avons voulu utiliser une vieille tablette comme second écran.'],
  ]) {
    const story = extractStory(
      site({
        '/about': htmlPage(
          'About',
          `<h2>${heading}</h2><p>${prose}</p><h2>チーム</h2><p>山田さんと佐藤さんと鈴木さんが開発しています。</p>`,
        ),
      }),
    );
    assert.equal(story.story?.value, prose, heading);
  }
});

test('a Chinese landing page is drafted in Chinese, every value quoted from the page', () => {
  const pages = pagesFromHtml({
    '/': htmlPage(
      '屏幕助手｜首页',
      '<h1>屏幕助手</h1><h2>把任何设备变成电脑的第二块屏幕</h2>' +
        '<h2>核心功能</h2><h3>全屏共享</h3><p>把整个电脑屏幕共享到任何有浏览器的设备上。不需要数据线。</p>' +
        '<h3>应用窗口共享</h3><p>只共享一个应用窗口，其他内容保持私密。</p>' +
        '<h3>多设备连接</h3><p>同时连接多台设备，所有人都能看到你的屏幕。</p>' +
        '<h2>常见问题</h2><h3>需要安装什么吗？</h3><p>只需要在电脑上安装本应用，其他设备使用浏览器即可。</p>',
    ),
  });
  const draft = extractDraft(pages, { categories: FIXTURE_CATEGORIES });
  assert.equal(draft.fields.name?.value, '屏幕助手');
  assert.equal(draft.fields.tagline?.value, '把任何设备变成电脑的第二块屏幕');
  assert.deepEqual(draft.fields.features?.value, [
    '全屏共享: 把整个电脑屏幕共享到任何有浏览器的设备上。不需要数据线。',
    '应用窗口共享: 只共享一个应用窗口，其他内容保持私密。',
    '多设备连接: 同时连接多台设备，所有人都能看到你的屏幕。',
  ]);
  assert.deepEqual(
    draft.faqs.map((f) => f.question),
    ['需要安装什么吗？'],
  );
  const sources = pages.flatMap(sourcesOf);
  for (const { at, e } of draftQuotes(draft))
    assert.ok(
      verifyQuote(
        e.quote,
        sources.filter((s) => s.url === e.url && s.source === (e.source ?? 'text')),
      ),
      at,
    );
});
