/** The smart module's public surface: other modules, the app, the seed and tests outside it import only this. */
export {
  allowsScope,
  bearerChallenge,
  callerAuditDetails,
  corsPreflight,
  OAUTH_PATHS,
  registerSmartTokens,
  requireExportScopes,
  requireScope,
  revokeUserAccess,
  smartConfiguration,
} from './service';
