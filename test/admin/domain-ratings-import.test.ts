import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeEachDatabase } from '../support/app.js';
import { addListing } from '../support/fixtures.js';
import { runAdmin, UsageError } from '../../src/admin/cli.js';

describeEachDatabase('admin CLI: domain-ratings import', (env) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dr-import-'));
  const file = (name: string, text: string) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, text);
    return p;
  };
  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    await runAdmin(env().ctx, argv, (l) => lines.push(l));
    return lines;
  };
  const readings = () =>
    env().ctx.db.query<{ domain: string; rating: number; measured_on: string; provider: string; scale: number }>(
      `SELECT c.domain, r.rating, r.measured_on, r.provider, r.scale FROM domain_ratings r JOIN companies c ON c.id = r.company_id ORDER BY c.domain, r.measured_on`,
    );
  let ready = false;
  const listings = async () => {
    if (ready) return;
    ready = true;
    await addListing(env().ctx.db, env().ctx.site.id, { slug: 'alpha', name: 'Alpha', domain: 'alpha.example' });
    await addListing(env().ctx.db, env().ctx.site.id, { slug: 'bravo', name: 'Bravo', domain: 'bravo.example' });
  };

  test('imports a good file, matching domains however they are written', async () => {
    await listings();
    const csv = file(
      'good.csv',
      'domain,rating,date\nhttps://WWW.Alpha.example/about,41,2026-10-01\nbravo.example,55.5,2026-10-01\n',
    );
    const out = await run('domain-ratings', 'import', csv);
    assert.match(out.at(-1)!, /imported 2 readings from import \(0–100\)/);
    assert.deepEqual(
      (await readings()).map((r) => [r.domain, r.rating, r.measured_on, r.provider, r.scale]),
      [
        ['alpha.example', 41, '2026-10-01', 'import', 100],
        ['bravo.example', 55.5, '2026-10-01', 'import', 100],
      ],
    );
  });

  test('importing the same date again replaces, never duplicates', async () => {
    const csv = file('again.csv', 'alpha.example,43,2026-10-01\nbravo.example,55.5,2026-10-01\n');
    await run('domain-ratings', 'import', csv);
    await run('domain-ratings', 'import', csv);
    assert.deepEqual(
      (await readings()).map((r) => [r.domain, r.rating]),
      [
        ['alpha.example', 43],
        ['bravo.example', 55.5],
      ],
    );
  });

  test('names every bad row by its line and imports nothing', async () => {
    const csv = file(
      'bad.csv',
      'domain,rating,date\nalpha.example,60,2026-11-01\nbravo.example,150,2026-11-01\nalpha.example,40,2026-13-01\nnot a domain,3,2026-11-01\n',
    );
    await assert.rejects(run('domain-ratings', 'import', csv), (err: Error) => {
      assert.ok(err instanceof UsageError);
      assert.match(err.message, /nothing imported/);
      assert.match(err.message, /line 3: rating "150"/);
      assert.match(err.message, /line 4: date "2026-13-01"/);
      assert.match(err.message, /line 5: "not a domain"/);
      assert.doesNotMatch(err.message, /line 2:/);
      return true;
    });
    assert.equal((await readings()).filter((r) => r.measured_on === '2026-11-01').length, 0);
  });

  test('reports unknown domains and imports the rest', async () => {
    const csv = file('unknown.csv', 'alpha.example,44,2026-11-02\nnowhere.example,12,2026-11-02\n');
    const out = await run('domain-ratings', 'import', csv);
    assert.ok(out.includes('line 2: no listing has the domain nowhere.example; skipped'), out.join('\n'));
    assert.match(out.at(-1)!, /imported 1 reading .*1 unknown domain skipped/);
  });

  test('keeps a named provider on its own scale', async () => {
    const csv = file('opr.csv', 'alpha.example,4.5,2026-11-03\n');
    await run('domain-ratings', 'import', csv, '--provider', 'openpagerank', '--scale', '10');
    const row = (await readings()).find((r) => r.measured_on === '2026-11-03')!;
    assert.deepEqual([row.provider, row.scale, row.rating], ['openpagerank', 10, 4.5]);
    await assert.rejects(run('domain-ratings', 'import', csv, '--provider', 'openpagerank'), /use --scale 10/);
  });

  test('explains its usage when the file is missing', async () => {
    await assert.rejects(run('domain-ratings', 'import'), /domain-ratings import FILE\.csv/);
    await assert.rejects(run('domain-ratings', 'import', path.join(dir, 'absent.csv')), /cannot read/);
  });
});
