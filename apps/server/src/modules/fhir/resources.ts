import { patients } from './patient';
import { practitioners } from './practitioner';
import type { FhirResourceType } from './resource-type';

/**
 * Every resource type the API serves, in the CapabilityStatement's order; $everything gathers
 * each type's `everything`. A new type adds itself here.
 */
export const FHIR_RESOURCE_TYPES: FhirResourceType[] = [];
FHIR_RESOURCE_TYPES.push(practitioners);
// Patient leads the CapabilityStatement, whatever order the other types register in.
FHIR_RESOURCE_TYPES.unshift(patients);
