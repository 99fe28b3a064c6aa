import type { Quantity } from '@medplum/fhirtypes';

/* Codes the medication resources share (prescription lines, inpatient orders, doses given). */

export const MEDICATION_REQUEST_STATUS_SYSTEM = 'http://hl7.org/fhir/CodeSystem/medicationrequest-status';
export const UCUM = 'http://unitsofmeasure.org';
const DRUG_FORM = 'http://terminology.hl7.org/CodeSystem/v3-orderableDrugForm';

/** Dose units we can code: UCUM for amounts, HL7's drug forms for tablets and capsules. */
const DOSE_UNITS: ReadonlyArray<{ pattern: RegExp; unit: Omit<Quantity, 'value'> }> = [
  { pattern: /^mg$/, unit: { unit: 'mg', system: UCUM, code: 'mg' } },
  { pattern: /^g$/, unit: { unit: 'g', system: UCUM, code: 'g' } },
  { pattern: /^(mcg|µg|ug)$/, unit: { unit: 'mcg', system: UCUM, code: 'ug' } },
  { pattern: /^ml$/, unit: { unit: 'mL', system: UCUM, code: 'mL' } },
  { pattern: /^(tablets?|tabs?)$/, unit: { unit: 'tablet', system: DRUG_FORM, code: 'TAB' } },
  { pattern: /^(capsules?|caps?)$/, unit: { unit: 'capsule', system: DRUG_FORM, code: 'CAP' } },
];

/** "2 tablets", "500 mg", "5 ml" as a quantity; anything else ("half a tablet") stays text only. */
export function doseQuantity(dosage: string): Quantity | undefined {
  const match = /^(\d{1,6}(?:\.\d{1,3})?)\s*([a-zµ]+)\.?$/.exec(dosage.trim().toLowerCase());
  if (!match) return undefined;
  const known = DOSE_UNITS.find(({ pattern }) => pattern.test(match[2] ?? ''));
  return known ? { value: Number(match[1]), ...known.unit } : undefined;
}
