/*
 * The demo patients' weight and height, shared by their vitals (doctor-patients.ts) and the
 * diagnosis tests that weigh them (doctor-diagnosis.ts), so a test and the chart agree.
 */

type Body = { weight: number; height: number };

/** The patients whose diagnosis tests record a weight: as measured now. */
const MEASURED: Readonly<Record<string, Body>> = {
  'patient@carepoint.example': { weight: 73.8, height: 165 },
  'chioma.adeyemi@carepoint.example': { weight: 68, height: 162 },
  'ibrahim.musa@carepoint.example': { weight: 92.3, height: 178 },
};

/** Whether a diagnosis test weighs the patient: their chart then always has vitals to agree with. */
export const isWeighed = (email: string) => email in MEASURED;

/** A patient's weight (kg) and height (cm) now: as measured, else made from their place in the list. */
export const bodyOf = (email: string, index = 0): Body =>
  MEASURED[email] ?? { weight: 55 + ((index * 7) % 40), height: 150 + ((index * 11) % 40) };

/** Their weight `daysAgo` days ago: the demo patients lose about half a kilogram a month. */
export const weightDaysAgo = (weight: number, daysAgo: number) =>
  Math.round((weight + daysAgo / 60) * 10) / 10;
