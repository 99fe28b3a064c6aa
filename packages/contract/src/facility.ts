import { z } from 'zod';
import { MESSAGES } from './auth';
import { optionalSingleLineText, requiredText } from './common';

/*
 * The facility's own name and contact details, kept in the database and changed by an admin
 * (Facility page). The public pages' footer, printed documents' letterhead and the appointment
 * e-mails all read them, so a fresh installation shows the clinic's details, not a vendor's.
 * Until an admin saves them, they are the server's FACILITY_* settings.
 *
 * Endpoints:
 *   GET /api/public/facility  [-> facilitySchema] (anyone)
 *   PUT /api/admin/facility   [facilityInputSchema -> facilitySchema] (admin)
 */

export const FACILITY_MESSAGES = {
  saveFailed: 'Could not save the facility details',
  nameRequired: 'Facility name is required',
  emailInvalid: MESSAGES.emailInvalid,
  saved: 'Facility details saved',
  loadFailed: 'Could not load the facility details',
} as const;

/** Limits as the FACILITY_* settings have them. */
export const FACILITY_LIMITS = { name: 120, address: 200, phone: 40, email: 254 } as const;

/** Empty (or null, as the details are read) means not given: null. */
const optionalField = (max: number) =>
  optionalSingleLineText(max)
    .nullable()
    .transform((v) => v || null);

export const facilityInputSchema = z.object({
  name: requiredText(FACILITY_MESSAGES.nameRequired, FACILITY_LIMITS.name),
  address: optionalField(FACILITY_LIMITS.address),
  phone: optionalField(FACILITY_LIMITS.phone),
  email: optionalSingleLineText(FACILITY_LIMITS.email)
    .refine((v) => v === '' || z.email().safeParse(v).success, FACILITY_MESSAGES.emailInvalid)
    .nullable()
    .transform((v) => v?.toLowerCase() || null),
});
export type FacilityInput = z.input<typeof facilityInputSchema>;
export type FacilityDetails = z.output<typeof facilityInputSchema>;

export const facilitySchema = z.object({
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
