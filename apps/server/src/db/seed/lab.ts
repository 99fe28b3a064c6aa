import {
  fromLocalDateTime,
  type LabOrder,
  type LabPriority,
  type SpecimenRejectionReason,
} from '@carepoint/contract';
import { eq, inArray } from 'drizzle-orm';
import { type Actor, actingAs, actorOf } from '../../lib/context';
import { facilityDay } from '../../lib/facility-time';
import {
  cancelOrder,
  collectSpecimen,
  placeOrder,
  receiveSpecimen,
  rejectSpecimen,
} from '../../modules/lab-orders';
import { fileResult, shareLabOrder, verifyOrder } from '../../modules/lab-results';
import { labTests, users } from '../schema';
import type { SeedContext } from './context';

/*
 * The laboratory's demo work, made through the lab's own services (ordering, collection,
 * receipt, rejection, filing, verification, sharing), each step at its own time in the past, so
 * every row obeys the rules the API enforces and the audit trail tells the same story.
 *
 * - One patient of the demo doctor with type 2 diabetes and chronic kidney disease has a review
 *   every six weeks or so over nine months: HbA1c with a full blood count (one EDTA tube) and
 *   electrolytes, urea and creatinine (one serum tube). Their HbA1c falls but stays high, the
 *   creatinine, urea and potassium creep up and the haemoglobin down (the anaemia of kidney
 *   disease). Each panel is verified by a second scientist and shared, so the chart draws trends
 *   and the patient's My Results lists them.
 * - Today's worklist holds an order in every state: waiting for its specimen (one of them after a
 *   haemolysed specimen was rejected), collected (a glucose, a creatinine, a haemoglobin),
 *   received, in progress, and resulted (waiting for verification); one verified a few days ago,
 *   one cancelled; STAT, Urgent and Routine mixed.
 * - A critical potassium verified minutes before the seed: the demo doctor's dashboard shows its
 *   alert, unacknowledged. It is not escalated yet (that waits for the lab's escalation time,
 *   30 minutes by default, after its release): left alone, it then reaches the administrators'
 *   dashboard as the escalation rule says.
 *
 * The lab scientist enters the values and Musa Danjuma verifies them (the lab's default rule:
 * another scientist verifies). The patients are none the browser tests order for, and none is
 * admitted (a ward's nurse would find their orders to collect).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const DOCTOR = 'doctor@carepoint.example';
const SCIENTIST = 'lab@carepoint.example';
const VERIFIER = 'musa.danjuma@carepoint.example';
const REVIEWED = 'segun.alabi@carepoint.example';

type Values = Record<string, number | string>;

/** How far an order went: its last step, with what that step needs. */
type Outcome =
  | { reached: 'Ordered' }
  | { reached: 'Collected' }
  | { reached: 'Received' }
  | { reached: 'Cancelled'; cancelReason: string }
  | { reached: 'Rejected'; rejection: { reason: SpecimenRejectionReason; note: string } }
  /** The values filed: some of them for In Progress, all from Resulted on. */
  | { reached: 'In Progress' | 'Resulted'; values: Values }
  | {
      reached: 'Verified';
      values: Values;
      /** Verified this long before the seed (else at its priority's pace). */
      verifiedAgo?: number;
      /** The ordering doctor shared it with the patient (My Results). */
      shared?: true;
    };

type DemoOrder = Outcome & {
  patient: string;
  /** Catalogue codes; the tests of one tube make one order. */
  tests: string[];
  priority: LabPriority;
  note: string;
};

/** The steps' times after ordering at Urgent pace: collection, receipt, filing, verification. */
const AFTER = { collect: 15 * MINUTE, receive: 35 * MINUTE, file: 75 * MINUTE, verify: 90 * MINUTE };
/** How much faster or slower than AFTER each priority goes (so turnaround figures differ by priority). */
const PACE: Record<LabPriority, number> = { STAT: 0.5, Urgent: 1, Routine: 1.25 };

/** The worklist's orders, oldest first, each ordered `orderedAgo` before the seed. */
const RECENT: Array<DemoOrder & { orderedAgo: number }> = [
  {
    patient: 'hadiza.umar@carepoint.example',
    tests: ['MP'],
    priority: 'Urgent',
    note: 'Fever and chills for three days',
    orderedAgo: 3 * DAY,
    reached: 'Verified',
    values: { MP: 'Positive' },
  },
  {
    patient: 'kunle.afolabi@carepoint.example',
    tests: ['LFT'],
    priority: 'Routine',
    note: 'On methotrexate: three-monthly liver monitoring',
    orderedAgo: 7 * HOUR,
    reached: 'In Progress',
    values: { ALT: 62, AST: 51, ALP: 118 },
  },
  {
    patient: 'efe.okoro@carepoint.example',
    tests: ['FBC'],
    priority: 'Urgent',
    note: 'Productive cough and fever, ?pneumonia',
    orderedAgo: 5 * HOUR,
    reached: 'Resulted',
    values: {
      HB: 13.8,
      PCV: 41,
      WBC: 14.6,
      PLT: 318,
      RBC: 4.72,
      MCV: 87,
      MCH: 29.2,
      MCHC: 33.7,
      NEUT: 84,
      LYMPH: 11,
    },
  },
  {
    patient: 'nneka.obiora@carepoint.example',
    tests: ['ELEC'],
    priority: 'Urgent',
    note: 'Vomiting for two days, on furosemide',
    orderedAgo: 4 * HOUR,
    reached: 'Rejected',
    rejection: { reason: 'Haemolysed', note: 'Potassium cannot be reported on this sample: please redraw' },
  },
  {
    patient: 'funmilayo.ajayi@carepoint.example',
    tests: ['CREAT', 'UREA'],
    priority: 'Urgent',
    note: 'Started lisinopril two weeks ago',
    orderedAgo: 3 * HOUR,
    reached: 'Collected',
  },
  {
    patient: 'gbenga.ishola@carepoint.example',
    tests: ['K'],
    priority: 'STAT',
    note: 'Muscle weakness; on spironolactone and ramipril',
    orderedAgo: 2 * HOUR,
    reached: 'Verified',
    values: { K: 6.6 },
    verifiedAgo: 5 * MINUTE,
  },
  {
    patient: 'folake.adewale@carepoint.example',
    tests: ['HB'],
    priority: 'Routine',
    note: 'Tiredness and heavy periods',
    orderedAgo: 2 * HOUR,
    reached: 'Collected',
  },
  {
    patient: 'yusuf.garba@carepoint.example',
    tests: ['MRDT', 'MP'],
    priority: 'Urgent',
    note: 'Fever since yesterday, back from Kano',
    orderedAgo: 90 * MINUTE,
    reached: 'Received',
  },
  {
    patient: 'chinedu.okeke@carepoint.example',
    tests: ['UA'],
    priority: 'Routine',
    note: 'Dysuria',
    orderedAgo: 80 * MINUTE,
    reached: 'Cancelled',
    cancelReason: 'Treated on a dipstick in clinic: the urinalysis is no longer needed',
  },
  {
    patient: 'halima.sani@carepoint.example',
    tests: ['LIPID'],
    priority: 'Routine',
    note: 'Annual review, on atorvastatin',
    orderedAgo: 50 * MINUTE,
    reached: 'Ordered',
  },
  {
    patient: 'ibrahim.musa@carepoint.example',
    tests: ['RBS'],
    priority: 'STAT',
    note: 'Drowsy and sweaty, on insulin',
    orderedAgo: 30 * MINUTE,
    reached: 'Collected',
  },
];

interface Review {
  daysAgo: number;
  hba1c: number;
  creatinine: number;
  urea: number;
  k: number;
  hco3: number;
  hb: number;
  rbc: number;
  pcv: number;
}

/** The reviewed patient's visits, oldest first: the values a clinician would expect of them. */
const REVIEWS: readonly Review[] = [
  { daysAgo: 272, hba1c: 9.2, creatinine: 118, urea: 7.4, k: 4.7, hco3: 24, hb: 12.6, rbc: 4.36, pcv: 38 },
  { daysAgo: 227, hba1c: 8.8, creatinine: 124, urea: 7.9, k: 4.9, hco3: 23, hb: 12.4, rbc: 4.3, pcv: 37 },
  { daysAgo: 183, hba1c: 8.1, creatinine: 121, urea: 7.6, k: 4.8, hco3: 24, hb: 12.5, rbc: 4.33, pcv: 38 },
  { daysAgo: 136, hba1c: 7.9, creatinine: 133, urea: 8.4, k: 5.2, hco3: 22, hb: 12.0, rbc: 4.16, pcv: 36 },
  { daysAgo: 92, hba1c: 7.6, creatinine: 140, urea: 8.9, k: 5.3, hco3: 21, hb: 11.7, rbc: 4.06, pcv: 35 },
  { daysAgo: 48, hba1c: 7.4, creatinine: 149, urea: 9.6, k: 5.5, hco3: 21, hb: 11.4, rbc: 3.95, pcv: 34 },
  { daysAgo: 9, hba1c: 7.1, creatinine: 156, urea: 10.3, k: 5.6, hco3: 20, hb: 11.1, rbc: 3.86, pcv: 33 },
];

/** A visit's values; the red cell indices computed from the counts they rest on, so they agree. */
function reviewValues(r: Review, n: number): Values {
  const wave = (values: readonly number[]) => values[n % values.length] ?? values[0] ?? 0;
  return {
    HBA1C: r.hba1c,
    HB: r.hb,
    PCV: r.pcv,
    RBC: r.rbc,
    MCV: (r.pcv / r.rbc) * 10,
    MCH: (r.hb / r.rbc) * 10,
    MCHC: (r.hb / r.pcv) * 100,
    WBC: wave([6.8, 7.2, 6.4, 7.9, 6.9]),
    PLT: wave([245, 262, 238, 251, 229]),
    NEUT: wave([58, 61, 55, 63, 60]),
    LYMPH: wave([32, 29, 34, 28, 30]),
    NA: wave([139, 138, 140, 137, 136]),
    K: r.k,
    CL: wave([103, 104, 102, 105]),
    HCO3: r.hco3,
    UREA: r.urea,
    CREAT: r.creatinine,
  };
}

const REVIEW_TESTS = ['HBA1C', 'FBC', 'ELEC', 'UREA', 'CREAT'];

interface Catalogue {
  idOf(code: string): string;
  /** The code's test takes its value from this order's tube (same specimen type and container). */
  inTube(code: string, order: LabOrder): boolean;
}

async function loadCatalogue(ctx: SeedContext): Promise<Catalogue> {
  const rows = await ctx.db
    .select({
      id: labTests.id,
      code: labTests.code,
      specimenType: labTests.specimenType,
      container: labTests.container,
    })
    .from(labTests);
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const find = (code: string) => {
    const test = byCode.get(code);
    if (!test) throw new Error(`the lab catalogue has no ${code}`);
    return test;
  };
  return {
    idOf: (code) => find(code).id,
    inTube: (code, order) => {
      const test = find(code);
      return test.specimenType === order.specimenType && test.container === order.container;
    },
  };
}

export async function seedLab(ctx: SeedContext) {
  const people = await ctx.db
    .select()
    .from(users)
    .where(inArray(users.email, [DOCTOR, SCIENTIST, VERIFIER]));
  const person = (email: string) => {
    const found = people.find((p) => p.email === email);
    if (!found) throw new Error(`the demo account ${email} is missing`);
    return actorOf(found);
  };
  const catalogue = await loadCatalogue(ctx);
  const doctor = person(DOCTOR);
  const scientist = person(SCIENTIST);
  const verifier = person(VERIFIER);
  /** The service context of `actor` with the clock at `at` (epoch ms): each step at its own time. */
  const as = (actor: Actor, at: number) => ({ ...actingAs(ctx, actor), now: () => new Date(at) });
  const patientId = async (email: string) => {
    const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!row) throw new Error(`the demo patient ${email} is missing`);
    return row.id;
  };

  /** Orders, then walks each of the requisition's orders as far as `plan.reached`. */
  async function run(plan: DemoOrder, orderedAt: number) {
    const { orders } = await placeOrder(as(doctor, orderedAt), {
      patientId: await patientId(plan.patient),
      testIds: plan.tests.map(catalogue.idOf),
      priority: plan.priority,
      clinicalNote: plan.note,
      confirmDuplicates: false,
    });
    const after = (step: keyof typeof AFTER) => orderedAt + AFTER[step] * PACE[plan.priority];
    for (const order of orders) {
      if (plan.reached === 'Ordered') continue;
      if (plan.reached === 'Cancelled') {
        await cancelOrder(as(doctor, after('collect')), order.id, { reason: plan.cancelReason });
        continue;
      }
      const collected = await collectSpecimen(as(scientist, after('collect')), order.id);
      if (plan.reached === 'Collected') continue;
      await receiveSpecimen(as(scientist, after('receive')), order.id);
      if (plan.reached === 'Received') continue;
      if (plan.reached === 'Rejected') {
        await rejectSpecimen(as(scientist, after('file')), order.id, plan.rejection);
        continue;
      }
      const specimenId = collected.specimen?.id;
      if (!specimenId) throw new Error('the collected order has no specimen');
      for (const [code, value] of Object.entries(plan.values)) {
        if (!catalogue.inTube(code, order)) continue;
        await fileResult(as(scientist, after('file')), {
          specimenId,
          testId: catalogue.idOf(code),
          value,
          source: 'manual',
        });
      }
      if (plan.reached !== 'Verified') continue;
      const verifiedAt =
        plan.verifiedAgo === undefined ? after('verify') : ctx.seededAt.getTime() - plan.verifiedAgo;
      await verifyOrder(as(verifier, verifiedAt), order.id);
      if (plan.shared) await shareLabOrder(as(doctor, verifiedAt + HOUR), order.id, { shared: true });
    }
  }

  // The reviews, each on its day's morning clinic, before today's work (accession numbers follow time).
  const tz = ctx.config.TIME_ZONE;
  for (const [n, review] of REVIEWS.entries()) {
    const { date } = facilityDay(new Date(ctx.seededAt.getTime() - review.daysAgo * DAY), tz);
    const orderedAt = fromLocalDateTime(date, 9 * 60 + 30, tz).getTime();
    await run(
      {
        patient: REVIEWED,
        tests: REVIEW_TESTS,
        priority: 'Routine',
        note: 'Type 2 diabetes with chronic kidney disease: six-weekly review',
        reached: 'Verified',
        values: reviewValues(review, n),
        shared: true,
      },
      orderedAt,
    );
  }
  for (const plan of RECENT) await run(plan, ctx.seededAt.getTime() - plan.orderedAgo);
}
