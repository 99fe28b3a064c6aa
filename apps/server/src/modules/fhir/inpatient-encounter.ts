import { ICD10CM_FHIR_SYSTEM } from '@carepoint/contract';
import type {
  CodeableConcept,
  Coding,
  Condition,
  Encounter,
  EncounterDiagnosis,
  EncounterLocation,
} from '@medplum/fhirtypes';
import { and, asc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { dischargeSummaries, stayLocations, stays } from '../../db/schema';
import { codedTokenMatches } from './coded-token';
import type { SortKey } from './cursor';
import type { ParsedSearch } from './params';
import type { FhirContext } from './resource-type';
import { idsMatch, instantMatches, lastUpdatedMatches, referenceMatches, tokenMatches } from './search-sql';
import { fhirDateTime } from './time';
import { latest, versionMeta } from './versioning';

/*
 * Inpatient stays as Encounters of class IMP (same id as the stay): the doctor in charge, the
 * bed history (stay_locations) as `location`, where the patient came from and went to as
 * `hospitalization`, and the diagnoses: the admission diagnosis from the stay, the discharge
 * diagnoses from the signed discharge summary. CarePoint has no Condition resource, so each
 * diagnosis is a contained Condition (its ICD-10-CM code and the doctor's wording) that
 * `diagnosis.condition` references, with its role (AD / DD) and rank.
 */

type Stay = typeof stays.$inferSelect;
type StayStatus = Stay['status'];
type AdmitSource = Stay['admitSource'];
type DischargeDisposition = NonNullable<Stay['dischargeDisposition']>;

const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';
const ACT_PRIORITY = 'http://terminology.hl7.org/CodeSystem/v3-ActPriority';
const ENCOUNTER_STATUS_SYSTEM = 'http://hl7.org/fhir/encounter-status';
const PARTICIPATION_TYPE = 'http://terminology.hl7.org/CodeSystem/v3-ParticipationType';
const ADMIT_SOURCE = 'http://terminology.hl7.org/CodeSystem/admit-source';
const DISCHARGE_DISPOSITION = 'http://terminology.hl7.org/CodeSystem/discharge-disposition';
const DIAGNOSIS_ROLE = 'http://terminology.hl7.org/CodeSystem/diagnosis-role';

export const INPATIENT: Coding = { system: ACT_CODE, code: 'IMP', display: 'inpatient encounter' };
const ATTENDER: CodeableConcept[] = [
  { coding: [{ system: PARTICIPATION_TYPE, code: 'ATND', display: 'attender' }] },
];
const ELECTIVE: CodeableConcept = {
  coding: [{ system: ACT_PRIORITY, code: 'EL', display: 'elective' }],
  text: 'Planned admission',
};

const STAY_STATUS_CODES: Record<StayStatus, NonNullable<Encounter['status']>> = {
  Planned: 'planned',
  Admitted: 'in-progress',
  Discharged: 'finished',
  Cancelled: 'cancelled',
};

/**
 * HL7's admit-source codes (R4, terminology.hl7.org/CodeSystem/admit-source). A planned
 * admission has no code of its own there (the table says where a patient came from, and a
 * planned patient comes from home on a date agreed with a doctor): `other`, with the text, and
 * the encounter's priority says elective (v3 ActPriority EL).
 */
const ADMIT_SOURCES: Record<AdmitSource, CodeableConcept> = {
  Emergency: {
    coding: [{ system: ADMIT_SOURCE, code: 'emd', display: 'From accident/emergency department' }],
    text: 'Emergency',
  },
  Outpatient: {
    coding: [{ system: ADMIT_SOURCE, code: 'outp', display: 'From outpatient department' }],
    text: 'Outpatient',
  },
  Planned: { coding: [{ system: ADMIT_SOURCE, code: 'other', display: 'Other' }], text: 'Planned admission' },
};

/** HL7's discharge-disposition codes (R4, terminology.hl7.org/CodeSystem/discharge-disposition). */
const DISPOSITIONS: Record<DischargeDisposition, Coding> = {
  Home: { system: DISCHARGE_DISPOSITION, code: 'home', display: 'Home' },
  'Other facility': {
    system: DISCHARGE_DISPOSITION,
    code: 'other-hcf',
    display: 'Other healthcare facility',
  },
  'Against medical advice': {
    system: DISCHARGE_DISPOSITION,
    code: 'aadvice',
    display: 'Left against advice',
  },
  Died: { system: DISCHARGE_DISPOSITION, code: 'exp', display: 'Expired' },
};

/** When the encounter last changed: the stay's row, or its summary's signature (meta.lastUpdated, `_lastUpdated`). */
const stayLastUpdated = sql<Date>`greatest(${stays.updatedAt}, (select max(${dischargeSummaries.updatedAt})
  from ${dischargeSummaries} where ${dischargeSummaries.stayId} = ${stays.id} and ${dischargeSummaries.signedAt} is not null))`;

/** When a stay starts, for the order and `date`: admitted, else planned for, else booked. */
export const stayStart = sql<Date>`coalesce(${stays.admittedAt}, ${stays.plannedFor}::timestamptz, ${stays.createdAt})`;
export const STAYS_BY_START: SortKey[] = [
  { expression: stayStart, cast: 'timestamptz' },
  { expression: stays.id, cast: 'uuid' },
];

const selectInpatientStays = (db: Executor, where: SQL | undefined) =>
  db
    .select({ stay: stays, summaryUpdatedAt: dischargeSummaries.updatedAt, summary: dischargeSummaries })
    .from(stays)
    .leftJoin(
      dischargeSummaries,
      and(eq(dischargeSummaries.stayId, stays.id), isNotNull(dischargeSummaries.signedAt)),
    )
    .where(where);
type StayRow = Awaited<ReturnType<typeof selectInpatientStays>>[number];
type LocationRow = typeof stayLocations.$inferSelect;

interface Diagnosis {
  code: string | null;
  title: string | null;
  text: string | null;
}

/** A contained Condition: the code in ICD-10-CM (when coded) and the doctor's wording. */
function condition(id: string, patientId: string, d: Diagnosis): Condition {
  const coding = d.code && d.title ? [{ system: ICD10CM_FHIR_SYSTEM, code: d.code, display: d.title }] : [];
  return {
    resourceType: 'Condition',
    id,
    code: { ...(coding.length ? { coding } : {}), ...(d.text ? { text: d.text } : {}) },
    subject: { reference: `Patient/${patientId}` },
  };
}

function diagnosesOf(row: StayRow): { contained: Condition[]; diagnosis: EncounterDiagnosis[] } {
  const { stay, summary } = row;
  const listed: Array<{ id: string; d: Diagnosis; role: Coding; rank?: number }> = [
    {
      id: 'admission',
      d: { code: stay.diagnosisCode, title: stay.diagnosisTitle, text: stay.diagnosisText },
      role: { system: DIAGNOSIS_ROLE, code: 'AD', display: 'Admission diagnosis' },
    },
  ];
  if (summary) {
    const discharge = { system: DIAGNOSIS_ROLE, code: 'DD', display: 'Discharge diagnosis' };
    listed.push({
      id: 'discharge-1',
      d: { code: summary.principalCode, title: summary.principalTitle, text: summary.principalText },
      role: discharge,
      rank: 1,
    });
    for (const [i, d] of summary.secondaryDiagnoses.entries())
      listed.push({ id: `discharge-${i + 2}`, d, role: discharge, rank: i + 2 });
  }
  const present = listed.filter(({ d }) => d.code || d.text);
  return {
    contained: present.map(({ id, d }) => condition(id, stay.patientId, d)),
    diagnosis: present.map(({ id, role, rank }) => ({
      condition: { reference: `#${id}` },
      use: { coding: [role] },
      ...(rank ? { rank } : {}),
    })),
  };
}

/** Where the patient lay: each bed from stay_locations; a planned stay's reserved bed. */
function locationsOf(stay: StayRow['stay'], history: LocationRow[], timeZone: string): EncounterLocation[] {
  const at = (instant: Date) => fhirDateTime(instant, timeZone);
  const bed = (bedId: string | null, label: string) =>
    bedId ? { reference: `Location/${bedId}`, display: label } : { display: label };
  if (history.length === 0 && stay.status === 'Planned' && stay.bedId)
    return [{ location: { reference: `Location/${stay.bedId}` }, status: 'reserved' }];
  return history.map((place) => ({
    location: bed(place.bedId, place.bedLabel),
    status: place.toAt ? 'completed' : stay.status === 'Admitted' ? 'active' : 'completed',
    period: { start: at(place.fromAt), ...(place.toAt ? { end: at(place.toAt) } : {}) },
  }));
}

function inpatientEncounter(row: StayRow, history: LocationRow[], timeZone: string): Encounter {
  const { stay } = row;
  const at = (instant: Date) => fhirDateTime(instant, timeZone);
  // A planned stay starts on its day (a FHIR dateTime may be a date).
  const start = stay.admittedAt ? at(stay.admittedAt) : stay.plannedFor;
  const { contained, diagnosis } = diagnosesOf(row);
  const location = locationsOf(stay, history, timeZone);
  return {
    resourceType: 'Encounter',
    id: stay.id,
    // The signed summary's diagnoses are part of it: its signature is a change of the encounter too.
    meta: versionMeta(latest(stay.updatedAt, row.summaryUpdatedAt)),
    ...(contained.length ? { contained } : {}),
    status: STAY_STATUS_CODES[stay.status],
    class: INPATIENT,
    ...(stay.admitSource === 'Planned' ? { priority: ELECTIVE } : {}),
    subject: { reference: `Patient/${stay.patientId}` },
    participant: [{ type: ATTENDER, individual: { reference: `Practitioner/${stay.doctorId}` } }],
    ...(start ? { period: { start, ...(stay.dischargedAt ? { end: at(stay.dischargedAt) } : {}) } } : {}),
    reasonCode: [{ text: stay.reason }],
    ...(diagnosis.length ? { diagnosis } : {}),
    hospitalization: {
      admitSource: ADMIT_SOURCES[stay.admitSource],
      ...(stay.dischargeDisposition
        ? {
            dischargeDisposition: {
              coding: [DISPOSITIONS[stay.dischargeDisposition]],
              text: stay.dischargeDisposition,
            },
          }
        : {}),
    },
    ...(location.length ? { location } : {}),
  };
}

/** The Encounters of the stays matching `where`, with their bed histories. */
export async function inpatientEncounters(fhir: FhirContext, where: SQL | undefined): Promise<Encounter[]> {
  const { db } = fhir.ctx;
  const rows = await selectInpatientStays(db, where);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.stay.id);
  const history = await db
    .select()
    .from(stayLocations)
    .where(inArray(stayLocations.stayId, ids))
    .orderBy(asc(stayLocations.stayId), asc(stayLocations.fromAt));
  const byStay = new Map<string, LocationRow[]>();
  for (const place of history) byStay.set(place.stayId, [...(byStay.get(place.stayId) ?? []), place]);
  return rows.map((row) => inpatientEncounter(row, byStay.get(row.stay.id) ?? [], fhir.timeZone));
}

/** A search's conditions on stays (a patient caller's own only). */
export function inpatientConditions(fhir: FhirContext, search: ParsedSearch): SQL | undefined {
  return and(
    fhir.patientScope === undefined ? undefined : eq(stays.patientId, fhir.patientScope),
    idsMatch(stays.id, search.ids()),
    lastUpdatedMatches(stayLastUpdated, search),
    referenceMatches(stays.patientId, search.references('patient'), 'Patient'),
    instantMatches(stayStart, search.dates('date')),
    tokenMatches(sql`'IMP'`, search.tokens('class'), ACT_CODE),
    codedTokenMatches(stays.status, search.tokens('status'), ENCOUNTER_STATUS_SYSTEM, STAY_STATUS_CODES),
  );
}
