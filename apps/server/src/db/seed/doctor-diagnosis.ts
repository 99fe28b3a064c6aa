import { type DiagnosisTestInput, diagnosisTestInputSchema } from '@carepoint/contract';
import { eq, inArray } from 'drizzle-orm';
import { actingAs, actorOf } from '../../lib/context';
import { facilityDate } from '../../lib/facility-time';
import { ageOn } from '../../lib/people';
import { createTest } from '../../modules/diagnosis';
import { diagnosisCategories, diagnosisTests, users } from '../schema';
import { bodyOf, weightDaysAgo } from './bodies';
import type { SeedContext } from './context';

/*
 * Diagnosis tests of the demo doctor (and two by a colleague, which the demo doctor may read
 * but not change), recorded through the diagnosis service over the past weeks, so they carry
 * real report numbers. The categories are the migration's. Two of the demo patient's are shared
 * with them (My Results); the newest is not yet.
 */

const DAY = 24 * 60 * 60 * 1000;
const DEMO_DOCTOR = 'doctor@carepoint.example';
/** The demo patient's tests their doctor has shared (My Results); the newest waits for review. */
const SHARED = new Set(['Fasting blood sugar and HbA1c', 'Abdominal ultrasound']);
const COLLEAGUE = 'adaeze.okafor@carepoint.example';

/** The patient's age, weight and height come from their record and their vitals (bodies.ts). */
type Fields = Omit<DiagnosisTestInput, 'patientId' | 'categoryId' | 'age' | 'weight' | 'height'> & {
  /** Weighed (and measured, when `height`) at the test. */
  weighed?: true;
  height?: true;
};
/**
 * The findings agree with the values: an HbA1c of 7.0 % (6.5 % or more) with a fasting glucose of
 * 132 mg/dL (126 or more) is diabetes, not prediabetes (5.7-6.4 %), and an average glucose of
 * 154 mg/dL is what that HbA1c estimates (28.7 x 7.0 - 46.7).
 */
const TESTS: Array<[daysAgo: number, doctor: string, patient: string, category: string, Fields]> = [
  [
    41,
    DEMO_DOCTOR,
    'patient@carepoint.example',
    'Clinical Chemistry',
    {
      name: 'Fasting blood sugar and HbA1c',
      weighed: true,
      height: true,
      averageGlucose: 154,
      bloodSugar: 132,
      urinSugar: 0,
      systolic: 134,
      diastolic: 86,
      diabetes: 'Type 2',
      properties: [{ name: 'HbA1c', value: '7.0 %' }],
    },
  ],
  [
    35,
    DEMO_DOCTOR,
    'chioma.adeyemi@carepoint.example',
    'Haematology',
    {
      name: 'Full blood count',
      weighed: true,
      properties: [
        { name: 'Haemoglobin', value: '11.4 g/dL' },
        { name: 'White cells', value: '6.8 x10^9/L' },
        { name: 'Platelets', value: '245 x10^9/L' },
      ],
    },
  ],
  [
    30,
    DEMO_DOCTOR,
    'ibrahim.musa@carepoint.example',
    'Clinical Chemistry',
    {
      name: 'Lipid profile',
      weighed: true,
      height: true,
      systolic: 148,
      diastolic: 94,
      cholesterol: 236,
      diabetes: 'Type 2',
      properties: [
        { name: 'LDL cholesterol', value: '158 mg/dL' },
        { name: 'HDL cholesterol', value: '38 mg/dL' },
        { name: 'Triglycerides', value: '201 mg/dL' },
      ],
    },
  ],
  [
    24,
    COLLEAGUE,
    'ibrahim.musa@carepoint.example',
    'Cardiology',
    {
      name: 'Resting ECG',
      systolic: 142,
      diastolic: 90,
      properties: [{ name: 'Rhythm', value: 'Sinus' }],
    },
  ],
  [
    19,
    DEMO_DOCTOR,
    'amaka.uche@carepoint.example',
    'Parasitology',
    {
      name: 'Malaria parasite (thick and thin film)',
      properties: [
        { name: 'Result', value: 'Plasmodium falciparum seen' },
        { name: 'Density', value: '++' },
      ],
    },
  ],
  [
    15,
    DEMO_DOCTOR,
    'segun.alabi@carepoint.example',
    'Urinalysis',
    {
      name: 'Urine dipstick and microscopy',
      bloodSugar: 210,
      urinSugar: 500,
      diabetes: 'Type 2',
      properties: [
        { name: 'Protein', value: 'Trace' },
        { name: 'Ketones', value: 'Negative' },
      ],
    },
  ],
  [
    11,
    DEMO_DOCTOR,
    'zainab.lawal@carepoint.example',
    'Genetics',
    { name: 'Haemoglobin genotype', properties: [{ name: 'Genotype', value: 'AS' }] },
  ],
  [
    8,
    COLLEAGUE,
    'patient@carepoint.example',
    'Ultrasonography',
    {
      name: 'Abdominal ultrasound',
      properties: [{ name: 'Liver', value: 'Normal size and echotexture' }],
    },
  ],
  [
    5,
    DEMO_DOCTOR,
    'olumide.ogunleye@carepoint.example',
    'Immunology and Serology',
    {
      name: 'Hepatitis B surface antigen',
      properties: [{ name: 'HBsAg', value: 'Non-reactive' }],
    },
  ],
  [
    2,
    DEMO_DOCTOR,
    'patient@carepoint.example',
    'Clinical Chemistry',
    {
      name: 'Random blood sugar',
      weighed: true,
      bloodSugar: 118,
      systolic: 128,
      diastolic: 82,
      diabetes: 'Type 2',
    },
  ],
];

export async function seedDoctorDiagnosis(ctx: SeedContext) {
  const emails = [...new Set(TESTS.flatMap(([, doctor, patient]) => [doctor, patient]))];
  const people = await ctx.db.select().from(users).where(inArray(users.email, emails));
  const categories = await ctx.db.select().from(diagnosisCategories);
  for (const [daysAgo, doctorEmail, patientEmail, categoryName, { weighed, height, ...fields }] of TESTS) {
    const doctor = people.find((p) => p.email === doctorEmail);
    const patient = people.find((p) => p.email === patientEmail);
    const categoryId = categories.find((c) => c.name === categoryName)?.id;
    if (!doctor || !patient || !categoryId) continue;
    const at = new Date(ctx.seededAt.getTime() - daysAgo * DAY);
    const body = bodyOf(patientEmail);
    const test = await createTest(
      { ...actingAs(ctx, actorOf(doctor)), now: () => at },
      diagnosisTestInputSchema.parse({
        ...fields,
        age: ageOn(patient.dateOfBirth, facilityDate(at, ctx.config.TIME_ZONE)),
        weight: weighed ? weightDaysAgo(body.weight, daysAgo) : null,
        height: height ? body.height : null,
        patientId: patient.id,
        categoryId,
      }),
    );
    if (SHARED.has(fields.name) && patientEmail === 'patient@carepoint.example')
      await ctx.db
        .update(diagnosisTests)
        .set({ sharedWithPatient: true })
        .where(eq(diagnosisTests.id, test.id));
  }
}
