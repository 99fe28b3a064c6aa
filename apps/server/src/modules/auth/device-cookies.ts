import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that
 * signed in to an account gets a long-lived cookie, signed with HMAC-SHA256 under
 * DEVICE_COOKIE_SECRET, naming the account and a random device id. Wrong passwords from a browser
 * presenting a valid one are counted against that device only, so failures from elsewhere (a
 * guesser who knows the e-mail) cannot lock the owner out of their usual browser.
 *
 * One cookie per account the browser signed in to (a shared front-desk computer keeps each
 * staff member's): its name is an HMAC of the e-mail, so it does not show whose it is. It is
 * sent only to /api/auth and never read by scripts.
 */

const DEVICE_COOKIE_DAYS = 365;
const PREFIX = 'cp_device_';
/** Path the cookies are sent to: the sign-in endpoints only. */
export const DEVICE_COOKIE_PATH = '/api/auth';

const mac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64url');

/** The cookie's name for an account: the same in every browser, telling nothing of the e-mail. */
export const deviceCookieName = (secret: string, email: string) =>
  `${PREFIX}${mac(secret, `name:${email}`).slice(0, 16)}`;

const signed = (secret: string, email: string, deviceId: string, expires: number) =>
  mac(secret, `device:${email}:${deviceId}:${expires}`);

/** The device id of a valid, unexpired cookie for this account, or undefined. */
export function readDevice(secret: string, email: string, value: string | undefined, now: Date) {
  const [deviceId, expiresText, signature, ...rest] = (value ?? '').split('.');
  if (!deviceId || !expiresText || !signature || rest.length > 0 || !/^\d+$/.test(expiresText)) return;
  const expires = Number(expiresText);
  if (expires * 1000 <= now.getTime()) return;
  const expected = Buffer.from(signed(secret, email, deviceId, expires));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return;
  return deviceId;
}

/** A cookie for this account and browser, keeping the browser's device id when it had one. */
export function issueDevice(
  secret: string,
  email: string,
  now: Date,
  deviceId = randomBytes(16).toString('base64url'),
) {
  const expiresAt = new Date(now.getTime() + DEVICE_COOKIE_DAYS * 86_400_000);
  const expires = Math.floor(expiresAt.getTime() / 1000);
  return {
    name: deviceCookieName(secret, email),
    value: `${deviceId}.${expires}.${signed(secret, email, deviceId, expires)}`,
    expiresAt,
  };
}
