/** The error codes of RFC 6749 (§4.1.2.1, §5.2) this server answers with. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'access_denied';

/**
 * A refusal in OAuth's words: the token endpoint answers it as JSON with its status
 * (invalid_client 401, others 400); the authorization endpoint sends it to the app's redirect URI.
 */
export class OAuthError extends Error {
  readonly statusCode: number;
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
    this.statusCode = error === 'invalid_client' ? 401 : 400;
  }
}
