import {
  DEPARTMENTS,
  type ErStatus,
  type Gender,
  TRIAGE_LEVELS,
  type TriageLevel,
  triage,
  type Vitals,
  type WardKind,
  type WardSexRule,
} from '@carepoint/contract';
import { asc, eq, inArray } from 'drizzle-orm';
import { facilityDay } from '../../lib/facility-time';
import {
  ambulances,
  beds,
  demoRequests,
  erEntries,
  nurses,
  nurseWards,
  queueEntries,
  users,
  wards,
} from '../schema';
import type { SeedContext } from './context';

/*
 * Demo records for every admin screen, relative to ctx.seededAt in the facility's time zone, so the
 * dashboard shows a plausible "today" whenever the app is first started. One insert per table.
 */

const MINUTE = 60_000;

/** A small deterministic generator: the same demo data on every first start. */
function generator(seed: number) {
  let state = seed;
  return (max: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % max;
  };
}

/**
 * More patients, so the admin patients table has more than one page; one has no birth date on
 * file. Each has a gender, as registration records it (FHIR Patient.gender); one said unknown.
 */
const EXTRA_PATIENTS: Array<[string, string, string | null, Gender]> = [
  ['Aisha', 'Mohammed', '1985-02-11', 'female'],
  ['Babajide', 'Oladipo', '1977-06-23', 'male'],
  ['Chiamaka', 'Nnadi', '1993-10-05', 'female'],
  ['Damilola', 'Fashola', '2010-03-19', 'female'],
  ['Efe', 'Okoro', '1966-12-01', 'male'],
  ['Folake', 'Adewale', '1989-08-30', 'female'],
  ['Gbenga', 'Ishola', '1972-04-14', 'male'],
  ['Hadiza', 'Umar', '2003-01-27', 'female'],
  ['Ifeanyi', 'Chukwu', '1981-09-08', 'male'],
  ['Jumoke', 'Balogun', '1995-05-16', 'female'],
  ['Kunle', 'Afolabi', '1958-11-22', 'male'],
  ['Lami', 'Danjuma', '2016-07-04', 'female'],
  ['Musa', 'Abubakar', '1970-02-02', 'male'],
  ['Nneka', 'Obiora', '1987-03-29', 'female'],
  ['Oluwaseun', 'Akinola', null, 'unknown'],
];

const NURSES: Array<[string, string, 'Active' | 'On Leave' | 'On Duty']> = [
  ['Adunni Bankole', 'ER', 'On Duty'],
  ['Chidinma Eze', 'ICU', 'On Duty'],
  ['Hauwa Yusuf', 'Pediatrics', 'Active'],
  ['Ebere Nwachukwu', 'General', 'On Duty'],
  ['Titilayo Ogun', 'Maternity', 'On Leave'],
  ['Ruth Ekanem', 'Cardiology', 'Active'],
  ['Patience Idowu', 'Orthopedics', 'On Duty'],
  ['Maryam Sule', 'Radiology', 'Active'],
  ['Ngozi Amadi', 'ER', 'Active'],
  ['Bisola Kuti', 'Surgery', 'On Leave'],
];

const AMBULANCES: Array<[string, string, 'Available' | 'On Duty' | 'Maintenance']> = [
  ['AMB-01', 'Sunday Okon', 'Available'],
  ['AMB-02', 'Ibrahim Lawal', 'On Duty'],
  ['AMB-03', 'Chukwuma Obi', 'Available'],
  ['AMB-04', 'Festus Ade', 'Maintenance'],
  ['AMB-05', 'Yakubu Bello', 'On Duty'],
  ['AMB-06', 'Olalekan Ayo', 'Available'],
  ['AMB-07', 'Godwin Etuk', 'Available'],
];

const FIRST_NAMES = [
  'Obinna',
  'Rukayat',
  'Peter',
  'Esther',
  'Ahmed',
  'Bukola',
  'Samuel',
  'Comfort',
  'Victor',
  'Zainab',
  'Kehinde',
  'Mercy',
  'Daniel',
  'Halima',
  'Emeka',
  'Funmilayo',
];
const LAST_NAMES = [
  'Eze',
  'Salami',
  'Okafor',
  'Johnson',
  'Tijani',
  'Oyedepo',
  'Akpan',
  'Udoh',
  'Onyeka',
  'Aliyu',
  'Ojo',
  'Edet',
  'Nwosu',
  'Bello',
  'Okonkwo',
  'Adeyemi',
];
/**
 * The n-th walk-in's name: distinct for n < 48 (each first name meets a different surname every
 * 16 names), so nobody arrives at the ER twice in a day or waits in two queues.
 */
const walkInName = (n: number) => `${FIRST_NAMES[n % 16]} ${LAST_NAMES[(n * 5 + Math.floor(n / 16)) % 16]}`;
/**
 * What brings people to the ER, each with the vitals it typically arrives with. An arrival's
 * triage level is what the app's triage rule (the contract's `triage`, as Triage Intake applies
 * it) makes of them: chest pain with a racing pulse and a high blood pressure is High, a fracture
 * with normal signs Low. Staff raise some chest pains to Urgent (never below the rule).
 */
const NO_SIGNS: Vitals = { heartRate: 80, systolic: 120, temperature: 36.8 };
export const ER_COMPLAINTS: ReadonlyArray<{ complaint: string; vitals: Vitals }> = [
  { complaint: 'Chest pain', vitals: { heartRate: 126, systolic: 184, temperature: 37.0 } },
  { complaint: 'Fever', vitals: { heartRate: 104, systolic: 118, temperature: 39.2 } },
  { complaint: 'Fracture', vitals: { heartRate: 96, systolic: 132, temperature: 36.8 } },
  { complaint: 'Shortness of breath', vitals: { heartRate: 124, systolic: 136, temperature: 37.4 } },
  { complaint: 'Abdominal pain', vitals: { heartRate: 112, systolic: 86, temperature: 38.2 } },
  { complaint: 'Laceration', vitals: { heartRate: 88, systolic: 126, temperature: 36.7 } },
  { complaint: 'Headache', vitals: { heartRate: 78, systolic: 192, temperature: 36.9 } },
];
/** The n-th arrival's complaint and triage level: every second chest pain is raised to Urgent. */
function erArrival(n: number): { complaint: string; triageLevel: TriageLevel } {
  const { complaint, vitals } = ER_COMPLAINTS[n % ER_COMPLAINTS.length] ?? {
    complaint: '',
    vitals: NO_SIGNS,
  };
  const raised = n % ER_COMPLAINTS.length === 0 && Math.floor(n / ER_COMPLAINTS.length) % 2 === 1;
  return { complaint, triageLevel: raised ? 'Urgent' : triage(vitals).priority };
}
const ER_ARRIVALS = 32;
const TRIAGE: TriageLevel[] = ['Low', 'Medium', 'Medium', 'High', 'Low', 'Urgent', 'Medium', 'Low'];

async function seedExtraPatients(ctx: SeedContext) {
  await ctx.db.insert(users).values(
    EXTRA_PATIENTS.map(([firstName, lastName, dateOfBirth, gender], i) => ({
      role: 'patient' as const,
      firstName,
      lastName,
      email: `${firstName}.${lastName}@carepoint.example`.toLowerCase(),
      phone: `+234 803 555 ${String(1000 + i * 37).padStart(4, '0')}`,
      address: 'Lagos',
      dateOfBirth,
      gender,
      passwordHash: ctx.passwordHash,
      createdAt: new Date(ctx.seededAt.getTime() - (EXTRA_PATIENTS.length - i) * 24 * 60 * MINUTE),
    })),
  );
}

async function seedStaff(ctx: SeedContext) {
  // Nurses sign in with the demo password; the first one (ER, on duty) is the README's nurse login.
  const accounts = await ctx.db
    .insert(users)
    .values(
      NURSES.map(([fullName], i) => {
        const [firstName = '', lastName = ''] = fullName.split(' ');
        const email = i === 0 ? 'nurse@carepoint.example' : `${firstName}.${lastName}@carepoint.example`;
        return {
          role: 'nurse' as const,
          firstName,
          lastName,
          email: email.toLowerCase(),
          passwordHash: ctx.passwordHash,
        };
      }),
    )
    .returning({ id: users.id });
  await ctx.db
    .insert(nurses)
    .values(NURSES.map(([, department, status], i) => ({ id: accounts[i]?.id ?? '', department, status })));
  await ctx.db
    .insert(ambulances)
    .values(AMBULANCES.map(([code, driverName, status]) => ({ code, driverName, status })));
  return accounts.map((account) => account.id);
}

/** The wards a department's nurses work on; a department without a ward (Radiology) has none. */
const WARDS_OF_DEPARTMENT: Record<string, string[]> = {
  ICU: ['Intensive Care Unit'],
  Pediatrics: ['Paediatric Ward'],
  General: ['General Ward'],
  Maternity: ['Maternity Ward'],
  Orthopedics: ['Surgical Ward'],
  Surgery: ['Surgical Ward'],
  Cardiology: ['General Ward'],
};

/** Nurses on their wards; the README's nurse (the first, ER) covers the general and surgical wards. */
async function seedNurseWards(ctx: SeedContext, nurseIds: string[]) {
  const byName = new Map(
    (await ctx.db.select({ id: wards.id, name: wards.name }).from(wards)).map((w) => [w.name, w.id]),
  );
  const rows = NURSES.flatMap(([, department], i) => {
    const names = i === 0 ? ['General Ward', 'Surgical Ward'] : (WARDS_OF_DEPARTMENT[department] ?? []);
    return names.map((name) => ({ nurseId: nurseIds[i] ?? '', wardId: byName.get(name) ?? '' }));
  });
  await ctx.db.insert(nurseWards).values(rows);
}

/** The demo wards besides the default General Ward (made by the migration), with their beds. */
const WARDS: Array<{ name: string; kind: WardKind; sexRule: WardSexRule; labels: string[] }> = [
  {
    name: 'Surgical Ward',
    kind: 'Surgical',
    sexRule: 'Mixed',
    labels: ['B-01', 'B-02', 'B-03', 'B-04'].map((l) => `Ward ${l}`),
  },
  { name: 'Intensive Care Unit', kind: 'Intensive care', sexRule: 'Mixed', labels: ['ICU-1', 'ICU-2'] },
  { name: 'Maternity Ward', kind: 'Maternity', sexRule: 'Female only', labels: ['MAT-1', 'MAT-2', 'MAT-3'] },
  { name: 'Paediatric Ward', kind: 'Paediatric', sexRule: 'Mixed', labels: ['PAED-1', 'PAED-2'] },
];

type SeedPatient = { id: string; gender: Gender | null };

/**
 * Wards and their beds. Every other bed of the first ten is taken, plus one ICU bed; in the
 * female-only Maternity Ward one woman lies and another is expected (Reserved), and a bed is
 * being cleaned after a discharge. Nobody lies in two beds.
 */
async function seedBeds(ctx: SeedContext, patients: SeedPatient[]) {
  const [general] = await ctx.db.select({ id: wards.id }).from(wards).where(eq(wards.isDefault, true));
  if (!general) throw new Error('the default ward is missing');
  const wardIds = [general.id];
  for (const { name, kind, sexRule } of WARDS) {
    const [created] = await ctx.db.insert(wards).values({ name, kind, sexRule }).returning({ id: wards.id });
    if (!created) throw new Error('ward not created');
    wardIds.push(created.id);
  }
  const mixed = [
    { wardId: general.id, labels: ['A-01', 'A-02', 'A-03', 'A-04', 'A-05', 'A-06'].map((l) => `Ward ${l}`) },
    ...WARDS.slice(0, 2).map((w, i) => ({ wardId: wardIds[i + 1] ?? general.id, labels: w.labels })),
  ].flatMap(({ wardId, labels }) => labels.map((label) => ({ wardId, label })));
  const occupied = [0, 2, 4, 6, 10];
  const rows: Array<typeof beds.$inferInsert> = mixed.map(({ wardId, label }, i) => {
    const slot = occupied.indexOf(i);
    const patientId = slot >= 0 ? patients[slot]?.id : undefined;
    return { wardId, label, status: patientId ? 'Occupied' : 'Free', patientId: patientId ?? null };
  });
  const women = patients.slice(occupied.length).filter((p) => p.gender === 'female');
  const [maternity, paediatric] = [wardIds[3] ?? general.id, wardIds[4] ?? general.id];
  rows.push(
    { wardId: maternity, label: 'MAT-1', status: 'Occupied', patientId: women[0]?.id ?? null },
    { wardId: maternity, label: 'MAT-2', status: 'Reserved', patientId: women[1]?.id ?? null },
    { wardId: maternity, label: 'MAT-3', status: 'Cleaning' },
    { wardId: paediatric, label: 'PAED-1', status: 'Free' },
    { wardId: paediatric, label: 'PAED-2', status: 'Free' },
  );
  await ctx.db.insert(beds).values(rows);
}

/** 32 arrivals spread from the facility's midnight to now: the latest wait, earlier ones were seen or left. */
async function seedEmergencyRoom(ctx: SeedContext, patientIds: string[]) {
  const { start } = facilityDay(ctx.seededAt, ctx.config.TIME_ZONE);
  const elapsed = ctx.seededAt.getTime() - start.getTime();
  const count = ER_ARRIVALS;
  const rand = generator(7);
  const rows = Array.from({ length: count }, (_, i) => {
    const arrivedAt = new Date(start.getTime() + Math.floor((elapsed * (i + 0.5)) / count));
    const waitMs = (5 + rand(55)) * MINUTE;
    const seenAt = new Date(arrivedAt.getTime() + waitMs);
    const leftAt = new Date(seenAt.getTime() + (30 + rand(120)) * MINUTE);
    let status: ErStatus;
    if (i >= count - 5 || seenAt > ctx.seededAt) status = 'Waiting';
    else if (leftAt > ctx.seededAt || i >= count - 9) status = 'In Treatment';
    else status = i % 4 === 0 ? 'Admitted' : 'Discharged';
    return {
      patientName: walkInName(i),
      // A few arrivals are registered patients, each a different one (one visit each today).
      patientId: i % 8 === 3 ? (patientIds[5 + Math.floor(i / 8)] ?? null) : null,
      ...erArrival(i),
      status,
      arrivedAt,
      seenAt: status === 'Waiting' ? null : seenAt,
      leftAt: status === 'Admitted' || status === 'Discharged' ? leftAt : null,
    };
  });
  await ctx.db.insert(erEntries).values(rows);
}

/** Typical minutes per consultation, so a queue's ETAs grow with each place in it. */
const MINUTES_PER_PATIENT: Record<(typeof DEPARTMENTS)[number], number> = {
  General: 12,
  Cardiology: 20,
  Pediatrics: 15,
  Orthopedics: 15,
  Radiology: 25,
  ER: 10,
};

/**
 * Each department's queue: its first patient already called, the rest waiting, each a different
 * person (walk-in names after the ER's), with ETAs set now that follow queue order.
 */
async function seedQueues(ctx: SeedContext) {
  const perDepartment: Record<(typeof DEPARTMENTS)[number], number> = {
    General: 6,
    Cardiology: 3,
    Pediatrics: 3,
    Orthopedics: 2,
    Radiology: 2,
    ER: 1,
  };
  const rand = generator(11);
  let person = ER_ARRIVALS;
  const rows = DEPARTMENTS.flatMap((department) => {
    const entries = Array.from({ length: perDepartment[department] }, (_, i) => ({
      patientName: walkInName(person++),
      department,
      triage: TRIAGE[(i + department.length) % TRIAGE.length] ?? 'Low',
      joinedAt: new Date(ctx.seededAt.getTime() - (5 + rand(80)) * MINUTE),
    }));
    // Queue order (the service's): most severe first, then whoever joined first.
    const severity = (t: TriageLevel) => TRIAGE_LEVELS.indexOf(t);
    entries.sort(
      (a, b) => severity(b.triage) - severity(a.triage) || a.joinedAt.getTime() - b.joinedAt.getTime(),
    );
    return entries.map((entry, i) => {
      const called = i === 0 && department !== 'ER';
      const place = called ? 0 : i - (department === 'ER' ? 0 : 1);
      return {
        ...entry,
        etaMinutes: place * MINUTES_PER_PATIENT[department],
        etaSetAt: ctx.seededAt,
        status: called ? ('Called' as const) : ('Waiting' as const),
        calledAt: called
          ? new Date(Math.max(entry.joinedAt.getTime() + 4 * MINUTE, ctx.seededAt.getTime() - MINUTE))
          : null,
      };
    });
  });
  await ctx.db.insert(queueEntries).values(rows);
}

async function seedDemoRequests(ctx: SeedContext) {
  const requests: Array<[string, string, string, string]> = [
    [
      'Dr Bisi Adeleke',
      'bisi@lagoonclinic.example',
      'Lagoon Family Clinic',
      'We run 3 sites and want to see queues.',
    ],
    ['Musa Danladi', 'musa@northcare.example', 'NorthCare Hospital', 'Interested in the emergency board.'],
    ['Ifeoma Uzor', 'ifeoma@smilesdental.example', 'Smiles Dental', ''],
    ['Kayode Bello', 'kayode@unitymed.example', 'Unity Medical Centre', 'Can it run on our own server?'],
  ];
  await ctx.db.insert(demoRequests).values(
    requests.map(([name, email, organisation, message], i) => ({
      name,
      email,
      organisation,
      message,
      createdAt: new Date(ctx.seededAt.getTime() - (i + 1) * 31 * 60 * MINUTE),
    })),
  );
}

/** Staff, beds, ER, queues and demo requests; runs after accounts and the patient area (invoices: doctor-transactions). */
export async function seedAdminArea(ctx: SeedContext) {
  await seedExtraPatients(ctx);
  const people = await ctx.db
    .select({ id: users.id, role: users.role, gender: users.gender })
    .from(users)
    .where(inArray(users.role, ['patient', 'doctor']))
    .orderBy(asc(users.email));
  const patients = people.filter((p) => p.role === 'patient');
  const patientIds = patients.map((p) => p.id);
  const nurseIds = await seedStaff(ctx);
  await seedBeds(ctx, patients);
  await seedNurseWards(ctx, nurseIds);
  await seedEmergencyRoom(ctx, patientIds);
  await seedQueues(ctx);
  await seedDemoRequests(ctx);
}
