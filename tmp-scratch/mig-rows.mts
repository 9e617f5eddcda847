import { openPglite } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
const db = await openPglite(null);
await migrate(db);
const tables = await db.query<{ t: string }>(`select table_name as t from information_schema.tables where table_schema='public' and table_type='BASE TABLE' order by 1`);
for (const { t } of tables) { const [{ n }] = await db.query<{ n: number }>(`select count(*)::int as n from "${t}"`); if (n) console.log(t, n); }
await db.close();
