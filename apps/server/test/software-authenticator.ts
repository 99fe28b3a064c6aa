import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/*
 * A passkey authenticator in software, for API tests of the WebAuthn ceremonies: one ES256 key
 * pair and credential, answering registration and sign-in options as a browser with a platform
 * authenticator would (attestation "none"). Only what the server verifies is modelled.
 */

type CborValue = number | string | Uint8Array | Map<CborValue, CborValue>;

/** The CBOR head of an item of `major` type with argument `n`. */
function cborHead(major: number, n: number) {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const head = Buffer.alloc(5);
  head[0] = (major << 5) | 26;
  head.writeUInt32BE(n, 1);
  return head;
}

/** Encodes the few CBOR types attestation objects and COSE keys use. */
function cbor(value: CborValue): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value);
    return Buffer.concat([cborHead(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const parts: Uint8Array[] = [cborHead(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

export interface CeremonyOptions {
  /** The challenge to sign instead of the options' own. */
  challenge?: string;
  /** Leave out user verification (a touch alone). */
  unverified?: boolean;
}

export function softwareAuthenticator({ origin, rpId }: { origin: string; rpId: string }) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  const coseKey = cbor(
    new Map<CborValue, CborValue>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]),
  );
  let counter = 0;
  let userHandle: string | undefined;

  const authenticatorData = (flags: number, extra: Buffer = Buffer.alloc(0)) => {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, extra]);
  };
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const verification = (options: CeremonyOptions) =>
    FLAG_USER_PRESENT | (options.unverified ? 0 : FLAG_USER_VERIFIED);

  return {
    credentialId: b64url(credentialId),
    /** Sets the signature counter the next sign-in reports (one more than this). */
    setCounter(value: number) {
      counter = value;
    },
    /** navigator.credentials.create() with the server's registration options. */
    register(options: { challenge: string; user: { id: string } }, ceremony: CeremonyOptions = {}) {
      userHandle = options.user.id;
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, coseKey]);
      const authData = authenticatorData(verification(ceremony) | FLAG_ATTESTED_CREDENTIAL, attested);
      const attestationObject = cbor(
        new Map<CborValue, CborValue>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', ceremony.challenge ?? options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      };
    },
    /** navigator.credentials.get() with the server's sign-in options. */
    signIn(options: { challenge: string }, ceremony: CeremonyOptions = {}) {
      counter += 1;
      const authData = authenticatorData(verification(ceremony));
      const data = clientData('webauthn.get', ceremony.challenge ?? options.challenge);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          ...(userHandle ? { userHandle } : {}),
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      };
    },
  };
}
