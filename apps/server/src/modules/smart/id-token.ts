import { asc } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import type { Executor } from '../../db/client';
import { smartSigningKeys } from '../../db/schema';

/** OpenID Connect's default algorithm: every relying party can check it. */
const ID_TOKEN_ALG = 'RS256';
const ID_TOKEN_SECONDS = 3600;

interface SigningKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

const isJwk = (value: unknown): value is JWK => typeof value === 'object' && value !== null && 'kty' in value;

async function readKey(db: Executor): Promise<SigningKey | undefined> {
  const [row] = await db
    .select()
    .from(smartSigningKeys)
    .orderBy(asc(smartSigningKeys.createdAt), asc(smartSigningKeys.kid))
    .limit(1);
  if (!row || !isJwk(row.privateJwk) || !isJwk(row.publicJwk)) return undefined;
  return { kid: row.kid, privateJwk: row.privateJwk, publicJwk: row.publicJwk };
}

/**
 * The server's id_token key (decision 0020): made on first use and kept in the database, so every
 * instance signs with the same key and a restore brings it back. Instances that race to make it
 * each insert theirs; all then use the oldest row, so they agree.
 */
async function loadOrCreateKey(db: Executor, now: Date): Promise<SigningKey> {
  const existing = await readKey(db);
  if (existing) return existing;
  const { privateKey, publicKey } = await generateKeyPair(ID_TOKEN_ALG, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  await db
    .insert(smartSigningKeys)
    .values({ kid, privateJwk: await exportJWK(privateKey), publicJwk, createdAt: now })
    .onConflictDoNothing();
  const key = await readKey(db);
  if (!key) throw new Error('the id_token signing key could not be stored');
  return key;
}

const keys = new WeakMap<Executor, Promise<SigningKey>>();
function signingKey(db: Executor, now: Date) {
  let key = keys.get(db);
  if (!key) {
    key = loadOrCreateKey(db, now);
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/** The public half, as /oauth/jwks publishes it for apps that check id_tokens. */
export async function publicKeySet(db: Executor, now: Date) {
  const key = await signingKey(db, now);
  return { keys: [{ ...key.publicJwk, kid: key.kid, alg: ID_TOKEN_ALG, use: 'sig' }] };
}

export interface IdTokenClaims {
  issuer: string;
  clientId: string;
  userId: string;
  /** The user's FHIR resource (absolute URL), when they are one: Patient or Practitioner. */
  fhirUser: string | undefined;
  name: string;
  nonce: string | undefined;
}

/** An OpenID Connect id_token naming the user (SMART's `openid fhirUser`), signed with the server's key. */
export async function signIdToken(db: Executor, now: Date, claims: IdTokenClaims) {
  const key = await signingKey(db, now);
  const seconds = Math.floor(now.getTime() / 1000);
  return new SignJWT({
    ...(claims.fhirUser ? { fhirUser: claims.fhirUser } : {}),
    ...(claims.nonce ? { nonce: claims.nonce } : {}),
    name: claims.name,
  })
    .setProtectedHeader({ alg: ID_TOKEN_ALG, kid: key.kid, typ: 'JWT' })
    .setIssuer(claims.issuer)
    .setSubject(claims.userId)
    .setAudience(claims.clientId)
    .setIssuedAt(seconds)
    .setExpirationTime(seconds + ID_TOKEN_SECONDS)
    .sign(await importJWK(key.privateJwk, ID_TOKEN_ALG));
}
