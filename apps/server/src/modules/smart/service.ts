/*
 * What other modules use of SMART on FHIR: the FHIR API's token resolution and its one scope
 * check (fhir-access.ts), which bulk export calls too.
 */
/**
 * The caller's scopes, for bulk export.
 * @public
 */
export {
  allowsScope,
  bearerChallenge,
  callerAuditDetails,
  fhirCallerScopes,
  registerSmartTokens,
  requireScope,
} from './fhir-access';
