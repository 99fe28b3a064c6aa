/*
 * What other modules use of SMART on FHIR: the FHIR API's token resolution and its one scope
 * check (fhir-access.ts), which bulk export calls too.
 */
export {
  allowsScope,
  bearerChallenge,
  callerAuditDetails,
  type FhirCaller,
  fhirCaller,
  fhirCallerScopes,
  InsufficientScopeError,
  registerSmartTokens,
  requireScope,
} from './fhir-access';
