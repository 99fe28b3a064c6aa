/** Where the FHIR API lives (modules/fhir), beside the app's own /api. */
export const FHIR_BASE_PATH = '/fhir/R4';

/** A request to the FHIR API: answered in FHIR's shapes (OperationOutcome errors). */
export const isFhirPath = (url: string) => url.startsWith('/fhir/');

/**
 * A request to either API (/api or /fhir): the paths that read the session, carry patient data
 * (never cached) and compress their answers on the fly. Everything else is the web app's files.
 */
export const isApiPath = (url: string) =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') || isFhirPath(url);

/** Methods that change nothing (RFC 9110 "safe"): every other request may change data. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
