import { z } from 'zod';
import { requiredGenderField } from './clinical';
import { personName, requiredText } from './common';
import { ROLES } from './roles';
import { TOASTS } from './ui';

export const roleSchema = z.enum(ROLES);

export const USER_STATUSES = ['Active', 'Inactive'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);

const PASSWORD_MIN = 8;
export const MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordsDiffer: 'Passwords do not match',
  passwordCommon:
    'This password is one of the most common breached passwords. Choose another: a phrase of a few unrelated words works well.',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  resetTokenInvalid: 'This reset link is invalid or has expired',
  currentPasswordWrong: 'Current password is incorrect',
  genericError: 'An error occurred. Please try again.',
} as const;

export const emailField = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.emailInvalid)
  .pipe(z.email(MESSAGES.emailInvalid))
  .transform((email) => email.toLowerCase());

const passwordRequired = z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired);
/** A new password: required, at least PASSWORD_MIN characters, at most 200 (argon2 input bound). */
export const newPasswordField = passwordRequired
  .min(PASSWORD_MIN, MESSAGES.passwordTooShort)
  .max(200, 'Password is too long');

export const loginSchema = z.object({
  email: emailField,
  password: passwordRequired.max(200, MESSAGES.invalidCredentials),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginInput = z.input<typeof loginSchema>;

export const registerPatientSchema = z.object({
  firstName: personName('First name is required'),
  lastName: personName('Last name is required'),
  email: emailField,
  password: newPasswordField,
  phone: requiredText('Phone is required', 40),
  address: requiredText('Address is required', 300),
  gender: requiredGenderField,
});
export type RegisterPatient = z.input<typeof registerPatientSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPassword = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, MESSAGES.resetTokenInvalid).max(200, MESSAGES.resetTokenInvalid),
    password: newPasswordField,
    confirmPassword: z.string().min(1, 'Please confirm the new password'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type ResetPassword = z.input<typeof resetPasswordSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: newPasswordField,
    confirmPassword: z.string().min(1, 'Please confirm the new password'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MESSAGES.passwordsDiffer,
    path: ['confirmPassword'],
  });
export type ChangePassword = z.input<typeof changePasswordSchema>;

/** The signed-in user as the API shows it: never a secret. */
export const userSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  status: userStatusSchema,
  specialty: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** Set for accounts created with a one-time password: they must choose their own first. */
  mustChangePassword: z.boolean(),
  /** Their role must have a second factor (MFA_REQUIRED_ROLES) and they have none yet: they set one up first. */
  mustSetUpSecondFactor: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** The facility's IANA time zone (server TIME_ZONE): the app shows every date and time in it. */
const facilityTimeZone = z.string().optional();
export const loginResponseSchema = z.object({
  user: userSchema,
  token: z.string(),
  timeZone: facilityTimeZone,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export const meResponseSchema = z.object({ user: userSchema, timeZone: facilityTimeZone });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const FORGOT_PASSWORD_ANSWER = 'If an account exists for that email, a reset link has been sent.';

/**
 * Sign-up's answer (201), the same whether or not the address already had an account: its owner
 * is told by e-mail instead, so sign-up does not reveal who has an account.
 */
export const SIGNUP_ANSWER = TOASTS.signupSuccess;
export const signupAnswerSchema = z.object({ message: z.string() });
export type SignupAnswer = z.infer<typeof signupAnswerSchema>;
