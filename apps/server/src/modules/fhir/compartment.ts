import type { Reference, Resource } from '@medplum/fhirtypes';

const patientIdOf = (reference: Reference | undefined) => {
  const match = /^Patient\/([^/]+)$/.exec(reference?.reference ?? '');
  return match?.[1];
};

/**
 * The patients a resource is about (its patient compartment, https://hl7.org/fhir/R4/compartmentdefinition-patient.html),
 * or null for a resource outside every patient's compartment (a Practitioner). routes.ts uses it
 * to keep a patient to their own record and to write the audit row's patient.
 */
export function compartmentPatients(resource: Resource): string[] | null {
  const ids = (() => {
    switch (resource.resourceType) {
      case 'Patient':
        return [resource.id];
      case 'Appointment':
        return resource.participant.map((p) => patientIdOf(p.actor));
      case 'Encounter':
      case 'Observation':
      case 'MedicationRequest':
      case 'MedicationAdministration':
      case 'MedicationDispense':
      case 'DiagnosticReport':
      case 'DocumentReference':
      case 'ServiceRequest':
      case 'Specimen':
      case 'ChargeItem':
      case 'Invoice':
        return [patientIdOf(resource.subject)];
      case 'AllergyIntolerance':
      case 'Claim':
      case 'ClaimResponse':
        return [patientIdOf(resource.patient)];
      case 'Coverage':
        return [patientIdOf(resource.beneficiary), patientIdOf(resource.subscriber)];
      default:
        return null;
    }
  })();
  return ids === null ? null : [...new Set(ids.filter((id): id is string => id !== undefined))];
}
