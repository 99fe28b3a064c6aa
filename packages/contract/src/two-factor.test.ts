import { describe, expect, it } from 'vitest';
import { recoveryCodeField, secondFactorLoginSchema, TWO_FACTOR_MESSAGES, totpCodeField } from './two-factor';

describe('two-factor fields', () => {
  it('takes a code as the app shows it, spaces and all, and refuses anything but six digits', () => {
    expect(totpCodeField.parse('123 456')).toBe('123456');
    expect(totpCodeField.safeParse('12345').error?.issues[0]?.message).toBe(TWO_FACTOR_MESSAGES.codeFormat);
    expect(totpCodeField.safeParse('').error?.issues[0]?.message).toBe(TWO_FACTOR_MESSAGES.codeRequired);
    expect(totpCodeField.safeParse('1'.repeat(1000)).success).toBe(false);
  });
  it('takes a recovery code in any case, with or without its dash', () => {
    expect(recoveryCodeField.parse(' ABCDE-fgh23 ')).toBe('abcdefgh23');
    expect(recoveryCodeField.safeParse('abcde-fgh1j').error?.issues[0]?.message).toBe(
      TWO_FACTOR_MESSAGES.recoveryCodeFormat,
    );
  });
  it('checks the code by the method the sign-in names', () => {
    expect(
      secondFactorLoginSchema.safeParse({ method: 'totp', challenge: 'c', code: 'abcde-fghij' }).success,
    ).toBe(false);
    expect(
      secondFactorLoginSchema.safeParse({ method: 'recovery-code', challenge: 'c', code: 'abcde-fghij' })
        .success,
    ).toBe(true);
  });
});
