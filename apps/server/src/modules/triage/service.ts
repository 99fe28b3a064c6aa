import {
  isRoutedElsewhere,
  type LiveTopic,
  TRIAGE_MESSAGES,
  TRIAGE_QUEUE_ETA_MINUTES,
  TRIAGE_RECENT_LIMIT,
  type TriageAssessment,
  type TriageIntake,
  triage,
} from '@carepoint/contract';
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import { triageAssessments, vitalSigns } from '../../db/schema';
import { audit } from '../../lib/audit';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { badRequest, signedIn } from '../../lib/errors';
import { facilityDay } from '../../lib/facility-time';
import { iso } from '../../lib/list';
import { resolvePatient } from '../../lib/people';
import { addToQueue, createErEntry } from '../emergency';
import { listPatients } from '../patients';

/**
 * The doctor's Triage Intake: one transaction stores the vitals, the contract's triage result
 * and the placement (an emergency-room entry when the patient goes to the ER, otherwise a
 * department queue entry); the live boards hear of it once the transaction has committed.
 */

type AssessmentRow = typeof triageAssessments.$inferSelect;
type VitalsRow = typeof vitalSigns.$inferSelect;

const toAssessment = (row: AssessmentRow, vitals: VitalsRow | null): TriageAssessment => ({
  id: row.id,
  patientId: row.patientId,
  patientName: row.patientName,
  complaint: row.complaint,
  heartRate: vitals?.heartRate ?? 0,
  systolic: vitals?.systolic ?? 0,
  diastolic: vitals?.diastolic ?? null,
  temperature: vitals?.temperature ?? 0,
  respiratoryRate: vitals?.respiratoryRate ?? null,
  oxygenSaturation: vitals?.oxygenSaturation ?? null,
  score: row.score,
  priority: row.priority,
  suggestedDepartment: row.suggestedDepartment,
  department: row.department,
  routingReason: row.routingReason,
  placement: row.erEntryId
    ? { kind: 'emergency-room', entryId: row.erEntryId }
    : row.queueEntryId
      ? { kind: 'queue', entryId: row.queueEntryId }
      : null,
  recordedAt: iso(row.recordedAt),
});

/**
 * The emergency module's services publish as soon as their own transaction ends, which here is
 * a savepoint inside ours: announcing then would send boards to refetch before the commit (and
 * on the embedded database would wait for the transaction that is waiting for it). Their
 * announcements are collected and made after our commit instead.
 */
function deferredPublishing(ctx: ServiceContext) {
  const topics = new Set<LiveTopic>();
  return {
    within: (tx: ServiceContext['db']): ServiceContext => ({
      ...inTransaction(ctx, tx),
      publish: async (topic) => {
        topics.add(topic);
      },
    }),
    flush: async () => {
      for (const topic of topics) await ctx.publish(topic);
    },
  };
}

/** POST /api/doctor/triage: records an intake and places the patient. */
export async function recordTriage(ctx: ServiceContext, intake: TriageIntake): Promise<TriageAssessment> {
  const result = triage(intake);
  const department = intake.department ?? result.department;
  const routed = isRoutedElsewhere(intake.department, result);
  // The route's schema says so already; services called directly (the seed) are held to it too.
  if (routed && !intake.routingReason) throw badRequest(TRIAGE_MESSAGES.reasonRequired, 'routingReason');
  const patient = await resolvePatient(ctx.db, intake.patientName, intake.patientId);
  const now = ctx.now();
  const recordedBy = ctx.actor?.id ?? null;
  const events = deferredPublishing(ctx);

  const saved = await ctx.db.transaction(async (tx) => {
    const inner = events.within(tx);
    const [vitals] = await tx
      .insert(vitalSigns)
      .values({
        patientId: patient.patientId,
        recordedAt: now,
        recordedBy,
        source: 'triage',
        heartRate: intake.heartRate,
        systolic: intake.systolic,
        diastolic: intake.diastolic,
        temperature: intake.temperature,
        respiratoryRate: intake.respiratoryRate,
        oxygenSaturation: intake.oxygenSaturation,
      })
      .returning();
    if (!vitals) throw new Error('vital signs not stored');

    const placement =
      department === 'ER'
        ? {
            erEntryId: (
              await createErEntry(inner, {
                ...patient,
                triageLevel: result.priority,
                complaint: intake.complaint,
              })
            ).id,
          }
        : {
            queueEntryId: (
              await addToQueue(inner, {
                patient: patient.patientName,
                patientId: patient.patientId,
                department,
                triage: result.priority,
                etaMinutes: TRIAGE_QUEUE_ETA_MINUTES[result.priority],
              })
            ).id,
          };

    const [assessment] = await tx
      .insert(triageAssessments)
      .values({
        ...patient,
        complaint: intake.complaint,
        vitalSignsId: vitals.id,
        score: result.score,
        priority: result.priority,
        suggestedDepartment: result.department,
        department,
        routingReason: routed ? intake.routingReason : null,
        ...placement,
        recordedBy,
        recordedAt: now,
      })
      .returning();
    if (!assessment) throw new Error('triage assessment not stored');
    await audit(inner, {
      action: 'triage.create',
      entityType: 'triage_assessment',
      entityId: assessment.id,
      patientId: assessment.patientId,
      details: {
        score: result.score,
        priority: result.priority,
        suggestedDepartment: result.department,
        department,
        routed,
      },
    });
    return toAssessment(assessment, vitals);
  });
  await events.flush();
  return saved;
}

/** GET /api/doctor/triage: today's intakes (facility time) recorded by the doctor, newest first. */
export async function todaysIntakes(ctx: ServiceContext): Promise<TriageAssessment[]> {
  const doctorId = signedIn(ctx.actor).id;
  const today = facilityDay(ctx.now(), ctx.config.TIME_ZONE);
  const rows = await ctx.db
    .select({ assessment: triageAssessments, vitals: vitalSigns })
    .from(triageAssessments)
    .leftJoin(vitalSigns, eq(vitalSigns.id, triageAssessments.vitalSignsId))
    .where(
      and(
        eq(triageAssessments.recordedBy, doctorId),
        gte(triageAssessments.recordedAt, today.start),
        lt(triageAssessments.recordedAt, today.end),
      ),
    )
    .orderBy(desc(triageAssessments.recordedAt), desc(triageAssessments.id))
    .limit(TRIAGE_RECENT_LIMIT);
  const intakes = rows.map((r) => toAssessment(r.assessment, r.vitals));
  if (intakes.length > 0) {
    await audit(ctx, {
      action: 'triage.list',
      entityType: 'triage_assessment',
      details: { ids: intakes.map((i) => i.id), patientIds: intakes.flatMap((i) => i.patientId ?? []) },
    });
  }
  return intakes;
}

/** The intake form's patient picker: registered patients matching a name or e-mail fragment. */
export async function findPatients(ctx: ServiceContext, q: string, limit: number) {
  if (!q) return [];
  const found = await listPatients(ctx, { q, limit, page: 1, order: 'asc' });
  return found.data.map(({ id, fullName, email }) => ({ id, fullName, email }));
}
