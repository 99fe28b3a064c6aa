import { eq, inArray } from 'drizzle-orm';
import { actingAs, actorOf, type ServiceContext } from '../../lib/context';
import { closeDay, decideRefund, drawDown, requestRefund, takeReceipt } from '../../modules/billing-payments';
import { billableServices, charges, payers, users } from '../schema';
import type { SeedContext } from './context';

/*
 * The cashier's money (docs/areas/billing-payments.md), made through the services as the cashier
 * and the administrator would. Yesterday Ngozi Eze took a payment by each method and a deposit on
 * admission, and closed her day ₦500 short; an administrator approved a refund from the deposit,
 * and part of it was drawn down against the stay. Today she has taken cash, a transfer and a POS
 * payment; Ibrahim Musa still owes, and a refund waits for approval. A second cashier, Kemi
 * Adewale (cashier2@carepoint.example), has an empty day: the browser test closes hers, leaving
 * the demo cashier's day open.
 *
 * The charges are manual ones (source 'manual', with a reason) at the self-pay general
 * consultation's and bed-day's prices: the charges' own seed makes the care's charges.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

type Seeded = { admin: ServiceContext; cashier: ServiceContext; yesterday: ServiceContext };

/** A manual self-pay charge of `amount` kobo to the patient, for care the day before the seed. */
async function manualCharge(ctx: SeedContext, patientId: string, amount: number, description: string) {
  const [selfPay] = await ctx.db.select({ id: payers.id }).from(payers).where(eq(payers.kind, 'self-pay'));
  const [service] = await ctx.db
    .select({ id: billableServices.id })
    .from(billableServices)
    .where(eq(billableServices.code, 'CONS-GP'));
  if (!selfPay || !service) throw new Error('self-pay or CONS-GP missing');
  await ctx.db.insert(charges).values({
    patientId,
    payerId: selfPay.id,
    serviceId: service.id,
    description,
    source: 'manual',
    reason: 'Demo charge for the cashier (docs/areas/billing-payments.md)',
    careDate: new Date(ctx.seededAt.getTime() - DAY_MS).toISOString().slice(0, 10),
    quantity: 1,
    unitPrice: amount,
    amount,
    payerAmount: 0,
    patientAmount: amount,
    basis: 'list',
  });
}

async function people(ctx: SeedContext) {
  await ctx.db.insert(users).values({
    role: 'cashier',
    firstName: 'Kemi',
    lastName: 'Adewale',
    email: 'cashier2@carepoint.example',
    phone: '+234 801 000 0008',
    passwordHash: ctx.passwordHash,
  });
  const rows = await ctx.db
    .select()
    .from(users)
    .where(
      inArray(users.email, [
        'admin@carepoint.example',
        'cashier@carepoint.example',
        'segun.alabi@carepoint.example',
        'funmilayo.ajayi@carepoint.example',
        'amaka.uche@carepoint.example',
        'ibrahim.musa@carepoint.example',
        'halima.sani@carepoint.example',
      ]),
    );
  const by = (email: string) => {
    const row = rows.find((r) => r.email === email);
    if (!row) throw new Error(`${email} missing`);
    return row;
  };
  return {
    admin: by('admin@carepoint.example'),
    cashier: by('cashier@carepoint.example'),
    segun: by('segun.alabi@carepoint.example').id,
    funmilayo: by('funmilayo.ajayi@carepoint.example').id,
    amaka: by('amaka.uche@carepoint.example').id,
    ibrahim: by('ibrahim.musa@carepoint.example').id,
    halima: by('halima.sani@carepoint.example').id,
  };
}

let keyCount = 0;
const pay = (
  ctx: ServiceContext,
  kind: 'payment' | 'deposit',
  patientId: string,
  amount: number,
  method: 'cash' | 'transfer' | 'pos',
  reference: string | null = null,
) => {
  keyCount += 1;
  return takeReceipt(ctx, kind, patientId, { amount, method, reference }, `demo-${keyCount}`).then(
    (r) => r.result,
  );
};

async function yesterdaysDay({ admin, cashier, yesterday }: Seeded, p: Awaited<ReturnType<typeof people>>) {
  await pay(yesterday, 'payment', p.segun, 1_000_000, 'cash');
  await pay(yesterday, 'payment', p.funmilayo, 1_500_000, 'transfer', 'TRF-88120931');
  await pay(yesterday, 'payment', p.segun, 500_000, 'pos', 'POS-204417');
  const deposit = await pay(yesterday, 'deposit', p.amaka, 5_000_000, 'cash');
  // Counted ₦500 short of the ₦60,000 cash taken.
  await closeDay(yesterday, { countedCash: 5_950_000, day: deposit.day });
  const refund = await requestRefund(yesterday, deposit.id, {
    amount: 1_000_000,
    reason: 'Planned two-night stay became one night; the family asked for the difference',
  });
  await decideRefund(admin, refund.id, { status: 'approved' });
  // Today: the stay's bill is settled from what is left of the deposit.
  await drawDown(cashier, p.amaka, 2_000_000);
}

async function todaysDay({ cashier }: Seeded, p: Awaited<ReturnType<typeof people>>) {
  await pay(cashier, 'payment', p.ibrahim, 1_000_000, 'cash');
  await pay(cashier, 'payment', p.segun, 500_000, 'pos', 'POS-204981');
  await pay(cashier, 'payment', p.halima, 800_000, 'transfer', 'TRF-88121457');
  const deposit = await pay(cashier, 'deposit', p.halima, 2_000_000, 'cash');
  await requestRefund(cashier, deposit.id, {
    amount: 500_000,
    reason: 'Paid the deposit twice by mistake at the desk; asked for part back',
  });
}

/** The cashier's demo day: see the comment at the top. */
export async function seedBillingPayments(ctx: SeedContext) {
  const p = await people(ctx);
  await manualCharge(ctx, p.segun, 2_500_000, 'Consultations (demo)');
  await manualCharge(ctx, p.funmilayo, 1_500_000, 'Consultation (demo)');
  await manualCharge(ctx, p.amaka, 3_000_000, 'Bed-days, General Ward (demo)');
  await manualCharge(ctx, p.ibrahim, 3_000_000, 'Consultations and dressing (demo)');
  await manualCharge(ctx, p.halima, 1_200_000, 'Consultation (demo)');
  const cashier = actingAs(ctx, actorOf(p.cashier));
  const earlier = new Date(ctx.seededAt.getTime() - DAY_MS);
  const seeded = {
    admin: actingAs(ctx, actorOf(p.admin)),
    cashier,
    yesterday: { ...cashier, now: () => earlier },
  };
  await yesterdaysDay(seeded, p);
  await todaysDay(seeded, p);
}
