import { openPostgres } from '../src/db/client.js';
import { readWords } from '../src/domain/search/query-terms.js';
import { searchListings } from '../src/domain/search/search-listings.js';
const db = await openPostgres(process.env.DATABASE_URL!, 4);
for (const q of process.argv.slice(2)) {
  let t = performance.now();
  const r = await readWords(db, q.toLowerCase().split(' '));
  const t1 = performance.now() - t;
  t = performance.now();
  const s = await searchListings(db, { siteId: 1, q, limit: 3, offset: 0, now: new Date() });
  console.log(q, 'readWords', t1.toFixed(1), JSON.stringify([...r]), 'search', (performance.now() - t).toFixed(1), s.total, s.items.map((i) => i.name));
}
await db.close();
