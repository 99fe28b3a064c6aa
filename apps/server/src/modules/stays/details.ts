import { type admissionDetailsSchema, STAY_MESSAGES } from '@carepoint/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../../db/schema';
import type { ServiceContext } from '../../lib/context';
import { badRequest } from '../../lib/errors';
import { codedDiagnosis } from '../diagnosis-codes';

type Details = z.output<typeof admissionDetailsSchema>;

/**
 * The columns every admission writes from its form: the doctor in charge (an active doctor of
 * this hospital), the reason, and the admission diagnosis coded in ICD-10-CM beside its wording.
 */
export async function admissionColumns(ctx: ServiceContext, input: Details) {
  const [doctor] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, input.doctorId), eq(users.role, 'doctor'), eq(users.status, 'Active')));
  if (!doctor) throw badRequest(STAY_MESSAGES.doctorNotFound, 'doctorId');
  const diagnosis = await codedDiagnosis(ctx, input.diagnosisCode);
  return {
    doctorId: input.doctorId,
    reason: input.reason,
    diagnosisText: input.diagnosisText,
    diagnosisCode: diagnosis?.code ?? null,
    diagnosisTitle: diagnosis?.title ?? null,
    expectedDays: input.expectedDays,
  };
}
