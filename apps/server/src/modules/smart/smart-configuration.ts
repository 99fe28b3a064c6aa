import type { FastifyReply, FastifyRequest } from 'fastify';

/** The OAuth endpoints CarePoint serves for SMART apps. */
export const OAUTH_PATHS = {
  authorize: '/oauth/authorize',
  token: '/oauth/token',
  jwks: '/oauth/jwks',
} as const;

/** The answer to a CORS preflight of the token endpoint or the FHIR API: any origin, never credentials. */
export const corsPreflight = async (_request: FastifyRequest, reply: FastifyReply) =>
  reply
    .code(204)
    .header('Access-Control-Allow-Methods', 'GET, POST')
    .header('Access-Control-Allow-Headers', 'Authorization, Content-Type, Accept, Prefer')
    .header('Access-Control-Max-Age', '600')
    .send();

/**
 * The SMART configuration (SMART App Launch 2, "Conformance"): where to authorize and get
 * tokens, and what this server supports. Public; the CapabilityStatement points to the same.
 */
export function smartConfiguration(
  publicUrl: string,
  paths: { authorize: string; token: string; jwks: string },
) {
  return {
    issuer: `${publicUrl}/fhir/R4`,
    jwks_uri: `${publicUrl}${paths.jwks}`,
    authorization_endpoint: `${publicUrl}${paths.authorize}`,
    token_endpoint: `${publicUrl}${paths.token}`,
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'private_key_jwt'],
    token_endpoint_auth_signing_alg_values_supported: ['RS384', 'ES384'],
    scopes_supported: [
      'openid',
      'fhirUser',
      'launch/patient',
      'offline_access',
      'patient/*.rs',
      'user/*.rs',
      'system/*.rs',
    ],
    response_types_supported: ['code'],
    code_challenge_methods_supported: ['S256'],
    id_token_signing_alg_values_supported: ['RS256'],
    capabilities: [
      'launch-standalone',
      'client-public',
      'client-confidential-symmetric',
      'client-confidential-asymmetric',
      'context-standalone-patient',
      'permission-offline',
      'permission-patient',
      'permission-user',
      'permission-v1',
      'permission-v2',
      'sso-openid-connect',
    ],
  };
}
