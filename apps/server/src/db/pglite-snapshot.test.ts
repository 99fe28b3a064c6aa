import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { amcheck } from '@electric-sql/pglite/contrib/amcheck';
import { afterAll, expect, it } from 'vitest';
import { DurablePGlite } from './durable-pglite';
import { snapshotPglite } from './pglite-snapshot';

/*
 * The copy a backup reads is what a crash at one moment would leave: taken while a writer commits
 * without pause and checkpoints now and then (so data files, not only the WAL, change while the
 * first pass copies them), a copy opens (PostgreSQL recovers it), holds every row acknowledged
 * before the copy began and no gap after them, and verifies clean with amcheck; a read record
 * committed with synchronous_commit off just before is in it too.
 */

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'carepoint-snapshot-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

it('copies a consistent database while a writer commits and checkpoints', async () => {
  const pgDir = path.join(work, 'pg');
  const live = new DurablePGlite(pgDir, {});
  await live.exec(`create table rows (id bigint primary key, pad text not null);
                   create index rows_pad on rows (pad);
                   create table reads (id serial primary key)`);
  let acknowledged = 0;
  let writing = true;
  let failure: unknown;
  const writer = (async () => {
    for (let n = 1; writing; n++) {
      await live.query('insert into rows values ($1::bigint, repeat(md5($1::bigint::text), 20))', [n]);
      acknowledged = n;
      if (n % 60 === 0) await live.query('checkpoint');
    }
  })().catch((error: unknown) => {
    failure = error;
  });

  for (const round of [1, 2]) {
    while (acknowledged < round * 200) {
      if (failure) throw failure;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await live.exec(`begin; set local synchronous_commit = off; insert into reads default values; commit`);
    const before = acknowledged;
    const copy = path.join(work, `copy-${round}`);
    const info = await snapshotPglite(live, pgDir, copy);
    expect(info.heldBytes).toBeLessThan(info.bytes);

    const restored = new PGlite(copy, { extensions: { amcheck } });
    try {
      const [rows] = (
        await restored.query<{ n: number; top: number }>(
          'select count(*)::int as n, max(id)::int as top from rows',
        )
      ).rows;
      expect(rows?.n).toBeGreaterThanOrEqual(before);
      expect(rows?.top).toBe(rows?.n);
      expect((await restored.query('select id from reads')).rows).toHaveLength(round);
      await restored.exec('create extension amcheck');
      const damage = await restored.query(
        `select c.relname, v.msg from pg_class c, verify_heapam(c.oid) v
         where c.relkind in ('r', 'm', 't') and c.relpersistence = 'p'`,
      );
      expect(damage.rows).toEqual([]);
      await restored.query(
        `select bt_index_check(c.oid, true) from pg_class c join pg_am a on a.oid = c.relam
         where c.relkind = 'i' and a.amname = 'btree' and c.relpersistence = 'p'`,
      );
    } finally {
      await restored.close();
    }
  }
  writing = false;
  await writer;
  await live.close();
}, 120_000);
