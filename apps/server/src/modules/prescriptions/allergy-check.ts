import { allergyWarning, findAllergyConflicts } from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { patientMedicalDetails } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * The allergy rule on save, for prescriptions and inpatient medication orders alike: medicines
 * that match an allergy recorded on the patient's chart are refused (400 ALLERGY_WARNING, each
 * flag on its medicine's field, `message` on `acknowledgeField`) unless the doctor acknowledged
 * them, or confirmed them before (`confirmed`: a draft's override, checked again when it is
 * signed). Answers the allergies acknowledged, to be kept with the record.
 */
export async function checkAllergies(
  db: Executor,
  options: {
    patientId: string;
    medicines: ReadonlyArray<{ name: string }>;
    acknowledged: boolean;
    confirmed?: readonly string[];
    /** The field of the medicine at a position ("medicines.0.name", "medicine"). */
    medicineField: (index: number) => string;
    acknowledgeField?: string;
    message: string;
  },
): Promise<string[]> {
  const [details] = await db
    .select({ allergies: patientMedicalDetails.allergies })
    .from(patientMedicalDetails)
    .where(eq(patientMedicalDetails.patientId, options.patientId));
  const conflicts = findAllergyConflicts(options.medicines, details?.allergies ?? []);
  const unconfirmed = conflicts.filter((c) => !options.confirmed?.includes(c.allergy));
  if (unconfirmed.length > 0 && !options.acknowledged) {
    const fieldErrors: Record<string, string[]> = {
      [options.acknowledgeField ?? 'acknowledgeAllergies']: [options.message],
    };
    for (const c of unconfirmed) fieldErrors[options.medicineField(c.index)] = [allergyWarning(c)];
    throw new AppError(400, 'ALLERGY_WARNING', options.message, fieldErrors);
  }
  return [...new Set(conflicts.map((c) => c.allergy))];
}
