import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allFaqs } from '../../../src/drafting/extract/faqs.js';
import { extractPricingModel, extractPricingSummary, extractTiers } from '../../../src/drafting/extract/pricing.js';
import { siteView } from '../../../src/drafting/extract/site-view.js';
import { sourcesOf, verifyQuote } from '../../../src/drafting/evidence.js';
import { htmlPage, pagesFromHtml } from '../../support/fixture-websites.js';

/** The pricing model drafted from a site whose product is Acme, with its quotes (checked against the pages). */
const modelOf = (pages: Record<string, string>) => {
  const crawled = pagesFromHtml(pages);
  const site = siteView(crawled);
  const model = extractPricingModel(site, extractTiers(site), 'Acme', allFaqs(site));
  for (const e of model?.evidence ?? []) assert.ok(verifyQuote(e.quote, crawled.flatMap(sourcesOf)), e.quote);
  return { value: model?.value, quotes: model?.evidence.map((e) => e.quote) ?? [] };
};
/** The pricing summary drafted from a site, its quotes checked against the pages. */
const summaryOf = (pages: Record<string, string>) => {
  const crawled = pagesFromHtml(pages);
  const site = siteView(crawled);
  const summary = extractPricingSummary(extractTiers(site), site, allFaqs(site));
  for (const e of summary?.evidence ?? []) assert.ok(verifyQuote(e.quote, crawled.flatMap(sourcesOf)), e.quote);
  return summary?.value;
};
const withPricing = (home: string, pricing: string) => ({
  '/': htmlPage('Acme', `<h1>Acme</h1>${home}`),
  '/pricing': htmlPage('Pricing', `<h1>Pricing</h1>${pricing}`),
});
const plan = (name: string, price: string) => `<h3>${name}</h3><p>${price}</p>`;

test('a free plan and monthly plans make freemium although the code is public, in five languages', () => {
  for (const [home, pricing, free, paid] of [
    [
      '<p>Acme is open source: the code is on GitHub.</p><footer><p>MIT License</p></footer>',
      plan('Free', '$0') + plan('Pro', '$12 per month'),
      /\$0/,
      /\$12 per month/,
    ],
    ['<p>Acme est open source.</p>', plan('Gratuit', '0 €') + plan('Pro', '9 €/mois'), /0 €/, /9 €\/mois/],
    ['<p>Acme ist quelloffen.</p>', plan('Kostenlos', '0 €') + plan('Pro', '9 € pro Monat'), /0 €/, /pro Monat/],
    ['<p>Acmeはオープンソースです。</p>', plan('フリープラン', '¥0') + plan('プロ', '月額980円'), /¥0/, /月額980円/],
    ['<p>Acme完全开源。</p>', plan('免费版', '¥0') + plan('专业版', '每月 99 元'), /¥0/, /每月 99 元/],
  ] as [string, string, RegExp, RegExp][]) {
    const model = modelOf(withPricing(home, pricing));
    assert.equal(model.value, 'freemium', pricing);
    assert.ok(
      model.quotes.some((q) => free.test(q)) && model.quotes.some((q) => paid.test(q)),
      model.quotes.join(' | '),
    );
  }
});

test('a free-plan sentence and a monthly price sentence make freemium', () => {
  const model = modelOf(
    withPricing('', '<p>Start on the free plan and upgrade any time.</p><p>Pro costs $12 per month per user.</p>'),
  );
  assert.equal(model.value, 'freemium');
});

test('monthly plans without a free one make a subscription, not open source and not one-time', () => {
  for (const [home, pricing, period] of [
    [
      '<p>Acme is open source under the AGPL.</p><p>Every plan includes lifetime access to your exported data.</p>',
      plan('Pro', '$9/mo') + plan('Team', '$29/mo'),
      /\/mo/,
    ],
    ['<p>Paiement unique possible pour les écoles.</p>', plan('Pro', '9 €/mois') + plan('Équipe', '29 €/mois'), /mois/],
    ['', plan('Pro', '9 € monatlich'), /monatlich/],
    ['', plan('プロ', '月額980円'), /月額/],
    ['', plan('专业版', '每月 99 元'), /每月/],
  ] as [string, string, RegExp][]) {
    const model = modelOf(withPricing(home, pricing));
    assert.equal(model.value, 'subscription', pricing);
    assert.ok(
      model.quotes.every((q) => period.test(q)),
      model.quotes.join(' | '),
    );
  }
});

test('a one-time purchase is one-time, in English, German and Japanese', () => {
  for (const [pricing, word] of [
    ['<p>Acme Pro: $49 one-time purchase</p>', /one-time/],
    [plan('Pro', '49 € einmalig'), /einmalig/],
    [plan('プロ', '4,800円（買い切り）'), /買い切り/],
  ] as [string, RegExp][]) {
    const model = modelOf(withPricing('<p>Source on GitHub, MIT licensed.</p>', pricing));
    assert.equal(model.value, 'one-time', pricing);
    assert.ok(
      model.quotes.every((q) => word.test(q)),
      model.quotes.join(' | '),
    );
  }
});

test('"no subscription" on a free tool does not make it one-time', () => {
  const model = modelOf({
    '/': htmlPage('Acme', '<h1>Acme</h1><p>Acme is completely free. No subscription, no account.</p>'),
  });
  assert.equal(model.value, 'free');
});

test('sponsorship and donation levels are not the product’s price: the project stays open source', () => {
  const sponsors = modelOf({
    '/': htmlPage('Acme', '<h1>Acme</h1><p>Acme is open source under the MIT License.</p>'),
    '/sponsor': htmlPage(
      'Sponsor Acme',
      `<h1>Sponsor Acme</h1>${plan('Individual', '$5/month')}${plan('Company', '$100/month')}<p>Sponsor us on GitHub Sponsors.</p>`,
    ),
  });
  assert.deepEqual(sponsors, { value: 'open source', quotes: [sponsors.quotes[0]] });
  assert.match(sponsors.quotes[0], /open source/);
  const collective = modelOf(
    withPricing(
      '<p>Acme est un logiciel libre.</p>',
      `<h2>Soutenir le projet</h2><p>Faites un don sur Open Collective :</p>${plan('Backer', '2 €/mois')}`,
    ),
  );
  assert.equal(collective.value, 'open source');
});

test('a licence gives open source only when no price is stated anywhere', () => {
  assert.equal(
    modelOf({ '/': htmlPage('Acme', '<h1>Acme</h1><footer><p>Licensed under the MIT License.</p></footer>') }).value,
    'open source',
  );
  assert.equal(
    modelOf(withPricing('<footer><p>Licensed under the MIT License.</p></footer>', plan('Pro', '$49'))).value,
    'paid',
  );
});

test('"free and open source" is a statement of the price: a hosted offer’s price does not change it', () => {
  const model = modelOf({
    '/': htmlPage('Acme', '<h1>Acme</h1><p>Acme is free and open source software.</p>'),
    '/hosting': htmlPage('Acme Hosting', '<h1>Hosting</h1><p>The hosted subscription costs only $15/year.</p>'),
  });
  assert.equal(model.value, 'open source');
  assert.match(model.quotes[0], /free and open source/);
});

test('prices in Swedish, Polish, Turkish and Russian formats are plans: kronor with spaced thousands, złoty, lira, roubles', () => {
  for (const [price, recurring] of [
    ['4 900 kr per månad', true],
    ['29 zł/mies.', true],
    ['149 TL / ay', true],
    ['990 ₽ в месяц', true],
    ['0,67 kr per timme', false],
  ] as [string, boolean][]) {
    const site = siteView(pagesFromHtml(withPricing('', plan('Pro', price))));
    const [tier] = extractTiers(site);
    assert.equal(tier?.name, 'Pro', price);
    assert.equal(tier.price, price);
    assert.equal(tier.recurring, recurring, price);
  }
});

test('a plan card names its price from its heading a few lines up and its period from the line below, in English and French', () => {
  const card = (name: string, blurb: string, items: string[], price: string, period: string) =>
    `<div class="plan"><h3>${name}</h3><div>${blurb}</div>${items.map((i) => `<div>${i}</div>`).join('')}<div>Starting at</div><div>${price}</div><div>${period}</div></div>`;
  for (const [cards, want] of [
    [
      card('Monthly', 'For personal use', ['All features', 'One month'], '0.99€', 'Billed per month') +
        card('Lifetime', 'For good', ['All features', 'No limits'], '24.99€', 'One-time payment'),
      'Monthly 0.99€ Billed per month, Lifetime 24.99€ One-time payment',
    ],
    [
      card('Mensuel', 'Pour vous', ['Tout inclus', 'Un mois'], '4,99 €', 'par mois') +
        card('Annuel', 'Pour un an', ['Tout inclus', 'Un an'], '39 €', 'par an'),
      'Mensuel 4,99 € par mois, Annuel 39 € par an',
    ],
  ]) {
    assert.equal(summaryOf(withPricing('', cards)), want);
  }
});

test('a price alone in a table cell is a row of a price list, not a plan named by the heading above the table', () => {
  const table =
    '<h2>Storage</h2><p>Object storage priced from only 0,50 kr per GB and month, with no traffic costs.</p>' +
    '<table><tr><th>Size</th><th>Per månad</th></tr><tr><td>1 TB</td><td>350 kr</td></tr></table>';
  const site = siteView(pagesFromHtml(withPricing('', table)));
  assert.deepEqual(extractTiers(site), []);
  assert.match(summaryOf(withPricing('', table)) ?? '', /priced from only/);
});

test('on a pricing page a sentence stating a price is the summary before one that only speaks of cost, in Swedish and English', () => {
  for (const [lines, want] of [
    [
      '<p>Våra priser är enkla och utan dolda avgifter för alla kunder.</p><p>Virtuella servrar från endast 480 kr per 30 dagar, med support.</p>',
      /480 kr per 30 dagar/,
    ],
    [
      '<p>Our pricing is simple, with no hidden fees for anyone.</p><p>Servers start at only $5 per month, support included.</p>',
      /\$5 per month/,
    ],
  ] as [string, RegExp][]) {
    assert.match(summaryOf(withPricing('', lines)) ?? '', want);
  }
});

test('a FAQ answer to "how much does it cost?" is the summary, and free content with packs for sale is freemium, in French and Spanish', () => {
  for (const [q, a1, a2] of [
    [
      'Combien ça coûte ?',
      'Acme propose gratuitement 40 parties pour jouer entre amis !',
      "Des packs sont disponibles à l'achat.",
    ],
    [
      '¿Cuánto cuesta?',
      'Acme ofrece gratis 40 partidas para jugar con amigos.',
      'Puedes comprar packs con más partidas.',
    ],
  ]) {
    const pages = {
      '/': htmlPage(
        'Acme',
        `<h1>Acme</h1><h2>FAQ</h2><details><summary>${q}</summary><p>${a1}</p><p>${a2}</p></details><details><summary>Faut-il un compte ?</summary><p>Non, jamais.</p></details>`,
      ),
    };
    assert.match(summaryOf(pages) ?? '', /40/);
    assert.equal(modelOf(pages).value, 'freemium', q);
  }
});

test('an answer to "why is it free?" argues and is no summary of the price, even naming others’ prices, in English and German', () => {
  for (const [q, a, lead] of [
    [
      'Why is it free?',
      'Most tools are priced for businesses: better 100 customers paying €30 each than 1000 paying €3.',
      'Acme is offered for free for reasonable personal use.',
    ],
    [
      'Warum ist es kostenlos?',
      'Die meisten Dienste kosten 30 € im Monat, und das können sich viele nicht leisten.',
      'Acme ist für private Nutzung kostenlos.',
    ],
  ]) {
    const pages = {
      '/': htmlPage('Acme', `<h1>Acme</h1><h2>FAQ</h2><details><summary>${q}</summary><p>${a}</p></details>`),
      '/pricing': htmlPage('Pricing', `<h1>Pricing</h1><p>${lead}</p>`),
    };
    assert.equal(summaryOf(pages), lead, q);
  }
});

test('a sentence stating the product’s price outside any pricing page is the summary; a saving is not a price, in Japanese and German', () => {
  assert.equal(
    summaryOf({
      '/': htmlPage('Acme', '<h1>Acme</h1><p>※スマホアプリは、月額450円(税抜)の有料ソフトウェアです。</p>'),
    }),
    '※スマホアプリは、月額450円(税抜)の有料ソフトウェアです。',
  );
  assert.equal(
    summaryOf({
      '/': htmlPage('Acme', '<h1>Acme</h1><p>Die Pro-Version kostet 4,99 € pro Monat und ist jederzeit kündbar.</p>'),
    }),
    'Die Pro-Version kostet 4,99 € pro Monat und ist jederzeit kündbar.',
  );
  assert.equal(
    summaryOf({
      '/': htmlPage('Acme', '<h1>Acme</h1><p>Teams using Acme save $500 a year on average, says our survey.</p>'),
    }),
    undefined,
  );
});

test('a free trial without a free plan or a price leaves the model unsaid, and the trial heading with its sentence is the summary, in English and German', () => {
  for (const [heading, line] of [
    ['Not sure yet? Try Acme free for 30 days!', 'Full access to all features. No credit card required.'],
    ['Acme 14 Tage kostenlos testen', 'Voller Zugriff auf alle Funktionen, ohne Kreditkarte.'],
  ]) {
    const pages = {
      '/': htmlPage(
        'Acme',
        `<h1>Acme</h1><section class="pricing"><h2>Pricing</h2><h3>${heading}</h3><p>${line}</p></section>`,
      ),
    };
    assert.equal(modelOf(pages).value, undefined, heading);
    assert.equal(summaryOf(pages), `${heading} ${line}`);
  }
});

test('a statement of the pricing model on a legal page counts when it names the product, in Polish', () => {
  const pages = {
    '/': htmlPage('Acme', '<h1>Acme</h1><p>Porządek w zrzutach ekranu.</p>'),
    '/regulamin': htmlPage(
      'Regulamin',
      '<h1>Regulamin</h1><p>Acme jest aplikacją freemium.</p><p>Wersja bezpłatna ma limity pojemności: maksymalnie 2 biblioteki i 5 Clipów.</p>',
    ),
  };
  assert.equal(modelOf(pages).value, 'freemium');
  assert.match(summaryOf(pages) ?? '', /Wersja bezpłatna/);
});

test('a licence named by its SPDX identifier or with a licence word in any language makes open source; a code sample or a bare "MIT" does not', () => {
  const home = (body: string) => ({
    '/': htmlPage('Acme', `<h1>Acme</h1><p>Acme encontra arquivos duplicados.</p>${body}`),
  });
  assert.equal(
    modelOf(home('<footer><p>Acme — v0.9.0 · Apache-2.0 · Código no GitHub</p></footer>')).value,
    'open source',
  );
  assert.equal(modelOf(home('<footer><p>Acme는 MIT 라이선스에 따라 배포됩니다.</p></footer>')).value, 'open source');
  assert.equal(
    modelOf(home('<p>Acme es un proyecto opensource desarrollado por dos profesores.</p>')).value,
    'open source',
  );
  assert.equal(modelOf(home('<pre>class Acme &lt; Formula\n  license "GPL-3.0-or-later"\nend</pre>')).value, undefined);
  assert.equal(modelOf(home('<p>Acme nasceu de uma pesquisa no MIT.</p>')).value, undefined);
});

test('a free account beside a subscription without a stated price is freemium, in Spanish and French; a subscription alone stays one', () => {
  const home = (body: string) => ({ '/': htmlPage('Acme', `<h1>Acme</h1>${body}`) });
  assert.equal(
    modelOf(
      home(
        '<p>Crea tu cuenta gratuita para guardar favoritos.</p><h3>Premium sin anuncios</h3><p>La suscripción retira la publicidad y amplía el mapa.</p>',
      ),
    ).value,
    'freemium',
  );
  assert.equal(
    modelOf(
      home(
        '<p>Créez votre compte gratuit en une minute.</p><h3>Premium</h3><p>L’abonnement débloque les exports et la synchronisation.</p>',
      ),
    ).value,
    'freemium',
  );
  assert.equal(
    modelOf(home('<h3>Premium</h3><p>La suscripción retira la publicidad y amplía el mapa.</p>')).value,
    'subscription',
  );
});

test('plan cards named by a styled line above the price (no heading) are tiers: a free one and a monthly one make freemium, in Japanese and Spanish', () => {
  const card = (n: string, p: string, d: string) =>
    `<div class="plan"><div class="plan-name">${n}</div><div class="plan-price">${p}</div><p>${d}</p></div>`;
  for (const [free, paid] of [
    [card('Free', '¥0', 'まずは無料で試してみる'), card('Premium', '¥1,800<span>/月</span>', 'すべての機能')],
    [card('Básico', '0 €', 'Para empezar'), card('Premium', '2,99 €<span>/mes</span>', 'Sin anuncios')],
  ]) {
    const site = { '/': htmlPage('Acme', `<h1>Acme</h1><div class="plans">${free}${paid}</div>`) };
    assert.equal(modelOf(site).value, 'freemium', free);
  }
});

test('the pricing page’s lead sentence sums up the prices, before the plan cards, in Dutch, Portuguese and Japanese', () => {
  for (const [lead, cards] of [
    [
      'Kies een pakket op basis van het aantal gebruikers en de gewenste begeleiding.',
      plan('Starter', '€ 98 per maand') + plan('Professional', '€ 392 per maand'),
    ],
    ['No Acme, todas as ferramentas são gratuitas para todo mundo. Sem pegadinhas.', plan('Plano Gratuito', 'R$ 0')],
    ['まずは無料で。もっと使いたくなったらPremiumへ。', plan('Free', '¥0') + plan('Premium', '¥1,800/月')],
  ]) {
    const summary = summaryOf(withPricing('', `<p>${lead}</p>${cards}`));
    assert.ok(summary?.startsWith(lead), summary);
  }
});

test('a lead is a sentence said once: a badge repeated on every card or a row of buttons is not one', () => {
  const promo = '<div>10ヶ月購入で2ヶ月無料！</div>';
  const cards = `<div>無料</div>${promo}<div>$0/月</div><div>Premium</div>${promo}<div>$20/月エディタごとに</div>`;
  const summary = summaryOf(withPricing('', `<div>お問い合わせ ログイン 無料で始める</div>${cards}`));
  assert.equal(summary, '無料 $0/月, Premium $20/月');
  const es = `<div>Gratis</div><div>¡Ahorra dos meses!</div><div>0 €</div><div>Pro</div><div>¡Ahorra dos meses!</div><div>9 €/mes</div>`;
  assert.equal(summaryOf(withPricing('', es)), 'Gratis 0 €, Pro 9 €/mes');
});

test('cards named for how one plan is billed (monthly, yearly) make a subscription, their zero a placeholder', () => {
  for (const [monthly, yearly, note] of [
    ['Monatlich', 'Jährlich', 'Monatliche Kosten, bei jährlicher Vorauszahlung'],
    ['Mensuel', 'Annuel', 'Coût mensuel, payé à l’année'],
  ]) {
    const { value } = modelOf(withPricing('', `${plan(monthly, '0.00€')}<p>${note}</p>${plan(yearly, '0.00€')}`));
    assert.equal(value, 'subscription', monthly);
  }
});

test('a price range that starts at nothing beside paid plans is freemium, in Korean and English', () => {
  for (const cards of [
    `<p>store care 14,900원~/월</p><p>agent 무료~25,000원/월</p>`,
    `<p>Care $12/month</p><p>Agent Free – $25/month</p>`,
  ]) {
    assert.equal(modelOf(withPricing('', cards)).value, 'freemium', cards);
  }
});

test('“Is it free?” answered “yes” is a price statement that comes before the licence, in Italian and German', () => {
  for (const [home, faq] of [
    [
      '<p>Tutto il codice sviluppato da Acme è open source.</p>',
      '<h2>Domande frequenti</h2><h3>L’app resterà gratuita?</h3><p>Sì, per sempre.</p>',
    ],
    ['<p>Acme ist quelloffen.</p>', '<h2>Häufige Fragen</h2><h3>Ist die App kostenlos?</h3><p>Ja, für immer.</p>'],
  ]) {
    const pages = { '/': htmlPage('Acme', `<h1>Acme</h1>${home}`), '/faq': htmlPage('FAQ', `<h1>FAQ</h1>${faq}`) };
    assert.equal(modelOf(pages).value, 'free', faq);
  }
  // "Yes, free and open source" says both: the licence names it.
  const both = {
    '/': htmlPage('Acme', '<h1>Acme</h1>'),
    '/faq': htmlPage('FAQ', '<h1>FAQ</h1><h3>真的免费吗？</h3><p>是的！Acme 100% 免费且开源。</p>'),
  };
  assert.equal(modelOf(both).value, 'open source');
});

test('subscriptions spoken of in general or negated say nothing of how the product is sold', () => {
  for (const line of [
    'Meno dipendenza da abbonamenti e variazioni unilaterali.',
    'Strumenti professionali senza i costi di un abbonamento annuale.',
    'Professional tools without the cost of a yearly subscription.',
    'Assinatura digital válida em todos os documentos.',
  ]) {
    assert.equal(modelOf({ '/': htmlPage('Acme', `<h1>Acme</h1><p>${line}</p>`) }).value, undefined, line);
  }
  // Said of the product, in the singular, it is one.
  const own = { '/': htmlPage('Acme', '<h1>Acme</h1><p>La suscripción retira la publicidad y amplía el mapa.</p>') };
  assert.equal(modelOf(own).value, 'subscription');
});

test('a price quoted per customer on the pricing page is a paid offer, in Polish and French', () => {
  for (const line of [
    'Każda praca wyceniana indywidualnie. Płacisz za wykonaną usługę.',
    'Chaque projet fait l’objet d’un devis personnalisé, sur devis uniquement.',
  ]) {
    assert.equal(modelOf(withPricing('', `<p>${line}</p>`)).value, 'paid', line);
  }
});

test('on a page headed by the product’s name, its own code said to be open source is a licence statement', () => {
  for (const line of ['开源透明：代码完全开源，安全可靠。', 'Transparente: o código é de código aberto.']) {
    const pages = {
      '/': htmlPage('Acme', '<h1>Acme 图片上传工具</h1>'),
      '/guide/': htmlPage('Guide', `<h1>Acme</h1><ul><li>${line}</li></ul>`),
    };
    assert.equal(modelOf(pages).value, 'open source', line);
  }
});

test('a subscription named to be done without is no subscription, in five languages', () => {
  for (const line of [
    'Less dependence on subscriptions and one-sided changes.',
    'Meno dipendenza da abbonamenti e variazioni unilaterali.',
    'Des outils professionnels sans le coût d’un abonnement annuel.',
    'Profesionales, sin los costes de una suscripción anual.',
    'Werkzeuge ohne teures Abo.',
  ]) {
    const model = modelOf({ '/': htmlPage('Acme', `<h1>Acme</h1><p>${line}</p>`) });
    assert.notEqual(model.value, 'subscription', line);
  }
  // Glued inline elements ("<strong>lock-in</strong><span>Less…</span>") still read as the negation they are.
  const glued = modelOf({
    '/': htmlPage(
      'Acme',
      '<h1>Acme</h1><div><strong>− lock-in</strong><span>Less dependence on subscriptions.</span></div>',
    ),
  });
  assert.notEqual(glued.value, 'subscription');
  // A subscription stated plainly is one.
  assert.equal(
    modelOf({ '/': htmlPage('Acme', '<h1>Acme</h1><p>Acme Pro is a subscription, billed monthly.</p>') }).value,
    'subscription',
  );
});

test('a FAQ asking whether the product is free, answered yes, makes it free before what its licence says', () => {
  for (const [q, a] of [
    ['Will the app stay free for citizens?', 'Yes, forever.'],
    ['L’app resterà gratuita per i cittadini?', 'Sì, per sempre.'],
    ['¿La aplicación es gratuita?', 'Sí, totalmente.'],
    ['Acmeは無料ですか？', 'はい、すべての機能を無料でお使いいただけます。'],
  ]) {
    const model = modelOf({
      '/': htmlPage('Acme', '<h1>Acme</h1><p>All the code is open source: Acme is open source.</p>'),
      '/faq': htmlPage('FAQ', `<h1>FAQ</h1><details><summary>${q}</summary><p>${a}</p></details>`),
    });
    assert.equal(model.value, 'free', q);
    assert.ok(
      model.quotes.some((x) => x.includes(a.slice(0, 6))),
      model.quotes.join(' | '),
    );
  }
});

test('a FAQ on a free trial or a free plan answered yes, or an answer that is no, does not make the product free', () => {
  for (const [q, a] of [
    ['Is there a free trial?', 'Yes, 14 days.'],
    ['Y a-t-il une version gratuite ?', 'Oui, avec trois projets.'],
    ['Is Acme free?', 'No, it costs money after the first month.'],
    ['Ist Acme kostenlos?', 'Nein, aber günstig.'],
  ]) {
    const model = modelOf({
      '/faq': htmlPage('FAQ', `<h1>FAQ</h1><details><summary>${q}</summary><p>${a}</p></details>`),
    });
    assert.notEqual(model.value === 'free' && model.quotes.some((x) => x.includes(a.slice(0, 6))), true, q);
  }
});

test('a pricing heading over several plans, a billing switch and an "about" price name no plan, in English and Japanese', () => {
  const en = summaryOf(
    withPricing(
      '',
      '<h2>Simple pricing</h2><p>Start free, upgrade when you need more.</p><div>Monthly</div><div>Yearly $120 save 20%</div>' +
        '<div>Free</div><div>$0</div><div>Pro</div><div>$12/month</div><p>About $10 a month when billed yearly</p>',
    ),
  );
  // The plans named by their cards (after the page's lead sentence, when it has one).
  assert.ok(en?.endsWith('Free $0, Pro $12/month'), en);
  const ja = summaryOf(
    withPricing(
      '',
      '<h2>シンプルな料金プラン</h2><p>まずは無料で。</p><div>月額</div><div>年額¥12,800 お得</div>' +
        '<div>Free</div><div>¥0</div><div>Premium</div><div>¥1,800/月</div><p>月あたり約¥733</p><p>短期集中で使いたい方には、週額 ¥600 プランもご用意しています。</p>',
    ),
  );
  assert.ok(ja?.endsWith('Free ¥0, Premium ¥1,800/月'), ja);
});

test('a FAQ answering yes, free and open source, keeps the product open source, in three languages', () => {
  for (const [q, a] of [
    ['Is it really free?', 'Yes! Acme is 100% free and open source.'],
    ['真的免费吗？', '是的！Acme 100% 免费且开源。'],
    ['정말 무료인가요?', '네! Acme는 100% 무료이며 오픈소스입니다.'],
  ]) {
    const model = modelOf({
      '/': htmlPage('Acme', '<h1>Acme</h1><footer><p>Acme · MIT License</p></footer>'),
      '/faq': htmlPage('FAQ', `<h1>FAQ</h1><h3>${q}</h3><p>${a}</p>`),
    });
    assert.equal(model.value, 'open source', q);
  }
});

test('a free plan beside a plan priced per customer is freemium, in English and Spanish', () => {
  for (const cards of [
    `${plan('Free', '$0')}<h3>Enterprise</h3><p>Custom pricing for large teams.</p>`,
    `${plan('Gratis', '0 €')}<h3>Empresa</h3><p>Precio a consultar según el volumen.</p>`,
  ]) {
    assert.equal(modelOf(withPricing('', cards)).value, 'freemium', cards);
  }
});

test('without plans, a priced line that is no sentence (cards run together) gives way to the lead, in Swedish and German', () => {
  for (const [cards, lead] of [
    [
      '<p>Dark Mode ab 29,99 € Voller Zugriff auf Android 29,99 € 14,99 €</p>',
      'Der Desktop ist kostenlos, die mobilen Apps kaufst du einmal.',
    ],
    ['<p>Lagring 0,67 kr Backup 480 kr Server 99 kr</p>', 'Enkla priser: du betalar bara för det du använder.'],
  ]) {
    assert.ok(summaryOf(withPricing('', `<p>${lead}</p>${cards}`))?.startsWith(lead), lead);
  }
});

test('a lead that speaks of prices without saying any (“fair prices, no hidden costs”) is no summary, in German and English', () => {
  for (const [lead, question, answer] of [
    [
      'Schütze deine Daten mit unseren Lösungen zu fairen Preisen, ohne versteckte Kosten.',
      'Ist Acme kostenlos?',
      'Acme kann auf allen Geräten kostenlos genutzt werden. Lizenzen für die mobilen Apps kannst du kaufen.',
    ],
    [
      'Protect your data with our solutions at fair prices, without hidden costs.',
      'Is Acme free?',
      'Acme is free to use on every device. Licences for the mobile apps can be bought.',
    ],
  ]) {
    const pages = withPricing('', `<p>${lead}</p><dl><dt>${question}</dt><dd>${answer}</dd></dl>`);
    assert.equal(summaryOf(pages), answer);
  }
});

test('prices billed by use are paid, not a subscription, in English, Chinese and German', () => {
  for (const [line, cards] of [
    [
      'Usage-based pricing: pay only for what the AI does. Requires an active subscription.',
      plan('Messages', '$10 / 1,000 replies'),
    ],
    ['按使用量计费。需保持订阅有效。', plan('派单任务', '$10 / 任务')],
    ['Nutzungsbasierte Abrechnung, im Abo inklusive Support.', plan('Anfragen', '5 € / 1.000 Anfragen')],
  ]) {
    assert.equal(modelOf(withPricing('', `<p>${line}</p>${cards}`)).value, 'paid', line);
  }
});

test('a form’s “subscribe” button is no subscription model, in Korean and Chinese', () => {
  for (const button of ['구독', '订阅']) {
    const pages = {
      '/': htmlPage('Acme', `<h1>Acme</h1><form><input type="email"><button>${button}</button></form>`),
    };
    assert.equal(modelOf(pages).value, undefined, button);
  }
});

test('plans named by their billing period are a subscription, and their zero placeholders state no price, in German and English', () => {
  for (const [monthly, yearly, note] of [
    ['Monatlich', 'Jährlich', 'Keine langen Vertragsbindungen, keine versteckten Gebühren für deinen Salon.'],
    ['Monthly', 'Yearly', 'No long contracts and no hidden fees for your salon, ever.'],
  ]) {
    const pages = withPricing('', `<p>${note}</p><h2>${monthly}</h2><p>0.00€</p><h2>${yearly}</h2><p>0.00€</p>`);
    const model = modelOf(pages);
    assert.equal(model.value, 'subscription');
    assert.ok(model.quotes.includes(monthly), model.quotes.join(' | '));
    assert.equal(summaryOf(pages), note);
  }
});

test('a worked example in an aside is no plan, and a price element may carry a note after the price, in Dutch and English', () => {
  const card = (name: string, price: string) =>
    `<div class="plan"><h3>${name}</h3><p>Voor kleinere teams</p><div class="price">${price}</div></div>`;
  const nl = withPricing(
    '',
    '<aside><h2>Professional</h2><p>8 gebruikers</p><div class="price">€ 392 per maand</div></aside>' +
      card('Starter', '€ 29 per gebruiker per maand Standaard onboarding inbegrepen') +
      card('Professional', '€ 49 per gebruiker per maand Implementatiegesprek inbegrepen'),
  );
  assert.equal(summaryOf(nl), 'Starter € 29 per gebruiker per maand, Professional € 49 per gebruiker per maand');
  const en = withPricing(
    '',
    '<aside><h2>Team</h2><p>8 users</p><div class="price">$392 per month</div></aside>' +
      card('Solo', '$29 per user per month Onboarding call included') +
      card('Team', '$49 per user per month Setup call included'),
  );
  assert.equal(summaryOf(en), 'Solo $29 per user per month, Team $49 per user per month');
});

test('the pricing page names the plans: a price pictured on the homepage is not added, in Chinese and English', () => {
  const zh = summaryOf(
    withPricing(
      '<div class="hero"><h4>温哥华市中心公寓</h4><p class="price">$182 / 晚</p></div>',
      '<div class="pricing"><h3>住客沟通自动驾驶</h3><p>AI 自动回复各渠道住客咨询。</p><div class="price">$69 / 月</div></div>' +
        '<div class="pricing"><h3>运营自动驾驶</h3><p>为每个线下任务提供自动派单。</p><div class="price">$10 / 派单任务</div></div>',
    ),
  );
  assert.equal(zh, '住客沟通自动驾驶 $69 / 月, 运营自动驾驶 $10');
  const en = summaryOf(
    withPricing(
      '<div class="hero"><h4>Downtown loft</h4><p class="price">$182 per night</p></div>',
      plan('Starter', '$29 per month') + plan('Team', '$49 per month'),
    ),
  );
  assert.equal(en, 'Starter $29 per month, Team $49 per month');
});

test('a struck-out price run into the current one gives the current one, and a zero after it is an offer, not a free plan', () => {
  assert.equal(
    summaryOf(withPricing('', plan('Pro', '€99 €79 / mois') + plan('Équipe', '€199 / mois'))),
    'Pro €79 / mois, Équipe €199 / mois',
  );
  const model = modelOf(withPricing('', plan('Inbox', '$69$0 per month') + plan('Pricing', '$29 per month')));
  assert.equal(model.value, 'subscription');
});

test('a Portuguese signature ("assinatura digital") is no subscription; "plano de assinatura mensal" is one', () => {
  const free = modelOf({
    '/': htmlPage(
      'Acme',
      '<h1>Acme</h1><p>Assinar PDF: assinatura digital válida em segundos.</p><p>O Acme é 100% gratuito.</p>',
    ),
  });
  assert.equal(free.value, 'free');
  const paid = modelOf({
    '/': htmlPage('Acme', '<h1>Acme</h1><p>Escolha o plano de assinatura mensal que preferir.</p>'),
  });
  assert.equal(paid.value, 'subscription');
});

test('with only a free plan, the pricing page’s own sentence is the summary, in Portuguese and English', () => {
  for (const [sentence, name, price] of [
    [
      'No Acme, todas as ferramentas são gratuitas para todo mundo. Sem trials, sem planos escondidos.',
      'Plano Gratuito',
      'R$ 0',
    ],
    ['Every Acme tool is free for everyone. No trials, no hidden plans, no catches.', 'Free plan', '$0'],
  ])
    assert.equal(summaryOf(withPricing('', `<p>${sentence}</p><div>${name}</div><div>${price}</div>`)), sentence);
});

test('on another page of the site, a licence statement about "the code" or "our project" counts, in Chinese and French', () => {
  for (const line of ['开源透明：代码完全开源，安全可靠。', 'Notre projet est un logiciel open source.']) {
    const model = modelOf({
      '/': htmlPage('Acme', '<h1>Acme</h1><p>Upload images in one click.</p>'),
      '/guide/': htmlPage('Guide', `<h1>Guide</h1><p>${line}</p>`),
    });
    assert.equal(model.value, 'open source', line);
  }
  // Another project's licence on such a page says nothing of the product.
  const other = modelOf({
    '/': htmlPage('Acme', '<h1>Acme</h1><p>Upload images in one click.</p>'),
    '/guide/': htmlPage('Guide', '<h1>Guide</h1><p>Electron is open source and free.</p>'),
  });
  assert.equal(other.value, undefined);
});

test('a price range from free makes freemium; a range between two prices does not, in Korean, English and French', () => {
  for (const range of ['무료~25,000원/월', 'Free – $25/month', 'De 0 € à 29 €/mois']) {
    const model = modelOf(withPricing('', `<h3>Agent</h3><p>${range}</p>`));
    assert.equal(model.value, 'freemium', range);
  }
  assert.equal(modelOf(withPricing('', '<h3>Team</h3><p>10 – 29 €/mois</p>')).value, 'subscription');
});

test('without plans, the lead is followed by the price line under it, in Italian and English', () => {
  for (const [lead, price] of [
    ['Nessun abbonamento, nessuna sorpresa. Paghi una volta e il programma è tuo.', '€49,90 una volta · IVA inclusa'],
    ['No subscription and no surprises: pay once and the app is yours.', '$29 once · taxes included'],
  ]) {
    assert.equal(summaryOf(withPricing('', `<p>${lead}</p><div>${price}</div>`)), `${lead} ${price}`);
  }
});

test('a Vietnamese pricing lead speaks of cost with its own words (giá, gói, miễn phí), as a French one does', () => {
  for (const lead of [
    'Gói mở khóa một lần có giá 9,99 USD theo kế hoạch.',
    'Une formule unique, sans frais cachés, pour toute l’équipe.',
  ]) {
    assert.ok(summaryOf(withPricing('', `<p>${lead}</p>${plan('Pro', '$9.99')}`))?.startsWith(lead), lead);
  }
});

test('the prices of a cost calculator beside the plans are no plan, in French and English', () => {
  for (const [heading, tiers, label, sentence] of [
    [
      'Simulateur de coût',
      '<div class="tier"><div>1 – 10 utilisateurs</div><div>1,50 €</div></div>',
      'VOTRE TARIF',
      'Un seul tarif dégressif, de 1,50 € à 0,50 € HT par utilisateur et par mois.',
    ],
    [
      'Cost calculator',
      '<div class="tier"><div>1 – 10 users</div><div>$1.50</div></div>',
      'YOUR PRICE',
      'One sliding price, from $1.50 down to $0.50 per user per month.',
    ],
  ]) {
    const pages = {
      '/': htmlPage('Acme', `<h1>Acme</h1><section class="pricing"><h2>Pricing</h2><p>${sentence}</p></section>`),
      '/pricing': htmlPage(
        'Pricing',
        `<h1>Pricing</h1>${tiers}<h2>${heading}</h2><div>${label}</div><div>90,00 €</div><div>$90.00</div>`,
      ),
    };
    const site = siteView(pagesFromHtml(pages));
    assert.deepEqual(
      extractTiers(site).map((t) => t.name),
      [],
    );
    assert.equal(summaryOf(pages), sentence);
  }
});

test('a badge naming a plan (“Included in the Max plan”) is no pricing summary, in Spanish and English', () => {
  for (const badge of ['Incluido en el plan Max', 'Included in the Max plan']) {
    const pages = {
      '/': htmlPage('Acme', `<h1>Acme</h1><h2>Voice assistant</h2><div class="plan">${badge}</div><p>Talk to it.</p>`),
    };
    assert.equal(summaryOf(pages), undefined, badge);
  }
});

test('a plan card named only “free” beside priced plans makes freemium, in Hungarian and Traditional Chinese', () => {
  for (const [free, paid, price] of [
    ['Ingyenes', 'Személyes', '€9/hó'],
    ['免費', 'Slip Pro', '$3.99 / 月'],
  ]) {
    const pages = withPricing(
      '',
      `<div class="card"><div>${free}</div><ul><li>50 tests</li></ul></div><div class="card"><div>${paid}</div><p>${price}</p></div>`,
    );
    const model = modelOf(pages);
    assert.equal(model.value, 'freemium', free);
    assert.ok(model.quotes.includes(free), model.quotes.join(' | '));
  }
});

test('billing periods of Hungarian and Vietnamese and prices in dong are read as monthly prices', () => {
  for (const [name, price] of [
    ['Személyes', '€9/hó'],
    ['Cơ bản', '89.000đ/tháng'],
  ]) {
    const site = siteView(pagesFromHtml(withPricing('', plan(name, price))));
    const [tier] = extractTiers(site);
    assert.equal(tier?.price, price);
    assert.equal(tier?.recurring, true);
  }
  const site = siteView(pagesFromHtml(withPricing('', plan('Cơ bản', '89.000đ'))));
  assert.equal(extractTiers(site)[0]?.amount, 89000);
});

test('a currency code is not read out of a plan name run into its price, in English and Portuguese', () => {
  for (const [line, name] of [
    ['Starter$250/mo', 'Starter'],
    ['Inicial R$ 49/mês', 'Inicial'],
  ]) {
    const site = siteView(pagesFromHtml(withPricing('', `<div>${line}</div>`)));
    assert.equal(extractTiers(site)[0]?.name, name, line);
  }
});

test('a free product beside a paid edition is freemium, unless the paid plans are denied, in Chinese, French and Portuguese', () => {
  for (const [free, paid] of [
    ['Acme免费使用。无广告。', '专业版收费'],
    ['Acme est gratuit pour un usage personnel.', 'Une version payante ajoute la synchronisation.'],
  ]) {
    const model = modelOf({ '/': htmlPage('Acme', `<h1>Acme</h1><h2>${free}</h2><p>${free}</p><h2>${paid}</h2>`) });
    assert.equal(model.value, 'freemium', paid);
  }
  for (const line of [
    'Sim, Acme é 100% gratuito. Sem planos pagos, sem assinatura.',
    'Yes, Acme is completely free. No paid plans, no account.',
  ]) {
    assert.equal(modelOf({ '/': htmlPage('Acme', `<h1>Acme</h1><p>${line}</p>`) }).value, 'free', line);
  }
});

test('a line saying one part is free and the subscription pays for the rest makes freemium, in French and English', () => {
  for (const line of [
    "L'éditeur est gratuit et ne demande pas de carte bancaire. L'abonnement ne commence qu'au déploiement automatique.",
    'The editor is free and needs no card. The subscription only starts with automatic deployment.',
  ]) {
    const model = modelOf(withPricing('', `<p>Acme: 1,50 € par utilisateur.</p><p>${line}</p>`));
    assert.equal(model.value, 'freemium', line);
  }
});

test('a price question answered “it depends…” is a price quoted per customer and its summary, in Italian and English', () => {
  for (const [question, answer] of [
    ['Come viene definito il prezzo?', 'Dipende dai materiali, dal numero e dalla durata dei video e dai quiz.'],
    ['How is the price set?', 'It depends on the materials, the number and length of the videos and the quizzes.'],
  ]) {
    const pages = {
      '/': htmlPage('Acme', '<h1>Acme</h1><p>Videos from your slides.</p>'),
      '/faq': htmlPage('FAQ', `<h1>FAQ</h1><h2>${question}</h2><p>${answer}</p>`),
    };
    assert.equal(modelOf(pages).value, 'paid', question);
    assert.equal(summaryOf(pages), answer);
  }
});

test('a setup fee for the plans on the pricing page makes the model paid, in German and English', () => {
  for (const line of [
    'Zuzüglich einer Einrichtungsgebühr für den Pro und Business Tarif',
    'Plus a one-off setup fee for the Pro and Business plans',
  ]) {
    assert.equal(modelOf(withPricing('', `<p>${line}</p>`)).value, 'paid', line);
  }
});

test('a pricing-page sentence stating the plans’ prices is the summary, not the cards strung together, in Chinese and English', () => {
  for (const [cards, sentence] of [
    [plan('Acme Pro', '$3.99 / 月'), '透過 App Store 每月 $3.99 或每年 $39.99。'],
    [plan('Acme Pro', '$3.99 / month'), 'Billed through the App Store at $3.99 a month or $39.99 a year.'],
  ]) {
    const pages = withPricing(
      '',
      `<p>Start free, upgrade when you need more.</p>${cards}<table><tr><td>${sentence}</td></tr></table>`,
    );
    assert.equal(summaryOf(pages), sentence);
  }
});

test('a worked example on the pricing page is no summary, even when it names a plan’s price, in Dutch and English', () => {
  for (const [cards, example] of [
    [
      plan('Start', '€ 49 /maand') + plan('Pro', '€ 79 /maand'),
      'Bij €35 per persoon en één no-show per week loop je €3.640 per jaar mis; dat is €1.456 bespaard en Pro kost €79 /maand.',
    ],
    [
      plan('Start', '€49 /month') + plan('Pro', '€79 /month'),
      'At €35 a guest and one no-show a week you lose €3,640 a year; that is €1,456 saved, and Pro costs €79 /month.',
    ],
  ]) {
    assert.notEqual(summaryOf(withPricing('', `${cards}<p>${example}</p>`)), example);
  }
});

test('a pricing section named by the label above its heading holds plans, in Spanish and English', () => {
  for (const [label, heading, free, paid, terms] of [
    ['Precios', 'Simple, justo y transparente', 'Gratis', 'Pro', 'Acme opera bajo un modelo de suscripción.'],
    ['Pricing', 'Simple, fair and clear', 'Free', 'Pro', 'Acme runs on a subscription model.'],
  ]) {
    const pages = {
      '/': htmlPage(
        'Acme',
        `<h1>Acme</h1><div class="eyebrow">${label}</div><h2>${heading}</h2><div>${free}</div><div>Starter</div><ul><li>2 patients</li></ul><div>${paid}</div><ul><li>Unlimited patients</li></ul>`,
      ),
      '/terms': htmlPage('Terms', `<h1>Terms</h1><p>${terms}</p>`),
    };
    assert.equal(modelOf(pages).value, 'freemium', label);
  }
});

test('a plan at zero named for a trial is no free plan, and a monthly/yearly switch makes the plans a subscription, in Vietnamese and French', () => {
  for (const [toggle, trial, paid] of [
    ['Theo tháng Theo năm', plan('Dùng thử', '0đ'), plan('Cơ bản', '89.000đ') + plan('Nâng cao', '459.000đ')],
    ['Mensuel Annuel', plan('Essai', '0 €'), plan('Essentiel', '19 €') + plan('Avancé', '49 €')],
  ]) {
    const model = modelOf(withPricing('', `<div>${toggle}</div>${trial}${paid}`));
    assert.equal(model.value, 'subscription', toggle);
    assert.ok(model.quotes.includes(toggle), model.quotes.join(' | '));
  }
});

test('a monthly/yearly switch over plans whose prices a script fills in is a subscription, beside a free plan freemium, in German and Japanese', () => {
  for (const [toggle, cards, model] of [
    ['Monatlich Jährlich', plan('Team', '') + plan('Business', ''), 'subscription'],
    ['月額 年額', `<div>無料</div>${plan('プロ', '')}${plan('チーム', '')}`, 'freemium'],
  ]) {
    assert.equal(modelOf(withPricing('', `<div>${toggle}</div>${cards}`)).value, model, toggle);
  }
});

test('a one-time setup fee beside monthly plans does not make the product one-time, in English and Spanish', () => {
  for (const [line, cards] of [
    ['Plans start at $49. A one-time setup fee of $300 applies.', `${plan('Starter', '$49')}<p>billed monthly</p>`],
    [
      'Planes desde 49 €. Se aplica una cuota de alta de pago único de 300 €.',
      `${plan('Inicial', '49 €')}<p>facturado mensualmente</p>`,
    ],
  ]) {
    assert.notEqual(modelOf(withPricing('', `<p>${line}</p>${cards}`)).value, 'one-time', line);
  }
});

test('a service around the product said to be free (setup, shipping) is no free product, in English and German', () => {
  for (const line of ['Setup is free and takes a day.', 'Die Einrichtung ist kostenlos und dauert einen Tag.']) {
    assert.equal(modelOf({ '/': htmlPage('Acme', `<h1>Acme</h1><p>${line}</p>`) }).value, undefined, line);
  }
  for (const line of ['Acme is free to use.', 'Acme ist kostenlos nutzbar.']) {
    assert.equal(modelOf({ '/': htmlPage('Acme', `<h1>Acme</h1><p>${line}</p>`) }).value, 'free', line);
  }
});

test('prices billed per month in Romanian and Indonesian are recurring plans: "/lună", "pe lună", "/bulan"', () => {
  for (const price of ['49 lei/lună', '49 lei pe lună', 'Rp 99.000/bulan']) {
    const [tier] = extractTiers(siteView(pagesFromHtml(withPricing('', plan('Pro', price)))));
    assert.equal(tier?.name, 'Pro', price);
    assert.equal(tier.price, price);
    assert.equal(tier.recurring, true, price);
  }
});

test('a free plan beside a paid one is freemium, in Czech, Romanian and Indonesian', () => {
  for (const home of [
    '<p>Začněte s verzí zdarma, placené tarify přidávají týmy.</p>',
    '<p>Începe cu un cont gratuit; planurile plătite adaugă echipe.</p>',
    '<p>Mulai dengan akun gratis; paket berbayar menambah tim.</p>',
  ])
    assert.equal(modelOf(withPricing(home, '')).value, 'freemium', home);
});

test('"the quote is free" is no statement of the product’s price, in Polish', () => {
  assert.notEqual(
    modelOf(
      withPricing('<p>Wycena jest darmowa i gotowa w 24 godziny.</p>', '<p>Każda praca wyceniana indywidualnie.</p>'),
    ).value,
    'free',
  );
});

test('a one-time purchase is one-time, in Dutch, Swedish, Czech and Romanian', () => {
  for (const pricing of [
    '<p>Acme Pro: € 49, eenmalige betaling.</p>',
    '<p>Acme Pro: 490 kr, engångsbetalning.</p>',
    '<p>Acme Pro: 990 Kč, jednorázová platba.</p>',
    '<p>Acme Pro: 199 lei, plată unică.</p>',
  ])
    assert.equal(modelOf(withPricing('', pricing)).value, 'one-time', pricing);
});

test('a FAQ answer to "how much does it cost?" is the summary, in Czech, Romanian and Indonesian', () => {
  for (const [q, a] of [
    ['Kolik to stojí?', 'Základní tarif stojí 199 Kč měsíčně.'],
    ['Cât costă?', 'Planul de bază costă 49 lei pe lună.'],
    ['Berapa biayanya?', 'Paket dasar Rp 99.000 per bulan.'],
  ]) {
    const pages = {
      '/': htmlPage('Acme', `<h1>Acme</h1><h2>FAQ</h2><details><summary>${q}</summary><p>${a}</p></details>`),
    };
    assert.equal(summaryOf(pages), a, q);
  }
});

test('a free trial of a paid product is no free plan, in Czech, Romanian and Indonesian', () => {
  for (const [home, pricing] of [
    ['<p>Vyzkoušejte zdarma na 14 dní.</p>', plan('Pro', '199 Kč/měsíc')],
    ['<p>Încearcă gratuit 14 zile.</p>', plan('Pro', '49 lei/lună')],
    ['<p>Coba gratis selama 14 hari.</p>', plan('Pro', 'Rp 99.000/bulan')],
  ])
    assert.equal(modelOf(withPricing(home, pricing)).value, 'subscription', home);
});
