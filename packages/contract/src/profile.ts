import { z } from 'zod';
import { userSchema } from './auth';
import { genderSchema } from './clinical';
import { EARLIEST_DATE, isCalendarDate } from './clock';
import { personName, requiredText } from './common';
import { fileTypeAmong } from './file-types';

/** Doctors' years of practice: a whole number up to this. */
const EXPERIENCE_YEARS_MAX = 70;

/** My Profile and Edit Profile: e-mail is shown but never changed here. */
export const PROFILE_MESSAGES = {
  activityLoadFailed: 'Could not load your activity.',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneRequired: 'Phone is required',
  dateOfBirthInvalid: 'Enter a valid date of birth as YYYY-MM-DD',
  dateOfBirthFuture: 'Date of birth cannot be in the future',
  dateOfBirthTooEarly: 'Date of birth cannot be before 1900',
  emailReadOnly: 'Email cannot be changed',
  experienceInvalid: `Experience must be a whole number of years from 0 to ${EXPERIENCE_YEARS_MAX}`,
  /** The toasts the screens show. */
  loadFailed: 'Could not load profile.',
  updateFailed: 'Failed to update profile.',
} as const;

/** Optional text: empty means "not given" and is stored as null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

/** An optional 'YYYY-MM-DD' birth date from 1900 on; empty means unknown (null). The server refuses a future one. */
export const dateOfBirthField = z
  .string()
  .trim()
  .refine((v) => v === '' || isCalendarDate(v), PROFILE_MESSAGES.dateOfBirthInvalid)
  .refine((v) => v === '' || !isCalendarDate(v) || v >= EARLIEST_DATE, PROFILE_MESSAGES.dateOfBirthTooEarly)
  .nullish()
  .transform((v) => v || null);

/** Optional gender: empty means not given (null). */
const optionalGenderField = z
  .union([z.literal(''), z.null(), genderSchema])
  .transform((v) => v || null)
  .optional();

export const updateProfileSchema = z.object({
  firstName: personName(PROFILE_MESSAGES.firstNameRequired),
  lastName: personName(PROFILE_MESSAGES.lastNameRequired),
  phone: requiredText(PROFILE_MESSAGES.phoneRequired, 40),
  dateOfBirth: dateOfBirthField,
  address: optionalText(300),
  /**
   * Clients may send back the whole edited profile object; the e-mail
   * is accepted only when unchanged, which the server checks.
   */
  email: z.string().optional(),
  /**
   * Doctors' own fields, saved for doctors only (other roles' are ignored). Left out means
   * unchanged; empty clears them.
   */
  specialty: optionalText(100).optional(),
  experienceYears: z
    .preprocess(
      (v) => (v === '' || v === null ? null : typeof v === 'string' ? Number(v) : v),
      z
        .number({ error: PROFILE_MESSAGES.experienceInvalid })
        .int(PROFILE_MESSAGES.experienceInvalid)
        .min(0, PROFILE_MESSAGES.experienceInvalid)
        .max(EXPERIENCE_YEARS_MAX, PROFILE_MESSAGES.experienceInvalid)
        .nullable(),
    )
    .optional(),
  gender: optionalGenderField,
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
export type UpdateProfile = z.output<typeof updateProfileSchema>;

/** The profile as GET and PUT /api/user/profile show it: the user, with the doctor's own fields. */
const profileSchema = userSchema.extend({
  experienceYears: z.number().int().nullable(),
  gender: genderSchema.nullable(),
  /** A patient's record number ("CP-000123"), shown read-only (never in the edit form); null for staff. */
  recordNumber: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** GET and PUT /api/user/profile answer `{ user }`. */
export const profileResponseSchema = z.object({ user: profileSchema });

// ---------------------------------------------------------------------------------------------
// Profile image (PUT /api/user/profile/image with the picture's bytes as the body)
// ---------------------------------------------------------------------------------------------

export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ProfileImageType = (typeof PROFILE_IMAGE_TYPES)[number];
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export const PROFILE_IMAGE_MESSAGES = {
  notAnImage: 'The picture must be a PNG, JPEG or WebP image',
  tooLarge: 'The picture must be at most 2 MB',
  uploaded: 'Profile picture updated',
  removed: 'Profile picture removed',
  uploadFailed: 'Could not upload the picture',
} as const;

/**
 * The image type a file's first bytes announce (its magic number), or null when they are not a
 * PNG, JPEG or WebP. The declared Content-Type or file name is never trusted.
 */
export const imageTypeOf = (bytes: Uint8Array): ProfileImageType | null =>
  fileTypeAmong(bytes, PROFILE_IMAGE_TYPES);

/** Why a picture would be refused (the server's messages), or null when it may be uploaded. */
export function profileImageProblem(bytes: Uint8Array): string | null {
  if (bytes.length > PROFILE_IMAGE_MAX_BYTES) return PROFILE_IMAGE_MESSAGES.tooLarge;
  return imageTypeOf(bytes) ? null : PROFILE_IMAGE_MESSAGES.notAnImage;
}

// ---------------------------------------------------------------------------------------------
// The doctor's profile page: "medical actions"
// ---------------------------------------------------------------------------------------------

/** GET /api/doctor/profile/activity: the signed-in doctor's work, counted from the records. */
export const doctorActivitySchema = z.object({
  /** Appointments the doctor completed this calendar month (facility time). */
  completedThisMonth: z.number().int(),
  /** Distinct patients with a completed appointment with the doctor, ever. */
  patientsSeen: z.number().int(),
  /** The doctor's active (Pending or Confirmed) appointments today. */
  upcomingToday: z.number().int(),
  /** Triage intakes the doctor recorded today. */
  triagedToday: z.number().int(),
});
export type DoctorActivity = z.infer<typeof doctorActivitySchema>;
