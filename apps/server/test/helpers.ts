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
import { migrationsDigest } from '../src/db/pglite-template';
import { nurses, users } from '../src/db/schema';
import { readRecordsWritten } from '../src/lib/audit';
import { type SystemContextOptions, systemContext } from '../src/lib/context';
import type { Later } from '../src/lib/later';
import type { Mail } from '../src/lib/mailer';
import { hashPassword } from '../src/lib/passwords';
import { READ_CACHE_CHANNEL } from '../src/lib/read-cache';

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

/**
 * A new database on the PostgreSQL server at `serverUrl`, empty or a copy of `template`: its URL,
 * and how to drop it.
 */
export async function scratchPostgresDatabase(serverUrl: string, template?: string) {
  const name = `carepoint_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
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

/** The migrated database every test database on the server is copied from (this build's migrations). */
const postgresTemplateName = () => `carepoint_test_template_${migrationsDigest()}`;
const TEMPLATE_LOCK_KEY = 7_264_002;

/**
 * Makes the migrated template database on the test server if this build's migrations have none
 * (global-setup.ts): copying it costs a fraction of a second, migrating a new database about 2 s,
 * and every test file opens one. Templates of other migrations are left alone: another worktree's
 * run on the same server may be copying from its own at this moment (dropping them made those runs
 * fail with "template database does not exist"); a throwaway CI server never holds one.
 */
export async function preparePostgresTemplate(serverUrl: string): Promise<void> {
  const name = postgresTemplateName();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    // Two runs (or two projects) on one server: one prepares, the other finds it made.
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const made = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (made.rowCount) return;
    const partial = `${name}_partial`;
    await admin.query(`CREATE DATABASE ${partial}`);
    const url = new URL(serverUrl);
    url.pathname = `/${partial}`;
    // The app's own migration path, as a server's first start takes it.
    await (await openPostgres(url.toString(), 1)).close();
    await admin.query(`ALTER DATABASE ${partial} RENAME TO ${name}`);
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => {});
    await admin.end();
  }
}

/** The PostgreSQL server of this test run, or undefined when it runs on PGlite. */
export const testPostgresUrl = () =>
  process.env.TEST_DATABASE === 'postgres' ? process.env.TEST_DATABASE_URL || undefined : undefined;

/**
 * A fresh database per test file: PGlite in a temporary directory (a copy of the migrated template
 * cluster), or a new database on TEST_DATABASE_URL's server (a copy of its migrated template).
 */
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
  const scratch = await scratchPostgresDatabase(url, postgresTemplateName());
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

/** Nurses as Manage Nurses lists them: each an account (role nurse) and its staff record, written straight to the database. */
export async function createNurses(
  t: TestApp,
  rows: ReadonlyArray<{
    fullName: string;
    email: string;
    department: string;
    status?: (typeof nurses.$inferInsert)['status'];
  }>,
) {
  const created = [];
  for (const { fullName, email, department, status } of rows) {
    const [firstName = '', ...rest] = fullName.split(' ');
    const user = await createUser(t, 'nurse', { firstName, lastName: rest.join(' '), email });
    await t.database.db.insert(nurses).values({ id: user.id, department, status });
    created.push(user);
  }
  await changesHeard(t);
  return created;
}

/**
 * Waits until the app has heard every change committed so far: on a PostgreSQL server the
 * tables' NOTIFY (which clears the read cache) arrives just after the commit, on its own
 * connection, so a fixture written straight into the database could race the next request.
 * Notifications arrive in commit order, so once a fence sent now comes back, so has every change.
 */
export async function changesHeard(t: Pick<TestApp, 'database'>) {
  const fence = `fence:${randomUUID()}`;
  let heard = () => {};
  const arrived = new Promise<void>((resolve) => {
    heard = resolve;
  });
  const unlisten = await t.database.listen(READ_CACHE_CHANNEL, (message) => {
    if (message === fence) heard();
  });
  try {
    await t.database.notify(READ_CACHE_CHANNEL, [fence]);
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
