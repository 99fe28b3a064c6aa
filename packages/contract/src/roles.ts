import {
  ADMIN_NAV,
  BILLING_NAV,
  DOCTOR_NAV,
  LAB_NAV,
  type NavEntry,
  NURSE_NAV,
  PATIENT_NAV,
  PHARMACY_NAV,
} from './nav';

/**
 * Who signs in. Every role has its own area of the web app (below): its path, the page a
 * sign-in lands on and its navigation. The server's access lists, the web app's guards, the
 * post-login redirect and the user menus all read this one map, so a new staff role (lab
 * scientist, pharmacist, cashier) is a new entry here plus its area's pages and routes.
 */
export const ROLES = ['admin', 'doctor', 'patient', 'nurse', 'lab', 'pharmacist', 'cashier'] as const;
/*
 * No schema here (roleSchema is in auth.ts): the API client reads this map on every page, the
 * landing page's too, and a zod call in this module would bring zod into that first load.
 */
export type Role = (typeof ROLES)[number];

/** Everyone but patients: the roles whose reads of a patient's record the patient is shown. */
export const STAFF_ROLES = ROLES.filter((role) => role !== 'patient');

export interface RoleArea {
  /** The area's path prefix, e.g. "/nurse" (not always the role's name: the pharmacist's is "/pharmacy", the cashier's "/billing"). */
  readonly path: string;
  /** Where signing in lands (the README's demo logins). */
  readonly home: string;
  /** How the area and the role are named to people ("Nurse"). */
  readonly label: string;
  /** The shell's navigation entries, in order. */
  readonly nav: readonly NavEntry[];
}

export const ROLE_AREAS = {
  admin: { path: '/admin', home: '/admin/dashboard', label: 'Admin', nav: ADMIN_NAV },
  doctor: { path: '/doctor', home: '/doctor/dashboard', label: 'Doctor', nav: DOCTOR_NAV },
  patient: { path: '/patient', home: '/patient/dashboard', label: 'Patient', nav: PATIENT_NAV },
  nurse: { path: '/nurse', home: '/nurse/dashboard', label: 'Nurse', nav: NURSE_NAV },
  lab: { path: '/lab', home: '/lab/worklist', label: 'Laboratory', nav: LAB_NAV },
  pharmacist: { path: '/pharmacy', home: '/pharmacy/dispensing', label: 'Pharmacy', nav: PHARMACY_NAV },
  cashier: { path: '/billing', home: '/billing/dashboard', label: 'Billing', nav: BILLING_NAV },
} as const satisfies Record<Role, RoleArea>;

const isRole = (role: string): role is Role => (ROLES as readonly string[]).includes(role);

/** Where a user of `role` lands after signing in; a role this build does not know lands on "/". */
export const homeOf = (role: string): string => (isRole(role) ? ROLE_AREAS[role].home : '/');

/** Each area's Security page (second factor, passkeys, sessions), reached from the user menu. */
export const securityPath = (role: Role) => `${ROLE_AREAS[role].path}/security`;

/** Whether `path` is a same-site path inside `role`'s own area (used for ?next= after sign-in). */
export function pathBelongsToRole(path: string | null | undefined, role: Role): path is string {
  if (!path?.startsWith('/') || path.startsWith('//')) return false;
  const area = ROLE_AREAS[role].path;
  const pathname = path.split(/[?#]/)[0] ?? '';
  return pathname === area || pathname.startsWith(`${area}/`);
}

/**
 * The roles that may read the FHIR API, themselves or through a SMART app they allow. A new role
 * starts without: nurses' FHIR access waits until what a nurse may read (their ward's patients)
 * is decided, so the server refuses them there and on the SMART consent page (403).
 */
export const FHIR_ROLES = ['admin', 'doctor', 'patient'] as const satisfies readonly Role[];
