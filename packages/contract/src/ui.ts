/** Product constants shared by the web app and tests. */
export const HEADER_SOLID_AFTER_PX = 50;
export const HEADER_TRANSPARENT_BELOW_PX = 10;
export const LOGIN_REDIRECT_MS = 2000;
export const SIGNUP_REDIRECT_MS = 1500;
export const HTTP_TIMEOUT_MS = 600_000;
export const TOAST_ERROR_MS = 4000;
export const TOAST_SUCCESS_MS = 2000;
export const TOAST_LIMIT = 20;
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * A phone number as a `tel:` link: digits and a leading +, nothing else (RFC 3966's global form).
 * Here, among the modules without schemas: the landing page's footer uses it, and importing it
 * from a module that builds zod schemas would bring zod into the first load.
 */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
export const MARKETING = {
  facilities: '500+',
  patients: '50K+',
  satisfaction: '98%',
  support: '24/7',
  openingHours: '08:00 AM to 21:00 PM',
} as const;

export const TOASTS = {
  loginSuccess: 'Login successful!',
  signupSuccess: 'Signup successful! Please login.',
  doctorAdded: 'Doctor added (password set by default)',
  appointmentCreated: 'Appointment created',
  profileUpdated: 'Profile updated!',
  bedAdded: 'Bed added',
  bedUpdated: 'Bed updated',
  prescriptionAdded: 'Prescription added successfully',
  prescriptionDeleted: 'Prescription deleted successfully',
} as const;

export const EMPTY_TABLE = 'No record found.';
