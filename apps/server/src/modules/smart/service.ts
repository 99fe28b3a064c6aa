/*
 * What other modules use of SMART on FHIR: the FHIR API's token resolution and its scope
 * checks (fhir-access.ts): requireScope for reads and searches, requireExportScopes for bulk export;
 * the discovery document and CORS preflight the FHIR plugin serves under its base; ending a
 * person's app grants for good (deactivation, a new password, an administrator's sign-out).
 */
export {
  allowsScope,
  bearerChallenge,
  callerAuditDetails,
  registerSmartTokens,
  requireExportScopes,
  requireScope,
} from './fhir-access';
export { revokeUserAccess } from './revocation';
export { corsPreflight, OAUTH_PATHS, smartConfiguration } from './smart-configuration';
