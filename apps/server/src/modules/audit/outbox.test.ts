import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, type AdminClient, adminClient, concrete } from '../../../test/admin';
import { createTestApp, signedIn, type TestApp } from '../../../test/helpers';
import { outbox } from '../../db/schema';
import { createMailer } from '../../lib/mailer';

/*
 * Reset links are keys to accounts: an admin who could read them could take over any account,
 * other admins' included. The outbox records that mail went out, never what it said.
 */

let t: TestApp;
let admin: AdminClient;
beforeAll(async () => {
  // The app's own mailer: no SMTP_URL, so mail goes to the server log and the outbox.
  t = await createTestApp({ mail: 'app', logs: true });
  admin = await adminClient(t);
});
afterAll(() => t.close());

/** The token of the reset link the server log shows for `email`. */
function loggedResetToken(email: string) {
  const line = t.logs.findLast(
    (l) => l.msg.includes(`to ${email}`) && l.msg.includes('reset-password?token='),
  );
  return /reset-password\?token=([\w-]+)/.exec(line?.msg ?? '')?.[1];
}

describe('the outbox', () => {
  it('shows recipient, subject, time and delivery state, and no reset link in any admin API', async () => {
    const other = await signedIn(t, 'admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: other.user.email },
    });
    expect(res.statusCode).toBe(200);
    await t.settle();
    const token = loggedResetToken(other.user.email);
    expect(token).toMatch(/^[\w-]{40,}$/);

    // The sign-ins' "new browser" notices are in the outbox too; this test is about the reset link.
    const mail = (await admin.get('/api/admin/outbox')).json<{ data: Array<{ subject: string }> }>();
    expect(mail.data.filter((m) => m.subject.startsWith('Reset'))).toEqual([
      {
        id: expect.any(String),
        to: other.user.email,
        subject: 'Reset your CarePoint password',
        createdAt: expect.any(String),
        sentAt: null,
        delivery: 'Server log',
      },
    ]);

    const reads = ADMIN_ROUTES.filter((r) => r.method === 'GET' && r.url !== '/api/admin/events');
    for (const route of reads) {
      const body = (await admin.get(concrete(route.url))).body;
      expect(body, route.url).not.toContain(token);
    }
    for (const url of ['/api/admin/outbox?limit=100', '/api/admin/audit?limit=100', '/api/auth/me']) {
      expect((await admin.get(url)).body, url).not.toContain(token);
    }
  });

  it('keeps no body in the database at all', async () => {
    const [row] = await t.database.db.select().from(outbox).limit(1);
    expect(row).toBeDefined();
    expect(Object.keys(row ?? {}).sort()).toEqual(['createdAt', 'delivery', 'id', 'sentAt', 'subject', 'to']);
  });

  it('records mail the SMTP server did not take as Failed, and logs the failure without the body', async () => {
    const lines: string[] = [];
    const record = (...args: unknown[]) => {
      lines.push(JSON.stringify(args));
    };
    const sendMail = createMailer({
      db: t.database.db,
      smtpUrl: 'smtp://127.0.0.1:1',
      from: t.app.config.MAIL_FROM,
      log: { info: record, error: record },
    });
    await sendMail({ to: 'someone@test.example', subject: 'Unreachable', body: 'secret-link-123' });
    const failed = (await admin.get('/api/admin/outbox'))
      .json()
      .data.find((m: { subject: string }) => m.subject === 'Unreachable');
    expect(failed).toMatchObject({ to: 'someone@test.example', delivery: 'Failed', sentAt: null });
    expect(lines.join('\n')).toMatch(/could not be sent/);
    expect(lines.join('\n')).not.toContain('secret-link-123');
  });
});
