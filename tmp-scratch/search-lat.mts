import { openPostgres } from '../src/db/client.js';
import { searchListings } from '../src/domain/search/search-listings.js';
import { percentile, typo } from '../bench/support.js';
const db = await openPostgres(process.env.DATABASE_URL!, 4);
const [{ id: siteId }] = await db.query<{ id: number }>('SELECT id FROM sites LIMIT 1');
const sample = await db.query<{ slug: string; name: string }>(
  `SELECT l.slug, c.name FROM listings l JOIN companies c ON c.id = l.company_id WHERE l.status = 'live' ORDER BY md5(l.slug) LIMIT 300`);
const ms: { ms: number; q: string; total: number }[] = [];
let top3 = 0;
for (const [i, s] of sample.slice(0, 200).entries()) {
  const [first, ...rest] = s.name.split(' ');
  const q = [typo(first, i), ...rest].join(' ');
  const t = performance.now();
  const r = await searchListings(db, { siteId, q, limit: 3, offset: 0, now: new Date() });
  const d = performance.now() - t;
  ms.push({ ms: d, q, total: r.total });
  if (r.items.some((x) => x.slug === s.slug)) top3++;
}
const xs = ms.map((m) => m.ms);
console.log('p50', percentile(xs, 50).toFixed(1), 'p95', percentile(xs, 95).toFixed(1), 'top3', top3 / 200);
console.log(ms.sort((a, b) => b.ms - a.ms).slice(0, 12).map((m) => `${m.ms.toFixed(1)} ${m.total} ${m.q}`).join('\n'));
await db.close();
