import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/*
 * Secrets kept at rest under a key from the environment (TOTP_ENCRYPTION_KEY), so a database
 * dump alone does not give them: AES-256-GCM with a random 96-bit nonce per value, the owner's
 * id as associated data (a value copied to another row does not decrypt there), and keyed
 * hashes for values that only need comparing (recovery codes). Each use has its own key derived
 * from the configured one with HKDF.
 */

const VERSION = 'v1';

const deriveKey = (secret: string, purpose: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'carepoint', purpose, 32));

/** `v1.<nonce>.<tag>.<ciphertext>`, each base64url. */
export function seal(secret: string, plaintext: string, owner: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(secret, 'seal'), nonce);
  cipher.setAAD(Buffer.from(owner));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, nonce, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plaintext, or null when the value was sealed under another key or owner, or altered. */
export function unseal(secret: string, sealed: string, owner: string): string | null {
  const [version, nonce, tag, ciphertext, ...rest] = sealed.split('.');
  if (version !== VERSION || !nonce || !tag || ciphertext === undefined || rest.length > 0) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      deriveKey(secret, 'seal'),
      Buffer.from(nonce, 'base64url'),
    );
    decipher.setAAD(Buffer.from(owner));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/** A keyed hash (HMAC-SHA-256) of a value that is only ever compared, never read back. */
export const keyedHash = (secret: string, value: string) =>
  createHmac('sha256', deriveKey(secret, 'hash')).update(value).digest('hex');
