import { type SQL, sql } from 'drizzle-orm';
import { medicines, stores } from '../../db/schema';
import { search } from '../../lib/list';

/*
 * What the three reports share: how a medicine and a store are read and ordered, and the
 * filters every report takes (a store, a search of the medicine's names).
 */

/** A medicine's columns as a report names it (medicineLabel's parts) and its unit. */
export const medicineColumns = {
  medicineId: medicines.id,
  genericName: medicines.genericName,
  strength: medicines.strength,
  form: medicines.form,
  dispensingUnit: medicines.dispensingUnit,
};

/** Medicines by name as the stock screen orders them: generic name whatever its case, strength. */
export const medicineOrder = [sql`lower(${medicines.genericName})`, medicines.strength] as const;

/** The main store first (the enum's order), then the wards' by name. */
export const storeOrder = [stores.kind, stores.name] as const;

/** A search of the medicine's generic or brand name. */
export const medicineSearch = (q: string | undefined): SQL | undefined =>
  search(q, [medicines.genericName, medicines.brandName]);

/** Sums of quantities and kobo come back from SQL as strings (bigint, numeric). */
export const summed = (expression: SQL) => sql<number>`coalesce(${expression}, 0)`.mapWith(Number);
