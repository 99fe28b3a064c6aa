import { randomBytes } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { killServerProcesses, startServerProcess } from '../test/server-process';

afterAll(killServerProcesses);

it('a database missing on the server stops the start with one line naming it, exit code 1', async () => {
  const name = `carepoint_missing_${randomBytes(4).toString('hex')}`;
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${name}`;
  url.password = 'not-shown';
  const server = startServerProcess({ DATABASE_URL: url.toString() });
  expect(await server.ready).toBeUndefined();
  expect(await server.exited).toBe(1);
  url.password = '';
  expect(server.stderr().trim()).toBe(
    `The database ${name} does not exist at ${url} (create it first: createdb ${name})`,
  );
});
