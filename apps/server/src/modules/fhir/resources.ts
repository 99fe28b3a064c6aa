import { allergyIntolerances } from './allergy';
import { appointmentResources } from './appointment';
import { diagnosticReports } from './diagnostic-report';
import { encounterResources } from './encounter';
import { medicationRequests } from './medication-request';
import { observationsType } from './observation';
import { practitioners } from './practitioner';
import type { FhirResourceType } from './resource-type';

/**
 * Every resource type the API serves, in the CapabilityStatement's order; $everything gathers
 * each type's `everything`. A new type adds itself here.
 */
export const FHIR_RESOURCE_TYPES: FhirResourceType[] = [];
FHIR_RESOURCE_TYPES.push(practitioners);
FHIR_RESOURCE_TYPES.push(allergyIntolerances);
FHIR_RESOURCE_TYPES.push(medicationRequests);
FHIR_RESOURCE_TYPES.push(appointmentResources);
FHIR_RESOURCE_TYPES.push(encounterResources);
FHIR_RESOURCE_TYPES.push(observationsType);
FHIR_RESOURCE_TYPES.push(diagnosticReports);
