import type { TestEnv } from './app.js';

/** Every row of every table, hashed per table: compare two to show a request changed nothing. */
export async function fingerprint(env: TestEnv): Promise<Record<string, string>> {
  const tables = await env.ctx.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`);
  const out: Record<string, string> = {};
  for (const { table_name } of tables) {
    const [row] = await env.ctx.db.query<{ h: string }>(`SELECT count(*) || ':' || md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${table_name}" t`);
    out[table_name] = row.h;
  }
  return out;
}

/** The tables whose rows differ between two fingerprints. */
export const changedTables = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
