import { and, eq, inArray, isNull } from 'drizzle-orm';
import { triageAssessments, vitalSigns } from '../../db/schema';
import { audit } from '../../lib/audit';
import type { ServiceContext } from '../../lib/context';

/**
 * A walk-in triaged at the door has an intake (vitals, complaint, score) that belongs to nobody.
 * When the desk matches their ER arrival to a registered patient, the intakes that placed that
 * arrival become the patient's: the vitals row (so the chart, its trends and FHIR Observations
 * show it) and the assessment (its complaint and score, in the chart's history). Runs in the
 * linking transaction (`ctx` on it), so the arrival is never linked without its intake. There is
 * no unlinking: a link is made only after the desk confirmed name, date of birth and phone, and
 * each attach is audited with what it moved, so a wrong match can be traced and corrected.
 */
export async function attachIntakesOfArrival(
  ctx: ServiceContext,
  arrival: { id: string; typedName: string },
  patient: { patientId: string | null; patientName: string },
) {
  const attached = await ctx.db
    .update(triageAssessments)
    .set({ patientId: patient.patientId, patientName: patient.patientName })
    .where(and(eq(triageAssessments.erEntryId, arrival.id), isNull(triageAssessments.patientId)))
    .returning({ id: triageAssessments.id, vitalSignsId: triageAssessments.vitalSignsId });
  const vitalsIds = attached.flatMap((a) => a.vitalSignsId ?? []);
  if (vitalsIds.length > 0) {
    await ctx.db
      .update(vitalSigns)
      .set({ patientId: patient.patientId })
      .where(and(inArray(vitalSigns.id, vitalsIds), isNull(vitalSigns.patientId)));
  }
  for (const intake of attached) {
    await audit(ctx, {
      action: 'triage.attach',
      entityType: 'triage_assessment',
      entityId: intake.id,
      patientId: patient.patientId,
      details: { erEntryId: arrival.id, typedName: arrival.typedName, vitalSignsId: intake.vitalSignsId },
    });
  }
}
