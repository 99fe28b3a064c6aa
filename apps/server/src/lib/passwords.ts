import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@carepoint/contract';
import { hash, verify } from '@node-rs/argon2';
import { serverDir } from '../server-dir';
import { badRequest } from './errors';

// argon2id with OWASP's recommended floor (19 MiB, 2 passes); @node-rs/argon2 defaults to argon2id.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

export const verifyPassword = async (passwordHash: string, password: string) => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

/** Hash of a password nobody knows: verified against when the e-mail is unknown, so timing tells nothing. */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = () => {
  decoyHash ??= hashPassword(`decoy-${randomInt(1e9)}`);
  return decoyHash;
};

// ---------------------------------------------------------------- breached passwords

/** The 100,000 most common breached passwords, shipped with the server (see resources/common-passwords.README.md). */
const COMMON_PASSWORDS_FILE = path.join(serverDir, 'resources', 'common-passwords.txt');

/** How passwords are compared with the list: NFC, then lower case ("PassWord1" is "password1"). */
const comparable = (password: string) => password.normalize('NFC').toLowerCase();

/*
 * Read once, on the first password set, into a Set of 96,518 entries (100,000 lines, fewer once
 * lower-cased): about 6 MB of heap and 0.2-0.7 s once (docs/security.md). Nothing is read at
 * start-up, so start-up does not pay for it, nor does an instance that never sets a password.
 */
let commonPasswords: Promise<ReadonlySet<string>> | undefined;
const loadCommonPasswords = () => {
  commonPasswords ??= fs.promises.readFile(COMMON_PASSWORDS_FILE, 'utf8').then((text) => {
    const set = new Set<string>();
    for (const line of text.split('\n')) if (line) set.add(comparable(line));
    return set;
  });
  return commonPasswords;
};

/** True when the password is on the list of common breached passwords (any case). */
export async function isCommonPassword(password: string) {
  return (await loadCommonPasswords()).has(comparable(password));
}

/**
 * Every new password (sign-up, change, reset, a password given to create-admin) is hashed
 * through here: a common breached password is refused with 400 and the message on `field`.
 */
export async function hashNewPassword(password: string, field: string) {
  if (await isCommonPassword(password)) throw badRequest(MESSAGES.passwordCommon, field);
  return hashPassword(password);
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/**
 * A one-time password for accounts an admin creates: 14 characters, no look-alike letters, from
 * the system's cryptographic generator (about 82 bits). It is never one on the common list.
 */
export async function oneTimePassword(): Promise<string> {
  for (;;) {
    const password = Array.from({ length: 14 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    if (!(await isCommonPassword(password))) return password;
  }
}
