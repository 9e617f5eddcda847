import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../../support/app.js';
import { startFixtureSite } from '../../support/fixture-site.js';
import { tallyflowMiniRoutes } from '../../support/fixture-websites.js';
import { founder, runJobs } from '../../support/draft-client.js';
import { addCategory, addListing, finishFixtures } from '../../support/fixtures.js';
import { imageFiles, startFakeImageServer, type FakeImageServer } from '../../support/fake-images.js';
import { LOGO_JOB, queueLogoFetch } from '../../../src/domain/images/listing-logos.js';
import { ensureImage } from '../../../src/domain/images/remote-images.js';
import { findImage } from '../../../src/domain/images/image-repository.js';
import { imageUrlHash, logoPath } from '../../../src/domain/images/image-addresses.js';

let images: FakeImageServer;
let site: Awaited<ReturnType<typeof startFixtureSite>>;
before(async () => {
  images = await startFakeImageServer(await imageFiles());
  site = await startFixtureSite(tallyflowMiniRoutes());
});
after(async () => {
  await images.close();
  await site.close();
});

describeEachDatabase(
  'Listing logos: fetched in the background once per URL, remembered when they fail',
  (env) => {
    const url = (file: string) => `${images.origin}/${env().kind}${file}`;
    const jobsFor = async (u: string) =>
      (
        await env().ctx.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM jobs WHERE kind = $1 AND unique_key = $2',
          [LOGO_JOB, `${LOGO_JOB}:${imageUrlHash(u)}`],
        )
      )[0].n;

    test('a logo URL is queued once, however often it is saved, and the job stores the redrawn image', async () => {
      const logo = url('/logo.png');
      await queueLogoFetch(env().ctx.db, logo, env().ctx.now());
      await queueLogoFetch(env().ctx.db, logo, env().ctx.now());
      await queueLogoFetch(env().ctx.db, null, env().ctx.now());
      assert.equal(await jobsFor(logo), 1);
      await runJobs(env());
      const stored = await findImage(env().ctx.db, imageUrlHash(logo));
      assert.equal(stored?.status, 'ok');
      assert.equal(stored?.contentType, 'image/webp');
      assert.equal(stored?.sourceUrl, logo);
      assert.equal(images.hits(`/${env().kind}/logo.png`), 1);
      // Already stored: asking again reads the database, not the listing's server.
      await ensureImage(env().ctx, logo);
      assert.equal(images.hits(`/${env().kind}/logo.png`), 1);
    });

    test('a failed fetch is stored with its reason and a retry time a day later; the job still completes', async () => {
      const logo = url('/page.html');
      await queueLogoFetch(env().ctx.db, logo, env().ctx.now());
      await runJobs(env());
      const stored = await findImage(env().ctx.db, imageUrlHash(logo));
      assert.equal(stored?.status, 'failed');
      assert.equal(stored?.bytes, null);
      assert.equal(new Date(stored!.retryAt!).getTime() - env().ctx.now().getTime(), 24 * 3_600_000);
      const [job] = await env().ctx.db.query<{ done: boolean; last_error: string | null }>(
        'SELECT done_at IS NOT NULL AS done, last_error FROM jobs WHERE unique_key = $1',
        [`${LOGO_JOB}:${imageUrlHash(logo)}`],
      );
      assert.deepEqual(job, { done: true, last_error: null });
    });

    test('one stored image serves every listing naming the same URL', async () => {
      const logo = url('/photo.jpg');
      const a = await addListing(env().ctx.db, env().ctx.site.id, { slug: 'same-logo-a', name: 'Same A' });
      const b = await addListing(env().ctx.db, env().ctx.site.id, { slug: 'same-logo-b', name: 'Same B' });
      await env().ctx.db.query('UPDATE companies SET logo_url = $1 WHERE id = ANY($2::int[])', [
        logo,
        [a.companyId, b.companyId],
      ]);
      await finishFixtures(env().ctx);
      for (const id of [a.listingId, b.listingId]) {
        const res = await env().get(logoPath({ id, logo_url: logo })!);
        assert.equal(res.statusCode, 200);
        assert.equal(res.headers['content-type'], 'image/webp');
      }
      assert.equal(images.hits(`/${env().kind}/photo.jpg`), 1);
    });

    test('submitting a draft with a logo queues its fetch, so the published listing never waits for it', async () => {
      const f = await founder(env());
      const created = await f.call('POST', '/drafts', { url: `${site.origin}/` });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      await runJobs(env());
      const logo = url('/logo-new.png');
      const edited = await f.call('PATCH', `/drafts/${created.body.id}`, { fields: { logo_url: logo } });
      assert.equal(edited.status, 200, JSON.stringify(edited.body));
      const submitted = await f.call('POST', `/drafts/${created.body.id}/submit`);
      assert.ok(submitted.status < 300, JSON.stringify(submitted.body));
      assert.equal(await jobsFor(logo), 1);
      await runJobs(env());
      assert.equal((await findImage(env().ctx.db, imageUrlHash(logo)))?.status, 'ok');
    });
  },
  {
    env: { CRAWL_ALLOW_HOSTS: '127.0.0.1' },
    seed: async (ctx) => {
      await addCategory(ctx.db, ctx.site.id, { slug: 'invoicing', name: 'Invoicing' });
    },
  },
);
