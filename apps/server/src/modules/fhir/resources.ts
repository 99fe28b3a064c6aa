import { allergyIntolerances } from './allergy';
import { appointmentResources } from './appointment';
import { doctorGroups } from './bulk/group';
import { chargeItemsType } from './charge-item';
import { claimResponsesType, claimsType } from './claim';
import { coveragesType } from './coverage';
import { diagnosticReports } from './diagnostic-report';
import { documentReferences } from './document-reference';
import { encounterResources } from './encounter';
import { invoicesType } from './invoice';
import { locations } from './location';
import { medicationsType } from './medication';
import { medicationAdministrationsType } from './medication-administration';
import { medicationDispensesType } from './medication-dispense';
import { medicationRequests } from './medication-request';
import { observationsType } from './observation';
import { organizationsType } from './organization';
import { patients } from './patient';
import { practitioners } from './practitioner';
import type { FhirResourceType } from './resource-type';
import { serviceRequests } from './service-request';
import { specimensType } from './specimen';

/**
 * Every resource type the API serves, in the CapabilityStatement's order (and $everything's:
 * it gathers each type's `everything` in this order). A new type adds itself here.
 */
export const FHIR_RESOURCE_TYPES: FhirResourceType[] = [
  patients,
  practitioners,
  locations,
  appointmentResources,
  encounterResources,
  observationsType,
  diagnosticReports,
  allergyIntolerances,
  medicationsType,
  organizationsType,
  coveragesType,
  claimsType,
  claimResponsesType,
  medicationRequests,
  medicationDispensesType,
  medicationAdministrationsType,
  chargeItemsType,
  invoicesType,
  serviceRequests,
  specimensType,
  documentReferences,
  doctorGroups,
];
