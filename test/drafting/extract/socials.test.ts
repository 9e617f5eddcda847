import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractCompanySocials, socialLink } from '../../../src/drafting/extract/socials.js';
import { siteView } from '../../../src/drafting/extract/site-view.js';
import { htmlPage, pagesFromHtml } from '../../support/fixture-websites.js';

test('a Facebook profile.php address keeps the id that names the account', () => {
  assert.equal(
    socialLink('https://www.facebook.com/profile.php?id=61591182151102&ref=nav')?.url,
    'https://www.facebook.com/profile.php?id=61591182151102',
  );
  assert.equal(socialLink('https://www.facebook.com/profile.php'), null);
});

test('a legacy YouTube address (youtube.com/<name>) is a channel; YouTube’s own pages are not', () => {
  assert.equal(socialLink('https://www.youtube.com/iolappdeiservizipubblici')?.key, 'youtube');
  for (const page of ['results', 'playlist', 'premium', 'watch', 'feed'])
    assert.equal(socialLink(`https://www.youtube.com/${page}`), null, page);
});

test('a link in the prose of an inner page named just for its platform is the site’s own account', () => {
  for (const [path, text] of [
    [
      '/colofon',
      '<p>De broncode is volledig openbaar. Je kunt alle code terugvinden op <a href="https://github.com/acme-org">GitHub</a>.</p>',
    ],
    ['/mentions-legales', '<p>Le code source est public sur <a href="https://github.com/acme-org">GitHub</a>.</p>'],
  ]) {
    const s = siteView(pagesFromHtml({ '/': htmlPage('Acme', '<h1>Acme</h1>'), [path]: htmlPage('Acme', text) }));
    assert.equal(extractCompanySocials(s, 'Acme').github?.value, 'https://github.com/acme-org', path);
  }
  // A link that says more than the platform's name, in an inner page's prose, may be about anything.
  const s = siteView(
    pagesFromHtml({
      '/': htmlPage('Acme', '<h1>Acme</h1>'),
      '/colofon': htmlPage(
        'Acme',
        '<p>We gebruiken <a href="https://github.com/other-org">de bibliotheek van Other</a>.</p>',
      ),
    }),
  );
  assert.equal(extractCompanySocials(s, 'Acme').github, undefined);
});

test('the account in the row of social icons wins over a menu link to another repository named like the product', () => {
  for (const menu of ['Awesome-Acme', 'Acme-Plugins']) {
    const s = siteView(
      pagesFromHtml({
        '/': htmlPage(
          'Acme',
          `<header><nav><a href="https://github.com/acme-org/${menu}">${menu}</a></nav>` +
            '<div class="social"><a href="https://github.com/jdoe/Acme" aria-label="github"><svg></svg></a></div></header><h1>Acme</h1>',
        ),
      }),
    );
    assert.equal(extractCompanySocials(s, 'Acme').github?.value, 'https://github.com/jdoe/Acme', menu);
  }
});

test('a Facebook page without a username (/people/<name>/<id>/) is an account; other /people/ addresses are not', () => {
  assert.equal(socialLink('https://www.facebook.com/people/Acme/61551003667923/')?.key, 'facebook');
  assert.equal(socialLink('https://www.facebook.com/people/Acme/'), null);
});

test('the company’s Facebook page outranks a users’ group named after the product', () => {
  for (const [group, page] of [
    ['Cộng đồng Vextra', 'Vextra trên Facebook'],
    ['Comunidad Vextra', 'Vextra en Facebook'],
  ]) {
    const body = `<p><a href="https://www.facebook.com/groups/vextracommunity">${group}</a></p><footer class="social"><a href="https://www.facebook.com/HoldcoPlatform">${page}</a></footer>`;
    const s = siteView(pagesFromHtml({ '/': htmlPage('Vextra', `<h1>Vextra</h1>${body}`) }));
    assert.equal(extractCompanySocials(s, 'Vextra').facebook?.value, 'https://www.facebook.com/HoldcoPlatform', group);
  }
});
