import { describe, expect, it } from 'vitest';
import { isCommonPassword, oneTimePassword } from './passwords';

describe('common breached passwords', () => {
  it('knows the list, whatever the case or Unicode form', async () => {
    expect(await isCommonPassword('password')).toBe(true);
    expect(await isCommonPassword('PASSWORD')).toBe(true);
    expect(await isCommonPassword('iloveyou')).toBe(true);
    // Far down the list: the whole top 100,000 is loaded, not a head of it.
    expect(await isCommonPassword('Expedition')).toBe(true);
    expect(await isCommonPassword('correct horse battery staple lagos')).toBe(false);
    // "é" typed as e + combining accent is the same password as the precomposed "é".
    expect(await isCommonPassword('cafe\u0301')).toBe(await isCommonPassword('caf\u00e9'));
  });

  it('makes one-time passwords that are random and never on the list', async () => {
    const passwords = await Promise.all(Array.from({ length: 500 }, () => oneTimePassword()));
    expect(new Set(passwords).size).toBe(passwords.length);
    for (const password of passwords) {
      expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]{14}$/);
      expect(await isCommonPassword(password)).toBe(false);
    }
  });
});
