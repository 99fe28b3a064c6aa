/** The fhir module's public surface: other modules, the app, the seed and tests outside it import only this. */

export type { BulkExportWorker } from './bulk/worker';
export { createBulkExportWorker } from './bulk/worker';
export { describeFhirRoute, FHIR_COMPONENT_SCHEMAS, FHIR_WRITES_PATH, fhirWriteOperations } from './openapi';
export { FHIR_CONTENT_TYPE, operationOutcome } from './outcome';
