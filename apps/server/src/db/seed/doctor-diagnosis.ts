import { type DiagnosisTestInput, diagnosisTestInputSchema } from '@carepoint/contract';
import { eq, inArray } from 'drizzle-orm';
import { createTest } from '../../modules/diagnosis/service';
import { diagnosisCategories, diagnosisTests, users } from '../schema';
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

type Fields = Omit<DiagnosisTestInput, 'patientId' | 'categoryId'>;
const TESTS: Array<[daysAgo: number, doctor: string, patient: string, category: string, Fields]> = [
  [
    41,
    DEMO_DOCTOR,
    'patient@carepoint.example',
    'Clinical Chemistry',
    {
      name: 'Fasting blood sugar and HbA1c',
      age: 36,
      weight: 74.5,
      height: 165,
      averageGlucose: 154,
      bloodSugar: 132,
      urinSugar: 0,
      systolic: 134,
      diastolic: 86,
      diabetes: 'Prediabetes',
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
      age: 38,
      weight: 68,
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
      age: 54,
      weight: 92.3,
      height: 178,
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
      age: 54,
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
      age: 29,
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
      age: 63,
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
    { name: 'Haemoglobin genotype', age: 25, properties: [{ name: 'Genotype', value: 'AS' }] },
  ],
  [
    8,
    COLLEAGUE,
    'patient@carepoint.example',
    'Ultrasonography',
    {
      name: 'Abdominal ultrasound',
      age: 36,
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
      age: 43,
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
      age: 36,
      weight: 73.8,
      bloodSugar: 118,
      systolic: 128,
      diastolic: 82,
      diabetes: 'Prediabetes',
    },
  ],
];

export async function seedDoctorDiagnosis(ctx: SeedContext) {
  const emails = [...new Set(TESTS.flatMap(([, doctor, patient]) => [doctor, patient]))];
  const people = await ctx.db.select().from(users).where(inArray(users.email, emails));
  const categories = await ctx.db.select().from(diagnosisCategories);
  for (const [daysAgo, doctorEmail, patientEmail, categoryName, fields] of TESTS) {
    const doctor = people.find((p) => p.email === doctorEmail);
    const patientId = people.find((p) => p.email === patientEmail)?.id;
    const categoryId = categories.find((c) => c.name === categoryName)?.id;
    if (!doctor || !patientId || !categoryId) continue;
    const at = new Date(ctx.seededAt.getTime() - daysAgo * DAY);
    const test = await createTest(
      { ...ctx, actor: { ...doctor, mustChangePassword: false }, now: () => at },
      diagnosisTestInputSchema.parse({ ...fields, patientId, categoryId }),
    );
    if (SHARED.has(fields.name) && patientEmail === 'patient@carepoint.example')
      await ctx.db
        .update(diagnosisTests)
        .set({ sharedWithPatient: true })
        .where(eq(diagnosisTests.id, test.id));
  }
}
