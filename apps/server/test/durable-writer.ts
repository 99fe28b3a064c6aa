import { sql } from 'drizzle-orm';
import { openPglite } from '../src/db/client';

/**
 * A child process for durability.test.ts: opens the embedded database in argv[2] as the server
 * does, then inserts numbered rows one commit at a time, printing "ack N" only once each
 * commit has resolved (what an API answer waits for), until it is killed.
 */
const database = await openPglite(process.argv[2] ?? '');
await database.db.execute(
  sql`create table if not exists durability_probe (n int primary key, at timestamptz)`,
);
const [last] = (
  (await database.db.execute(sql`select coalesce(max(n), 0)::int as n from durability_probe`)) as unknown as {
    rows: Array<{ n: number }>;
  }
).rows;
process.stdout.write('ready\n');
for (let n = (last?.n ?? 0) + 1; ; n++) {
  await database.db.execute(sql`insert into durability_probe (n, at) values (${n}, now())`);
  process.stdout.write(`ack ${n}\n`);
}
