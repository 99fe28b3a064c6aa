import type { Observation } from '@medplum/fhirtypes';
import { type AnyColumn, and, count, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import {
  diagnosisCategories,
  diagnosisTestProperties,
  diagnosisTests,
  labResults,
  labSpecimens,
  labTests,
  observationSets,
  users,
  vitalSigns,
} from '../../db/schema';
import { afterCursor, type Cursor, orderByKeys, type SortKey, sortKeyColumn } from './cursor';
import { LOINC, OBSERVATION_STATUS_SYSTEM } from './lab-codes';
import { LAB_SUFFIX, labObservation, labResultDetails, labResultsForPatients } from './lab-observation';
import {
  ACVPU_CODE,
  acvpuAnswer,
  categoryCodings,
  categoryConcept,
  componentCodings,
  DIAGNOSIS_MEASURES,
  DIAGNOSIS_SECTIONS,
  type Measure,
  measureCode,
  measureCodings,
  measureProfiles,
  NEWS2_CODE,
  NEWS2_CODINGS,
  type ObservationCategory,
  observedCategory,
  observedCodings,
  observedIn,
  type Panel,
  propertyCategory,
  tokenNames,
  tokensMatch,
  UCUM,
  VITAL_MEASURES,
} from './observation-codes';
import { type Keyed, pagedSearch } from './paging';
import type { DateValue, ParsedSearch, ReferenceValue, TokenValue } from './params';
import type { FhirContext, FhirResourceType } from './resource-type';
import { instantMatches, isUuid, referenceMatches, tokenMatches } from './search-sql';
import { fhirDateTime } from './time';
import { versionMeta } from './versioning';

/*
 * Observations come from rows that each hold several measurements: a vital_signs row (one per
 * triage intake, chart entry or ward observation set), a ward set's NEWS2 and ACVPU
 * (observation_sets) and a diagnosis test (its measurement columns, and its free-form
 * properties). Each measured value is one Observation, `<row id>-<suffix>`, except a panel's
 * (blood pressure), whose values are components of one. Searches unpivot the rows in SQL (a LATERAL
 * VALUES list of the Observations the search can match, each with whether the row holds it), so
 * filters, counts and pages are SQL's; each source is filtered by its own indexed
 * columns (vital_signs_patient_recorded_idx, diagnosis_tests_patient_idx) before the union. The
 * laboratory's results (lab_results, one Observation per version) are a source too
 * (lab-observation.ts).
 */

type Source = 'vital' | 'test' | 'property' | 'news2' | 'lab';

/** What a search (or a read) asks of every source. */
interface ObservationFilter {
  /** `patient` and `subject` occurrences (each must match). */
  patients: ReferenceValue[][];
  dates: DateValue[][];
  lastUpdated: DateValue[][];
  ids: string[][];
  codes: TokenValue[][];
  componentCodes: TokenValue[][];
  categories: TokenValue[][];
  statuses: TokenValue[][];
  /** A page's start (`_cursor`): only what sorts after it. Never set for a count. */
  after?: Cursor;
}

const NO_FILTER: ObservationFilter = {
  patients: [],
  dates: [],
  lastUpdated: [],
  ids: [],
  codes: [],
  componentCodes: [],
  categories: [],
  statuses: [],
};

/** Every Observation but a lab result is final (we store only finished measurements): `status` keeps or drops them. */
const finalMatches = (filter: ObservationFilter) =>
  tokensMatch(filter.statuses, [{ system: OBSERVATION_STATUS_SYSTEM, code: 'final' }]);

const OBSERVATION_ID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-([a-z0-9-]{1,16})$/i;

/** `<row uuid>-<suffix>` as its parts; undefined for anything else (it names nothing). */
function parseObservationId(id: string) {
  const match = OBSERVATION_ID.exec(id);
  if (!match?.[1] || !match[2] || !isUuid(match[1])) return undefined;
  return { rowId: match[1].toLowerCase(), suffix: match[2] };
}

/** The Observation ids of one row's measurements. */
const observationId = (rowId: string, suffix: string) => `${rowId}-${suffix}`;

/** `_id`: each occurrence names a row and a suffix; ids of another shape match nothing. */
function idsCondition(rowId: AnyColumn, suffix: SQL, occurrences: string[][]) {
  if (occurrences.length === 0) return undefined;
  return and(
    ...occurrences.map((ids) => {
      const parsed = ids.flatMap((id) => parseObservationId(id) ?? []);
      if (parsed.length === 0) return sql`false`;
      return or(...parsed.map((p) => and(eq(rowId, p.rowId), sql`${suffix} = ${p.suffix}`)));
    }),
  );
}

interface SourceColumns {
  rowId: AnyColumn;
  suffix: SQL;
  patientId: AnyColumn;
  effective: AnyColumn;
  /** When the row last changed: the Observation's version (versioning.ts) and `_lastUpdated`. */
  updatedAt: AnyColumn;
}

/** Newest first, then by row and measure: the page order, and its keyset (cursor.ts). */
const newestFirstKeys = (
  columns: Record<'effective' | 'rowId' | 'suffix', SortKey['expression']>,
): SortKey[] => [
  { expression: columns.effective, descending: true, cast: 'timestamptz' },
  { expression: columns.rowId, cast: 'uuid' },
  { expression: columns.suffix, cast: 'text' },
];

/** Whose, when and which: the same conditions on every source, on its own (indexed) columns. */
function commonConditions(fhir: FhirContext, filter: ObservationFilter, columns: SourceColumns) {
  return [
    afterCursor(newestFirstKeys(columns), filter.after),
    fhir.patientScope === undefined ? undefined : eq(columns.patientId, fhir.patientScope),
    referenceMatches(columns.patientId, filter.patients, 'Patient'),
    instantMatches(columns.effective, filter.dates),
    instantMatches(columns.updatedAt, filter.lastUpdated),
    idsCondition(columns.rowId, columns.suffix, filter.ids),
  ];
}

/** The one shape every source selects, so they can be unioned. */
function selection(
  source: Source,
  columns: SourceColumns & {
    performer: AnyColumn;
    value: SQL;
    /** A panel's second component. */
    value2: SQL;
    name: SQL;
    valueText: SQL;
    categoryName: SQL;
  },
) {
  return {
    rowId: sql<string>`${columns.rowId}`.as('row_id'),
    suffix: sql<string>`${columns.suffix}`.as('suffix'),
    source: sql<Source>`${source}::text`.as('source'),
    patientId: sql<string>`${columns.patientId}`.as('patient_id'),
    // Decoded as the column decodes it (drivers differ in what they hand back for a timestamptz).
    effective: sql`${columns.effective}`
      .mapWith((value: unknown) => columns.effective.mapFromDriverValue(value) as Date)
      .as('effective'),
    updatedAt: sql`${columns.updatedAt}`
      .mapWith((value: unknown) => columns.updatedAt.mapFromDriverValue(value) as Date)
      .as('updated_at'),
    performer: sql<string | null>`${columns.performer}`.as('performer'),
    value: sql<number | null>`${columns.value}`.mapWith(Number).as('value'),
    value2: sql<number | null>`${columns.value2}`.mapWith(Number).as('value2'),
    name: sql<string | null>`${columns.name}`.as('name'),
    valueText: sql<string | null>`${columns.valueText}`.as('value_text'),
    categoryName: sql<string | null>`${columns.categoryName}`.as('category_name'),
  };
}

/** The Observations a search can match: code and category are known per measure, so they prune the unpivot. */
function matchingObserved<K extends string>(measures: Record<K, Measure>, filter: ObservationFilter) {
  return observedIn(measures).filter(
    (observed) =>
      tokensMatch(filter.codes, observedCodings(observed)) &&
      tokensMatch(filter.componentCodes, componentCodings(observed)) &&
      tokensMatch(filter.categories, categoryCodings(observedCategory(observed))),
  );
}

/**
 * Whether a row holds a panel as the search asks for it: a component recorded, and for each code
 * occurrence that names components rather than the panel itself, one of those components.
 */
function panelPresent(panel: Panel, columns: readonly [AnyColumn, AnyColumn], filter: ObservationFilter) {
  const any = or(isNotNull(columns[0]), isNotNull(columns[1]));
  const occurrence = (values: TokenValue[], panelItself: boolean) =>
    panelItself && values.some((token) => tokenNames(token, measureCodings(panel)))
      ? any
      : (or(
          ...columns
            .filter((_, i) => {
              const component = panel.components[i];
              return component && values.some((token) => tokenNames(token, measureCodings(component)));
            })
            .map((column) => isNotNull(column)),
        ) ?? sql`false`);
  return and(
    any,
    ...filter.codes.map((values) => occurrence(values, true)),
    ...filter.componentCodes.map((values) => occurrence(values, false)),
  );
}

/** One Observation a table's rows may hold: its values' columns and when a row holds it. */
interface UnpivotedMeasure {
  suffix: string;
  values: readonly [AnyColumn] | readonly [AnyColumn, AnyColumn];
  present: SQL | undefined;
}

function unpivotedMeasures<K extends string>(
  measures: Record<K, Measure>,
  table: Record<NoInfer<K>, AnyColumn>,
  filter: ObservationFilter,
): UnpivotedMeasure[] {
  return matchingObserved(measures, filter).map((observed) => {
    if (observed.kind === 'measure') {
      const column = table[observed.column];
      return { suffix: observed.suffix, values: [column], present: isNotNull(column) };
    }
    const columns = [table[observed.columns[0]], table[observed.columns[1]]] as const;
    return {
      suffix: observed.suffix,
      values: columns,
      present: panelPresent(observed.panel, columns, filter),
    };
  });
}

const measuredValue = sql`m.value`;
const measuredValue2 = sql`m.value2`;
const measuredSuffix = sql`m.suffix`;
const noText = sql`null::text`;
const noNumber = sql`null::numeric`;
/** `present` as a value: a condition that is null (a null column compared) counts as false. */
const presentValue = (measure: UnpivotedMeasure) => sql`coalesce(${measure.present}, false)`;

/** Each Observation as a `(suffix, value, value2, present)` row of a LATERAL VALUES list. */
const unpivot = (measures: UnpivotedMeasure[]) =>
  sql`cross join lateral (values ${sql.join(
    measures.map(
      (measure) =>
        sql`(${measure.suffix}::text, ${measure.values[0]}::numeric, ${measure.values[1] ?? noNumber}::numeric, ${presentValue(measure)})`,
    ),
    sql`, `,
  )}) as m(suffix, value, value2, present)`;

/** A table with one column per measure (vital_signs, diagnosis_tests), as the search sees it. */
interface MeasuredTable {
  source: Source;
  table: typeof vitalSigns | typeof diagnosisTests;
  columns: SourceColumns & { performer: AnyColumn };
  /** The Observations the search can match. */
  measures: UnpivotedMeasure[];
  /** What every row must be, whatever the search. */
  rowCondition?: SQL;
}

function vitalsTable(filter: ObservationFilter): MeasuredTable | undefined {
  if (!finalMatches(filter)) return undefined;
  const measures = unpivotedMeasures(VITAL_MEASURES, vitalSigns, filter);
  if (measures.length === 0) return undefined;
  return {
    source: 'vital',
    table: vitalSigns,
    columns: {
      rowId: vitalSigns.id,
      suffix: measuredSuffix,
      patientId: vitalSigns.patientId,
      effective: vitalSigns.recordedAt,
      updatedAt: vitalSigns.updatedAt,
      performer: vitalSigns.recordedBy,
    },
    measures,
    // A triage of someone without an account is nobody's record.
    rowCondition: isNotNull(vitalSigns.patientId),
  };
}

/** A patient reads only the tests their doctor shares with them (as on My Results); staff read all. */
export const sharedForPatients = (fhir: FhirContext) =>
  fhir.patientScope === undefined ? undefined : eq(diagnosisTests.sharedWithPatient, true);

function testsTable(fhir: FhirContext, filter: ObservationFilter): MeasuredTable | undefined {
  if (!finalMatches(filter)) return undefined;
  const measures = unpivotedMeasures(DIAGNOSIS_MEASURES, diagnosisTests, filter);
  if (measures.length === 0) return undefined;
  return {
    source: 'test',
    table: diagnosisTests,
    columns: {
      rowId: diagnosisTests.id,
      suffix: measuredSuffix,
      patientId: diagnosisTests.patientId,
      effective: diagnosisTests.createdAt,
      updatedAt: diagnosisTests.updatedAt,
      performer: diagnosisTests.doctorId,
    },
    measures,
    rowCondition: sharedForPatients(fhir),
  };
}

/** One row per measured value of the table's matching rows. */
function unpivoted(fhir: FhirContext, filter: ObservationFilter, measured: MeasuredTable | undefined) {
  if (!measured) return undefined;
  const { columns } = measured;
  return fhir.ctx.db
    .select(
      selection(measured.source, {
        ...columns,
        value: measuredValue,
        value2: measuredValue2,
        name: noText,
        valueText: noText,
        categoryName: noText,
      }),
    )
    .from(sql`${measured.table} ${unpivot(measured.measures)}`)
    .where(and(measured.rowCondition, sql`m.present`, ...commonConditions(fhir, filter, columns)));
}

/**
 * How many values the table's matching rows hold, without unpivoting them: the count of a
 * patient's years of vitals reads each row once. (`_id` names values by suffix: it counts the unpivot.)
 */
async function countMeasured(
  fhir: FhirContext,
  filter: ObservationFilter,
  measured: MeasuredTable | undefined,
) {
  if (!measured) return 0;
  const [row] = await fhir.ctx.db
    .select({
      n: sql<number>`coalesce(sum(${sql.join(
        measured.measures.map((measure) => sql`${presentValue(measure)}::int`),
        sql` + `,
      )}), 0)`.mapWith(Number),
    })
    .from(measured.table)
    .where(and(measured.rowCondition, ...commonConditions(fhir, filter, measured.columns)));
  return row?.n ?? 0;
}

const CATEGORIES: readonly ObservationCategory[] = ['vital-signs', 'laboratory', 'imaging', 'exam', 'survey'];

/** A property's category in SQL, as `propertyCategory` gives it in TypeScript. */
function propertyCategorySql(categoryName: AnyColumn) {
  const named = Object.entries(DIAGNOSIS_SECTIONS).filter(([, entry]) => entry.category !== 'laboratory');
  if (named.length === 0) return sql`'laboratory'`;
  return sql`(case lower(${categoryName}) ${sql.join(
    named.map(([name, entry]) => sql`when ${name} then ${entry.category}`),
    sql` `,
  )} else 'laboratory' end)`;
}

function propertiesSource(fhir: FhirContext, filter: ObservationFilter) {
  // Properties carry their name as text, no code: a code search never finds them.
  if (filter.codes.length > 0 || filter.componentCodes.length > 0 || !finalMatches(filter)) return undefined;
  const suffix = sql`'p' || ${diagnosisTestProperties.position}`;
  const columns = {
    rowId: diagnosisTests.id,
    suffix,
    patientId: diagnosisTests.patientId,
    effective: diagnosisTests.createdAt,
    updatedAt: diagnosisTests.updatedAt,
  };
  const category = propertyCategorySql(diagnosisCategories.name);
  return fhir.ctx.db
    .select(
      selection('property', {
        ...columns,
        performer: diagnosisTests.doctorId,
        value: noNumber,
        value2: noNumber,
        name: sql`${diagnosisTestProperties.name}`,
        valueText: sql`${diagnosisTestProperties.value}`,
        categoryName: sql`${diagnosisCategories.name}`,
      }),
    )
    .from(diagnosisTestProperties)
    .innerJoin(diagnosisTests, eq(diagnosisTests.id, diagnosisTestProperties.testId))
    .innerJoin(diagnosisCategories, eq(diagnosisCategories.id, diagnosisTests.categoryId))
    .where(
      and(
        ...filter.categories.map((values) => {
          const named = CATEGORIES.filter((c) =>
            values.some((token) => tokenNames(token, categoryCodings(c))),
          );
          return named.length === 0 ? sql`false` : sql`${category} in ${named}`;
        }),
        sharedForPatients(fhir),
        ...commonConditions(fhir, filter, columns),
      ),
    );
}

/**
 * A ward set's own Observations: its NEWS2 total (`<set id>-news2`, the risk beside it) and its
 * ACVPU (`<set id>-acvpu`), unpivoted as the measured tables are; its measured values are its
 * vital_signs row's. Read by patient down observation_sets_patient_taken_idx.
 */
function news2Source(fhir: FhirContext, filter: ObservationFilter) {
  if (filter.componentCodes.length > 0 || !finalMatches(filter)) return undefined;
  const wanted = (['news2', 'acvpu'] as const).filter(
    (suffix) =>
      tokensMatch(filter.codes, NEWS2_CODINGS[suffix]) &&
      tokensMatch(filter.categories, categoryCodings('survey')),
  );
  if (wanted.length === 0) return undefined;
  const rowsOf = {
    news2: sql`('news2'::text, ${observationSets.score}::numeric, ${observationSets.risk}::text)`,
    acvpu: sql`('acvpu'::text, null::numeric, ${observationSets.consciousness}::text)`,
  };
  const columns = {
    rowId: observationSets.id,
    suffix: measuredSuffix,
    patientId: observationSets.patientId,
    effective: observationSets.takenAt,
    updatedAt: observationSets.updatedAt,
  };
  return fhir.ctx.db
    .select(
      selection('news2', {
        ...columns,
        performer: observationSets.recordedBy,
        value: measuredValue,
        value2: noNumber,
        name: noText,
        valueText: sql`m.value_text`,
        categoryName: noText,
      }),
    )
    .from(
      sql`${observationSets} cross join lateral (values ${sql.join(
        wanted.map((suffix) => rowsOf[suffix]),
        sql`, `,
      )}) as m(suffix, value, value_text)`,
    )
    .where(and(...commonConditions(fhir, filter, columns)));
}

/**
 * The laboratory's result versions, `<result id>-lab`, effective when their specimen was
 * collected; code (the test's LOINC) and status are their own columns'. A patient reads only
 * those shared with them, never a preliminary one.
 */
function labSource(fhir: FhirContext, filter: ObservationFilter) {
  if (filter.componentCodes.length > 0 || !tokensMatch(filter.categories, categoryCodings('laboratory'))) {
    return undefined;
  }
  const columns = {
    rowId: labResults.id,
    suffix: sql`${LAB_SUFFIX}::text`,
    patientId: labResults.patientId,
    effective: labSpecimens.collectedAt,
    updatedAt: labResults.updatedAt,
  };
  return fhir.ctx.db
    .select(
      selection('lab', {
        ...columns,
        performer: labResults.verifiedBy,
        value: sql`${labResults.valueQuantity}`,
        value2: noNumber,
        name: sql`${labTests.name}`,
        valueText: sql`${labResults.valueText}`,
        categoryName: noText,
      }),
    )
    .from(labResults)
    .innerJoin(labSpecimens, eq(labSpecimens.id, labResults.specimenId))
    .innerJoin(labTests, eq(labTests.id, labResults.testId))
    .where(
      and(
        tokenMatches(labTests.loincCode, filter.codes, LOINC),
        tokenMatches(labResults.status, filter.statuses, OBSERVATION_STATUS_SYSTEM),
        labResultsForPatients(fhir),
        ...commonConditions(fhir, filter, columns),
      ),
    );
}

/**
 * The page's order, in each source with its index's null ordering (vital_signs' indexes are DESC
 * NULLS LAST, diagnosis_tests' DESC NULLS FIRST): the columns are never null, but the planner uses
 * an index only when the ORDER BY says the same.
 */
const newestFirst = (nulls: 'first' | 'last') => [
  sql`effective desc nulls ${sql.raw(nulls)}`,
  sql`row_id`,
  sql`suffix`,
];

/**
 * Every source the filter can match, unioned as one subquery `o`; undefined when none can. With
 * a `window` (a page's offset + limit), each source keeps only its first `window` rows in the
 * page's order: a page reads the newest rows from an index instead of unpivoting and sorting every
 * measurement of the patient (or of everyone, for staff).
 */
function observationRows(fhir: FhirContext, filter: ObservationFilter, window?: number) {
  const sources = [
    { query: unpivoted(fhir, filter, vitalsTable(filter)), order: newestFirst('last') },
    { query: unpivoted(fhir, filter, testsTable(fhir, filter)), order: newestFirst('first') },
    { query: propertiesSource(fhir, filter), order: newestFirst('first') },
    { query: news2Source(fhir, filter), order: newestFirst('last') },
    { query: labSource(fhir, filter), order: newestFirst('last') },
  ].flatMap(({ query, order }) => {
    if (!query) return [];
    return [
      window === undefined
        ? query.$dynamic()
        : query
            .$dynamic()
            .orderBy(...order)
            .limit(window),
    ];
  });
  const [first, second, ...rest] = sources;
  if (!first) return undefined;
  return (second ? unionAll(first, second, ...rest) : first).as('o');
}

type ObservationRow = {
  rowId: string;
  suffix: string;
  source: Source;
  patientId: string;
  effective: Date;
  updatedAt: Date;
  performer: string | null;
  value: number | null;
  value2: number | null;
  name: string | null;
  valueText: string | null;
  categoryName: string | null;
};

const bySuffix = (measures: Record<string, Measure>) =>
  new Map(observedIn(measures).map((observed) => [observed.suffix, observed]));

const quantity = (measure: Measure, value: number) => ({
  value,
  unit: measure.unit,
  system: UCUM,
  code: measure.ucum,
});

/** A component the row lacks says why it has no value, as the vital-signs profile asks. */
const UNKNOWN_VALUE = {
  coding: [
    {
      system: 'http://terminology.hl7.org/CodeSystem/data-absent-reason',
      code: 'unknown',
      display: 'Unknown',
    },
  ],
};
const VITAL_BY_SUFFIX = bySuffix(VITAL_MEASURES);
const TEST_BY_SUFFIX = bySuffix(DIAGNOSIS_MEASURES);

/** A ward set's NEWS2 total (its risk as the interpretation's text) or its ACVPU. */
function wardSetObservation(row: ObservationRow, base: Omit<Observation, 'code'>): Observation {
  const category = [categoryConcept('survey')];
  if (row.suffix === 'acvpu')
    return { ...base, category, code: ACVPU_CODE, valueCodeableConcept: acvpuAnswer(row.valueText ?? '') };
  return {
    ...base,
    category,
    code: NEWS2_CODE,
    valueQuantity: { value: row.value ?? 0, unit: 'score', system: UCUM, code: '{score}' },
    ...(row.valueText ? { interpretation: [{ text: `${row.valueText} clinical risk` }] } : {}),
  };
}

function toObservation(
  row: ObservationRow,
  doctors: Set<string>,
  lab: Awaited<ReturnType<typeof labResultDetails>>,
  timeZone: string,
): Observation {
  const labDetails = row.source === 'lab' ? lab.get(row.rowId) : undefined;
  if (labDetails) return labObservation(labDetails, row.effective, timeZone);
  const base = {
    resourceType: 'Observation' as const,
    id: observationId(row.rowId, row.suffix),
    meta: versionMeta(row.updatedAt),
    status: 'final' as const,
    subject: { reference: `Patient/${row.patientId}` },
    effectiveDateTime: fhirDateTime(row.effective, timeZone),
    ...(row.performer && doctors.has(row.performer)
      ? { performer: [{ reference: `Practitioner/${row.performer}` }] }
      : {}),
  };
  if (row.source === 'news2') return wardSetObservation(row, base);
  const observed = (row.source === 'vital' ? VITAL_BY_SUFFIX : TEST_BY_SUFFIX).get(row.suffix);
  if (row.source === 'property' || !observed) {
    return {
      ...base,
      category: [categoryConcept(propertyCategory(row.categoryName ?? ''))],
      code: { text: row.name ?? '' },
      valueString: row.valueText ?? '',
    };
  }
  const measured = observed.kind === 'panel' ? observed.panel : observed.measure;
  const profile = measureProfiles(measured);
  const category = observedCategory(observed);
  return {
    ...base,
    ...(profile.length > 0 ? { meta: { ...base.meta, profile } } : {}),
    ...(category ? { category: [categoryConcept(category)] } : {}),
    code: measureCode(measured),
    ...(observed.kind === 'panel'
      ? {
          component: observed.panel.components.map((measure, i) => {
            const value = i === 0 ? row.value : row.value2;
            return {
              code: measureCode(measure),
              ...(value === null
                ? { dataAbsentReason: UNKNOWN_VALUE }
                : { valueQuantity: quantity(measure, value) }),
            };
          }),
        }
      : { valueQuantity: quantity(observed.measure, row.value ?? 0) }),
  };
}

/** Which of these users are doctors: only they are Practitioners a reference may name. */
async function doctorsAmong(fhir: FhirContext, ids: Array<string | null>) {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Set<string>();
  const rows = await fhir.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, wanted), eq(users.role, 'doctor')));
  return new Set(rows.map((r) => r.id));
}

/**
 * The filter's Observations, newest first (then by id), from `offset` or after `after`; every
 * one when `limit` is undefined.
 */
async function keyedObservations(
  fhir: FhirContext,
  filter: ObservationFilter,
  limit?: number,
  offset = 0,
  after?: Cursor,
): Promise<Keyed<Observation>[]> {
  const o = observationRows(
    fhir,
    { ...filter, ...(after ? { after } : {}) },
    limit === undefined ? undefined : offset + limit,
  );
  if (!o) return [];
  const keys = newestFirstKeys({ effective: o.effective, rowId: o.rowId, suffix: o.suffix });
  const query = fhir.ctx.db
    .select({ ...o._.selectedFields, key: sortKeyColumn(keys) })
    .from(o)
    .orderBy(...orderByKeys(keys))
    .offset(offset);
  const rows = await (limit === undefined ? query : query.limit(limit));
  const doctors = await doctorsAmong(
    fhir,
    rows.map((r) => r.performer),
  );
  const lab = await labResultDetails(
    fhir,
    rows.filter((r) => r.source === 'lab').map((r) => r.rowId),
  );
  return rows.map((row) => ({ resource: toObservation(row, doctors, lab, fhir.timeZone), key: row.key }));
}

const observations = async (fhir: FhirContext, filter: ObservationFilter, limit?: number) =>
  (await keyedObservations(fhir, filter, limit)).map((row) => row.resource);

async function countObservations(fhir: FhirContext, filter: ObservationFilter) {
  if (filter.ids.length > 0) {
    const o = observationRows(fhir, filter);
    return o ? ((await fhir.ctx.db.select({ n: count() }).from(o))[0]?.n ?? 0) : 0;
  }
  const properties = propertiesSource(fhir, filter);
  const wardSets = news2Source(fhir, filter);
  const lab = labSource(fhir, filter);
  return (
    (await countMeasured(fhir, filter, vitalsTable(filter))) +
    (await countMeasured(fhir, filter, testsTable(fhir, filter))) +
    (properties ? ((await fhir.ctx.db.select({ n: count() }).from(properties.as('p')))[0]?.n ?? 0) : 0) +
    (wardSets ? ((await fhir.ctx.db.select({ n: count() }).from(wardSets.as('w')))[0]?.n ?? 0) : 0) +
    (lab ? ((await fhir.ctx.db.select({ n: count() }).from(lab.as('l')))[0]?.n ?? 0) : 0)
  );
}

export const observationsType: FhirResourceType<Observation> = {
  type: 'Observation',
  searchParams: [
    { name: 'patient', type: 'reference', documentation: 'The patient the observation is about' },
    {
      name: 'subject',
      type: 'reference',
      documentation: 'The patient the observation is about (Patient/<id>)',
    },
    {
      name: 'code',
      type: 'token',
      documentation:
        "The LOINC code (http://loinc.org|8867-4 or 8867-4), of the Observation or of a component (blood pressure: 85354-9, 8480-6, 8462-4), or a laboratory test's (2823-3); a ward set's NEWS2 total and ACVPU by SNOMED CT (http://snomed.info/sct|1104051000000101, 1104441000000107); properties of a test have none",
    },
    {
      name: 'component-code',
      type: 'token',
      documentation:
        'The LOINC code of a component: 8480-6 (systolic) or 8462-4 (diastolic) of a blood pressure',
    },
    {
      name: 'category',
      type: 'token',
      documentation: 'vital-signs, laboratory, imaging, exam or survey (observation-category)',
    },
    { name: 'date', type: 'date', documentation: 'When it was measured (effectiveDateTime)' },
    {
      name: 'status',
      type: 'token',
      documentation: `${OBSERVATION_STATUS_SYSTEM}: final; a laboratory result also preliminary or corrected`,
    },
  ],

  async read(fhir, id) {
    if (!parseObservationId(id)) return undefined;
    const [observation] = await observations(fhir, { ...NO_FILTER, ids: [[id]] }, 1);
    return observation;
  },

  async search(fhir, search: ParsedSearch) {
    const filter: ObservationFilter = {
      patients: [...search.references('patient'), ...search.references('subject')],
      dates: search.dates('date'),
      lastUpdated: search.dates('_lastUpdated'),
      ids: search.ids(),
      codes: search.tokens('code'),
      componentCodes: search.tokens('component-code'),
      categories: search.tokens('category'),
      statuses: search.tokens('status'),
    };
    return pagedSearch(
      search,
      (limit, offset, after) => keyedObservations(fhir, filter, limit, offset, after),
      () => countObservations(fhir, filter),
    );
  },

  everything: (fhir, patientId) =>
    observations(fhir, { ...NO_FILTER, patients: [[{ type: 'Patient', id: patientId }]] }),
};

/** The Observation ids of a diagnosis test: its measured values, then its properties by position. */
export function testObservationIds(
  test: Pick<typeof diagnosisTests.$inferSelect, 'id' | keyof typeof DIAGNOSIS_MEASURES>,
  propertyPositions: number[],
) {
  return [
    ...observedIn(DIAGNOSIS_MEASURES)
      .filter((observed) =>
        (observed.kind === 'panel' ? observed.columns : [observed.column]).some((key) => test[key] !== null),
      )
      .map((observed) => observationId(test.id, observed.suffix)),
    ...propertyPositions.map((position) => observationId(test.id, `p${position}`)),
  ];
}
