import { Secret, TOTP } from 'otpauth';

/*
 * RFC 6238 codes as every authenticator app makes them by default: SHA-1, 6 digits, 30-second
 * steps. The library (otpauth, decision 0018) computes them; this file only fixes the settings.
 */

const ISSUER = 'CarePoint';
/** Steps accepted either side of now: a phone clock a little off, or a code typed as it changed. */
const WINDOW = 1;

const totpOf = (secret: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  });

/** A new random secret (160 bits, as RFC 4226 recommends), in base32 as apps take it. */
export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The otpauth:// URL the QR code holds. */
export const otpauthUrl = (secret: string, label: string) => totpOf(secret, label).toString();

/** The time step the code belongs to, or null when it is not a code of this secret near `now`. */
export function stepOfCode(secret: string, code: string, now: Date): number | null {
  const totp = totpOf(secret, '');
  const timestamp = now.getTime();
  const delta = totp.validate({ token: code, timestamp, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp }) + delta;
}
