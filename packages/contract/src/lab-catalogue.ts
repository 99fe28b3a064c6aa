import { z } from 'zod';
import { GENDERS } from './clinical';
import { listQuerySchema, pageOf, requiredText } from './common';
import { LAB_RESULT_TYPES, LAB_TEST_KINDS, SPECIMEN_TYPE_CODES } from './lab';

/*
 * The laboratory's test catalogue (docs/areas/lab-catalogue.md): tests and panels with their
 * LOINC codes, specimen and container, result type, reference ranges by sex and age band,
 * critical limits, turnaround target and price. The administrator manages it; every member of
 * staff reads its active entries (a doctor orders from it).
 */

export const LAB_CATALOGUE_MESSAGES = {
  loadFailed: 'Could not fetch lab tests',
  notFound: 'Lab test not found',
  codeRequired: 'Please provide a code for the test',
  codeFormat: 'Use letters, digits, dots, dashes or underscores, starting with a letter or digit',
  codeTaken: 'A lab test with this code already exists',
  nameRequired: 'Please provide a name for the test',
  loincRequired: 'Please provide the LOINC code',
  loincFormat: 'A LOINC code is digits, a dash and a check digit, such as 2823-3',
  loincCheckDigit: 'This LOINC code has a wrong check digit',
  specimenRequired: 'Choose a specimen type',
  containerRequired: 'Please name the tube or pot',
  resultTypeRequired: 'Choose the result type',
  panelHasNoResult: 'A panel has no result type of its own: its member tests carry the results',
  unitRequired: 'A number result needs its UCUM unit (mmol/L, g/dL, 10*9/L)',
  unitFormat: 'Write the unit in UCUM, without spaces (mmol/L, g/dL, 10*9/L, %)',
  unitOnlyForNumbers: 'Only a number result has a unit',
  decimalsRange: 'Decimals must be between 0 and 4',
  choicesRequired: 'A choice result needs at least two answers',
  choicesUnique: 'Each answer must be different',
  abnormalNotAChoice: 'An abnormal answer must be one of the answers',
  choicesOnlyForChoice: 'Only a choice result has answers',
  turnaroundRange: 'Turnaround must be between 1 minute and 30 days',
  priceRange: 'Price must be a whole number of kobo between 0 and ₦10,000,000',
  rangesOnlyForNumbers: 'Only a number result has reference ranges',
  rangeAges: 'The age band must end after it starts',
  rangeBounds: 'The low limit must not be above the high limit',
  rangeEmpty: 'Give at least one limit',
  criticalLowAboveLow: 'The critical low must not be above the low limit',
  criticalHighBelowHigh: 'The critical high must not be below the high limit',
  criticalBounds: 'The critical low must be below the critical high',
  rangesOverlap: 'Two ranges cover the same sex and ages',
  membersRequired: 'A panel needs at least one member test',
  membersUnique: 'Each member test is listed once',
  membersOnlyForPanels: 'Only a panel has member tests',
  memberNotATest: 'A panel holds tests only, never a panel or itself',
  memberInactive: 'A panel holds active tests only; reactivate the test first',
  kindFixed: 'A test cannot become a panel, nor a panel a test; add a new entry instead',
  usedByPanel: 'This test is part of an active panel; remove it from the panel or deactivate the panel first',
  panelMembersInactive: 'This panel holds an inactive test; reactivate it or remove it from the panel first',
  added: 'Lab test added',
  updated: 'Lab test updated',
  deactivated: 'Lab test deactivated',
  reactivated: 'Lab test reactivated',
} as const;

// ---------------------------------------------------------------------------------------------
// LOINC codes
// ---------------------------------------------------------------------------------------------

/** A LOINC code as the catalogue stores it: up to seven digits, a dash, the check digit. */
const LOINC_PATTERN = /^\d{1,7}-\d$/;

/**
 * LOINC's check digit (the Mod 10 algorithm of the LOINC Users' Guide): from the right, the
 * digits in odd places are doubled and the digits of the products summed with the other digits;
 * the check digit takes that sum up to the next multiple of ten. (Doubling the number the odd
 * digits form, as the guide writes it, gives the same digit sum.)
 */
export function loincCheckDigit(body: string): number | undefined {
  if (!/^\d+$/.test(body)) return undefined;
  let sum = 0;
  [...body].reverse().forEach((char, index) => {
    const digit = Number(char);
    const value = index % 2 === 0 ? digit * 2 : digit;
    sum += value > 9 ? value - 9 : value;
  });
  return (10 - (sum % 10)) % 10;
}

/** Whether the text is a LOINC code whose check digit holds. */
export function isValidLoinc(code: string): boolean {
  if (!LOINC_PATTERN.test(code)) return false;
  const [body, check] = code.split('-');
  return body !== undefined && loincCheckDigit(body) === Number(check);
}

const loincField = z
  .string({ error: LAB_CATALOGUE_MESSAGES.loincRequired })
  .trim()
  .min(1, LAB_CATALOGUE_MESSAGES.loincRequired)
  .max(10, LAB_CATALOGUE_MESSAGES.loincFormat)
  .regex(LOINC_PATTERN, LAB_CATALOGUE_MESSAGES.loincFormat)
  .refine(isValidLoinc, LAB_CATALOGUE_MESSAGES.loincCheckDigit);

// ---------------------------------------------------------------------------------------------
// UCUM unit text
// ---------------------------------------------------------------------------------------------

/**
 * The case-sensitive UCUM unit as written (mmol/L, 10*9/L, mL/min/{1.73_m2}): printable ASCII
 * without spaces, brackets and braces balanced. The syntax only; the laboratory chooses the unit.
 */
export function isUcumText(unit: string): boolean {
  if (!/^[\x21-\x7e]{1,30}$/.test(unit)) return false;
  const open: string[] = [];
  const pairs: Record<string, string> = { ']': '[', '}': '{', ')': '(' };
  for (const char of unit) {
    if (char === '[' || char === '{' || char === '(') open.push(char);
    else if (pairs[char] && open.pop() !== pairs[char]) return false;
  }
  return open.length === 0;
}

// ---------------------------------------------------------------------------------------------
// Reference ranges
// ---------------------------------------------------------------------------------------------

/** The sexes a range can name (null: either); the patient's recorded gender picks it. */
const LAB_RANGE_SEXES = GENDERS.filter((g) => g === 'male' || g === 'female') as ['male', 'female'];
export type LabRangeSex = (typeof LAB_RANGE_SEXES)[number];

/** Age bands are whole days from birth: a year is 365 days here, a month 30. */
export const DAYS_PER_YEAR = 365;
const MAX_AGE_DAYS = 150 * DAYS_PER_YEAR;
const MAX_MEASURE = 1e9;

const limit = z
  .number({ error: 'Enter a number' })
  .min(-MAX_MEASURE, 'Too large')
  .max(MAX_MEASURE, 'Too large')
  .nullable()
  .default(null);

const labReferenceRangeSchema = z
  .object({
    sex: z.enum(LAB_RANGE_SEXES, { error: 'Choose male, female or either' }).nullable().default(null),
    ageFromDays: z.number().int('Whole days').min(0, 'Must be 0 or more').max(MAX_AGE_DAYS).default(0),
    ageToDays: z.number().int('Whole days').min(1).max(MAX_AGE_DAYS).nullable().default(null),
    low: limit,
    high: limit,
    criticalLow: limit,
    criticalHigh: limit,
  })
  .superRefine((r, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (r.ageToDays !== null && r.ageToDays <= r.ageFromDays)
      fail('ageToDays', LAB_CATALOGUE_MESSAGES.rangeAges);
    if (r.low === null && r.high === null && r.criticalLow === null && r.criticalHigh === null)
      fail('low', LAB_CATALOGUE_MESSAGES.rangeEmpty);
    if (r.low !== null && r.high !== null && r.low > r.high) fail('high', LAB_CATALOGUE_MESSAGES.rangeBounds);
    if (r.criticalLow !== null && r.low !== null && r.criticalLow > r.low)
      fail('criticalLow', LAB_CATALOGUE_MESSAGES.criticalLowAboveLow);
    if (r.criticalHigh !== null && r.high !== null && r.criticalHigh < r.high)
      fail('criticalHigh', LAB_CATALOGUE_MESSAGES.criticalHighBelowHigh);
    if (r.criticalLow !== null && r.criticalHigh !== null && r.criticalLow >= r.criticalHigh)
      fail('criticalHigh', LAB_CATALOGUE_MESSAGES.criticalBounds);
  });
export type LabReferenceRangeInput = z.input<typeof labReferenceRangeSchema>;
export type LabReferenceRange = z.output<typeof labReferenceRangeSchema>;

/** Whether two ranges hold a patient in common (the same sex or either, overlapping ages). */
function rangesOverlap(a: LabReferenceRange, b: LabReferenceRange) {
  if (a.sex !== b.sex) return false;
  const aEnd = a.ageToDays ?? Number.POSITIVE_INFINITY;
  const bEnd = b.ageToDays ?? Number.POSITIVE_INFINITY;
  return a.ageFromDays < bEnd && b.ageFromDays < aEnd;
}

/**
 * The range that applies to a patient: among those whose sex (or either) and age band hold the
 * patient, the one naming the sex before one for either, then the narrowest age band (of two
 * open-ended bands, the one starting later: "over 50" before "adult"). A patient
 * of unknown sex or age gets only ranges that do not need it.
 */
export function referenceRangeFor<R extends Pick<LabReferenceRange, 'sex' | 'ageFromDays' | 'ageToDays'>>(
  ranges: readonly R[],
  sex: string | null | undefined,
  ageInDays: number | null | undefined,
): R | undefined {
  const holds = (r: R) => {
    if (r.sex !== null && r.sex !== sex) return false;
    if (ageInDays === null || ageInDays === undefined) return r.ageFromDays === 0 && r.ageToDays === null;
    return ageInDays >= r.ageFromDays && (r.ageToDays === null || ageInDays < r.ageToDays);
  };
  const width = (r: R) => (r.ageToDays ?? Number.POSITIVE_INFINITY) - r.ageFromDays;
  return ranges
    .filter(holds)
    .sort(
      (a, b) =>
        Number(a.sex === null) - Number(b.sex === null) ||
        (width(a) === width(b) ? 0 : width(a) < width(b) ? -1 : 1) ||
        b.ageFromDays - a.ageFromDays,
    )[0];
}

// ---------------------------------------------------------------------------------------------
// An entry: save and answer
// ---------------------------------------------------------------------------------------------

const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const MAX_LAB_CHOICES = 20;
const MAX_LAB_RANGES = 20;
const MAX_PANEL_MEMBERS = 40;
/** ₦10,000,000 in kobo: no laboratory test costs more. */
const MAX_PRICE = 1_000_000_000;

const choiceText = requiredText('Please type the answer', 40);

/** Add Lab Test and Edit Lab Test: the whole entry, with its ranges and (a panel's) members. */
export const saveLabTestSchema = z
  .object({
    code: requiredText(LAB_CATALOGUE_MESSAGES.codeRequired, 20).refine(
      (code) => code === '' || CODE_PATTERN.test(code),
      LAB_CATALOGUE_MESSAGES.codeFormat,
    ),
    name: requiredText(LAB_CATALOGUE_MESSAGES.nameRequired, 120),
    loincCode: loincField,
    kind: z.enum(LAB_TEST_KINDS, { error: 'Choose test or panel' }),
    specimenType: z.enum(SPECIMEN_TYPE_CODES, { error: LAB_CATALOGUE_MESSAGES.specimenRequired }),
    container: requiredText(LAB_CATALOGUE_MESSAGES.containerRequired, 60),
    resultType: z
      .enum(LAB_RESULT_TYPES, { error: LAB_CATALOGUE_MESSAGES.resultTypeRequired })
      .nullable()
      .default(null),
    unit: z
      .string()
      .trim()
      .max(30, LAB_CATALOGUE_MESSAGES.unitFormat)
      .refine((u) => u === '' || isUcumText(u), LAB_CATALOGUE_MESSAGES.unitFormat)
      .nullable()
      .default(null)
      .transform((u) => (u ? u : null)),
    decimals: z
      .number()
      .int(LAB_CATALOGUE_MESSAGES.decimalsRange)
      .min(0, LAB_CATALOGUE_MESSAGES.decimalsRange)
      .max(4, LAB_CATALOGUE_MESSAGES.decimalsRange)
      .nullable()
      .default(null),
    choices: z.array(choiceText).max(MAX_LAB_CHOICES, `At most ${MAX_LAB_CHOICES} answers`).default([]),
    abnormalChoices: z
      .array(choiceText)
      .max(MAX_LAB_CHOICES, `At most ${MAX_LAB_CHOICES} answers`)
      .default([]),
    turnaroundMinutes: z
      .number({ error: LAB_CATALOGUE_MESSAGES.turnaroundRange })
      .int(LAB_CATALOGUE_MESSAGES.turnaroundRange)
      .min(1, LAB_CATALOGUE_MESSAGES.turnaroundRange)
      .max(43_200, LAB_CATALOGUE_MESSAGES.turnaroundRange),
    price: z
      .number({ error: LAB_CATALOGUE_MESSAGES.priceRange })
      .int(LAB_CATALOGUE_MESSAGES.priceRange)
      .min(0, LAB_CATALOGUE_MESSAGES.priceRange)
      .max(MAX_PRICE, LAB_CATALOGUE_MESSAGES.priceRange),
    ranges: z
      .array(labReferenceRangeSchema)
      .max(MAX_LAB_RANGES, `At most ${MAX_LAB_RANGES} ranges`)
      .default([]),
    memberIds: z
      .array(z.string().uuid(LAB_CATALOGUE_MESSAGES.memberNotATest))
      .max(MAX_PANEL_MEMBERS, `At most ${MAX_PANEL_MEMBERS} tests in a panel`)
      .default([]),
  })
  .superRefine((t, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (t.kind === 'panel') {
      if (t.resultType !== null) fail('resultType', LAB_CATALOGUE_MESSAGES.panelHasNoResult);
      if (t.memberIds.length === 0) fail('memberIds', LAB_CATALOGUE_MESSAGES.membersRequired);
    } else {
      if (t.resultType === null) fail('resultType', LAB_CATALOGUE_MESSAGES.resultTypeRequired);
      if (t.memberIds.length > 0) fail('memberIds', LAB_CATALOGUE_MESSAGES.membersOnlyForPanels);
    }
    if (new Set(t.memberIds).size !== t.memberIds.length)
      fail('memberIds', LAB_CATALOGUE_MESSAGES.membersUnique);
    if (t.resultType === 'quantity') {
      if (t.unit === null) fail('unit', LAB_CATALOGUE_MESSAGES.unitRequired);
    } else {
      if (t.unit !== null) fail('unit', LAB_CATALOGUE_MESSAGES.unitOnlyForNumbers);
      if (t.ranges.length > 0) fail('ranges', LAB_CATALOGUE_MESSAGES.rangesOnlyForNumbers);
    }
    if (t.resultType === 'choice') {
      if (t.choices.length < 2) fail('choices', LAB_CATALOGUE_MESSAGES.choicesRequired);
      if (new Set(t.choices).size !== t.choices.length) fail('choices', LAB_CATALOGUE_MESSAGES.choicesUnique);
      if (t.abnormalChoices.some((a) => !t.choices.includes(a)))
        fail('abnormalChoices', LAB_CATALOGUE_MESSAGES.abnormalNotAChoice);
    } else if (t.choices.length > 0 || t.abnormalChoices.length > 0) {
      fail('choices', LAB_CATALOGUE_MESSAGES.choicesOnlyForChoice);
    }
    t.ranges.forEach((range, index) => {
      if (t.ranges.slice(0, index).some((other) => rangesOverlap(other, range)))
        ctx.addIssue({
          code: 'custom',
          path: ['ranges', index, 'ageFromDays'],
          message: LAB_CATALOGUE_MESSAGES.rangesOverlap,
        });
    });
  });
export type SaveLabTest = z.input<typeof saveLabTestSchema>;
export type SaveLabTestOutput = z.output<typeof saveLabTestSchema>;

const labPanelMemberSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
});

export const labTestSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  loincCode: z.string(),
  kind: z.enum(LAB_TEST_KINDS),
  specimenType: z.enum(SPECIMEN_TYPE_CODES),
  container: z.string(),
  resultType: z.enum(LAB_RESULT_TYPES).nullable(),
  unit: z.string().nullable(),
  decimals: z.number().int().nullable(),
  choices: z.array(z.string()),
  abnormalChoices: z.array(z.string()),
  turnaroundMinutes: z.number().int(),
  price: z.number().int(),
  active: z.boolean(),
  ranges: z.array(
    z.object({
      sex: z.enum(LAB_RANGE_SEXES).nullable(),
      ageFromDays: z.number().int(),
      ageToDays: z.number().int().nullable(),
      low: z.number().nullable(),
      high: z.number().nullable(),
      criticalLow: z.number().nullable(),
      criticalHigh: z.number().nullable(),
    }),
  ),
  /** A panel's tests in report order; none for a test. */
  members: z.array(labPanelMemberSchema),
  updatedAt: z.string(),
});
export type LabTest = z.infer<typeof labTestSchema>;

const LAB_TEST_STATUSES = ['active', 'inactive', 'all'] as const;

/** Without `sort`, by name. Search matches the code, the name or the LOINC code. */
export const LAB_TEST_SORTABLE = [
  'name',
  'code',
  'loincCode',
  'turnaroundMinutes',
  'price',
  'updatedAt',
] as const;
export const labTestListQuerySchema = listQuerySchema(LAB_TEST_SORTABLE).extend({
  kind: z.enum(LAB_TEST_KINDS, { error: 'Kind must be test or panel' }).optional(),
  status: z.enum(LAB_TEST_STATUSES, { error: 'Status must be active, inactive or all' }).default('all'),
});
/** Staff read the active catalogue only: no status filter. */
export const activeLabTestListQuerySchema = listQuerySchema(LAB_TEST_SORTABLE).extend({
  kind: z.enum(LAB_TEST_KINDS, { error: 'Kind must be test or panel' }).optional(),
});
export const labTestPageSchema = pageOf(labTestSchema);

/** Deactivate or reactivate: a test leaves (or returns to) the doctors' order screen; orders keep it. */
export const labTestStatusSchema = z.object({
  active: z.boolean({ error: 'Say whether the test is active' }),
});

/** "2 h", "45 min", "3 d": a turnaround as the worklist and the catalogue show it. */
export function formatTurnaround(minutes: number): string {
  if (minutes % 1440 === 0) return `${minutes / 1440} d`;
  if (minutes % 60 === 0) return `${minutes / 60} h`;
  if (minutes > 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return `${minutes} min`;
}
