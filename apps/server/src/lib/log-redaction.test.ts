import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../test/helpers';

/** The app's real logger, writing to memory instead of stdout. */
const lines: string[] = [];
const logged = () => lines.join('');
const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
  });
});
afterAll(() => t.close());

const registration = {
  firstName: 'Oluwaseun',
  lastName: 'Bankole-Whyte',
  email: 'seun.bankole@example.org',
  password: 'correct-horse-battery',
  phone: '+2348031234567',
  address: '12 Awolowo Road, Ikoyi',
  gender: 'male',
};

describe('the server log', () => {
  it('shows a failed query without its parameters (no hash, e-mail or personal data)', async () => {
    // Every new account now breaks a rule of the database: the registration's insert fails.
    await t.database.db.execute(sql`alter table users add constraint refuse_all check (false) not valid`);
    lines.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/patient',
      payload: registration,
    });
    await t.database.db.execute(sql`alter table users drop constraint refuse_all`);

    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Internal server error', code: 'INTERNAL' });
    const failure = entries().find((entry) => entry.msg === 'request failed');
    // Enough to find the cause: the statement (with placeholders) and the database's error code.
    expect(failure?.err).toMatchObject({
      type: 'DrizzleQueryError',
      query: expect.stringMatching(/^insert into "users"/),
      cause: { code: '23514', constraint: 'refuse_all' },
    });
    for (const secret of [...Object.values(registration), '$argon2id$', 'params:']) {
      expect(logged(), secret).not.toContain(secret);
    }
  });

  it('shows requests without their query string, cookie or Authorization header', async () => {
    const { headers } = await signedIn(t, 'admin');
    const token = headers.cookie.replace('token=', '');
    lines.length = 0;
    await t.app.inject({ url: '/api/admin/patients?q=Oluwaseun', headers });
    await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    await t.app.inject({ url: '/reset-password?token=a-usable-reset-token' });

    // One line per request (logger.ts), naming its path.
    const urls = entries().flatMap((entry) => (typeof entry.path === 'string' ? [entry.path] : []));
    expect(urls).toEqual(['/api/admin/patients', '/api/auth/me', '/reset-password']);
    for (const secret of ['Oluwaseun', token, 'a-usable-reset-token']) expect(logged()).not.toContain(secret);
  });

  it('blanks passwords, tokens and credentials wherever code logs them', () => {
    lines.length = 0;
    t.app.log.info(
      {
        password: 'hunter2-password',
        user: { token: 'a-session-token', passwordHash: '$argon2id$v=19$abc' },
        headers: { cookie: 'token=a-cookie-token', authorization: 'Bearer a-bearer-token' },
      },
      'something happened',
    );
    t.app.log.child({ token: 'a-child-token' }).info('in a child');
    expect(logged()).toContain('something happened');
    expect(logged()).toContain('in a child');
    for (const secret of [
      'hunter2-password',
      'a-session-token',
      '$argon2id$',
      'a-cookie-token',
      'a-bearer-token',
      'a-child-token',
    ]) {
      expect(logged()).not.toContain(secret);
    }
  });
});
