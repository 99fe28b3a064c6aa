/*
 * What other modules use of SMART on FHIR: the FHIR API's token resolution and its scope
 * checks (fhir-access.ts): requireScope for reads and searches, requireExportScopes for bulk export.
 */
export {
  allowsScope,
  bearerChallenge,
  callerAuditDetails,
  registerSmartTokens,
  requireExportScopes,
  requireScope,
} from './fhir-access';
