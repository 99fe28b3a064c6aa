import { LAB_RESULT_MESSAGES } from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, serviceContext, type TestApp } from '../../../test/helpers';
import { collectedSpecimen, labTest } from '../../../test/lab';
import { auditEvents, labOrders, labPanelMembers, labResults, labSpecimens } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { fileResult } from './file-result';

/*
 * fileResult, the one way a value is filed (typed or from an analyser): the checks, the range and
 * flag for the patient, the order's state, one current value per test. The clock reads 2030-01-07.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function asScientist() {
  const scientist = await createUser(t, 'lab');
  return serviceContext(t, { actor: { ...scientist, mustChangePassword: false } });
}

/** The refusal a filing ends with: its status and message. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { statusCode, message } = error as AppError;
  return { statusCode, message };
}

describe('filing a value', () => {
  it('stores it preliminary with the patient’s range and flag, and audits it', async () => {
    const potassium = await labTest(t);
    const specimen = await collectedSpecimen(t, [potassium.id]);
    const ctx = await asScientist();
    const filed = await fileResult(ctx, {
      specimenId: specimen.specimenId,
      testId: potassium.id,
      value: 6.34,
      unit: 'mmol/L',
      source: 'manual',
    });
    expect(filed).toMatchObject({ interpretation: 'HH', status: 'preliminary' });
    const [row] = await t.database.db.select().from(labResults).where(eq(labResults.id, filed.id));
    expect(row).toMatchObject({
      valueQuantity: 6.3,
      unit: 'mmol/L',
      rangeLow: 3.5,
      rangeHigh: 5.1,
      status: 'preliminary',
      source: 'manual',
      enteredBy: ctx.actor?.id,
      patientId: specimen.patient.id,
      version: 1,
    });
    const [order] = await t.database.db.select().from(labOrders).where(eq(labOrders.id, specimen.orderId));
    expect(order?.state).toBe('Resulted');
    const [entry] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'lab.result.file'), eq(auditEvents.entityId, specimen.orderId)));
    expect(entry).toMatchObject({ patientId: specimen.patient.id });
  });

  it('reads the range for the patient’s sex and age band', async () => {
    const haemoglobin = await labTest(t, { name: 'Haemoglobin', loincCode: '718-7', unit: 'g/dL' }, [
      { sex: 'male', ageFromDays: 6570, low: 13, high: 17, criticalLow: 7 },
      { sex: 'female', ageFromDays: 6570, low: 12, high: 15.5, criticalLow: 7 },
      { ageFromDays: 365, ageToDays: 6570, low: 11, high: 14.5, criticalLow: 7 },
    ]);
    const man = await createUser(t, 'patient', { gender: 'male', dateOfBirth: '1990-01-01' });
    const woman = await createUser(t, 'patient', { gender: 'female', dateOfBirth: '1990-01-01' });
    const child = await createUser(t, 'patient', { gender: 'female', dateOfBirth: '2024-01-01' });
    const ctx = await asScientist();
    const flagOf = async (patient: typeof man, value: number) => {
      const specimen = await collectedSpecimen(t, [haemoglobin.id], { patient });
      return (
        await fileResult(ctx, {
          specimenId: specimen.specimenId,
          testId: haemoglobin.id,
          value,
          source: 'manual',
        })
      ).interpretation;
    };
    expect(await flagOf(man, 12.5)).toBe('L');
    expect(await flagOf(woman, 12.5)).toBe('N');
    expect(await flagOf(child, 12.5)).toBe('N');
    expect(await flagOf(child, 15)).toBe('H');
    expect(await flagOf(woman, 6.5)).toBe('LL');
  });

  it('files a panel’s members one by one, In Progress until each has a value', async () => {
    const sodium = await labTest(t, { name: 'Sodium', loincCode: '2951-2' }, [{ low: 135, high: 145 }]);
    const potassium = await labTest(t);
    const panel = await labTest(t, { name: 'Electrolytes', kind: 'panel', resultType: null, unit: null }, []);
    await t.database.db.insert(labPanelMembers).values([
      { panelId: panel.id, testId: sodium.id, position: 1 },
      { panelId: panel.id, testId: potassium.id, position: 2 },
    ]);
    const specimen = await collectedSpecimen(t, [panel.id]);
    const ctx = await asScientist();
    const stateOf = async () =>
      (await t.database.db.select().from(labOrders).where(eq(labOrders.id, specimen.orderId)))[0]?.state;

    expect(
      await refusal(
        fileResult(ctx, { specimenId: specimen.specimenId, testId: panel.id, value: 1, source: 'manual' }),
      ),
    ).toEqual({ statusCode: 400, message: LAB_RESULT_MESSAGES.testNotOrdered });
    await fileResult(ctx, {
      specimenId: specimen.specimenId,
      testId: sodium.id,
      value: 140,
      source: 'manual',
    });
    expect(await stateOf()).toBe('In Progress');
    await fileResult(ctx, {
      specimenId: specimen.specimenId,
      testId: potassium.id,
      value: 4,
      source: 'manual',
    });
    expect(await stateOf()).toBe('Resulted');
  });

  it('flags an abnormal answer of a choice test and keeps text as typed', async () => {
    const malaria = await labTest(
      t,
      {
        name: 'Malaria RDT',
        loincCode: '70569-9',
        resultType: 'choice',
        unit: null,
        choices: ['Negative', 'Positive'],
        abnormalChoices: ['Positive'],
      },
      [],
    );
    const comment = await labTest(t, { name: 'Film comment', resultType: 'text', unit: null }, []);
    const specimen = await collectedSpecimen(t, [malaria.id, comment.id]);
    const ctx = await asScientist();
    const positive = await fileResult(ctx, {
      specimenId: specimen.specimenId,
      testId: malaria.id,
      value: 'Positive',
      source: 'manual',
    });
    expect(positive.interpretation).toBe('A');
    const text = await fileResult(ctx, {
      specimenId: specimen.specimenId,
      testId: comment.id,
      value: ' Ring forms seen ',
      source: 'manual',
    });
    expect(text.interpretation).toBeNull();
    const [row] = await t.database.db.select().from(labResults).where(eq(labResults.id, text.id));
    expect(row?.valueText).toBe('Ring forms seen');
  });

  it('files an analyser’s value without a signed-in scientist', async () => {
    const potassium = await labTest(t);
    const specimen = await collectedSpecimen(t, [potassium.id]);
    const filed = await fileResult(serviceContext(t), {
      specimenId: specimen.specimenId,
      testId: potassium.id,
      value: 4.2,
      unit: 'mmol/L',
      source: 'analyser',
    });
    expect(filed).toMatchObject({ interpretation: 'N', status: 'preliminary' });
  });
});

describe('what it refuses', () => {
  it('refuses the wrong unit, type or answer with the contract’s message', async () => {
    const potassium = await labTest(t);
    const malaria = await labTest(
      t,
      { resultType: 'choice', unit: null, choices: ['Negative', 'Positive'], abnormalChoices: ['Positive'] },
      [],
    );
    const specimen = await collectedSpecimen(t, [potassium.id, malaria.id]);
    const ctx = await asScientist();
    const file = (testId: string, value: number | string, unit?: string) =>
      refusal(fileResult(ctx, { specimenId: specimen.specimenId, testId, value, unit, source: 'manual' }));
    expect(await file(potassium.id, 4, 'mg/dL')).toEqual({
      statusCode: 400,
      message: LAB_RESULT_MESSAGES.unitMismatch,
    });
    expect(await file(potassium.id, 'high')).toEqual({
      statusCode: 400,
      message: LAB_RESULT_MESSAGES.valueNotNumber,
    });
    expect(await file(malaria.id, 'Maybe')).toEqual({
      statusCode: 400,
      message: LAB_RESULT_MESSAGES.valueNotChoice,
    });
    expect(await file(malaria.id, 3)).toEqual({
      statusCode: 400,
      message: LAB_RESULT_MESSAGES.valueNotChoice,
    });
  });

  it('refuses an unknown or rejected specimen and a test not ordered', async () => {
    const potassium = await labTest(t);
    const other = await labTest(t);
    const specimen = await collectedSpecimen(t, [potassium.id]);
    const ctx = await asScientist();
    expect(
      await refusal(
        fileResult(ctx, {
          specimenId: crypto.randomUUID(),
          testId: potassium.id,
          value: 4,
          source: 'manual',
        }),
      ),
    ).toEqual({ statusCode: 404, message: LAB_RESULT_MESSAGES.specimenNotFound });
    expect(
      await refusal(
        fileResult(ctx, { specimenId: specimen.specimenId, testId: other.id, value: 4, source: 'manual' }),
      ),
    ).toEqual({ statusCode: 400, message: LAB_RESULT_MESSAGES.testNotOrdered });
    const scientist = ctx.actor?.id ?? '';
    await t.database.db
      .update(labSpecimens)
      .set({ rejectedAt: t.clock.now(), rejectedBy: scientist, rejectionReason: 'Haemolysed' })
      .where(eq(labSpecimens.id, specimen.specimenId));
    expect(
      await refusal(
        fileResult(ctx, {
          specimenId: specimen.specimenId,
          testId: potassium.id,
          value: 4,
          source: 'manual',
        }),
      ),
    ).toEqual({ statusCode: 409, message: LAB_RESULT_MESSAGES.specimenRejected });
  });

  it('keeps one current value per test when two are filed at once', async () => {
    const potassium = await labTest(t);
    const specimen = await collectedSpecimen(t, [potassium.id]);
    const [a, b] = [await asScientist(), await asScientist()];
    const outcomes = await Promise.allSettled([
      fileResult(a, { specimenId: specimen.specimenId, testId: potassium.id, value: 4.1, source: 'manual' }),
      fileResult(b, { specimenId: specimen.specimenId, testId: potassium.id, value: 4.4, source: 'manual' }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const failed = outcomes.find((o) => o.status === 'rejected');
    expect((failed as PromiseRejectedResult).reason).toMatchObject({
      statusCode: 409,
      message: LAB_RESULT_MESSAGES.resultExists,
    });
    const rows = await t.database.db
      .select()
      .from(labResults)
      .where(eq(labResults.specimenId, specimen.specimenId));
    expect(rows).toHaveLength(1);
  });

  it('needs a signed-in scientist for a typed value', async () => {
    const potassium = await labTest(t);
    const specimen = await collectedSpecimen(t, [potassium.id]);
    expect(
      await refusal(
        fileResult(serviceContext(t), {
          specimenId: specimen.specimenId,
          testId: potassium.id,
          value: 4,
          source: 'manual',
        }),
      ),
    ).toMatchObject({ statusCode: 401 });
  });
});
