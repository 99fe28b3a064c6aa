import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPgListener } from './pg-listener';

/** Runs only against a PostgreSQL server (the server-postgres test project). */
const url = process.env.TEST_DATABASE_URL ?? '';
let admin: pg.Client;
beforeAll(async () => {
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
});
afterAll(() => admin.end());

it('keeps receiving notifications after its connection is killed', async () => {
  const channel = `listener_test_${process.pid}`;
  const listener = createPgListener(url);
  const received: string[] = [];
  const notify = (payload: string) => admin.query('select pg_notify($1, $2)', [channel, payload]);
  const receivedWithin = async (payload: string, ms: number) => {
    // LISTEN keeps no backlog: while it reconnects, notifications are lost, so keep sending.
    for (const deadline = Date.now() + ms; !received.includes(payload) && Date.now() < deadline; ) {
      await notify(payload);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return received.includes(payload);
  };
  try {
    await listener.listen(channel, (payload) => received.push(payload));
    await notify('before');
    expect(await receivedWithin('before', 2_000)).toBe(true);

    // What a database restart or failover does to the LISTEN connection.
    const killed = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where query = $1 and pid <> pg_backend_pid()',
      [`LISTEN ${channel}`],
    );
    expect(killed.rowCount).toBe(1);
    expect(await receivedWithin('after', 10_000)).toBe(true);
  } finally {
    await listener.close();
  }
}, 20_000);
