import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  MESSAGES,
  registerPatientSchema,
  resetPasswordSchema,
} from './auth';
import { GENDER_MESSAGES } from './clinical';
import { demoRequestSchema } from './public';
import { messages } from './test-messages';

describe('loginSchema', () => {
  it('requires e-mail and password with the spec messages', () => {
    expect(messages(loginSchema, { email: '', password: '' })).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(messages(loginSchema, {})).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });
  it('rejects a malformed e-mail and lower-cases a good one', () => {
    expect(messages(loginSchema, { email: 'not-an-email', password: 'x' })).toEqual({
      email: MESSAGES.emailInvalid,
    });
    expect(loginSchema.parse({ email: ' Doc@Example.ORG ', password: 'x' })).toEqual({
      email: 'doc@example.org',
      password: 'x',
      rememberMe: false,
    });
  });
});

describe('registerPatientSchema', () => {
  it("gives the six spec messages and the gender's for an empty form", () => {
    const empty = {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      phone: '',
      address: '',
      gender: '',
    };
    expect(messages(registerPatientSchema, empty)).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      password: 'Password is required',
      phone: 'Phone is required',
      address: 'Address is required',
      gender: GENDER_MESSAGES.required,
    });
  });
  it('treats blanks as empty and asks for a password of 8 or more characters', () => {
    const form = {
      firstName: '  ',
      lastName: 'Obi',
      email: 'a@b.co',
      password: 'short',
      phone: '080',
      address: 'x',
      gender: 'female',
    };
    expect(messages(registerPatientSchema, form)).toEqual({
      firstName: 'First name is required',
      password: MESSAGES.passwordTooShort,
    });
  });
});

describe('password schemas', () => {
  it('forgot password requires an e-mail', () => {
    expect(messages(forgotPasswordSchema, { email: '' })).toEqual({ email: 'Email is required' });
  });
  it('reset and change require matching new passwords', () => {
    expect(
      messages(resetPasswordSchema, { token: 't', password: 'long-enough', confirmPassword: 'different-1' }),
    ).toEqual({ confirmPassword: MESSAGES.passwordsDiffer });
    expect(
      messages(changePasswordSchema, {
        currentPassword: '',
        newPassword: 'long-enough',
        confirmPassword: 'long-enough',
      }),
    ).toEqual({ currentPassword: 'Current password is required' });
    expect(
      messages(changePasswordSchema, {
        currentPassword: 'old',
        newPassword: 'short',
        confirmPassword: 'short',
      }),
    ).toEqual({ newPassword: MESSAGES.passwordTooShort });
  });
});

describe('demoRequestSchema', () => {
  it('requires name, e-mail and organisation; the message is optional', () => {
    expect(messages(demoRequestSchema, { name: '', email: '', organisation: '' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      organisation: 'Organisation is required',
    });
    expect(
      demoRequestSchema.parse({ name: 'Ife', email: 'ife@clinic.ng', organisation: 'Ife Clinic' }).message,
    ).toBe('');
  });
});
