import {
  durationDaysOf,
  type MedicineDuration,
  type MedicineInterval,
  type MedicineLineInput,
  type MedicineTime,
  medicineLabel,
} from '@carepoint/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  appointments,
  medicines,
  patientMedicalDetails,
  prescriptionMedicines,
  prescriptions,
  users,
} from '../schema';
import type { SeedContext } from './context';

/*
 * Prescriptions of the past months: most by the demo doctor, some by another doctor, for the
 * demo patient among others (one written in a completed visit of theirs), so the list, its
 * "All prescriptions" scope, My Prescriptions and the patient dashboard have records to show.
 * The demo patient has a recorded penicillin allergy, so the form's allergy flag can be tried.
 * A line naming a formulary medicine points at it, as the form's picker makes it; the others
 * (vitamin C, magnesium trisilicate, a strength the pharmacy does not stock) are Not stocked.
 */

const DAY = 24 * 60 * 60 * 1000;

type Line = Pick<MedicineLineInput, 'name' | 'dosage' | 'comment'> & {
  duration: MedicineDuration;
  time: MedicineTime;
  interval: MedicineInterval;
};

interface Template {
  problem: string;
  pressure: [number, number];
  pulse: number;
  temperature: number;
  medicines: Line[];
  test: string | null;
  advice: string;
  nextVisit: [number, 'Days' | 'Weeks' | 'Months'] | null;
}

const TEMPLATES: Template[] = [
  {
    problem: 'Fever and chills for three days; malaria rapid test positive.',
    pressure: [118, 76],
    pulse: 96,
    temperature: 38.6,
    medicines: [
      {
        // Picked from the formulary (its label): four tablets a dose, the adult course.
        name: 'Artemether/lumefantrine 20/120 mg Tablet',
        dosage: '4 tablets',
        duration: '3 Days',
        time: 'After Meal',
        interval: 'Morning and evening',
        comment: 'Take with fatty food',
      },
      {
        name: 'Paracetamol 500 mg',
        dosage: '2 tablets',
        duration: '3 Days',
        time: 'After Meal',
        interval: 'Morning and evening',
        comment: null,
      },
    ],
    test: 'Full blood count',
    advice: 'Drink plenty of fluids, sleep under a treated net and return if vomiting or confusion start.',
    nextVisit: [1, 'Weeks'],
  },
  {
    problem: 'Raised blood pressure at three visits; occasional headaches.',
    pressure: [154, 96],
    pulse: 82,
    temperature: 36.8,
    medicines: [
      {
        name: 'Amlodipine 5 mg',
        dosage: '1 tablet',
        duration: '30 Days',
        time: 'After Meal',
        interval: 'Daily morning',
        comment: null,
      },
      {
        name: 'Hydrochlorothiazide 12.5 mg',
        dosage: '1 tablet',
        duration: '30 Days',
        time: 'After Meal',
        interval: 'Daily morning',
        comment: 'Check potassium at next visit',
      },
    ],
    test: 'Electrolytes, urea and creatinine',
    advice: 'Less salt, regular walks, check blood pressure weekly at the pharmacy.',
    nextVisit: [1, 'Months'],
  },
  {
    problem: 'Productive cough and sore throat for five days.',
    pressure: [122, 80],
    pulse: 88,
    temperature: 37.9,
    medicines: [
      {
        name: 'Azithromycin 500 mg',
        dosage: '1 tablet',
        duration: '3 Days',
        time: 'Before Meal',
        interval: 'Daily morning',
        comment: null,
      },
      {
        name: 'Vitamin C 1000 mg',
        dosage: '1 tablet',
        duration: '7 Days',
        time: 'After Meal',
        interval: 'Daily morning',
        comment: null,
      },
    ],
    test: null,
    advice: 'Warm fluids and rest. Come back if breathing becomes difficult.',
    nextVisit: [5, 'Days'],
  },
  {
    problem: 'Type 2 diabetes review; fasting glucose above target.',
    pressure: [132, 84],
    pulse: 76,
    temperature: 36.6,
    medicines: [
      {
        name: 'Metformin 500 mg',
        dosage: '1 tablet',
        duration: '30 Days',
        time: 'After Meal',
        interval: 'Morning and evening',
        comment: null,
      },
    ],
    test: 'HbA1c',
    advice: 'Follow the meal plan; walk 30 minutes a day.',
    nextVisit: [3, 'Months'],
  },
  {
    problem: 'Epigastric pain after meals for two weeks.',
    pressure: [116, 74],
    pulse: 72,
    temperature: 36.7,
    medicines: [
      {
        name: 'Omeprazole 20 mg',
        dosage: '1 capsule',
        duration: '30 Days',
        time: 'Before Meal',
        interval: 'Daily morning',
        comment: null,
      },
      {
        name: 'Magnesium trisilicate',
        dosage: '10 ml',
        duration: '7 Days',
        time: 'After Meal',
        interval: 'Morning and evening',
        comment: 'As needed for pain',
      },
    ],
    test: 'H. pylori stool antigen',
    advice: 'Avoid pepper soup, alcohol and painkillers such as ibuprofen.',
    nextVisit: [2, 'Weeks'],
  },
];

export async function seedDoctorPrescriptions(ctx: SeedContext) {
  const doctors = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'doctor'), eq(users.status, 'Active')))
    .orderBy(asc(users.email));
  const patients = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.role, 'patient'))
    .orderBy(asc(users.email));
  const demoDoctor = doctors.find((d) => d.email === 'doctor@carepoint.example');
  const colleague = doctors.find((d) => d.id !== demoDoctor?.id);
  const demoPatient = patients.find((p) => p.email === 'patient@carepoint.example');
  if (!demoDoctor || !colleague || !demoPatient) return;

  // The demo patient's recorded allergy (kept with any the chart seed gave them).
  await ctx.db
    .insert(patientMedicalDetails)
    .values({ patientId: demoPatient.id, allergies: ['Penicillin'] })
    .onConflictDoUpdate({
      target: patientMedicalDetails.patientId,
      set: {
        allergies: sql`case when 'Penicillin' = any(${patientMedicalDetails.allergies}) then ${patientMedicalDetails.allergies} else array_append(${patientMedicalDetails.allergies}, 'Penicillin') end`,
      },
    });

  const [visit] = await ctx.db
    .select({ id: appointments.id, startsAt: appointments.startsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.doctorId, demoDoctor.id),
        eq(appointments.patientId, demoPatient.id),
        eq(appointments.status, 'Completed'),
      ),
    )
    .orderBy(desc(appointments.startsAt))
    .limit(1);

  const others = patients.filter((p) => p.id !== demoPatient.id);
  const plan: Array<{
    patientId: string;
    doctorId: string;
    daysAgo: number;
    appointmentId?: string;
    active?: boolean;
  }> = [
    {
      patientId: demoPatient.id,
      doctorId: demoDoctor.id,
      daysAgo: 2,
      ...(visit ? { appointmentId: visit.id } : {}),
    },
    { patientId: demoPatient.id, doctorId: colleague.id, daysAgo: 45, active: false },
    ...others.slice(0, 10).map((p, i) => ({
      patientId: p.id,
      doctorId: i % 4 === 3 ? colleague.id : demoDoctor.id,
      daysAgo: 1 + i * 6,
      active: i % 5 !== 4,
    })),
  ];

  const rows = await ctx.db
    .insert(prescriptions)
    .values(
      plan.map((entry, i) => {
        const t = TEMPLATES[i % TEMPLATES.length] as Template;
        const at = new Date(ctx.seededAt.getTime() - entry.daysAgo * DAY);
        return {
          patientId: entry.patientId,
          doctorId: entry.doctorId,
          appointmentId: entry.appointmentId ?? null,
          status: entry.active ?? true,
          systolic: t.pressure[0],
          diastolic: t.pressure[1],
          pulseRate: t.pulse,
          temperature: t.temperature,
          foodAllergies: i % 3 === 1 ? 'Groundnuts' : null,
          diabetic: t.problem.includes('diabetes') ? ('Type 2' as const) : ('No' as const),
          currentMedication: i % 2 === 0 ? null : 'None',
          problemDescription: t.problem,
          test: t.test,
          advice: t.advice,
          nextVisitCount: t.nextVisit?.[0] ?? null,
          nextVisitUnit: t.nextVisit?.[1] ?? null,
          createdAt: at,
          updatedAt: at,
        };
      }),
    )
    .returning({ id: prescriptions.id });

  const formularyIdOf = await formularyNames(ctx);
  await ctx.db.insert(prescriptionMedicines).values(
    rows.flatMap((row, i) =>
      (TEMPLATES[i % TEMPLATES.length] as Template).medicines.map(({ duration, ...m }, position) => ({
        prescriptionId: row.id,
        position,
        ...m,
        medicineId: formularyIdOf(m.name),
        durationDays: durationDaysOf(duration),
        comment: m.comment ?? null,
      })),
    ),
  );
}

/**
 * The formulary medicine a written name means, whatever the case: the one of that label (as the
 * picker writes it, "Artemether/lumefantrine 20/120 mg Tablet"), or of that generic name and
 * strength ("Paracetamol 500 mg") when the formulary has it in one form only; otherwise none,
 * and the line is Not stocked.
 */
async function formularyNames(ctx: SeedContext) {
  const rows = await ctx.db
    .select({
      id: medicines.id,
      genericName: medicines.genericName,
      strength: medicines.strength,
      form: medicines.form,
    })
    .from(medicines)
    .where(eq(medicines.active, true));
  const byName = new Map<string, string[]>();
  for (const row of rows) {
    for (const key of [medicineLabel(row), `${row.genericName} ${row.strength}`])
      byName.set(key.toLowerCase(), [...(byName.get(key.toLowerCase()) ?? []), row.id]);
  }
  return (name: string) => {
    const ids = byName.get(name.toLowerCase()) ?? [];
    return ids.length === 1 ? (ids[0] ?? null) : null;
  };
}
