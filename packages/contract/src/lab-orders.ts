import { z } from 'zod';
import { GENDERS } from './clinical';
import { requiredMultilineText } from './common';
import {
  LAB_ORDER_STATES,
  LAB_PRIORITIES,
  type LabOrderState,
  SPECIMEN_REJECTION_REASONS,
  SPECIMEN_TYPE_CODES,
} from './lab';
import { INVALID_TEXT_MESSAGE, isCleanText } from './text';

/*
 * Lab orders and specimens (docs/areas/lab-orders.md): a doctor orders tests from the chart, an
 * appointment or a stay; the lab (or a nurse on the patient's ward) collects the specimen, which
 * gets an accession number and a label; the lab receives it or rejects it with a reason.
 *
 *   GET  /api/lab/tests?search=                     the active catalogue to order from      [labTestOptionsQuerySchema -> labTestOptionListSchema]
 *   POST /api/lab/orders                            order tests for a patient (doctor)      [labOrderInputSchema -> labRequisitionSchema]
 *   GET  /api/lab/worklist?state=&priority=&page=   the lab's worklist                      [labWorklistQuerySchema -> labWorklistPageSchema]
 *   GET  /api/lab/patients/:patientId/orders        one patient's orders (chart, stay page) [labPatientOrdersQuerySchema -> labOrderListSchema]
 *   POST /api/lab/orders/:id/collect                the specimen is taken (lab, nurse)      [-> labOrderSchema]
 *   POST /api/lab/orders/:id/receive                the lab has it                          [-> labOrderSchema]
 *   POST /api/lab/orders/:id/reject                 it cannot be tested                     [rejectSpecimenSchema -> labOrderSchema]
 *   POST /api/lab/orders/:id/cancel                 no longer wanted (doctor, lab)          [cancelLabOrderSchema -> labOrderSchema]
 *   GET  /api/lab/orders/:id/label.pdf              the tube's label (50 × 25 mm)
 *   GET  /api/lab/events                            Server-Sent Events, topic `lab`
 */

/** How many catalogue entries one ordering may ask for at once. */
export const LAB_ORDER_MAX_TESTS = 30;
const NOTE_MAX = 1000;
const REASON_MAX = 500;
/** The worklist's page: a bench's screenful. */
export const LAB_WORKLIST_PAGE_SIZE = 50;
/** The label's size in millimetres (a common tube label). */
export const LAB_LABEL_SIZE_MM = { width: 50, height: 25 } as const;
export const LAB_EVENTS_PATH = '/api/lab/events';

export const LAB_ORDER_MESSAGES = {
  patient: 'Choose a patient',
  tests: 'Choose at least one test',
  tooManyTests: `At most ${LAB_ORDER_MAX_TESTS} tests in one order`,
  testTwice: 'A test is chosen twice',
  priority: 'Choose a priority: STAT, Urgent or Routine',
  clinicalNote: `The clinical note must be at most ${NOTE_MAX} characters`,
  testNotFound: 'A chosen test is not in the catalogue',
  testInactive: 'A chosen test is no longer offered by the laboratory',
  patientNotFound: 'Patient not found',
  stayNotFound: 'Stay not found',
  stayNotOpen: 'The stay is not open: order from the chart instead',
  appointmentNotFound: 'Appointment not found',
  orderNotFound: 'Lab order not found',
  notCollectable: 'This order is not waiting for a specimen',
  alreadyCollected: 'The specimen of this order has already been collected',
  notReceivable: 'Only a collected specimen can be received',
  notRejectable: 'Only a specimen collected or received, and not yet tested, can be rejected',
  notCancellable: 'This order has results or is already cancelled',
  cancelNotYours: 'Only the ordering doctor or the laboratory may cancel this order',
  noSpecimen: 'No specimen has been collected for this order',
  rejectionReason: 'Choose why the specimen is rejected',
  rejectionNote: `The note must be at most ${REASON_MAX} characters`,
  cancelReason: 'Give a reason for cancelling',
  state: `State must be open or one of: ${LAB_ORDER_STATES.join(', ')}`,
  search: 'Search is too long',
  loadFailed: 'Could not load the lab orders',
  testsLoadFailed: 'Could not load the lab tests',
  saveFailed: 'Could not order the tests',
  ordered: 'Lab tests ordered',
  collected: 'Specimen collected',
  received: 'Specimen received',
  rejected: 'Specimen rejected: the order waits for a new one',
  cancelled: 'Lab order cancelled',
} as const;

/** The 409 a doctor confirms: the tests already waiting for this patient, named. */
export const LAB_DUPLICATE_CODE = 'LAB_DUPLICATE_CONFIRM';
export const labDuplicateMessage = (names: readonly string[]) =>
  `Already pending for this patient: ${names.join(', ')}. Confirm to order again.`;

/** The worklist's filter: every open state (the default), or one state. */
export const LAB_WORKLIST_FILTERS = ['open', ...LAB_ORDER_STATES.filter((s) => s !== 'Cancelled')] as const;
export type LabWorklistFilter = (typeof LAB_WORKLIST_FILTERS)[number];

/** The label's accession as printed and scanned: "LAB-2030-000042". */
export const LAB_ACCESSION_PREFIX = 'LAB';

/** Where an order in a state can go next, for the screens' actions (the server checks the same). */
export const LAB_COLLECTABLE: readonly LabOrderState[] = ['Ordered'];
export const LAB_RECEIVABLE: readonly LabOrderState[] = ['Collected'];
export const LAB_REJECTABLE: readonly LabOrderState[] = ['Collected', 'Received'];
export const LAB_CANCELLABLE: readonly LabOrderState[] = ['Ordered', 'Collected', 'Received'];

// ---------------------------------------------------------------- input

const cleanText = (max: number, message: string) =>
  z.string({ error: message }).trim().max(max, message).refine(isCleanText, INVALID_TEXT_MESSAGE);

const idOf = (message: string) => z.uuid({ error: message });

/** New order: the patient, one or more catalogue entries, the priority, a clinical note; where it was ordered. */
export const labOrderInputSchema = z.object({
  patientId: idOf(LAB_ORDER_MESSAGES.patient),
  testIds: z
    .array(idOf(LAB_ORDER_MESSAGES.tests), { error: LAB_ORDER_MESSAGES.tests })
    .min(1, LAB_ORDER_MESSAGES.tests)
    .max(LAB_ORDER_MAX_TESTS, LAB_ORDER_MESSAGES.tooManyTests)
    .refine((ids) => new Set(ids).size === ids.length, LAB_ORDER_MESSAGES.testTwice),
  priority: z.enum(LAB_PRIORITIES, { error: LAB_ORDER_MESSAGES.priority }),
  clinicalNote: cleanText(NOTE_MAX, LAB_ORDER_MESSAGES.clinicalNote).default(''),
  stayId: z.uuid({ error: LAB_ORDER_MESSAGES.stayNotFound }).nullish(),
  appointmentId: z.uuid({ error: LAB_ORDER_MESSAGES.appointmentNotFound }).nullish(),
  /** The doctor saw the duplicate warning and orders anyway. */
  confirmDuplicates: z.boolean({ error: 'Must be true or false' }).default(false),
});
export type LabOrderInput = z.input<typeof labOrderInputSchema>;
export type LabOrderData = z.output<typeof labOrderInputSchema>;

export const labTestOptionsQuerySchema = z.object({
  search: cleanText(100, LAB_ORDER_MESSAGES.search).optional(),
});

export const labWorklistQuerySchema = z.object({
  state: z.enum(LAB_WORKLIST_FILTERS, { error: LAB_ORDER_MESSAGES.state }).default('open'),
  priority: z.enum(LAB_PRIORITIES, { error: LAB_ORDER_MESSAGES.priority }).optional(),
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'Limit must be 1 or more')
    .max(100, 'Limit must be at most 100')
    .default(LAB_WORKLIST_PAGE_SIZE),
});
export type LabWorklistQuery = z.input<typeof labWorklistQuerySchema>;

export const labPatientOrdersQuerySchema = z.object({
  /** Only the orders still waiting on the laboratory (the stay page's collection list). */
  open: z
    .enum(['true', 'false'], { error: 'Open must be true or false' })
    .transform((v) => v === 'true')
    .default(false),
});

export const rejectSpecimenSchema = z.object({
  reason: z.enum(SPECIMEN_REJECTION_REASONS, { error: LAB_ORDER_MESSAGES.rejectionReason }),
  note: cleanText(REASON_MAX, LAB_ORDER_MESSAGES.rejectionNote).default(''),
});
export type RejectSpecimenInput = z.input<typeof rejectSpecimenSchema>;

export const cancelLabOrderSchema = z.object({
  reason: requiredMultilineText(LAB_ORDER_MESSAGES.cancelReason, REASON_MAX),
});
export type CancelLabOrderInput = z.input<typeof cancelLabOrderSchema>;

/** The label opens in a tab to print (inline) or downloads (attachment). */
export const labLabelQuerySchema = z.object({
  disposition: z
    .enum(['attachment', 'inline'], { error: 'Disposition must be attachment or inline' })
    .default('attachment'),
});

export const labOrderIdParamSchema = z.object({ id: z.uuid({ error: LAB_ORDER_MESSAGES.orderNotFound }) });
export const labPatientIdParamSchema = z.object({
  patientId: z.uuid({ error: LAB_ORDER_MESSAGES.patientNotFound }),
});

// ---------------------------------------------------------------- answers

const personSchema = z.object({ id: z.string(), name: z.string() });

export const labTestOptionSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  loincCode: z.string(),
  kind: z.enum(['test', 'panel']),
  specimenType: z.enum(SPECIMEN_TYPE_CODES),
  container: z.string(),
  turnaroundMinutes: z.number().int(),
});
export type LabTestOption = z.infer<typeof labTestOptionSchema>;
export const labTestOptionListSchema = z.object({ data: z.array(labTestOptionSchema) });

const rejectionSchema = z.object({
  accession: z.string(),
  reason: z.enum(SPECIMEN_REJECTION_REASONS),
  note: z.string().nullable(),
  rejectedAt: z.string(),
  rejectedBy: personSchema,
});
export type LabRejection = z.infer<typeof rejectionSchema>;

/** One order (one specimen's worth of tests), as the worklist, the chart and the stay page show it. */
export const labOrderSchema = z.object({
  id: z.string(),
  requisitionId: z.string(),
  patient: z.object({
    id: z.string(),
    name: z.string(),
    recordNumber: z.string(),
    age: z.number().int().nullable(),
    gender: z.enum(GENDERS).nullable(),
  }),
  tests: z.array(z.object({ id: z.string(), code: z.string(), name: z.string() })),
  specimenType: z.enum(SPECIMEN_TYPE_CODES),
  container: z.string(),
  priority: z.enum(LAB_PRIORITIES),
  state: z.enum(LAB_ORDER_STATES),
  clinicalNote: z.string().nullable(),
  requester: personSchema,
  stayId: z.string().nullable(),
  appointmentId: z.string().nullable(),
  orderedAt: z.string(),
  /** Minutes from ordering to now (to the last change once verified or cancelled). */
  waitedMinutes: z.number().int(),
  /** The smallest turnaround target among the order's tests. */
  targetMinutes: z.number().int(),
  specimen: z
    .object({
      id: z.string(),
      accession: z.string(),
      collectedAt: z.string(),
      collectedBy: personSchema,
      receivedAt: z.string().nullable(),
    })
    .nullable(),
  /** The last rejected specimen, while the order waits for a new one (or always, on the chart). */
  lastRejection: rejectionSchema.nullable(),
  cancelled: z.object({ at: z.string(), by: personSchema, reason: z.string().nullable() }).nullable(),
});
export type LabOrder = z.infer<typeof labOrderSchema>;

export const labOrderListSchema = z.object({ data: z.array(labOrderSchema) });
export type LabOrderList = z.infer<typeof labOrderListSchema>;

export const labWorklistPageSchema = z.object({
  data: z.array(labOrderSchema),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
    totalIsLowerBound: z.boolean(),
    prevPage: z.number().int().nullable(),
    nextPage: z.number().int().nullable(),
  }),
});
export type LabWorklistPage = z.infer<typeof labWorklistPageSchema>;

/** What an ordering made: the orders (one per container) sharing a requisition. */
export const labRequisitionSchema = z.object({
  requisitionId: z.string(),
  orders: z.array(labOrderSchema),
});
export type LabRequisition = z.infer<typeof labRequisitionSchema>;

/** Over its turnaround target: the worklist highlights it. */
export const overTarget = (order: Pick<LabOrder, 'waitedMinutes' | 'targetMinutes' | 'state'>) =>
  order.state !== 'Verified' && order.state !== 'Cancelled' && order.waitedMinutes > order.targetMinutes;

/** "45 min", "3 h 05", "2 d 4 h": a waited time or a target, short enough for a table cell. */
export function formatWaited(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m} min`;
  if (m < 24 * 60) return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')}`;
  const days = Math.floor(m / (24 * 60));
  const hours = Math.floor((m % (24 * 60)) / 60);
  return hours ? `${days} d ${hours} h` : `${days} d`;
}
