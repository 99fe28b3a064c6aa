import type { ErStatus, TriageLevel } from '@carepoint/contract';
import type { CodeableConcept, Coding, Encounter, EncounterStatusHistory } from '@medplum/fhirtypes';
import { and, count, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { appointments, beds, erEntries, stays } from '../../db/schema';
import { independentReads } from '../../lib/independent-reads';
import { appointmentEnd } from './appointment';
import { codedTokenMatches } from './coded-token';
import { afterCursor, type Cursor, orderByKeys, type SortKey, sortKeyColumn } from './cursor';
import {
  INPATIENT,
  STAYS_BY_START as INPATIENT_BY_START,
  inpatientConditions,
  inpatientEncounters,
  stayStart,
} from './inpatient-encounter';
import { type Keyed, pagedSearch } from './paging';
import type { ParsedSearch } from './params';
import type { FhirContext, FhirResourceType } from './resource-type';
import {
  idsMatch,
  instantMatches,
  isUuid,
  lastUpdatedMatches,
  referenceMatches,
  tokenMatches,
} from './search-sql';
import { fhirDateTime } from './time';
import { latest, versionMeta } from './versioning';

/*
 * Encounters are three of our records: a completed appointment is a visit (same id as its
 * Appointment), an emergency-room entry of a registered patient is an ER stay, and an inpatient
 * stay is an IMP encounter (inpatient-encounter.ts). An ER entry without a patient account (a
 * walk-in nobody linked) is nobody's record: it is left out.
 */

const ACT_CODE = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';
const ENCOUNTER_STATUS_SYSTEM = 'http://hl7.org/fhir/encounter-status';
const ACT_PRIORITY = 'http://terminology.hl7.org/CodeSystem/v3-ActPriority';
const PARTICIPATION_TYPE = 'http://terminology.hl7.org/CodeSystem/v3-ParticipationType';
const UCUM = 'http://unitsofmeasure.org';

const AMBULATORY: Coding = { system: ACT_CODE, code: 'AMB', display: 'ambulatory' };
const EMERGENCY: Coding = { system: ACT_CODE, code: 'EMER', display: 'emergency' };
const ATTENDER: CodeableConcept[] = [
  { coding: [{ system: PARTICIPATION_TYPE, code: 'ATND', display: 'attender' }] },
];

/**
 * Our ER states as encounter statuses: every arrival is triaged on entry (it has a level), so
 * Waiting is `triaged`; In Treatment is `in-progress`; the ER stay ends when the patient is
 * admitted to a bed or discharged (our leftAt), both `finished`.
 */
const ER_STATUS_CODES: Record<ErStatus, Encounter['status']> = {
  Waiting: 'triaged',
  'In Treatment': 'in-progress',
  Admitted: 'finished',
  Discharged: 'finished',
};

/** Triage levels as v3 ActPriority, each its own code so the order survives (the level stays as text). */
const TRIAGE_PRIORITIES: Record<TriageLevel, Coding> = {
  Urgent: { system: ACT_PRIORITY, code: 'S', display: 'stat' },
  High: { system: ACT_PRIORITY, code: 'EM', display: 'emergency' },
  Medium: { system: ACT_PRIORITY, code: 'UR', display: 'urgent' },
  Low: { system: ACT_PRIORITY, code: 'R', display: 'routine' },
};

const minutes = (value: number) => ({ value, unit: 'min', system: UCUM, code: 'min' });

// ---------------------------------------------------------------- visits

const isVisit = eq(appointments.status, 'Completed');

const selectVisits = (db: Executor, where: SQL | undefined) =>
  db
    .select({
      id: appointments.id,
      patientId: appointments.patientId,
      doctorId: appointments.doctorId,
      title: appointments.title,
      startsAt: appointments.startsAt,
      durationMinutes: appointments.durationMinutes,
      updatedAt: appointments.updatedAt,
    })
    .from(appointments)
    .where(and(isVisit, where));
type VisitRow = Awaited<ReturnType<typeof selectVisits>>[number];

function visitEncounter(row: VisitRow, timeZone: string): Encounter {
  return {
    resourceType: 'Encounter',
    id: row.id,
    meta: versionMeta(row.updatedAt),
    status: 'finished',
    class: AMBULATORY,
    subject: { reference: `Patient/${row.patientId}` },
    participant: [{ type: ATTENDER, individual: { reference: `Practitioner/${row.doctorId}` } }],
    appointment: [{ reference: `Appointment/${row.id}` }],
    period: { start: fhirDateTime(row.startsAt, timeZone), end: fhirDateTime(appointmentEnd(row), timeZone) },
    length: minutes(row.durationMinutes),
    reasonCode: [{ text: row.title }],
  };
}

// ---------------------------------------------------------------- emergency-room stays

const isStay = isNotNull(erEntries.patientId);
/**
 * The bed of an Admitted stay: the bed the patient occupies now, when this is their latest
 * admission from the ER (our ER entry does not keep the bed; the bed keeps its current patient).
 * The join qualifies every column, which the correlated subquery needs.
 */
const admittedBed = and(
  eq(beds.patientId, erEntries.patientId),
  eq(erEntries.status, 'Admitted'),
  sql`not exists (select 1 from ${erEntries} as later_stay where later_stay.patient_id = ${erEntries.patientId}
    and later_stay.status = 'Admitted' and later_stay.left_at > ${erEntries.leftAt})`,
);

const selectStays = (db: Executor, where: SQL | undefined) =>
  db
    .select({
      id: erEntries.id,
      patientId: erEntries.patientId,
      triageLevel: erEntries.triageLevel,
      status: erEntries.status,
      complaint: erEntries.complaint,
      arrivedAt: erEntries.arrivedAt,
      seenAt: erEntries.seenAt,
      leftAt: erEntries.leftAt,
      bed: beds.label,
      bedId: beds.id,
      updatedAt: erEntries.updatedAt,
      bedUpdatedAt: beds.updatedAt,
    })
    .from(erEntries)
    .leftJoin(beds, admittedBed)
    .where(and(isStay, where));
type StayRow = Awaited<ReturnType<typeof selectStays>>[number];

/** Triaged from arrival until seen (or until leaving unseen), in progress from being seen until leaving. */
function stayHistory(row: StayRow, timeZone: string): EncounterStatusHistory[] {
  const at = (instant: Date) => fhirDateTime(instant, timeZone);
  const period = (start: Date, end: Date | null) => ({ start: at(start), ...(end ? { end: at(end) } : {}) });
  const history: EncounterStatusHistory[] = [
    { status: 'triaged', period: period(row.arrivedAt, row.seenAt ?? row.leftAt) },
  ];
  if (row.seenAt) history.push({ status: 'in-progress', period: period(row.seenAt, row.leftAt) });
  return history;
}

function stayEncounter(row: StayRow, timeZone: string): Encounter {
  const at = (instant: Date) => fhirDateTime(instant, timeZone);
  return {
    resourceType: 'Encounter',
    id: row.id,
    // The bed shown comes from the bed's own row: its change is a change of the stay too.
    meta: versionMeta(latest(row.updatedAt, row.bedUpdatedAt)),
    status: ER_STATUS_CODES[row.status],
    statusHistory: stayHistory(row, timeZone),
    class: EMERGENCY,
    priority: { coding: [TRIAGE_PRIORITIES[row.triageLevel]], text: row.triageLevel },
    subject: { reference: `Patient/${row.patientId}` },
    period: { start: at(row.arrivedAt), ...(row.leftAt ? { end: at(row.leftAt) } : {}) },
    ...(row.leftAt
      ? { length: minutes(Math.round((row.leftAt.getTime() - row.arrivedAt.getTime()) / 60_000)) }
      : {}),
    ...(row.complaint ? { reasonCode: [{ text: row.complaint }] } : {}),
    ...(row.status === 'Admitted'
      ? { hospitalization: { dischargeDisposition: { text: 'Admitted to a bed' } } }
      : {}),
    // The bed is a Location of its own (location.ts): referenced, with its label for a reader.
    ...(row.bed && row.bedId
      ? {
          location: [
            { location: { reference: `Location/${row.bedId}`, display: row.bed }, status: 'active' as const },
          ],
        }
      : {}),
  };
}

// ---------------------------------------------------------------- search

/** A patient caller's own records only (in SQL, so totals and pages count only those). */
const ownedBy = (
  { patientScope }: FhirContext,
  column: typeof appointments.patientId | typeof erEntries.patientId | typeof stays.patientId,
) => (patientScope === undefined ? undefined : eq(column, patientScope));

/** The conditions of one search on each table (a `class` or `status` the table cannot have rules it out). */
function conditions(fhir: FhirContext, search: ParsedSearch) {
  const ids = search.ids();
  const patients = search.references('patient');
  const dates = search.dates('date');
  const classes = search.tokens('class');
  const statuses = search.tokens('status');
  return {
    visits: and(
      ownedBy(fhir, appointments.patientId),
      idsMatch(appointments.id, ids),
      lastUpdatedMatches(appointments.updatedAt, search),
      referenceMatches(appointments.patientId, patients, 'Patient'),
      instantMatches(appointments.startsAt, dates),
      tokenMatches(sql`'AMB'`, classes, ACT_CODE),
      tokenMatches(sql`'finished'`, statuses, ENCOUNTER_STATUS_SYSTEM),
    ),
    stays: and(
      ownedBy(fhir, erEntries.patientId),
      idsMatch(erEntries.id, ids),
      lastUpdatedMatches(erEntries.updatedAt, search),
      referenceMatches(erEntries.patientId, patients, 'Patient'),
      instantMatches(erEntries.arrivedAt, dates),
      tokenMatches(sql`'EMER'`, classes, ACT_CODE),
      codedTokenMatches(erEntries.status, statuses, ENCOUNTER_STATUS_SYSTEM, ER_STATUS_CODES),
    ),
    inpatient: inpatientConditions(fhir, search),
  };
}

type Kind = 'visit' | 'stay' | 'inpatient';

/**
 * The three kinds in one order (start, then id), read a page at a time, then mapped by id. Each table
 * gives at most offset + limit rows in that order first (its start index serves it): PostgreSQL
 * does not merge the two ordered index scans of a UNION ALL by itself, and would sort them whole.
 */
const VISITS_BY_START: SortKey[] = [
  { expression: appointments.startsAt, cast: 'timestamptz' },
  { expression: appointments.id, cast: 'uuid' },
];
const STAYS_BY_START: SortKey[] = [
  { expression: erEntries.arrivedAt, cast: 'timestamptz' },
  { expression: erEntries.id, cast: 'uuid' },
];

async function encounterPage(
  fhir: FhirContext,
  where: ReturnType<typeof conditions>,
  limit: number,
  offset: number,
  after: Cursor | undefined,
): Promise<Keyed<Encounter>[]> {
  const { db } = fhir.ctx;
  const reach = offset + limit;
  const refs = await unionAll(
    db
      .select({
        kind: sql<Kind>`'visit'`.as('kind'),
        id: appointments.id,
        start: sql<Date>`${appointments.startsAt}`.as('start'),
        key: sortKeyColumn(VISITS_BY_START).as('key'),
      })
      .from(appointments)
      .where(and(isVisit, where.visits, afterCursor(VISITS_BY_START, after)))
      .orderBy(...orderByKeys(VISITS_BY_START))
      .limit(reach),
    db
      .select({
        kind: sql<Kind>`'stay'`.as('kind'),
        id: erEntries.id,
        start: sql<Date>`${erEntries.arrivedAt}`.as('start'),
        key: sortKeyColumn(STAYS_BY_START).as('key'),
      })
      .from(erEntries)
      .where(and(isStay, where.stays, afterCursor(STAYS_BY_START, after)))
      .orderBy(...orderByKeys(STAYS_BY_START))
      .limit(reach),
    db
      .select({
        kind: sql<Kind>`'inpatient'`.as('kind'),
        id: stays.id,
        start: sql<Date>`${stayStart}`.as('start'),
        key: sortKeyColumn(INPATIENT_BY_START).as('key'),
      })
      .from(stays)
      .where(and(where.inpatient, afterCursor(INPATIENT_BY_START, after)))
      .orderBy(...orderByKeys(INPATIENT_BY_START))
      .limit(reach),
  )
    .orderBy(sql`start`, sql`id`)
    .limit(limit)
    .offset(offset);
  const idsOf = (kind: Kind) => refs.filter((r) => r.kind === kind).map((r) => r.id);
  const [visits, erStays, inpatient] = await independentReads(db, [
    async () =>
      idsOf('visit').length === 0 ? [] : await selectVisits(db, inArray(appointments.id, idsOf('visit'))),
    async () =>
      idsOf('stay').length === 0 ? [] : await selectStays(db, inArray(erEntries.id, idsOf('stay'))),
    async () =>
      idsOf('inpatient').length === 0
        ? []
        : await inpatientEncounters(fhir, inArray(stays.id, idsOf('inpatient'))),
  ]);
  const byId = new Map<string, Encounter>([
    ...visits.map((row): [string, Encounter] => [row.id, visitEncounter(row, fhir.timeZone)]),
    ...erStays.map((row): [string, Encounter] => [row.id, stayEncounter(row, fhir.timeZone)]),
    ...inpatient.map((encounter): [string, Encounter] => [encounter.id ?? '', encounter]),
  ]);
  return refs.flatMap((r) => {
    const resource = byId.get(r.id);
    return resource ? [{ resource, key: r.key }] : [];
  });
}

async function countEncounters(fhir: FhirContext, where: ReturnType<typeof conditions>) {
  const { db } = fhir.ctx;
  const [[visits], [erStays], [inpatient]] = await independentReads(db, [
    () => db.select({ n: count() }).from(appointments).where(and(isVisit, where.visits)),
    () => db.select({ n: count() }).from(erEntries).where(and(isStay, where.stays)),
    () => db.select({ n: count() }).from(stays).where(where.inpatient),
  ]);
  return (visits?.n ?? 0) + (erStays?.n ?? 0) + (inpatient?.n ?? 0);
}

const startOf = (encounter: Encounter) => Date.parse(encounter.period?.start ?? '');

export const encounterResources: FhirResourceType<Encounter> = {
  type: 'Encounter',
  searchParams: [
    { name: 'patient', type: 'reference', documentation: 'The patient (Patient/<id>)' },
    {
      name: 'date',
      type: 'date',
      documentation:
        'The start of the encounter: the visit’s start, the ER arrival, the admission (or a planned one’s day) (eq, gt, lt, ge, le; a value without offset is facility time)',
    },
    {
      name: 'class',
      type: 'token',
      documentation: `AMB (visits), EMER (ER stays) or ${INPATIENT.code} (inpatient stays), v3-ActCode`,
    },
    {
      name: 'status',
      type: 'token',
      documentation:
        'planned, triaged, in-progress, finished or cancelled (http://hl7.org/fhir/encounter-status)',
    },
  ],

  async read(fhir, id) {
    if (!isUuid(id)) return undefined;
    const [visit] = await selectVisits(
      fhir.ctx.db,
      and(eq(appointments.id, id), ownedBy(fhir, appointments.patientId)),
    );
    if (visit) return visitEncounter(visit, fhir.timeZone);
    const [stay] = await selectStays(
      fhir.ctx.db,
      and(eq(erEntries.id, id), ownedBy(fhir, erEntries.patientId)),
    );
    if (stay) return stayEncounter(stay, fhir.timeZone);
    const [inpatient] = await inpatientEncounters(
      fhir,
      and(eq(stays.id, id), ownedBy(fhir, stays.patientId)),
    );
    return inpatient;
  },

  async search(fhir, search) {
    const where = conditions(fhir, search);
    return pagedSearch(
      search,
      (limit, offset, after) => encounterPage(fhir, where, limit, offset, after),
      () => countEncounters(fhir, where),
    );
  },

  async everything(fhir, patientId) {
    if (!isUuid(patientId)) return [];
    const [visits, erStays, inpatient] = await independentReads(fhir.ctx.db, [
      () =>
        selectVisits(
          fhir.ctx.db,
          and(eq(appointments.patientId, patientId), ownedBy(fhir, appointments.patientId)),
        ),
      () =>
        selectStays(fhir.ctx.db, and(eq(erEntries.patientId, patientId), ownedBy(fhir, erEntries.patientId))),
      () => inpatientEncounters(fhir, and(eq(stays.patientId, patientId), ownedBy(fhir, stays.patientId))),
    ]);
    return [
      ...visits.map((row) => visitEncounter(row, fhir.timeZone)),
      ...erStays.map((row) => stayEncounter(row, fhir.timeZone)),
      ...inpatient,
    ].sort((a, b) => startOf(a) - startOf(b) || ((a.id ?? '') < (b.id ?? '') ? -1 : 1));
  },
};
