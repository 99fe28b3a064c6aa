import { z } from 'zod';
import { emailField, MESSAGES, userStatusSchema } from './auth';
import { listQuerySchema, pageOf, personName, requiredText } from './common';
import { ROLE_AREAS, type Role } from './roles';

/*
 * Manage Staff (docs/areas/staff-accounts.md): the accounts of the staff roles that have no
 * staff record of their own, only an account (users row with the role). Nurses keep Manage
 * Nurses (their department, duty status and wards); doctors keep Manage Doctors.
 *
 * Endpoints (admin only):
 *   GET   /api/admin/staff        [staffAccountListQuerySchema -> staffAccountPageSchema]
 *   POST  /api/admin/staff        [createStaffAccountSchema -> 201 staffAccountSchema]
 *   PATCH /api/admin/staff/:id    [updateStaffAccountSchema -> staffAccountSchema]
 */

/**
 * The roles Manage Staff adds and edits. A new role (the cashier was the last) is appended here: the
 * API, its checks, the screen's Role choices and filter follow, named by ROLE_AREAS[role].label.
 */
export const STAFF_ACCOUNT_ROLES = ['lab', 'pharmacist', 'cashier'] as const satisfies readonly Role[];
export type StaffAccountRole = (typeof STAFF_ACCOUNT_ROLES)[number];

/** How a staff role is named on the screen ("Laboratory"): the role map's one name for it. */
export const staffRoleLabel = (role: StaffAccountRole) => ROLE_AREAS[role].label;

const staffRoleSchema = z.enum(STAFF_ACCOUNT_ROLES, {
  error: `Role must be one of: ${STAFF_ACCOUNT_ROLES.map(staffRoleLabel).join(', ')}`,
});

export const STAFF_ACCOUNT_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneRequired: 'Phone is required',
  /** The patients' and doctors' message: an e-mail is one account's, whatever its role. */
  emailTaken: MESSAGES.emailTaken,
  notFound: 'Staff account not found',
  added: 'Staff account added',
  updated: 'Staff account updated',
  loadFailed: 'Could not fetch staff accounts',
  addFailed: 'Failed to add staff account',
  updateFailed: 'Failed to update staff account',
} as const;

const staffNames = {
  firstName: personName(STAFF_ACCOUNT_MESSAGES.firstNameRequired),
  lastName: personName(STAFF_ACCOUNT_MESSAGES.lastNameRequired),
  phone: requiredText(STAFF_ACCOUNT_MESSAGES.phoneRequired, 40),
};

/** Add Staff: the account is made without a password anyone knows; a welcome link lets its owner choose one. */
export const createStaffAccountSchema = z.object({
  ...staffNames,
  email: emailField,
  role: staffRoleSchema,
});
export type CreateStaffAccount = z.input<typeof createStaffAccountSchema>;

/**
 * Edit: any subset of the names, phone and account status (Inactive refuses sign-in and ends the
 * sessions and app grants). The e-mail and the role stay: a new address or role is a new account.
 */
export const updateStaffAccountSchema = z.object({ ...staffNames, status: userStatusSchema }).partial();
export type UpdateStaffAccount = z.input<typeof updateStaffAccountSchema>;

export const staffAccountSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: staffRoleSchema,
  /** Inactive cannot sign in. */
  status: userStatusSchema,
  createdAt: z.string(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

/** Without `sort`, by name (last name, then first name). */
export const STAFF_ACCOUNT_SORTABLE = ['name', 'email', 'role', 'status', 'createdAt'] as const;
export const staffAccountListQuerySchema = listQuerySchema(STAFF_ACCOUNT_SORTABLE).extend({
  role: staffRoleSchema.optional(),
  status: userStatusSchema.optional(),
});
export const staffAccountPageSchema = pageOf(staffAccountSchema);
