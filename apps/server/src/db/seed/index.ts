import { count } from 'drizzle-orm';
import { inTransaction, type ServiceContext } from '../../lib/context';
import { hashPassword } from '../../lib/passwords';
import { users } from '../schema';
import { DEMO_PASSWORD, seedAccounts } from './accounts';
import { seedAdminArea } from './admin-area';
import { seedBilling } from './billing';
import { seedBillingCharges } from './billing-charges';
import { seedBillingClaims } from './billing-claims';
import { seedBillingCoverage } from './billing-coverage';
import { seedBillingPayments } from './billing-payments';
import type { SeedContext } from './context';
import { seedDischargeSummary } from './discharge-summaries';
import { seedDoctorAppointments } from './doctor-appointments';
import { seedDoctorDay } from './doctor-day';
import { seedDoctorDiagnosis } from './doctor-diagnosis';
import { seedDoctorPatients } from './doctor-patients';
import { seedDoctorPrescriptions } from './doctor-prescriptions';
import { seedDoctorReports } from './doctor-reports';
import { seedDoctorTransactions } from './doctor-transactions';
import { seedDischargedStay, seedStays } from './inpatient';
import { seedInpatientHistory } from './inpatient-history';
import { seedLab } from './lab';
import { seedMedicationRound } from './medication-round';
import { seedObservations } from './observations';
import { seedAppointments, seedSchedules } from './patient-area';
import { seedPharmacy } from './pharmacy';
import { seedWardNotes } from './ward-notes';

/** Each area's demo records, in dependency order (accounts first). */
const seeders: Array<(ctx: SeedContext) => Promise<void>> = [seedAccounts];
seeders.push(seedSchedules, seedAppointments);
seeders.push(seedAdminArea, seedStays, seedDischargedStay, seedDischargeSummary);
seeders.push(seedInpatientHistory);
seeders.push(seedWardNotes);
seeders.push(seedObservations);
seeders.push(seedDoctorDay);
seeders.push(seedDoctorPatients);
// After the patients' allergies (seedDoctorPatients): the round's orders are checked against them.
seeders.push(seedMedicationRound);
seeders.push(seedDoctorAppointments);
seeders.push(seedDoctorTransactions);
seeders.push(seedDoctorPrescriptions);
seeders.push(seedDoctorReports);
seeders.push(seedDoctorDiagnosis);
// After the extra patients (seedAdminArea): the laboratory's orders are theirs and the demo doctor's.
seeders.push(seedLab);
// After the prescriptions (seedDoctorPrescriptions) and the wards (seedAdminArea): it dispenses some.
seeders.push(seedPharmacy);
// The payers and their price lists: last, over the services the migrations and the shipped catalogues made.
seeders.push(seedBilling);
// Patients' coverage by those payers, and NHIA's pre-authorisation rules.
seeders.push(seedBillingCoverage);
// The bills: the care above charged at those prices (after the coverage), a charge by hand and a void.
seeders.push(seedBillingCharges);
// The cashier's payments, deposits, refunds and closed day, over those bills.
seeders.push(seedBillingPayments);
// Claims over the payers: a submitted NHIA claim, remitted with one line denied (docs/areas/billing-claims.md).
seeders.push(seedBillingClaims);

/**
 * Loads demo data into an empty database, at the context's clock and time zone; a database that
 * has any user is left as it is. Records that have a service are made through it.
 */
export async function seedDemoData(ctx: ServiceContext) {
  const [row] = await ctx.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  const seededAt = ctx.now();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await ctx.db.transaction(async (tx) => {
    const seed: SeedContext = { ...inTransaction(ctx, tx), now: () => seededAt, seededAt, passwordHash };
    for (const seeder of seeders) await seeder(seed);
  });
  return true;
}
