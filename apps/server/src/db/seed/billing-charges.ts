import { addDays } from '@carepoint/contract';
import { eq } from 'drizzle-orm';
import { actingAs, actorOf } from '../../lib/context';
import { facilityDate } from '../../lib/facility-time';
import { addCharge, chargeCareSoFar, voidCharge } from '../../modules/billing';
import { users } from '../schema';
import type { SeedContext } from './context';

/*
 * The demo's bills (docs/areas/billing-charges.md#demo-data): the real charge functions run over
 * the care the other seeders made before the price lists existed (completed appointments, the
 * stays' nights so far, lab orders, dispenses), then the cashier adds one charge by hand and
 * voids one entered twice. Deterministic: the seed's clock, the first demo patient.
 */
export async function seedBillingCharges(ctx: SeedContext) {
  await chargeCareSoFar(ctx);
  const [cashier] = await ctx.db.select().from(users).where(eq(users.email, 'cashier@carepoint.example'));
  const [patient] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'patient@carepoint.example'));
  if (!cashier || !patient) return;
  const asCashier = actingAs(ctx, actorOf(cashier));
  const yesterday = addDays(facilityDate(ctx.seededAt, ctx.config.TIME_ZONE), -1);
  const dressing = {
    description: 'Wound dressing pack',
    unitPrice: 250_000,
    quantity: 1,
    careDate: yesterday,
    reason: 'Dressing changed at the front desk; not on the price list',
  };
  await addCharge(asCashier, patient.id, dressing);
  const twice = await addCharge(asCashier, patient.id, dressing);
  await voidCharge(asCashier, twice.id, 'Entered twice');
}
