import type { CapabilityStatement, CapabilityStatementRestResource } from '@medplum/fhirtypes';
import { INCLUDES, REVINCLUDES } from './include';
import { COMMON_PARAMETERS } from './params';
import type { FhirResourceType } from './resource-type';

const SEARCH_PARAMETER = 'http://hl7.org/fhir/SearchParameter';

/**
 * HL7's search parameters that several resource types share (their canonical names the group,
 * not the type): which of our types each serves. Every other one is `<Type>-<name>`.
 */
const SHARED_SEARCH_PARAMETERS: Record<string, readonly string[]> = {
  'Resource-id': ['*'],
  'Resource-lastUpdated': ['*'],
  'clinical-patient': [
    'AllergyIntolerance',
    'DiagnosticReport',
    'DocumentReference',
    'Encounter',
    'MedicationAdministration',
    'MedicationDispense',
    'MedicationRequest',
    'Observation',
    'ServiceRequest',
  ],
  'clinical-date': ['DiagnosticReport', 'Encounter', 'Observation'],
  'clinical-code': ['DiagnosticReport', 'Medication', 'Observation', 'ServiceRequest'],
  'clinical-encounter': ['DocumentReference', 'ServiceRequest'],
  'individual-family': ['Patient', 'Practitioner'],
  'individual-given': ['Patient', 'Practitioner'],
  'individual-birthdate': ['Patient'],
  'individual-email': ['Patient'],
  'individual-phone': ['Patient'],
  'medications-status': ['MedicationAdministration', 'MedicationDispense', 'MedicationRequest'],
  'medications-medication': ['MedicationDispense'],
  'medications-prescription': ['MedicationDispense'],
};

/** The canonical URL of HL7's definition of a type's search parameter (CapabilityStatement `definition`). */
function searchParameterDefinition(type: string, name: string) {
  const code = name.replace(/^_/, '');
  const shared = Object.entries(SHARED_SEARCH_PARAMETERS).find(
    ([id, types]) => id.endsWith(`-${code}`) && (types.includes('*') || types.includes(type)),
  );
  return `${SEARCH_PARAMETER}/${shared ? shared[0] : `${type}-${code}`}`;
}

/** `Type:param` of each include a type supports, left out when it has none. */
const listed = <K extends string>(key: K, definitions: ReadonlyArray<{ source: string; param: string }>) =>
  definitions.length === 0 ? {} : { [key]: definitions.map((d) => `${d.source}:${d.param}`) };

/**
 * What this API supports, built from the resource types themselves so it can list nothing they
 * do not implement: each type's read and search-type, its search parameters, and
 * Patient/$everything.
 */
export function capabilityStatement(
  base: string,
  types: readonly FhirResourceType[],
  published: Date,
  /** SMART on FHIR's endpoints (modules/smart), for rest.security. */
  oauth: { authorize: string; token: string },
): CapabilityStatement {
  const resource = types.map(
    (type): CapabilityStatementRestResource => ({
      type: type.type,
      profile: `http://hl7.org/fhir/StructureDefinition/${type.type}`,
      interaction: [{ code: 'read' }, { code: 'search-type' }],
      // meta.versionId on every resource and ETag on reads (versioning.ts); no history is kept.
      versioning: 'versioned',
      readHistory: false,
      conditionalRead: 'full-support',
      ...listed(
        'searchInclude',
        INCLUDES.filter((i) => i.source === type.type),
      ),
      ...listed(
        'searchRevInclude',
        REVINCLUDES.filter((r) => r.target === type.type),
      ),
      updateCreate: false,
      searchParam: [...COMMON_PARAMETERS, ...type.searchParams].map(
        ({ name, type: paramType, documentation }) => ({
          name,
          definition: searchParameterDefinition(type.type, name),
          type: paramType,
          documentation,
        }),
      ),
    }),
  );
  const patient = resource.find((r) => r.type === 'Patient');
  if (patient) {
    patient.operation = [
      { name: 'everything', definition: 'http://hl7.org/fhir/OperationDefinition/Patient-everything' },
    ];
  }
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: published.toISOString(),
    publisher: 'CarePoint',
    kind: 'instance',
    software: { name: 'CarePoint' },
    implementation: { description: 'CarePoint read-only FHIR R4 API', url: base },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    rest: [
      {
        mode: 'server',
        documentation:
          'Read-only. Searches page with _count (at most 100) through Bundle.link (next carries a _cursor); unknown ' +
          'search parameters are ignored unless the request says "Prefer: handling=strict".',
        security: {
          cors: true,
          service: [
            {
              coding: [
                {
                  system: 'http://terminology.hl7.org/CodeSystem/restful-security-service',
                  code: 'SMART-on-FHIR',
                },
              ],
              text: 'OAuth2 using SMART-on-FHIR profile (see .well-known/smart-configuration)',
            },
          ],
          extension: [
            {
              url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
              extension: [
                { url: 'authorize', valueUri: oauth.authorize },
                { url: 'token', valueUri: oauth.token },
              ],
            },
          ],
          description:
            'SMART on FHIR: registered apps get access tokens from the endpoints above, limited by their ' +
            'scopes. CarePoint sessions work too (POST /api/auth/login, then "Authorization: Bearer <token>" or ' +
            'the cookie): doctors and administrators read every patient; a patient only their own record.',
        },
        resource,
      },
    ],
  };
}
