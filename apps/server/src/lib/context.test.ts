import type { LiveTopic } from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, serviceContext, type TestApp, type TestUser } from '../../test/helpers';
import { auditEvents, users } from '../db/schema';
import { createAdmin } from '../modules/auth';
import { createErEntry } from '../modules/emergency';
import { createNurse } from '../modules/nurses';
import { loadSchedule, updateSchedule } from '../modules/schedules';
import { type Actor, actingAs, actorOf as actorOfRow, inTransaction } from './context';

/** Services called directly with a built context, as the seed, the CLI and jobs call them: no HTTP. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const actorOf = (user: TestUser): Actor => ({ ...user, mustChangePassword: false });
const auditRowsOf = (entityId: string) =>
  t.database.db.select().from(auditEvents).where(eq(auditEvents.entityId, entityId));

describe('services on a context', () => {
  it('record the context actor, address and clock in the audit trail, and announce the change', async () => {
    const admin = await createUser(t, 'admin');
    const topics: LiveTopic[] = [];
    const ctx = serviceContext(t, {
      actor: actorOf(admin),
      publish: async (topic) => {
        topics.push(topic);
      },
    });
    const entry = await createErEntry(ctx, {
      patientName: 'Walk-in',
      triageLevel: 'High',
      complaint: 'Fever',
    });
    expect(entry).toMatchObject({
      patientName: 'Walk-in',
      status: 'Waiting',
      arrivedAt: t.clock.now().toISOString(),
      waitMinutes: 0,
    });
    expect(topics).toEqual(['emergency']);
    expect(await auditRowsOf(entry.id)).toEqual([
      expect.objectContaining({
        action: 'er.create',
        actorId: admin.id,
        actorRole: 'admin',
        actorEmail: admin.email,
        ip: 'local',
        at: t.clock.now(),
      }),
    ]);
  });

  it('run without an actor for the CLI: create-admin creates the account once and audits it', async () => {
    const ctx = serviceContext(t);
    const input = { email: 'Chief@Clinic.example', firstName: 'Ada', lastName: 'Obi' };
    const created = await createAdmin(ctx, input);
    expect(created.user).toMatchObject({
      email: 'chief@clinic.example',
      role: 'admin',
      mustChangePassword: true,
    });
    expect(created.oneTimePassword).toMatch(/^\S{14}$/);
    expect(await auditRowsOf(created.user.id)).toEqual([
      expect.objectContaining({ action: 'admin.create', actorId: null, actorRole: null, ip: 'local' }),
    ]);
    await expect(createAdmin(ctx, { ...input, password: 'chosen-password-1' })).rejects.toMatchObject({
      code: 'EMAIL_TAKEN',
    });
  });

  it('compose inside a caller transaction: the change and its audit row roll back together', async () => {
    const ctx = serviceContext(t);
    const abandoned = new Error('abandoned');
    await expect(
      ctx.db.transaction(async (tx) => {
        const inside = inTransaction(ctx, tx);
        const nurse = await createNurse(inside, {
          fullName: 'Ruth Ekanem',
          email: 'ruth.rollback@carepoint.example',
          department: 'ICU',
        });
        // Inside the transaction the row and its audit row are there...
        const written = await inside.db
          .select()
          .from(auditEvents)
          .where(eq(auditEvents.entityId, nurse.id))
          .orderBy(auditEvents.id);
        expect(written.map((e) => e.action)).toEqual(['nurse.create', 'auth.password.welcome_sent']);
        throw abandoned;
      }),
    ).rejects.toBe(abandoned);
    // ...and after the rollback neither is.
    const [kept] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'ruth.rollback@carepoint.example'));
    expect(kept).toBeUndefined();
    expect(await t.database.db.select().from(auditEvents).where(eq(auditEvents.entityType, 'nurse'))).toEqual(
      [],
    );
  });

  it("act as a given user: a service for the signed-in user works on that user's own records", async () => {
    const doctor = await createUser(t, 'doctor');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, doctor.id));
    if (!row) throw new Error('no doctor');
    const ctx = serviceContext(t);
    const before = await loadSchedule(ctx.db, doctor.id);
    const saturday = { day: 'Saturday' as const, off: false, from: '10:00', to: '12:00' };
    const schedule = { ...before, days: before.days.map((d) => (d.day === 'Saturday' ? saturday : d)) };
    // Without an actor there is nobody to act for: 401, as over HTTP.
    await expect(updateSchedule(ctx, schedule)).rejects.toMatchObject({ statusCode: 401 });

    const asDoctor = actingAs(ctx, actorOfRow(row));
    // Only who they are: none of the row's other columns (the password's hash) rides on the context.
    expect(asDoctor.actor).toEqual({
      id: doctor.id,
      role: 'doctor',
      email: doctor.email,
      firstName: doctor.firstName,
      lastName: doctor.lastName,
      mustChangePassword: false,
    });
    const saved = await updateSchedule(asDoctor, schedule);
    expect(saved.doctorId).toBe(doctor.id);
    expect(saved.days.find((d) => d.day === 'Saturday')).toEqual(saturday);
    expect(await auditRowsOf(doctor.id)).toEqual([
      expect.objectContaining({ action: 'schedule.update', actorId: doctor.id, actorRole: 'doctor' }),
    ]);
  });
});
