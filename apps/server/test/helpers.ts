import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Role } from '@carepoint/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { type AppOptions, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type DatabaseHandle, openPglite, openPostgres } from '../src/db/client';
import { users } from '../src/db/schema';
import { type SystemContextOptions, systemContext } from '../src/lib/context';
import type { Later } from '../src/lib/later';
import type { Mail } from '../src/lib/mailer';
import { hashPassword } from '../src/lib/passwords';
import { READ_CACHE_CHANNEL } from '../src/lib/read-cache';
import { readRecordsWritten } from '../src/plugins/audit';

export const TEST_PASSWORD = 'test-password-1';

/** A clock tests move by hand, so time rules are checked without sleeping. */
export function testClock(start = new Date('2030-01-07T09:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date: Date | string) => {
      current = new Date(date).getTime();
    },
    advance: (ms: number) => {
      current += ms;
    },
  };
}
type TestClock = ReturnType<typeof testClock>;

/** A new, empty database on the PostgreSQL server at `serverUrl`: its URL, and how to drop it. */
export async function scratchPostgresDatabase(serverUrl: string) {
  const name = `carepoint_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(serverUrl);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** The PostgreSQL server of this test run, or undefined when it runs on PGlite. */
export const testPostgresUrl = () =>
  process.env.TEST_DATABASE === 'postgres' ? process.env.TEST_DATABASE_URL || undefined : undefined;

/** A fresh database per test file: in-memory PGlite, or a new database on TEST_DATABASE_URL's server. */
export async function freshDatabase(): Promise<DatabaseHandle> {
  const url = testPostgresUrl();
  if (!url) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carepoint-test-'));
    const handle = await openPglite(dir);
    return {
      ...handle,
      async close() {
        await handle.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const scratch = await scratchPostgresDatabase(url);
  const handle = await openPostgres(scratch.url, 10);
  return {
    ...handle,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}

/** A line the app logged (with `logs: true`): pino's level number and message. */
interface LogLine {
  level: number;
  msg: string;
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  clock: TestClock;
  /** Mail the app sent, newest last. */
  mail: Mail[];
  /** What the app logged, when created with `logs: true`. */
  logs: LogLine[];
  /** Runs the work requests left for after their answer (mail), and waits for it. */
  settle(): Promise<void>;
  /** How many such tasks wait for `settle()`. */
  pendingTasks(): number;
  close(): Promise<void>;
}

export interface TestAppOptions {
  clock?: TestClock;
  env?: Record<string, string>;
  /** 'app': the app's own mailer (outbox and server log) instead of recording mail in `mail`. */
  mail?: 'recorded' | 'app';
  /** Keep the app's log lines (info and above) in `logs`. */
  logs?: boolean;
  /** The app's logger options, for tests that read the raw log stream. */
  logger?: AppOptions['logger'];
  /** Another test app's database: a second instance, as behind a load balancer (not closed here). */
  database?: DatabaseHandle;
  /** Registers test-only routes or parsers before the app is ready. */
  extend?: (app: FastifyInstance) => void | Promise<void>;
}

/**
 * Work the app leaves for after an answer waits here until the test calls `settle()`: a test sees
 * what was done before the answer, then what was done after. A failing task fails the test.
 */
function heldTasks(): Later & { pending(): number } {
  const held: Array<() => Promise<unknown>> = [];
  return {
    run(task) {
      held.push(task);
    },
    async settled() {
      for (let task = held.shift(); task; task = held.shift()) await task();
    },
    pending: () => held.length,
  };
}

/**
 * The app writes a read's audit record just after its answer (plugins/audit.ts). A test reads the
 * audit trail straight from the database right after a request, so here each `inject` resolves
 * once the records of the reads so far are committed: what the app's own audit screens do too.
 */
function answeringAfterReadRecords(app: FastifyInstance) {
  const inject = app.inject.bind(app);
  const injectAndSettle = async (options: InjectOptions | string) => {
    const response = await inject(options);
    await readRecordsWritten(app.db);
    return response;
  };
  Object.assign(app, { inject: injectAndSettle });
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const database = opts.database ?? (await freshDatabase());
  const clock = opts.clock ?? testClock();
  const mail: Mail[] = [];
  const logs: LogLine[] = [];
  const later = heldTasks();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    WEB_DIST: '/nonexistent',
    TIME_ZONE: 'UTC',
    ...opts.env,
  });
  const app = await buildApp({
    config,
    database,
    now: clock.now,
    later,
    ...(opts.mail === 'app'
      ? {}
      : {
          sendMail: async (m: Mail) => {
            mail.push(m);
            return { delivery: 'Sent' };
          },
        }),
    logger:
      opts.logger ??
      (opts.logs
        ? { level: 'info', stream: { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) } }
        : false),
  });
  await opts.extend?.(app);
  await app.ready();
  answeringAfterReadRecords(app);
  return {
    app,
    database,
    clock,
    mail,
    logs,
    settle: () => later.settled(),
    pendingTasks: later.pending,
    async close() {
      await app.close();
      if (!opts.database) await database.close();
    },
  };
}

/** A service context on the test app's database, configuration, clock and mail: services called without HTTP. */
export const serviceContext = (t: TestApp, options: Partial<SystemContextOptions> = {}) =>
  systemContext({
    db: t.database.db,
    config: t.app.config,
    now: t.clock.now,
    sendMail: async (m) => {
      t.mail.push(m);
      return { delivery: 'Sent' };
    },
    ...options,
  });

let testPasswordHash: Promise<string> | undefined;
let counter = 0;

export interface TestUser {
  id: string;
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  /** A patient's record number, given by the database (migration 0033); null for staff. */
  recordNumber: string | null;
}

/** Inserts a user straight into the database (password TEST_PASSWORD). */
export async function createUser(
  t: TestApp,
  role: Role,
  fields: Partial<typeof users.$inferInsert> = {},
): Promise<TestUser> {
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  counter += 1;
  const [row] = await t.database.db
    .insert(users)
    .values({
      email: `${role}${counter}-${randomBytes(3).toString('hex')}@test.example`,
      firstName: `${role[0]?.toUpperCase()}${role.slice(1)}`,
      lastName: `Number${counter}`,
      role,
      passwordHash: await testPasswordHash,
      ...fields,
    })
    .returning();
  if (!row) throw new Error('user not created');
  await changesHeard(t);
  const { id, email, firstName, lastName, recordNumber } = row;
  return { id, email, role: row.role, firstName, lastName, recordNumber };
}

/**
 * Waits until the app has heard every change committed so far: on a PostgreSQL server the
 * tables' NOTIFY (which clears the read cache) arrives just after the commit, on its own
 * connection, so a fixture written straight into the database could race the next request.
 * Notifications arrive in commit order, so once a fence sent now comes back, so has every change.
 */
async function changesHeard(t: Pick<TestApp, 'database'>) {
  const fence = `fence:${randomUUID()}`;
  let heard = () => {};
  const arrived = new Promise<void>((resolve) => {
    heard = resolve;
  });
  const unlisten = await t.database.listen(READ_CACHE_CHANNEL, (message) => {
    if (message === fence) heard();
  });
  try {
    await t.database.notify(READ_CACHE_CHANNEL, fence);
    await arrived;
  } finally {
    await unlisten();
  }
}

/** Signs in through the API and answers headers that carry the session cookie. */
export async function signIn(t: TestApp, user: Pick<TestUser, 'email'>, password = TEST_PASSWORD) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const token = res.json<{ token: string }>().token;
  return { cookie: `token=${token}` };
}

/** A new user of the role, signed in: `{ user, headers }` for `app.inject`. */
export async function signedIn(t: TestApp, role: Role, fields: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUser(t, role, fields);
  return { user, headers: await signIn(t, user) };
}
