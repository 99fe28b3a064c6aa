import type { CapabilityStatement, CapabilityStatementRestResource } from '@medplum/fhirtypes';
import type { SearchParamDefinition } from './params';
import type { FhirResourceType } from './resource-type';

const ID_PARAMETER: SearchParamDefinition = {
  name: '_id',
  type: 'token',
  documentation: 'The logical id of the resource',
};

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
      versioning: 'no-version',
      readHistory: false,
      updateCreate: false,
      searchParam: [ID_PARAMETER, ...type.searchParams].map(({ name, type: paramType, documentation }) => ({
        name,
        type: paramType,
        documentation,
      })),
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
          'Read-only. Searches page with _count (at most 100) and _offset through Bundle.link; unknown ' +
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
