import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { extractPage } from '../../../src/crawler/page-text.js';
import { MIN_DETECTED_LETTERS, siteLanguage } from '../../../src/drafting/extract/language.js';
import type { CrawledPage } from '../../../src/crawler/crawl-site.js';
import { htmlFiles, loadCorpus, MULTILINGUAL_CORPUS_DIR, splitOf } from '../../support/drafting-quality.js';

const home = (url: string, text: string, extra: Partial<CrawledPage> = {}) => ({
  url,
  kind: 'homepage' as const,
  title: '',
  text,
  ...extra,
});
const EN = 'Share your screen with any device that has a web browser, in seconds, for free and without an account.';
const JA = 'Deskreenは、コンピュータの画面をウェブブラウザのあるあらゆるデバイスと共有できる無料のアプリです。';
const ZH_HANS =
  '这是一个开源的应用，让你的电脑屏幕在任何设备上显示。我们的团队来自不同的国家，数据安全是我们的首要问题。';
const ZH_HANT =
  '這是一個開源的應用，讓你的電腦螢幕在任何裝置上顯示。我們的團隊來自不同的國家，數據安全是我們的首要問題。';
const KO = '어떤 기기에서든 웹 브라우저로 컴퓨터 화면을 공유하세요. 계정 없이 무료로 몇 초 만에 시작할 수 있습니다.';
const FR =
  "Partagez votre écran avec n'importe quel appareil doté d'un navigateur, en quelques secondes et gratuitement.";
const ES =
  'Comparte la pantalla de tu ordenador con cualquier dispositivo que tenga un navegador, en segundos y gratis.';

test('a language path on the home page names the language, with a declared region kept', () => {
  assert.equal(siteLanguage([home('https://a.example/fr/', FR)]), 'fr');
  assert.equal(
    siteLanguage([home('https://a.example/pt-br/', 'Compartilhe sua tela com qualquer dispositivo agora')]),
    'pt-BR',
  );
});

test('a declared html lang names the language when the text is written in its script', () => {
  assert.equal(siteLanguage([home('https://a.example/', FR, { lang: 'fr-fr' })]), 'fr-FR');
  assert.equal(siteLanguage([home('https://a.example/', KO, { lang: 'ko' })]), 'ko');
});

test('a declared lang the text contradicts is passed over for the language the text shows', () => {
  assert.equal(siteLanguage([home('https://a.example/', JA, { lang: 'en' })]), 'ja');
});

test('the Content-Language header names the language when nothing else declares one', () => {
  assert.equal(siteLanguage([home('https://a.example/', EN, { contentLanguage: 'en-gb, de' })]), 'en-GB');
});

test('without any declaration, Japanese, Korean and Chinese are told by their characters', () => {
  assert.equal(siteLanguage([home('https://a.example/', JA)]), 'ja');
  assert.equal(siteLanguage([home('https://a.example/', KO)]), 'ko');
  assert.equal(siteLanguage([home('https://a.example/', ZH_HANS)]), 'zh-Hans');
  assert.equal(siteLanguage([home('https://a.example/', ZH_HANT)]), 'zh-Hant');
});

test('Chinese declared by region is recorded with its script, the characters winning over the region', () => {
  assert.equal(siteLanguage([home('https://a.example/zh-cn/', '开源')]), 'zh-Hans');
  assert.equal(siteLanguage([home('https://a.example/', ZH_HANT, { lang: 'zh-cn' })]), 'zh-Hant');
});

test('an undeclared page in a Latin script is read by tinyld from its main text when it is long enough', () => {
  assert.equal(siteLanguage([home('https://a.example/', FR)]), 'fr');
  assert.equal(siteLanguage([home('https://a.example/', ES)]), 'es');
  assert.equal(siteLanguage([home('https://a.example/', EN)]), 'en');
});

test(`a text of fewer than ${MIN_DETECTED_LETTERS} letters, in a script several languages share, stays unknown`, () => {
  const short = 'Partagez votre écran avec tous vos appareils, en quelques secondes.';
  assert.ok((short.match(/\p{L}/gu) ?? []).length < MIN_DETECTED_LETTERS);
  assert.equal(siteLanguage([home('https://a.example/', short)]), undefined);
  assert.equal(
    siteLanguage([home('https://a.example/', 'Поделитесь экраном с любым устройством за несколько секунд')]),
    undefined,
  );
  assert.equal(siteLanguage([]), undefined);
});

test('the main text read leaves out navigation, footer and code, and acronyms', () => {
  const page = home('https://a.example/', '', {
    title: 'Sinatra',
    blocks: [
      { tag: 'li', text: 'Home Docs Blog Pricing Community Download Changelog Sign in Sign up', within: 'nav' },
      { tag: 'h1', text: 'SINATRA', within: '' },
      { tag: 'p', text: ES, within: '' },
      {
        tag: 'pre',
        text: "require 'sinatra'\nget '/frank-says' do 'Put this in your pipe & smoke it!' end",
        within: '',
      },
      {
        tag: 'p',
        text: 'Copyright the Sinatra team. All rights reserved. Made with love in Berlin.',
        within: 'footer',
      },
    ],
  });
  assert.equal(siteLanguage([page]), 'es');
  // An English sentence with an acronym tinyld takes for a Czech word.
  const dsl = 'Sinatra is a DSL for quickly creating web applications in Ruby with minimal effort and no boilerplate.';
  assert.equal(siteLanguage([home('https://a.example/', dsl)]), 'en');
});

test('a declared Japanese over an English text is not believed: the text is read as English', () => {
  assert.equal(siteLanguage([home('https://a.example/', EN, { lang: 'ja' })]), 'en');
});

test('a declared Chinese, Japanese or Korean page stands when English release notes and commands outnumber its prose', () => {
  const notes =
    'npm install acme-cli -g\nacme 8.1.0 Released\nPlugins for every template engine and build tool. '.repeat(4);
  assert.equal(siteLanguage([home('https://a.example/', `${notes}\n${ZH_HANT}`, { lang: 'zh-TW' })]), 'zh-Hant');
  assert.equal(siteLanguage([home('https://a.example/', `${notes}\n${JA}`, { lang: 'ja' })]), 'ja');
  assert.equal(siteLanguage([home('https://a.example/', `${notes}\n${KO}`, { lang: 'ko' })]), 'ko');
});

test('a declared Chinese page with a word or two of Chinese in English prose is read as English', () => {
  assert.equal(siteLanguage([home('https://a.example/', `${EN} ${EN} ${EN} 中文 简体`, { lang: 'zh-CN' })]), 'en');
});

test('the Japanese Deskreen page, declared lang="en", is read as Japanese', () => {
  const dir = path.join(import.meta.dirname, '../../fixtures/sites-multilingual/deskreen-ja/ja/index.html');
  const page = extractPage(fs.readFileSync(dir, 'utf8'), 'https://deskreen.com/ja/');
  assert.equal(page.lang, 'en');
  assert.equal(siteLanguage([{ ...page, url: 'https://deskreen.com/', kind: 'homepage' }]), 'ja');
});

test('on every corpus site the language read is the one its facts name, or none, never another', () => {
  // The holdout part of the multilingual corpus is never used to tune the extractor (SPLIT.md): not even a test
  // failing on one of its sites should point at what the extractor gets wrong there.
  const development = loadCorpus(MULTILINGUAL_CORPUS_DIR).filter((s) => splitOf(s.slug) === 'development');
  for (const site of [...loadCorpus(), ...development]) {
    const files = htmlFiles(site);
    const at = site.facts.url_path.replace(/\/?$/, '/');
    const html = files[`${at}index.html`] ?? files[site.facts.url_path] ?? files[`${site.facts.url_path}.html`];
    assert.ok(html, `${site.slug}: no home page at ${site.facts.url_path}`);
    const url = `https://${site.slug}.example${at}`;
    const found = siteLanguage([{ ...extractPage(html, url), url, kind: 'homepage' }]);
    const stated = site.facts.language ?? 'en';
    assert.ok(found === undefined || found.split('-')[0] === stated.split('-')[0], `${site.slug}: ${found}`);
  }
});
