import { z } from 'zod';
import { meResponseSchema } from './auth';
import { requiredText } from './common';
import { isCalendarDate } from './schedules';

/** My Profile (spec §3 "Profile", §5 "Edit profile"): e-mail is shown but never changed here. */
export const PROFILE_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneRequired: 'Phone is required',
  dateOfBirthInvalid: 'Enter a valid date of birth as YYYY-MM-DD',
  dateOfBirthFuture: 'Date of birth cannot be in the future',
  emailReadOnly: 'Email cannot be changed',
  /** Spec §8 toasts. */
  loadFailed: 'Could not load profile.',
  updateFailed: 'Failed to update profile.',
} as const;

/** Optional text: empty means "not given" and is stored as null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

export const updateProfileSchema = z.object({
  firstName: requiredText(PROFILE_MESSAGES.firstNameRequired, 100),
  lastName: requiredText(PROFILE_MESSAGES.lastNameRequired, 100),
  phone: requiredText(PROFILE_MESSAGES.phoneRequired, 40),
  dateOfBirth: z
    .string()
    .trim()
    .refine((v) => v === '' || isCalendarDate(v), PROFILE_MESSAGES.dateOfBirthInvalid)
    .nullish()
    .transform((v) => v || null),
  address: optionalText(300),
  /**
   * Clients may send back the whole profile (spec §7 "edited profile object"); the e-mail
   * is accepted only when unchanged, which the server checks.
   */
  email: z.string().optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
export type UpdateProfile = z.output<typeof updateProfileSchema>;

/** GET and PUT /api/user/profile answer `{ user }` (spec §7). */
export const profileResponseSchema = meResponseSchema;
