/**
 * The words of the OpenAPI document that no route schema carries (plugins/openapi.ts puts them
 * in): a summary per operation, the tags' descriptions, and the refusals a route's services
 * answer beyond those its configuration shows. Keys are `METHOD /openapi/{path}`.
 *
 * A route's own `schema.summary` wins over SUMMARIES; a route in neither gets one made from its
 * method and path. docs.test.ts fails on a key here that names no route.
 */

export const SUMMARIES: Readonly<Record<string, string>> = {
  // Public and sign-in.
  'GET /api/health': 'Liveness check',
  'GET /api/ready': 'Readiness check for load balancers',
  'POST /api/public/demo-requests': 'Request a demo',
  'POST /api/auth/register/patient': 'Register as a patient',
  'POST /api/auth/login': 'Sign in',
  'POST /api/auth/logout': 'Sign out',
  'GET /api/auth/me': 'The signed-in user',
  'POST /api/auth/forgot-password': 'E-mail a password reset link',
  'POST /api/auth/reset-password': 'Set a new password with a reset link',
  'POST /api/auth/change-password': 'Change my password',
  // Every signed-in role.
  'GET /api/doctors/available': 'Doctors who can be booked',
  'GET /api/doctors/slots': "Any doctor's free slots on a date",
  'GET /api/doctors/{id}/slots': "A doctor's free slots on a date",
  'GET /api/doctors/{id}/schedule': "A doctor's weekly schedule",
  'PATCH /api/appointments/{id}/status': 'Confirm, start, complete or cancel an appointment',
  'GET /api/user/profile': 'My profile',
  'PUT /api/user/profile': 'Update my profile',
  'PUT /api/user/profile/image': 'Upload my profile picture',
  'DELETE /api/user/profile/image': 'Remove my profile picture',
  'GET /api/users/{id}/image': "A user's profile picture",
  // Patient.
  'GET /api/patient/summary': 'My dashboard figures',
  'GET /api/patient/reminders': 'Whether I get appointment reminders',
  'PUT /api/patient/reminders': 'Turn my appointment reminders on or off',
  'GET /api/patient/appointments': 'My appointments',
  'POST /api/patient/appointments': 'Book an appointment',
  'GET /api/patient/appointments/{id}': 'One of my appointments',
  'POST /api/patient/appointments/{id}/cancel': 'Cancel one of my appointments',
  'GET /api/patient/invoices': 'My invoices',
  'GET /api/patient/invoices/{id}': 'One of my invoices',
  'GET /api/patient/prescriptions': 'My prescriptions',
  'GET /api/patient/record-access': 'Who opened my record: staff reads and changes of my record',
  // Doctor.
  'GET /api/doctor/schedule': 'My weekly schedule',
  'PUT /api/doctor/schedule': 'Set my weekly schedule',
  'GET /api/doctor/dashboard': 'My day: figures and next appointments',
  'GET /api/doctor/appointments': 'My appointments',
  'POST /api/doctor/appointments': 'Book an appointment with me for a patient',
  'GET /api/doctor/appointments/{id}': 'One of my appointments',
  'GET /api/doctor/profile/activity': 'My recent activity',
  'POST /api/doctor/triage': 'Record a triage intake',
  'GET /api/doctor/triage': "Today's triage intakes",
  'GET /api/doctor/triage/patients': 'Find a patient for triage',
  'GET /api/doctor/patients': 'Patients',
  'GET /api/doctor/patients/{id}': "A patient's chart",
  'GET /api/doctor/patients/{id}/reports': "A patient's reports",
  'PUT /api/doctor/patients/{id}/medical-details': "Update a patient's medical details",
  'GET /api/doctor/invoices': 'My invoices',
  'POST /api/doctor/invoices': 'Invoice a completed appointment',
  'GET /api/doctor/invoices/summary': 'My invoice totals',
  'GET /api/doctor/invoices/{id}': 'One of my invoices',
  'GET /api/doctor/prescriptions': 'Prescriptions',
  'POST /api/doctor/prescriptions': 'Write a prescription',
  'GET /api/doctor/prescriptions/{id}': 'A prescription',
  'PUT /api/doctor/prescriptions/{id}': 'Update a prescription',
  'DELETE /api/doctor/prescriptions/{id}': 'Delete a prescription',
  'PATCH /api/doctor/prescriptions/{id}/status': "Change a prescription's status",
  'GET /api/doctor/reports': 'Reports',
  'POST /api/doctor/reports': 'Write a report',
  'GET /api/doctor/reports/doctors': 'Doctors a report can name',
  'GET /api/doctor/reports/{id}': 'A report',
  'PUT /api/doctor/reports/{id}': 'Update a report',
  'DELETE /api/doctor/reports/{id}': 'Delete a report',
  'DELETE /api/doctor/reports/attachments/{id}': "Remove a report's attachment",
  'POST /api/doctor/reports/{id}/attachments': 'Attach a file to a report',
  'GET /api/doctor/diagnosis-tests': 'Diagnosis tests',
  'GET /api/doctor/diagnosis-tests/{id}': 'A diagnosis test',
  'GET /api/doctor/diagnosis-categories': 'Diagnosis categories',
  'POST /api/doctor/diagnosis-categories': 'Create a diagnosis category',
  'GET /api/doctor/diagnosis-categories/options': 'Diagnosis categories to choose from',
  'PUT /api/doctor/diagnosis-categories/{id}': 'Rename a diagnosis category',
  // Admin.
  'GET /api/admin/doctors': 'Doctors',
  'POST /api/admin/create/doctor': 'Create a doctor account',
  'PATCH /api/admin/doctors/{id}': 'Update a doctor',
  'GET /api/admin/nurses': 'Nurses',
  'POST /api/admin/nurses': 'Add a nurse',
  'PUT /api/admin/nurses/{id}': 'Replace a nurse',
  'PATCH /api/admin/nurses/{id}': 'Update some of a nurse',
  'GET /api/admin/ambulances': 'Ambulances',
  'POST /api/admin/ambulances': 'Add an ambulance',
  'PUT /api/admin/ambulances/{id}': 'Replace an ambulance',
  'PATCH /api/admin/ambulances/{id}': 'Update some of an ambulance',
  'GET /api/admin/patients': 'Patients',
  'POST /api/admin/patients': 'Register a patient',
  'GET /api/admin/patients/{id}': 'A patient',
  'PUT /api/admin/patients/{id}': "Update a patient's record",
  'GET /api/admin/beds': 'Beds',
  'POST /api/admin/beds': 'Add a bed',
  'PUT /api/admin/beds/{id}': 'Update a bed',
  'DELETE /api/admin/beds/{id}': 'Remove a bed',
  'GET /api/admin/emergency-room': 'Emergency room arrivals',
  'POST /api/admin/emergency-room': 'Record an emergency room arrival',
  'PATCH /api/admin/emergency-room/{id}': 'Update an emergency room arrival',
  'POST /api/admin/emergency-room/{id}/admit': 'Admit an arrival to a free bed',
  'POST /api/admin/emergency-room/{id}/link': 'Link an arrival to a registered patient',
  'GET /api/admin/queues': 'Queue entries',
  'POST /api/admin/queues': 'Add a patient to a queue',
  'GET /api/admin/queues/board': 'The queues board',
  'PATCH /api/admin/queues/{id}': 'Update a queue entry',
  'POST /api/admin/queues/{department}/call-next': "Call the next patient of a department's queue",
  'GET /api/admin/summary': 'Dashboard figures',
  'GET /api/admin/analytics': 'Analytics',
  'PUT /api/admin/settings/target-wait': 'Set the target waiting time',
  'GET /api/admin/stats': 'Counts of records',
  'GET /api/admin/audit': 'The audit log',
  'GET /api/admin/outbox': 'Outgoing e-mail',
  'GET /api/admin/messages': 'Appointment e-mails to patients: the send log',
  'GET /api/admin/demo-requests': 'Demo requests',
  'GET /api/admin/appointments': 'Appointments',
  'POST /api/admin/appointments': 'Book an appointment for a patient',
  'POST /api/admin/appointments/{id}/reassign': 'Move an appointment to another doctor or time',
  'GET /api/admin/backups': 'Backups of the embedded database, and whether one runs',
  'POST /api/admin/backups': 'Back up the embedded database now',
  'GET /api/admin/backups/{name}/download': 'Download a backup',
};

/** Every tag, in the order the document lists them, with what it covers. */
export const TAGS: ReadonlyArray<{ name: string; description: string }> = [
  { name: 'public', description: 'No sign-in needed: health and readiness checks, demo requests.' },
  {
    name: 'auth',
    description:
      'Registration, sign-in and passwords. Sign-in answers a `token`: send it as `Authorization: Bearer <token>` (or use the `token` cookie it also sets).',
  },
  { name: 'profile', description: 'The signed-in user’s own profile and picture (every role).' },
  { name: 'schedules', description: 'Doctors who can be booked and their free slots (every role).' },
  { name: 'appointments', description: 'Appointment status changes by doctors and the front desk.' },
  { name: 'patient: appointments', description: 'A patient’s own appointments and dashboard.' },
  { name: 'patient: invoices', description: 'A patient’s own invoices.' },
  {
    name: 'patient: reminders',
    description: 'Whether a patient gets an e-mail the day before each appointment.',
  },
  { name: 'patient: prescriptions', description: 'A patient’s own prescriptions.' },
  {
    name: 'patient: record access',
    description: 'Who opened or changed a patient’s own record, from the audit trail.',
  },
  {
    name: 'patient: results',
    description:
      'A patient’s own diagnosis tests and reports that their doctors shared with them, and their files.',
  },
  { name: 'doctor: appointments', description: 'A doctor’s own appointments and dashboard.' },
  { name: 'doctor: schedules', description: 'A doctor’s own weekly schedule.' },
  { name: 'doctor: profile', description: 'A doctor’s recent activity.' },
  { name: 'doctor: triage', description: 'Triage intakes.' },
  { name: 'doctor: patients', description: 'Patients’ charts and medical details.' },
  { name: 'doctor: invoices', description: 'A doctor’s invoices: create, change, pay, cancel, refund, PDF.' },
  { name: 'doctor: prescriptions', description: 'Prescriptions and their PDFs.' },
  { name: 'doctor: reports', description: 'Medical reports and their attachments.' },
  { name: 'doctor: diagnosis', description: 'Diagnosis tests and their categories.' },
  { name: 'admin: doctors', description: 'Doctor accounts.' },
  { name: 'admin: nurses', description: 'Nurses.' },
  { name: 'admin: ambulances', description: 'Ambulances.' },
  { name: 'admin: patients', description: 'The front desk: patient records.' },
  { name: 'admin: appointments', description: 'The front desk: every appointment, booking and reassigning.' },
  { name: 'admin: beds', description: 'Beds and who lies in them.' },
  { name: 'admin: emergency room', description: 'Emergency room arrivals: triage, admission, linking.' },
  { name: 'admin: queues', description: 'Department queues.' },
  { name: 'admin: live', description: 'Server-Sent Events of emergency room and queue changes.' },
  { name: 'admin: analytics', description: 'Dashboard figures, analytics and settings.' },
  { name: 'admin: audit', description: 'The audit log.' },
  { name: 'admin: outbox', description: 'E-mail sent and waiting to be sent.' },
  {
    name: 'admin: messages',
    description:
      'Appointment e-mails to patients (booked, confirmed, moved, cancelled, reminders): queued, sent, failed, skipped.',
  },
  { name: 'admin: demo requests', description: 'Demo requests sent from the public site.' },
  {
    name: 'admin: backups',
    description:
      "Backups of the embedded database: the list, back up now, downloads. On a PostgreSQL server, the database operator's job.",
  },
  {
    name: 'fhir',
    description:
      'The read-only FHIR R4 API (docs/fhir.md): every answer, errors included, is `application/fhir+json`; errors are OperationOutcomes.',
  },
];

/** Topics renamed so a tag says what its paths hold (`doctor: transactions` lists invoices). */
export const TOPIC_RENAMES: Readonly<Record<string, string>> = { transactions: 'invoices' };

/**
 * Refusals the services answer that the route's configuration does not show: 409 with the
 * codes it may carry, 429 where a service counts attempts, and a sign-in's 401.
 */
export const SERVICE_REFUSALS: Readonly<Record<string, { 401?: string[]; 409?: string[]; 429?: true }>> = {
  'POST /api/auth/login': { 401: ['INVALID_CREDENTIALS'], 429: true },
  'POST /api/auth/change-password': { 429: true },
  'POST /api/admin/patients': { 409: ['EMAIL_TAKEN'] },
  'PUT /api/admin/patients/{id}': { 409: ['EMAIL_TAKEN'] },
  'POST /api/admin/create/doctor': { 409: ['EMAIL_TAKEN'] },
  'PATCH /api/admin/doctors/{id}': { 409: ['EMAIL_TAKEN'] },
  'POST /api/admin/nurses': { 409: ['NURSE_EMAIL_TAKEN'] },
  'PUT /api/admin/nurses/{id}': { 409: ['NURSE_EMAIL_TAKEN'] },
  'PATCH /api/admin/nurses/{id}': { 409: ['NURSE_EMAIL_TAKEN'] },
  'POST /api/admin/ambulances': { 409: ['AMBULANCE_CODE_TAKEN'] },
  'PUT /api/admin/ambulances/{id}': { 409: ['AMBULANCE_CODE_TAKEN'] },
  'PATCH /api/admin/ambulances/{id}': { 409: ['AMBULANCE_CODE_TAKEN'] },
  'POST /api/admin/beds': { 409: ['BED_LABEL_TAKEN', 'BED_PATIENT_TAKEN'] },
  'PUT /api/admin/beds/{id}': { 409: ['BED_LABEL_TAKEN', 'BED_PATIENT_TAKEN'] },
  'DELETE /api/admin/beds/{id}': { 409: ['BED_OCCUPIED'] },
  'PATCH /api/admin/emergency-room/{id}': { 409: ['INVALID_TRANSITION'] },
  'POST /api/admin/emergency-room/{id}/admit': {
    409: ['INVALID_TRANSITION', 'BED_TAKEN', 'BED_PATIENT_TAKEN'],
  },
  'POST /api/admin/emergency-room/{id}/link': { 409: ['ALREADY_LINKED', 'INVALID_TRANSITION'] },
  'POST /api/admin/queues': { 409: ['ALREADY_WAITING'] },
  'POST /api/admin/backups': { 409: ['BACKUP_RUNNING', 'BACKUPS_BY_OPERATOR'] },
  'PATCH /api/admin/queues/{id}': { 409: ['NOT_WAITING'] },
  'POST /api/patient/appointments': { 409: ['SLOT_TAKEN', 'PATIENT_BUSY', 'NO_DOCTOR_AVAILABLE'] },
  'POST /api/patient/appointments/{id}/cancel': {
    409: ['INVALID_TRANSITION', 'NOT_UPCOMING', 'CHANGE_WINDOW_CLOSED'],
  },
  'POST /api/patient/appointments/{id}/move': {
    409: [
      'NOT_ACTIVE',
      'NOT_UPCOMING',
      'CHANGE_WINDOW_CLOSED',
      'SLOT_TAKEN',
      'PATIENT_BUSY',
      'APPOINTMENT_CHANGED',
    ],
  },
  'POST /api/doctor/appointments/{id}/move': {
    409: ['NOT_ACTIVE', 'SLOT_TAKEN', 'PATIENT_BUSY', 'APPOINTMENT_CHANGED'],
  },
  'PATCH /api/appointments/{id}/status': { 409: ['INVALID_TRANSITION', 'NOT_STARTED'] },
  'POST /api/doctor/appointments': { 409: ['SLOT_TAKEN', 'PATIENT_BUSY', 'NOT_A_PATIENT'] },
  'POST /api/admin/appointments': { 409: ['SLOT_TAKEN', 'PATIENT_BUSY', 'NO_DOCTOR_AVAILABLE'] },
  'POST /api/admin/appointments/{id}/reassign': {
    409: ['NOT_ACTIVE', 'SLOT_TAKEN', 'PATIENT_BUSY', 'APPOINTMENT_CHANGED'],
  },
  'POST /api/doctor/invoices': { 409: ['NOT_COMPLETED', 'ALREADY_BILLED'] },
  'PUT /api/doctor/invoices/{id}': { 409: ['INVOICE_STATUS'] },
  'POST /api/doctor/invoices/{id}/pay': { 409: ['INVOICE_STATUS'] },
  'POST /api/doctor/invoices/{id}/cancel': { 409: ['INVOICE_STATUS'] },
  'POST /api/doctor/invoices/{id}/refund': { 409: ['INVOICE_STATUS'] },
  'POST /api/doctor/diagnosis-categories': { 409: ['CATEGORY_NAME_TAKEN'] },
  'PUT /api/doctor/diagnosis-categories/{id}': { 409: ['CATEGORY_NAME_TAKEN'] },
  'DELETE /api/doctor/diagnosis-categories/{id}': { 409: ['CATEGORY_IN_USE'] },
  'POST /api/doctor/reports/{id}/attachments': { 409: ['TOO_MANY_ATTACHMENTS'] },
};

/** Routes that answer a file or a stream rather than JSON: its media types, and what it is. */
export const FILE_ANSWERS: Readonly<Record<string, { types: readonly string[]; description: string }>> = {
  'GET /api/users/{id}/image': {
    types: ['image/png', 'image/jpeg', 'image/webp'],
    description: 'The picture, in the type it was uploaded as',
  },
  'GET /api/admin/events': {
    types: ['text/event-stream'],
    description: 'A Server-Sent Events stream that lasts until the client leaves',
  },
  'GET /api/doctor/events': {
    types: ['text/event-stream'],
    description: 'A Server-Sent Events stream that lasts until the client leaves',
  },
  'GET /api/doctor/patients/export': { types: ['text/csv'], description: 'The CSV file' },
  'GET /api/admin/audit/export': { types: ['text/csv'], description: 'The CSV file' },
  'GET /api/doctor/invoices/{id}/pdf': { types: ['application/pdf'], description: 'The PDF' },
  'GET /api/patient/invoices/{id}/pdf': { types: ['application/pdf'], description: 'The PDF' },
  'GET /api/doctor/prescriptions/{id}/pdf': { types: ['application/pdf'], description: 'The PDF' },
  'GET /api/patient/prescriptions/{id}/pdf': { types: ['application/pdf'], description: 'The PDF' },
  'GET /api/doctor/reports/attachments/{id}': {
    types: ['*/*'],
    description: 'The file, in the type it was attached as, to save',
  },
  'GET /api/doctor/reports/attachments/{id}/view': {
    types: ['*/*'],
    description: 'The file, in the type it was attached as, to show',
  },
  'GET /api/patient/results/attachments/{id}': {
    types: ['*/*'],
    description: 'The shared report’s file, in the type it was attached as, to save',
  },
  'GET /api/patient/results/attachments/{id}/view': {
    types: ['*/*'],
    description: 'The shared report’s file, in the type it was attached as, to show',
  },
  'GET /api/admin/backups/{name}/download': {
    types: ['application/sql'],
    description: "The backup: pg_dump's plain SQL script of the whole database",
  },
};
