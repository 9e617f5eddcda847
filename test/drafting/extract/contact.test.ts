import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractContactEmail } from '../../../src/drafting/extract/contact.js';
import { siteView } from '../../../src/drafting/extract/site-view.js';
import { htmlPage, pagesFromHtml } from '../../support/fixture-websites.js';

const site = (pages: Record<string, string>) => siteView(pagesFromHtml(pages));

test('an address on the domain of another site the page links to, on a services page, is that organisation’s', () => {
  for (const [intro, button] of [
    ['<a href="https://agence.example">Agence</a> propose des services autour d’Acme.', 'Contactez-nous !'],
    ['<a href="https://agentur.example">Agentur</a> bietet Beratung rund um Acme an.', 'Schreiben Sie uns!'],
  ]) {
    const domain = /https:\/\/([^"]+)"/.exec(intro)![1];
    const s = site({
      '/': htmlPage('Acme', '<h1>Acme</h1>'),
      '/services': htmlPage(
        'Services',
        `<h1>Services</h1><p>${intro}</p><a href="mailto:contact@${domain}">${button}</a>`,
      ),
    });
    assert.equal(extractContactEmail(s), undefined, intro);
  }
});

test('an address on another linked domain counts when the site names it as its contact: contact page, footer', () => {
  const cases: Record<string, string>[] = [
    {
      '/': htmlPage('Acme', '<h1>Acme</h1><a href="https://studio.example">Studio</a>'),
      '/contacto': htmlPage('Contacto', '<p>Correo: <a href="mailto:hola@studio.example">hola@studio.example</a></p>'),
    },
    {
      '/': htmlPage(
        'Acme',
        '<h1>Acme</h1><footer><a href="https://studio.example">Studio</a> · <a href="mailto:info@studio.example">メール</a></footer>',
      ),
    },
  ];
  for (const pages of cases) assert.match(extractContactEmail(site(pages))?.value ?? '', /@studio\.example$/);
});

test('an address on a domain named for the product is its own, though the site links to that domain', () => {
  for (const line of [
    'Pour un partenariat, écrivez à contact@acme.org.',
    'Für Sponsoring schreiben Sie an contact@acme.org.',
  ]) {
    const s = site({
      '/': htmlPage('Acme', `<h1>Acme</h1><a href="https://acme.org/blog">Blog</a><p>${line}</p>`),
    });
    assert.equal(extractContactEmail(s, 'Acme')?.value, 'contact@acme.org', line);
  }
});
