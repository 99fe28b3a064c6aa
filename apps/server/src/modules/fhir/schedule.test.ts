import type {
  Appointment,
  Bundle,
  CapabilityStatement,
  Encounter,
  OperationOutcome,
  Resource,
} from '@medplum/fhirtypes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, setStatus } from '../../../test/appointments';
import { entries, expectValidFhir, fhirGet, follow, versionedMeta } from '../../../test/fhir';
import { createTestApp, serviceContext, signedIn, type TestApp, type TestUser } from '../../../test/helpers';
import { stays } from '../../db/schema';
import { appointmentResources } from './appointment';
import { encounterResources } from './encounter';
import type { FhirContext } from './resource-type';

/*
 * Appointments and Encounters made through the app's own API (a patient books, the doctor
 * confirms, completes or cancels; the front desk runs the ER), then read as FHIR. The facility
 * is in Lagos (+01:00 all year), so every dateTime must carry that offset.
 */

type Headers = { cookie: string };
type Signed = { user: TestUser; headers: Headers };

const ZONE = 'Africa/Lagos';
/** Sessions outlive the clock moving by a day. */
const LONG_SESSIONS = { SESSION_IDLE_MINUTES: '100000', SESSION_MAX_HOURS: '10000' };
const TUESDAY = '2030-01-08';
const WEDNESDAY = '2030-01-09';

let t: TestApp;
let admin: Headers;
let doctor: Signed;
let otherDoctor: Signed;
let patient: Signed;
let other: Signed;
/** P's appointments by what happened to them, and Q's one visit. */
const ids = {} as Record<
  | 'pending'
  | 'confirmed'
  | 'completed'
  | 'cancelledByPatient'
  | 'cancelledByDoctor'
  | 'surgery'
  | 'othersVisit',
  string
>;
/** ER entries: P admitted to a bed, a walk-in with no account, Q left unseen, Q waiting, Q in treatment. */
const er = {} as Record<'admitted' | 'walkIn' | 'leftUnseen' | 'waiting' | 'inTreatment', string>;
/** The bed the admitted stay went to: a Location of its own. */
let bedId = '';
/** The inpatient stay the ER's admit opened (an Encounter of class IMP beside the ER's EMER). */
let inpatient = '';

async function expectOk<T>(res: { statusCode: number; body: string; json(): unknown }, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

async function bookAs(who: Signed, doctorId: string, time: string) {
  const res = await book(t, who.headers, { doctorId, date: TUESDAY, time });
  return (await expectOk<{ appointment: { id: string } }>(res, 201)).appointment.id;
}

async function erEntry(payload: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/emergency-room',
    headers: admin,
    payload,
  });
  return (await expectOk<{ id: string }>(res, 201)).id;
}

const moveEr = async (id: string, status: string) =>
  expectOk(
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/emergency-room/${id}`,
      headers: admin,
      payload: { status },
    }),
  );

beforeAll(async () => {
  t = await createTestApp({ env: { TIME_ZONE: ZONE, ...LONG_SESSIONS } });
  admin = (await signedIn(t, 'admin')).headers;
  doctor = await signedIn(t, 'doctor', { firstName: 'Ada', lastName: 'Okafor', specialty: 'Cardiology' });
  otherDoctor = await signedIn(t, 'doctor', { firstName: 'Bayo', lastName: 'Ade' });
  patient = await signedIn(t, 'patient', { firstName: 'Ngozi', lastName: 'Eze' });
  other = await signedIn(t, 'patient', { firstName: 'Tunde', lastName: 'Bakare' });

  // The clock reads Monday 2030-01-07 09:00Z (10:00 in Lagos). Slots are 45 minutes from 09:00 local.
  ids.pending = await bookAs(patient, doctor.user.id, '09:00');
  ids.confirmed = await bookAs(patient, doctor.user.id, '09:45');
  ids.completed = await bookAs(patient, doctor.user.id, '10:30');
  ids.cancelledByPatient = await bookAs(patient, doctor.user.id, '11:15');
  ids.cancelledByDoctor = await bookAs(patient, doctor.user.id, '12:00');
  ids.othersVisit = await bookAs(other, otherDoctor.user.id, '09:00');
  for (const id of [ids.confirmed, ids.completed, ids.cancelledByDoctor]) {
    await expectOk(await setStatus(t, doctor.headers, id, 'Confirmed'));
  }
  await expectOk(await setStatus(t, otherDoctor.headers, ids.othersVisit, 'Confirmed'));
  await expectOk(
    await t.app.inject({
      method: 'POST',
      url: `/api/patient/appointments/${ids.cancelledByPatient}/cancel`,
      headers: patient.headers,
      payload: { reason: 'Travelling' },
    }),
  );
  await expectOk(await setStatus(t, doctor.headers, ids.cancelledByDoctor, 'Cancelled', 'Called to theatre'));
  // The doctor books a surgery for the patient, found by e-mail: Confirmed at once.
  const surgery = await t.app.inject({
    method: 'POST',
    url: '/api/doctor/appointments',
    headers: doctor.headers,
    payload: {
      fullName: 'Ngozi Eze',
      email: patient.user.email,
      phone: '+234 803 123 4567',
      age: 40,
      gender: 'female',
      date: WEDNESDAY,
      time: '09:00',
      type: 'surgery',
    },
  });
  ids.surgery = (await expectOk<{ appointment: { id: string } }>(surgery, 201)).appointment.id;

  // The emergency room on Monday morning (arrival times are UTC; Lagos is an hour ahead).
  er.admitted = await erEntry({
    patientId: patient.user.id,
    triageLevel: 'High',
    complaint: 'Chest pain',
    arrivedAt: '2030-01-07T08:30:00.000Z',
  });
  er.walkIn = await erEntry({
    patientName: 'Unknown man',
    triageLevel: 'Low',
    arrivedAt: '2030-01-07T08:45:00.000Z',
  });
  er.leftUnseen = await erEntry({
    patientId: other.user.id,
    triageLevel: 'Urgent',
    arrivedAt: '2030-01-07T08:00:00.000Z',
  });
  er.waiting = await erEntry({
    patientId: other.user.id,
    triageLevel: 'Medium',
    arrivedAt: '2030-01-07T08:50:00.000Z',
  });
  er.inTreatment = await erEntry({
    patientId: other.user.id,
    triageLevel: 'Low',
    arrivedAt: '2030-01-07T08:40:00.000Z',
  });
  t.clock.set('2030-01-07T09:10:00Z');
  await moveEr(er.admitted, 'In Treatment');
  await moveEr(er.inTreatment, 'In Treatment');
  await moveEr(er.leftUnseen, 'Discharged');
  t.clock.set('2030-01-07T09:40:00Z');
  const bed = await expectOk<{ id: string }>(
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/beds',
      headers: admin,
      payload: { label: 'Bed 7' },
    }),
    201,
  );
  bedId = bed.id;
  await expectOk(
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/emergency-room/${er.admitted}/admit`,
      headers: admin,
      payload: { bedId: bed.id, doctorId: doctor.user.id, reason: 'Chest pain' },
    }),
  );
  const [stay] = await t.database.db
    .select({ id: stays.id })
    .from(stays)
    .where(eq(stays.erEntryId, er.admitted));
  inpatient = stay?.id ?? '';

  // Tuesday afternoon: the morning's visits took place.
  t.clock.set('2030-01-08T13:00:00Z');
  await expectOk(await setStatus(t, doctor.headers, ids.completed, 'Completed'));
  await expectOk(await setStatus(t, otherDoctor.headers, ids.othersVisit, 'Completed'));
}, 60_000);
afterAll(() => t.close());

async function read<R extends Resource>(path: string, headers: Headers = admin) {
  const res = await fhirGet<R>(t, path, headers);
  expect(res.status, path).toBe(200);
  expectValidFhir(res.body as Resource);
  return res.body;
}

async function searchIds(path: string, headers: Headers = admin) {
  const res = await fhirGet<Bundle>(t, path, headers);
  expect(res.status, path).toBe(200);
  expectValidFhir(res.body);
  expect(res.body.total, path).toBe(entries(res.body).length);
  return entries(res.body).map((r) => r.id ?? '');
}

/** Pages with _count=2 to the end and back: every match once, in order, the total on each page. */
async function pageThrough(path: string, headers: Headers, expected: string[]) {
  const first = await fhirGet<Bundle>(t, `${path}${path.includes('?') ? '&' : '?'}_count=2`, headers);
  expect(first.status).toBe(200);
  const pages: Bundle[] = [first.body];
  for (let next = await follow(t, first.body, 'next', headers); next; ) {
    pages.push(next.body);
    next = await follow(t, next.body, 'next', headers);
  }
  for (const page of pages) {
    expectValidFhir(page);
    expect(page.total).toBe(expected.length);
  }
  expect(pages.flatMap((page) => entries(page).map((r) => r.id ?? ''))).toEqual(expected);
  const back = await follow(t, pages.at(-1) as Bundle, 'previous', headers);
  expect(entries(back?.body as Bundle).map((r) => r.id)).toEqual(
    expected.slice((pages.length - 2) * 2, (pages.length - 1) * 2),
  );
}

describe('the CapabilityStatement', () => {
  it('lists Appointment and Encounter with exactly their search parameters', async () => {
    const res = await fhirGet<CapabilityStatement>(t, '/metadata');
    const params = (type: string) =>
      res.body.rest?.[0]?.resource?.find((r) => r.type === type)?.searchParam?.map((p) => p.name);
    expect(params('Appointment')).toEqual([
      '_id',
      '_lastUpdated',
      'patient',
      'practitioner',
      'date',
      'status',
    ]);
    expect(params('Encounter')).toEqual(['_id', '_lastUpdated', 'patient', 'date', 'class', 'status']);
  });
});

describe('Appointment', () => {
  it('maps a booked, confirmed and completed visit: status, times in the facility zone, fields, participants', async () => {
    const appointment = await read<Appointment>(`/Appointment/${ids.completed}`, patient.headers);
    expect(appointment).toEqual({
      resourceType: 'Appointment',
      meta: versionedMeta(),
      id: ids.completed,
      status: 'fulfilled',
      appointmentType: {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/v2-0276',
            code: 'CHECKUP',
            display: 'A routine check-up, such as an annual physical',
          },
        ],
        text: 'Check-up',
      },
      priority: 5,
      description: 'Check-up',
      start: '2030-01-08T10:30:00+01:00',
      end: '2030-01-08T11:15:00+01:00',
      minutesDuration: 45,
      created: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+01:00$/),
      comment: 'Bring results',
      participant: [
        { actor: { reference: `Patient/${patient.user.id}` }, required: 'required', status: 'accepted' },
        { actor: { reference: `Practitioner/${doctor.user.id}` }, required: 'required', status: 'accepted' },
      ],
    });
  });

  it('maps every status of ours, with each participant’s answer and the cancellation reason', async () => {
    const seen = async (id: string) => {
      const a = await read<Appointment>(`/Appointment/${id}`, patient.headers);
      return {
        status: a.status,
        patient: a.participant[0]?.status,
        doctor: a.participant[1]?.status,
        reason: a.cancelationReason?.text,
      };
    };
    expect(await seen(ids.pending)).toEqual({
      status: 'pending',
      patient: 'accepted',
      doctor: 'needs-action',
      reason: undefined,
    });
    expect(await seen(ids.confirmed)).toEqual({
      status: 'booked',
      patient: 'accepted',
      doctor: 'accepted',
      reason: undefined,
    });
    expect(await seen(ids.completed)).toMatchObject({ status: 'fulfilled', doctor: 'accepted' });
    // The patient cancelled before the doctor answered: the patient declined, the doctor never answered.
    expect(await seen(ids.cancelledByPatient)).toEqual({
      status: 'cancelled',
      patient: 'declined',
      doctor: 'needs-action',
      reason: 'Travelling',
    });
    expect(await seen(ids.cancelledByDoctor)).toEqual({
      status: 'cancelled',
      patient: 'accepted',
      doctor: 'declined',
      reason: 'Called to theatre',
    });
  });

  it('maps a surgery the doctor booked: Confirmed at once, type as text', async () => {
    const surgery = await read<Appointment>(`/Appointment/${ids.surgery}`, patient.headers);
    expect(surgery).toMatchObject({
      status: 'booked',
      appointmentType: { text: 'Surgery' },
      description: 'Surgery',
      start: '2030-01-09T09:00:00+01:00',
      end: '2030-01-09T09:45:00+01:00',
    });
    expect(surgery.appointmentType?.coding).toBeUndefined();
    expect(surgery.comment).toBeUndefined();
  });

  it('has participants whose references resolve for the same patient', async () => {
    const appointment = await read<Appointment>(`/Appointment/${ids.confirmed}`, patient.headers);
    const [patientRef, doctorRef] = appointment.participant.map((p) => p.actor?.reference ?? '');
    expect(patientRef).toBe(`Patient/${patient.user.id}`);
    expect(doctorRef).toBe(`Practitioner/${doctor.user.id}`);
    await read(`/${doctorRef}`, patient.headers);
    await read(`/${patientRef}`, patient.headers);
  });

  it('answers 404 for an unknown or malformed id, and 401 without a session', async () => {
    for (const path of ['/Appointment/00000000-0000-4000-8000-000000000000', '/Appointment/not-a-uuid']) {
      const res = await fhirGet<OperationOutcome>(t, path, admin);
      expect(res.status, path).toBe(404);
      expectValidFhir(res.body);
    }
    expect((await fhirGet(t, '/Appointment')).status).toBe(401);
    expect((await fhirGet(t, `/Appointment/${ids.pending}`)).status).toBe(401);
  });

  it('keeps a patient to their own: another patient’s reads 404 and never appears, even when named', async () => {
    expect((await fhirGet(t, `/Appointment/${ids.pending}`, other.headers)).status).toBe(404);
    expect(await searchIds('/Appointment', other.headers)).toEqual([ids.othersVisit]);
    expect(await searchIds(`/Appointment?patient=Patient/${patient.user.id}`, other.headers)).toEqual([]);
    expect(await searchIds(`/Appointment?_id=${ids.pending}`, other.headers)).toEqual([]);
    expect(await searchIds(`/Appointment?practitioner=${doctor.user.id}`, other.headers)).toEqual([]);
  });

  it('searches by patient, practitioner, status and _id, in start order', async () => {
    const mine = [
      ids.pending,
      ids.confirmed,
      ids.completed,
      ids.cancelledByPatient,
      ids.cancelledByDoctor,
      ids.surgery,
    ];
    expect(await searchIds(`/Appointment?patient=Patient/${patient.user.id}`)).toEqual(mine);
    expect(await searchIds(`/Appointment?patient=${patient.user.id}`, patient.headers)).toEqual(mine);
    expect(await searchIds('/Appointment?patient=not-a-uuid')).toEqual([]);
    expect(await searchIds(`/Appointment?patient=Practitioner/${patient.user.id}`)).toEqual([]);
    expect(await searchIds(`/Appointment?practitioner=Practitioner/${otherDoctor.user.id}`)).toEqual([
      ids.othersVisit,
    ]);
    expect(
      await searchIds(
        `/Appointment?practitioner=${doctor.user.id}&patient=${patient.user.id}&status=cancelled`,
      ),
    ).toEqual([ids.cancelledByPatient, ids.cancelledByDoctor]);
    expect(await searchIds('/Appointment?status=booked')).toEqual([ids.confirmed, ids.surgery]);
    expect(await searchIds('/Appointment?status=pending,fulfilled')).toEqual(
      [ids.pending, ids.othersVisit].sort().concat(ids.completed),
    );
    expect(await searchIds('/Appointment?status=http://hl7.org/fhir/appointmentstatus|fulfilled')).toEqual([
      ids.othersVisit,
      ids.completed,
    ]);
    expect(await searchIds('/Appointment?status=http://example.org/other|booked')).toEqual([]);
    expect(await searchIds('/Appointment?status=noshow')).toEqual([]);
    expect(await searchIds(`/Appointment?_id=${ids.surgery},${ids.pending}`)).toEqual([
      ids.pending,
      ids.surgery,
    ]);
  });

  it('searches the start with every prefix, at day and dateTime precision, with or without offset', async () => {
    const tuesday = [ids.pending, ids.othersVisit]
      .sort()
      .concat(ids.confirmed, ids.completed, ids.cancelledByPatient, ids.cancelledByDoctor);
    const q = (value: string) => searchIds(`/Appointment?date=${encodeURIComponent(value)}`);
    expect(await q(TUESDAY)).toEqual(tuesday);
    expect(await q(`eq${TUESDAY}`)).toEqual(tuesday);
    expect(await q(`eq${WEDNESDAY}`)).toEqual([ids.surgery]);
    expect(await q(`ge${WEDNESDAY}`)).toEqual([ids.surgery]);
    expect(await q(`gt${TUESDAY}`)).toEqual([ids.surgery]);
    expect(await q(`lt${TUESDAY}`)).toEqual([]);
    expect(await q(`le${TUESDAY}`)).toEqual(tuesday);
    expect(await q('2030-01')).toHaveLength(7);
    // Facility time (10:30 in Lagos), the same moment with its offset, and in UTC.
    expect(await q('2030-01-08T10:30')).toEqual([ids.completed]);
    expect(await q('2030-01-08T10:30:00+01:00')).toEqual([ids.completed]);
    expect(await q('eq2030-01-08T09:30:00Z')).toEqual([ids.completed]);
    expect(await q('ge2030-01-08T10:30')).toEqual([
      ids.completed,
      ids.cancelledByPatient,
      ids.cancelledByDoctor,
      ids.surgery,
    ]);
    expect(await q('gt2030-01-08T10:30')).toEqual([
      ids.cancelledByPatient,
      ids.cancelledByDoctor,
      ids.surgery,
    ]);
    expect(await q('le2030-01-08T10:30')).toEqual(tuesday.slice(0, 4));
    expect(await q('lt2030-01-08T10:30')).toEqual(tuesday.slice(0, 3));
    expect(await searchIds(`/Appointment?date=ge${TUESDAY}T11:00&date=lt${WEDNESDAY}`)).toEqual([
      ids.cancelledByPatient,
      ids.cancelledByDoctor,
    ]);
    expect(await searchIds(`/Appointment?date=lt${TUESDAY}T09:30,ge${WEDNESDAY}`)).toEqual(
      tuesday.slice(0, 2).concat(ids.surgery),
    );
    expect((await fhirGet(t, '/Appointment?date=ne2030-01-08', admin)).status).toBe(400);
    expect((await fhirGet(t, '/Appointment?date=2030-13-01', admin)).status).toBe(400);
  });

  it('pages to the end and back with the total, for staff and for a patient', async () => {
    const all = await searchIds('/Appointment');
    expect(all).toHaveLength(7);
    await pageThrough('/Appointment', admin, all);
    await pageThrough(
      '/Appointment',
      patient.headers,
      all.filter((id) => id !== ids.othersVisit),
    );
  });
});

describe('Encounter', () => {
  it('is a completed visit under the appointment’s id, linked to it', async () => {
    const visit = await read<Encounter>(`/Encounter/${ids.completed}`, patient.headers);
    expect(visit).toEqual({
      resourceType: 'Encounter',
      meta: versionedMeta(),
      id: ids.completed,
      status: 'finished',
      class: {
        system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
        code: 'AMB',
        display: 'ambulatory',
      },
      subject: { reference: `Patient/${patient.user.id}` },
      participant: [
        {
          type: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/v3-ParticipationType',
                  code: 'ATND',
                  display: 'attender',
                },
              ],
            },
          ],
          individual: { reference: `Practitioner/${doctor.user.id}` },
        },
      ],
      appointment: [{ reference: `Appointment/${ids.completed}` }],
      period: { start: '2030-01-08T10:30:00+01:00', end: '2030-01-08T11:15:00+01:00' },
      length: { value: 45, unit: 'min', system: 'http://unitsofmeasure.org', code: 'min' },
      reasonCode: [{ text: 'Check-up' }],
    });
    await read(`/Appointment/${ids.completed}`, patient.headers);
    await read(`/Practitioner/${doctor.user.id}`, patient.headers);
  });

  it('is no encounter while the appointment has not taken place', async () => {
    for (const id of [ids.pending, ids.confirmed, ids.cancelledByDoctor]) {
      expect((await fhirGet(t, `/Encounter/${id}`, admin)).status).toBe(404);
    }
  });

  it('is an ER stay: triage as priority, arrival to admission, the history and the bed (its Location)', async () => {
    const stay = await read<Encounter>(`/Encounter/${er.admitted}`, patient.headers);
    expect(stay).toEqual({
      resourceType: 'Encounter',
      meta: versionedMeta(),
      id: er.admitted,
      status: 'finished',
      statusHistory: [
        {
          status: 'triaged',
          period: { start: '2030-01-07T09:30:00+01:00', end: '2030-01-07T10:10:00+01:00' },
        },
        {
          status: 'in-progress',
          period: { start: '2030-01-07T10:10:00+01:00', end: '2030-01-07T10:40:00+01:00' },
        },
      ],
      class: {
        system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
        code: 'EMER',
        display: 'emergency',
      },
      priority: {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/v3-ActPriority',
            code: 'EM',
            display: 'emergency',
          },
        ],
        text: 'High',
      },
      subject: { reference: `Patient/${patient.user.id}` },
      period: { start: '2030-01-07T09:30:00+01:00', end: '2030-01-07T10:40:00+01:00' },
      length: { value: 70, unit: 'min', system: 'http://unitsofmeasure.org', code: 'min' },
      reasonCode: [{ text: 'Chest pain' }],
      hospitalization: { dischargeDisposition: { text: 'Admitted to a bed' } },
      location: [{ location: { reference: `Location/${bedId}`, display: 'Bed 7' }, status: 'active' }],
    });
  });

  it('maps each ER state: waiting is triaged, in treatment in progress, leaving unseen finished', async () => {
    const waiting = await read<Encounter>(`/Encounter/${er.waiting}`);
    expect(waiting).toMatchObject({
      status: 'triaged',
      statusHistory: [{ status: 'triaged', period: { start: '2030-01-07T09:50:00+01:00' } }],
      priority: { coding: [{ code: 'UR' }], text: 'Medium' },
      period: { start: '2030-01-07T09:50:00+01:00' },
    });
    expect(waiting.period?.end).toBeUndefined();
    expect(waiting.length).toBeUndefined();
    expect(waiting.reasonCode).toBeUndefined();
    const treated = await read<Encounter>(`/Encounter/${er.inTreatment}`);
    expect(treated).toMatchObject({
      status: 'in-progress',
      priority: { coding: [{ code: 'R' }], text: 'Low' },
    });
    expect(treated.statusHistory?.map((h) => h.status)).toEqual(['triaged', 'in-progress']);
    const unseen = await read<Encounter>(`/Encounter/${er.leftUnseen}`);
    expect(unseen).toMatchObject({
      status: 'finished',
      statusHistory: [
        {
          status: 'triaged',
          period: { start: '2030-01-07T09:00:00+01:00', end: '2030-01-07T10:10:00+01:00' },
        },
      ],
      priority: { coding: [{ code: 'S', display: 'stat' }], text: 'Urgent' },
      period: { start: '2030-01-07T09:00:00+01:00', end: '2030-01-07T10:10:00+01:00' },
    });
    expect(unseen.hospitalization).toBeUndefined();
    expect(unseen.location).toBeUndefined();
  });

  it('leaves out an ER arrival with no patient account', async () => {
    expect((await fhirGet(t, `/Encounter/${er.walkIn}`, admin)).status).toBe(404);
    expect(await searchIds(`/Encounter?_id=${er.walkIn}`)).toEqual([]);
    expect(await searchIds('/Encounter')).not.toContain(er.walkIn);
  });

  it('searches by patient, date (the start), class, status and _id, in start order', async () => {
    const emergency = [er.leftUnseen, er.admitted, er.inTreatment, er.waiting];
    // The ER's admit at 09:40Z (10:40 in Lagos) opened the inpatient stay, still in progress.
    const monday = [...emergency, inpatient];
    const tuesday = [ids.othersVisit, ids.completed];
    expect(await searchIds('/Encounter')).toEqual([...monday, ...tuesday]);
    expect(await searchIds(`/Encounter?patient=Patient/${patient.user.id}`)).toEqual([
      er.admitted,
      inpatient,
      ids.completed,
    ]);
    expect(await searchIds('/Encounter?class=AMB')).toEqual(tuesday);
    expect(await searchIds('/Encounter?class=http://terminology.hl7.org/CodeSystem/v3-ActCode|EMER')).toEqual(
      emergency,
    );
    expect(await searchIds('/Encounter?class=IMP')).toEqual([inpatient]);
    expect(await searchIds('/Encounter?status=finished')).toEqual([er.leftUnseen, er.admitted, ...tuesday]);
    expect(await searchIds('/Encounter?status=in-progress,triaged')).toEqual([
      er.inTreatment,
      er.waiting,
      inpatient,
    ]);
    expect(await searchIds('/Encounter?status=finished&class=EMER')).toEqual([er.leftUnseen, er.admitted]);
    expect(await searchIds(`/Encounter?_id=${ids.completed},${er.waiting}`)).toEqual([
      er.waiting,
      ids.completed,
    ]);
    const q = (value: string) => searchIds(`/Encounter?date=${encodeURIComponent(value)}`);
    expect(await q('2030-01-07')).toEqual(monday);
    expect(await q('ge2030-01-08')).toEqual(tuesday);
    expect(await q('gt2030-01-07')).toEqual(tuesday);
    expect(await q('le2030-01-07')).toEqual(monday);
    expect(await q('lt2030-01-08')).toEqual(monday);
    expect(await q('2030-01-07T09:30')).toEqual([er.admitted]);
    expect(await q('eq2030-01-07T08:30:00Z')).toEqual([er.admitted]);
    expect(await q('ge2030-01-07T09:40')).toEqual([er.inTreatment, er.waiting, inpatient, ...tuesday]);
    expect(await q('gt2030-01-07T09:40')).toEqual([er.waiting, inpatient, ...tuesday]);
    expect(await q('lt2030-01-07T09:40')).toEqual([er.leftUnseen, er.admitted]);
    expect(await q('le2030-01-07T09:40:00+01:00')).toEqual([er.leftUnseen, er.admitted, er.inTreatment]);
  });

  it('pages through visits and ER stays together to the end and back', async () => {
    const all = await searchIds('/Encounter');
    expect(all).toHaveLength(7);
    await pageThrough('/Encounter', admin, all);
    await pageThrough('/Encounter?class=EMER', other.headers, [er.leftUnseen, er.inTreatment, er.waiting]);
  });

  it('keeps a patient to their own: another patient’s visit and stay read 404 and never appear', async () => {
    for (const id of [ids.completed, er.admitted, inpatient]) {
      expect((await fhirGet(t, `/Encounter/${id}`, other.headers)).status).toBe(404);
    }
    expect(await searchIds(`/Encounter?patient=${patient.user.id}`, other.headers)).toEqual([]);
    expect(await searchIds(`/Encounter?_id=${ids.completed},${er.admitted}`, other.headers)).toEqual([]);
    expect(await searchIds('/Encounter', patient.headers)).toEqual([er.admitted, inpatient, ids.completed]);
    expect((await fhirGet(t, `/Encounter/${er.admitted}`)).status).toBe(401);
  });
});

describe('$everything', () => {
  it('gathers a patient’s appointments and encounters (all for staff, nothing of theirs for another patient)', async () => {
    const fhir = (patientScope: string | undefined): FhirContext => ({
      ctx: serviceContext(t),
      patientScope,
      timeZone: ZONE,
    });
    const appointmentsOf = await appointmentResources.everything?.(fhir(undefined), patient.user.id);
    expect(appointmentsOf?.map((a) => a.id)).toEqual([
      ids.pending,
      ids.confirmed,
      ids.completed,
      ids.cancelledByPatient,
      ids.cancelledByDoctor,
      ids.surgery,
    ]);
    const encountersOf = await encounterResources.everything?.(fhir(patient.user.id), patient.user.id);
    expect(encountersOf?.map((e) => e.id)).toEqual([er.admitted, inpatient, ids.completed]);
    for (const resource of [...(appointmentsOf ?? []), ...(encountersOf ?? [])]) expectValidFhir(resource);
    expect(await encounterResources.everything?.(fhir(other.user.id), patient.user.id)).toEqual([]);
    expect(await appointmentResources.everything?.(fhir(other.user.id), patient.user.id)).toEqual([]);
  });

  it('answers them in the patient’s own $everything Bundle', async () => {
    const bundle = await read<Bundle>(`/Patient/${patient.user.id}/$everything`, patient.headers);
    const of = (type: string) =>
      entries(bundle)
        .filter((r) => r.resourceType === type)
        .map((r) => r.id);
    expect(of('Appointment')).toHaveLength(6);
    expect(of('Encounter')).toEqual([er.admitted, inpatient, ids.completed]);
  });
});
