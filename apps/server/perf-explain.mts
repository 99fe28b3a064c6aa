import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const [dir, logFile, count] = process.argv.slice(2);
const lines = fs.readFileSync(logFile, 'utf8').split('\n').filter((l) => l.startsWith('PERFFULL ')).map((l) => JSON.parse(l.slice(9)));
const picked = lines.filter((q) => /^\s*select/i.test(q.query) && !q.query.includes('pg_notify') && !q.query.includes('"sessions"')).slice(-Number(count));
const db = new PGlite(dir, { extensions: { pg_trgm } });
for (const q of picked) {
  console.log('\n### ' + q.query.slice(0, 2000));
  for (let i = 0; i < 2; i++) {
    const r = await db.query<{ 'QUERY PLAN': string }>('explain (analyze, buffers) ' + q.query, q.params);
    if (i === 1) console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
  }
}
for (const t of ['medication_orders', 'medication_administrations', 'observation_sets', 'stays', 'beds', 'audit_events']) {
  const r = await db.query(`select count(*)::int n from ${t}`);
  console.log(t, r.rows[0]);
}
console.log((await db.query(`select indexdef from pg_indexes where tablename in ('medication_orders','medication_administrations','observation_sets','stays','beds')`)).rows.map((r: any) => r.indexdef).join('\n'));
await db.close();
