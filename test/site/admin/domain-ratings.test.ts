import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, type TestEnv } from '../../support/app.js';
import { addListing } from '../../support/fixtures.js';
import { signedIn } from '../../support/signed-in.js';

const adminBrowser = async (env: TestEnv) => {
  const s = await signedIn(env, 'dr-admin');
  await env.ctx.db.query('UPDATE users SET is_admin = true WHERE email = $1', [s.email]);
  return s.b;
};

describeEachDatabase('site: the Domain Ratings admin page', (env) => {
  test('is for administrators only', async () => {
    const { b } = await signedIn(env(), 'dr-someone');
    assert.equal((await b.get('/admin/domain-ratings')).statusCode, 403);
  });

  test('shows the refreshes that failed', async () => {
    await env().ctx.db.query(
      `INSERT INTO domain_rating_failures (domain, provider, error, at) VALUES ('gone.example', 'ahrefs', 'the provider refused the API key (401)', '2026-11-18T10:00:00Z')`,
    );
    const b = await adminBrowser(env());
    const page = await b.get('/admin/domain-ratings');
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /gone\.example/);
    assert.match(page.body, /refused the API key \(401\)/);
    assert.match(page.body, /readings come from imports only/);
  });

  test('imports pasted CSV, or names the bad rows and imports nothing', async () => {
    const { companyId } = await addListing(env().ctx.db, env().ctx.site.id, {
      slug: 'pasted',
      name: 'Pasted',
      domain: 'pasted.example',
    });
    const b = await adminBrowser(env());
    const bad = await b.submit('/admin/domain-ratings', '/admin/domain-ratings/import', {
      csv: 'pasted.example,40,2026-11-01\npasted.example,x,2026-11-02',
      provider: 'import',
      scale: '100',
    });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.body, /Line 2: rating &quot;x&quot;|Line 2: rating "x"/);
    const good = await b.submit('/admin/domain-ratings', '/admin/domain-ratings/import', {
      csv: 'domain,rating,date\npasted.example,40,2026-11-01',
      provider: 'import',
      scale: '100',
    });
    assert.equal(good.statusCode, 200);
    assert.match(good.body, /Imported 1 reading from Domain Rating \(imported\)/);
    const rows = await env().ctx.db.query<{ rating: number }>(
      'SELECT rating FROM domain_ratings WHERE company_id = $1',
      [companyId],
    );
    assert.deepEqual(
      rows.map((r) => r.rating),
      [40],
    );
  });
});
