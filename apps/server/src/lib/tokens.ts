import { hash, randomBytes } from 'node:crypto';

/** An unguessable token for a cookie or a link; only its hash is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
// One-shot hash: no Hash object per call (every API request hashes its session token).
export const hashToken = (token: string) => hash('sha256', token, 'hex');
