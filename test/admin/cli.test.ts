import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../support/app.js';
import { runAdmin, UsageError } from '../../src/admin/cli.js';
import { verifyPassword } from '../../src/domain/accounts/passwords.js';

describeEachDatabase('admin CLI', (env) => {
  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    await runAdmin(env().ctx, argv, (l) => lines.push(l));
    return lines;
  };

  test('create-user stores an argon2 hash, never the password', async () => {
    const out = await run(
      'create-user',
      '--email',
      'Admin@Example.com',
      '--password',
      'correct horse battery',
      '--admin',
    );
    assert.match(out[0], /created user \d+ <Admin@Example\.com> \(administrator\)/);
    const rows = await env().ctx.db.query<{ password_hash: string; is_admin: boolean }>(
      `SELECT password_hash, is_admin FROM users WHERE lower(email) = 'admin@example.com'`,
    );
    assert.match(rows[0].password_hash, /^\$argon2id\$/);
    assert.equal(rows[0].is_admin, true);
    assert.equal(await verifyPassword(rows[0].password_hash, 'correct horse battery'), true);
  });

  test('create-user refuses a duplicate email, whatever its case, and a short password', async () => {
    await assert.rejects(
      run('create-user', '--email', 'admin@example.COM', '--password', 'another password'),
      UsageError,
    );
    await assert.rejects(run('create-user', '--email', 'new@example.com', '--password', 'short'), /at least 10/);
    await assert.rejects(run('create-user', '--email', 'not-an-email', '--password', 'long enough pw'), /--email/);
  });

  test('create-api-key prints the key alone on the last line, and it authenticates', async () => {
    const out = await run('create-api-key', '--email', 'admin@example.com', '--scopes', 'account:read,orders:write');
    const key = out[out.length - 1];
    assert.match(key, /^ldk_[A-Za-z0-9_-]{32}$/);
    const { status, body } = await env().json('/api/v1/me', { authorization: `Bearer ${key}` });
    assert.equal(status, 200);
    assert.equal(body.user.email, 'Admin@Example.com');
    assert.deepEqual(body.auth.scopes, ['account:read', 'orders:write']);
    const stored = await env().ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM api_keys WHERE key_hash = $1',
      [key],
    );
    assert.equal(stored[0].n, 0, 'the key itself is never stored');
  });

  test('create-api-key refuses unknown scopes and unknown users', async () => {
    await assert.rejects(
      run('create-api-key', '--email', 'admin@example.com', '--scopes', 'account:read,admin:all'),
      /admin:all/,
    );
    await assert.rejects(run('create-api-key', '--email', 'nobody@example.com', '--scopes', 'account:read'), /no user/);
    await assert.rejects(
      run('create-api-key', '--email', 'admin@example.com', '--scopes', 'account:read', '--expires-days', '0'),
      /expires-days/,
    );
  });

  test('an unknown option or command explains the usage', async () => {
    await assert.rejects(run('create-user', '--nope'), /Usage/);
    await assert.rejects(run('destroy-everything'), /Usage/);
  });

  test('set-setting stores JSON for the site', async () => {
    await run('set-setting', '--key', 'free_queue_weeks', '--value', '{"min":6,"max":8}');
    const rows = await env().ctx.db.query<{ value: unknown }>(
      `SELECT value FROM site_settings WHERE key = 'free_queue_weeks'`,
    );
    assert.deepEqual(rows[0].value, { min: 6, max: 8 });
    await assert.rejects(run('set-setting', '--key', 'x', '--value', 'not json'), /JSON/);
  });
  test('set-price refuses an unknown product and a price that is not whole cents', async () => {
    await assert.rejects(run('set-price', '--product', 'gold_plan', '--cents', '100'), /no product gold_plan/);
    await assert.rejects(run('set-price', '--product', 'launch', '--cents=-1'), /--cents must be a whole number/);
    await assert.rejects(run('set-price', '--product', 'launch', '--cents', '9.99'), /--cents must be a whole number/);
  });

  test('set-bundle takes only products a bundle can hold, each once', async () => {
    await assert.rejects(
      run('set-bundle', '--product', 'launch_bundle', '--includes', 'launch,billboard_min'),
      /not billboard_min/,
    );
    await assert.rejects(
      run('set-bundle', '--product', 'launch_bundle', '--includes', 'launch,launch'),
      /each product once/,
    );
    await assert.rejects(run('set-bundle', '--product', 'featured', '--includes', 'launch'), /only launch_bundle/);
    assert.deepEqual(await run('set-bundle', '--product', 'launch_bundle', '--includes', 'launch,done_for_you'), [
      'launch_bundle now includes launch, done_for_you',
    ]);
    const { body } = await env().json('/api/v1/products');
    assert.deepEqual(
      body.items
        .find((p: { code: string }) => p.code === 'launch_bundle')
        .includes.map((i: { code: string }) => i.code),
      ['launch', 'done_for_you'],
    );
  });

  test('complete-task and refund-order name what they could not find', async () => {
    await assert.rejects(run('complete-task', '--id', '999999'), /no open task 999999/);
    await assert.rejects(run('refund-order', '--number', 'LD-2026-999999'), /no paid order LD-2026-999999/);
  });
});
