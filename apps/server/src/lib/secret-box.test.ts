import { describe, expect, it } from 'vitest';
import { keyedHash, seal, unseal } from './secret-box';

const KEY = 'k'.repeat(32);
const OTHER_KEY = 'o'.repeat(32);

describe('secret box', () => {
  it('opens what it sealed, for the same owner and key only', () => {
    const sealed = seal(KEY, 'JBSWY3DPEHPK3PXP', 'user-1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(unseal(KEY, sealed, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
    expect(unseal(KEY, sealed, 'user-2')).toBeNull();
    expect(unseal(OTHER_KEY, sealed, 'user-1')).toBeNull();
  });
  it('refuses an altered or malformed value', () => {
    const [version, nonce, tag, ciphertext] = seal(KEY, 'secret', 'user-1').split('.');
    const flipped = `${ciphertext?.[0] === 'A' ? 'B' : 'A'}${ciphertext?.slice(1)}`;
    expect(unseal(KEY, [version, nonce, tag, flipped].join('.'), 'user-1')).toBeNull();
    expect(unseal(KEY, 'v1.abc', 'user-1')).toBeNull();
    expect(unseal(KEY, 'v2.a.b.c', 'user-1')).toBeNull();
  });
  it('seals the same value differently each time, and hashes it the same way under one key', () => {
    expect(seal(KEY, 'secret', 'user-1')).not.toBe(seal(KEY, 'secret', 'user-1'));
    expect(keyedHash(KEY, 'abcdefghij')).toBe(keyedHash(KEY, 'abcdefghij'));
    expect(keyedHash(KEY, 'abcdefghij')).not.toBe(keyedHash(OTHER_KEY, 'abcdefghij'));
  });
});
