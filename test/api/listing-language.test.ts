import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, type TestEnv } from '../support/app.js';
import { startFixtureSite } from '../support/fixture-site.js';
import { founder, runJobs } from '../support/draft-client.js';
import { MIN_DETECTED_LETTERS } from '../../src/drafting/extract/language.js';

const page = (lang: string, title: string, body: string) =>
  `<!doctype html><html${lang ? ` lang="${lang}"` : ''}><head><title>${title}</title></head><body>${body}</body></html>`;
const FR =
  'Facturo envoie des relances polies à vos clients pour que vous soyez payé à temps, sans y penser ni relancer vous-même.';
const ES =
  'Facturo envía recordatorios amables a tus clientes para que cobres a tiempo, sin pensar en ello ni perseguir a nadie.';
const EN =
  'Facturo sends polite reminders to your customers so that you get paid on time, without thinking about it or chasing.';
let french: Awaited<ReturnType<typeof startFixtureSite>>;
let terse: Awaited<ReturnType<typeof startFixtureSite>>;
before(async () => {
  french = await startFixtureSite({ '/': { body: page('fr-FR', 'Facturo', `<h1>Facturo</h1><p>${FR}</p>`) } });
  // No language declared and too little text to tell one.
  terse = await startFixtureSite({ '/': { body: page('', 'Terse', '<h1>Terse</h1><p>Invoices, done.</p>') } });
});
after(async () => {
  await french.close();
  await terse.close();
});

type Founder = Awaited<ReturnType<typeof founder>>;

/** A draft of `origin`, ready, saved as the founder's listing: its id and the draft's. */
async function saved(env: TestEnv, f: Founder, origin: string, edit?: object) {
  const draft = (await f.call('POST', '/drafts', { url: `${origin}/` })).body;
  await runJobs(env);
  if (edit) assert.equal((await f.call('PATCH', `/drafts/${draft.id}`, edit)).status, 200);
  const submitted = await f.call('POST', `/drafts/${draft.id}/submit`);
  assert.equal(submitted.status, 200, JSON.stringify(submitted.body));
  return { draftId: draft.id as string, listingId: submitted.body.listing_id as number };
}

describeEachDatabase(
  'the language of a listing',
  (env) => {
    let f: Founder;
    before(async () => {
      f = await founder(env());
    });
    const language = async (listingId: number) =>
      (await f.call('GET', `/me/listings/${listingId}`)).body.public.language as string | null;
    const edit = (listingId: number, fields: object) => f.call('PATCH', `/me/listings/${listingId}`, { fields });
    // Each test drafts a fixture site afresh: its listing and company go once it is done.
    const forget = async (listingId: number) => {
      await env().ctx.db.query('DELETE FROM companies WHERE id = (SELECT company_id FROM listings WHERE id = $1)', [
        listingId,
      ]);
    };

    test("a listing saved from a draft takes the draft's language, as its primary subtag", async () => {
      const { listingId } = await saved(env(), f, french.origin);
      assert.equal(await language(listingId), 'fr');
      await forget(listingId);
    });

    test('a language set on the draft is the listing’s, and a known subtag is required', async () => {
      const draft = (await f.call('POST', '/drafts', { url: `${terse.origin}/` })).body;
      await runJobs(env());
      for (const bad of ['qq', 'pt-BR', 'english']) {
        const refused = await f.call('PATCH', `/drafts/${draft.id}`, { language: bad });
        assert.equal(refused.status, 400, bad);
        assert.ok(
          refused.body.errors.some((e: { path: string }) => e.path === 'language'),
          JSON.stringify(refused.body),
        );
      }
      const set = await f.call('PATCH', `/drafts/${draft.id}`, { language: 'DE' });
      assert.equal(set.body.language, 'de');
      const submitted = await f.call('POST', `/drafts/${draft.id}/submit`);
      assert.equal(await language(submitted.body.listing_id), 'de');
      await forget(submitted.body.listing_id);
    });

    test('update_my_listing sets the language; an unknown subtag is a 400 naming fields.language', async () => {
      const { listingId } = await saved(env(), f, terse.origin);
      assert.equal(await language(listingId), null, 'nothing stated, too little text to tell');
      const set = await edit(listingId, { language: 'ja' });
      assert.equal(set.status, 200, JSON.stringify(set.body));
      assert.equal(set.body.public.language, 'ja');
      assert.deepEqual(set.body.changed, ['language']);
      for (const bad of ['xx', 'zh-Hant', '']) {
        const refused = await edit(listingId, { language: bad });
        assert.equal(refused.status, 400, bad);
        assert.deepEqual(
          refused.body.errors.map((e: { path: string }) => e.path),
          ['fields.language'],
        );
      }
      assert.equal(await language(listingId), 'ja');
      // An old code is stored as it is written now.
      assert.equal((await edit(listingId, { language: 'iw' })).body.public.language, 'he');
      await forget(listingId);
    });

    test(`a language nobody states is detected from the listing's text once it has ${MIN_DETECTED_LETTERS} letters, and follows it`, async () => {
      const { listingId } = await saved(env(), f, terse.origin);
      assert.equal(await language(listingId), null);
      await edit(listingId, { description: ES });
      assert.equal(await language(listingId), 'es');
      await edit(listingId, { description: EN });
      assert.equal(await language(listingId), 'en');
      await edit(listingId, { description: 'Facturas, hechas.' });
      assert.equal(await language(listingId), null, 'too short again: no guess');
      await forget(listingId);
    });

    test('a stated language stays whatever the text; null withdraws it and the text decides', async () => {
      const { listingId } = await saved(env(), f, terse.origin);
      await edit(listingId, { language: 'fr' });
      await edit(listingId, { description: ES });
      assert.equal(await language(listingId), 'fr');
      const withdrawn = await edit(listingId, { language: null });
      assert.equal(withdrawn.body.public.language, 'es');
      assert.deepEqual(withdrawn.body.changed, ['language']);
      await forget(listingId);
    });
  },
  { env: { CRAWL_ALLOW_HOSTS: '127.0.0.1' } },
);
