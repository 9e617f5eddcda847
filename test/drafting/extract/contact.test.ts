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

const emailOf = (pages: Record<string, string>, name = 'Acme') =>
  extractContactEmail(siteView(pagesFromHtml(pages)), name)?.value;

test('an address at the website of a sponsor or agency the page links to is not the product contact', () => {
  for (const body of [
    '<p>Acme is sponsored by <a href="https://studio-nord.example/en">Studio Nord</a>, who sell support.</p><p><a href="mailto:hello@studio-nord.example">Ask for a quote</a></p>',
    '<p>Acme est soutenu par <a href="https://www.studio-nord.example">Studio Nord</a>.</p><p>Écrivez à hello@studio-nord.example pour un devis.</p>',
    '<p>Acme wird von <a href="https://studio-nord.example">Studio Nord</a> gefördert. Angebote: <a href="mailto:info@studio-nord.example">info@studio-nord.example</a></p>',
  ])
    assert.equal(
      emailOf({ '/': htmlPage('Acme', '<h1>Acme</h1>'), '/services': htmlPage('Services', body) }),
      undefined,
      body,
    );
});

test('the same address on a contact page or an imprint is the contact, whatever other sites the page links to', () => {
  for (const [path, body] of [
    [
      '/contact',
      '<h1>Contact</h1><p>Acme is run by <a href="https://studio-nord.example">Studio Nord</a>: hello@studio-nord.example</p>',
    ],
    [
      '/impressum',
      '<h1>Impressum</h1><p><a href="https://studio-nord.example">Studio Nord GmbH</a>, E-Mail: hello@studio-nord.example</p>',
    ],
    [
      '/mentions-legales',
      '<h1>Mentions légales</h1><p>Éditeur : <a href="https://studio-nord.example">Studio Nord</a>, hello@studio-nord.example</p>',
    ],
  ])
    assert.equal(
      emailOf({ '/': htmlPage('Acme', '<h1>Acme</h1>'), [path]: htmlPage(body.slice(4, 20), body) }),
      'hello@studio-nord.example',
      path,
    );
});

test('an address at a domain carrying the product name stays its contact although the page links that domain', () => {
  for (const body of [
    '<p>Read the <a href="https://acmebrowser.example/feed.xml">news</a>. Sponsorship inquiries: contact@acmebrowser.example</p>',
    '<p>Suivez les <a href="https://acmebrowser.example/">nouvelles</a>. Écrivez-nous : contact@acmebrowser.example</p>',
  ])
    assert.equal(
      emailOf({ '/': htmlPage('Acme Browser', `<h1>Acme Browser</h1>${body}`) }, 'Acme Browser'),
      'contact@acmebrowser.example',
    );
});

test('an address written so that harvesters miss it is read back, in German, French and Spanish; plain "at" is not one', () => {
  for (const [line, email] of [
    ['E-Mail: info [at] acme.de', 'info@acme.de'],
    ['E-Mail: info(at)acme(punkt)de', 'info@acme.de'],
    ['Contact : bonjour (at) acme (point) fr', 'bonjour@acme.fr'],
    ['Correo: hola[arroba]acme.es', 'hola@acme.es'],
  ]) {
    const pages = {
      '/': htmlPage('Acme', '<h1>Acme</h1>'),
      '/impressum': htmlPage('Impressum', `<h1>Impressum</h1><p>${line}</p>`),
    };
    assert.equal(emailOf(pages), email, line);
  }
  assert.equal(
    emailOf({ '/contact': htmlPage('Contact', '<h1>Contact</h1><p>Meet us at Berlin dot conference.</p>') }),
    undefined,
  );
});

test('an address only the structured data declares, shown on no page, is no contact, in French and English', () => {
  const ld =
    '<script type="application/ld+json">{"@type":"Organization","name":"Acme","email":"contacts@acme.example"}</script>';
  for (const body of ['<h1>Acme</h1><p>Créez votre signature.</p>', '<h1>Acme</h1><p>Create your signature.</p>'])
    assert.equal(extractContactEmail(site({ '/': htmlPage('Acme', body, ld) })), undefined, body);
  for (const body of [
    '<h1>Acme</h1><footer><p>Écrivez-nous : contacts@acme.example</p></footer>',
    '<h1>Acme</h1><footer><p>Write to us: contacts@acme.example</p></footer>',
  ])
    assert.equal(extractContactEmail(site({ '/': htmlPage('Acme', body, ld) }))?.value, 'contacts@acme.example', body);
});

test('an address on another domain in the page’s content, not presented as a contact, is none: a pictured signature, in French and English', () => {
  for (const body of [
    '<h1>Acme</h1><div class="preview"><p>Marie Dupont</p><p>Directrice marketing · marie.dupont@entreprise.fr · 01 23 45 67 89</p></div>',
    '<h1>Acme</h1><div class="preview"><p>Jane Doe</p><p>Head of marketing · jane.doe@company.co.uk · +44 20 7946 0000</p></div>',
  ])
    assert.equal(extractContactEmail(site({ '/': htmlPage('Acme', body) })), undefined, body);
  for (const [body, email] of [
    ['<h1>Acme</h1><p>Une question ? Écrivez-nous à acme.app@gmail.com</p>', 'acme.app@gmail.com'],
    ['<h1>Acme</h1><p>Questions? Email acme.app@gmail.com</p>', 'acme.app@gmail.com'],
  ])
    assert.equal(extractContactEmail(site({ '/': htmlPage('Acme', body) }))?.value, email, body);
});

test('an address on another domain presented as the way to write, in Dutch, Swedish, Czech, Romanian and Indonesian, is the contact', () => {
  for (const line of [
    'Schrijf ons via studio.acme@gmail.com',
    'Skriv till oss på studio.acme@gmail.com',
    'Napište nám na studio.acme@gmail.com',
    'Scrie-ne la studio.acme@gmail.com',
    'Hubungi kami di studio.acme@gmail.com',
  ])
    assert.equal(
      extractContactEmail(site({ '/': htmlPage('Acme', `<h1>Acme</h1><p>${line}</p>`) }))?.value,
      'studio.acme@gmail.com',
      line,
    );
});
