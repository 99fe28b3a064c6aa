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
  'GET /api/public/facility': "The facility's name and contact details",
  'POST /api/auth/register/patient': 'Register as a patient',
  'POST /api/auth/login': 'Sign in',
  'POST /api/auth/logout': 'Sign out',
  'GET /api/auth/me': 'The signed-in user',
  'POST /api/auth/forgot-password': 'E-mail a password reset link',
  'POST /api/auth/reset-password': 'Set a new password with a reset link',
  'POST /api/auth/change-password': 'Change my password',
  'GET /api/auth/sessions': 'Where I am signed in: my live sessions',
  'DELETE /api/auth/sessions': 'Sign out everywhere else: end my other sessions',
  'DELETE /api/auth/sessions/{id}': 'Sign out one of my sessions',
  'POST /api/auth/passkey/options': 'Start signing in with a passkey',
  'POST /api/auth/passkey/verify': 'Sign in with a passkey',
  'GET /api/user/passkeys': 'My passkeys',
  'POST /api/user/passkeys/options': 'Start adding a passkey',
  'POST /api/user/passkeys': 'Add a passkey',
  'PATCH /api/user/passkeys/{id}': 'Rename a passkey',
  'DELETE /api/user/passkeys/{id}': 'Remove a passkey',
  'POST /api/auth/login/second-factor': 'Finish signing in with a code or a recovery code',
  // Every signed-in role.
  'GET /api/two-factor': 'Whether my two-factor sign-in is on',
  'POST /api/two-factor/setup': 'Start setting up an authenticator app',
  'POST /api/two-factor/confirm': 'Turn two-factor sign-in on with a first code',
  'POST /api/two-factor/recovery-codes': 'Make new recovery codes',
  'POST /api/two-factor/disable': 'Turn two-factor sign-in off',
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
  'GET /api/doctor/appointments/patients': 'Find a patient to book an appointment for',
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
  'GET /api/diagnosis-codes': 'Search ICD-10-CM diagnosis codes (exact code, code start, then title words)',
  'GET /api/doctor/diagnosis-tests': 'Diagnosis tests',
  'GET /api/doctor/diagnosis-tests/{id}': 'A diagnosis test',
  'GET /api/doctor/diagnosis-categories': 'Diagnosis categories',
  'POST /api/doctor/diagnosis-categories': 'Create a diagnosis category',
  'GET /api/doctor/diagnosis-categories/options': 'Diagnosis categories to choose from',
  'PUT /api/doctor/diagnosis-categories/{id}': 'Rename a diagnosis category',
  // Admin.
  'GET /api/admin/doctors': 'Doctors',
  'POST /api/admin/create/doctor': 'Create a doctor account',
  'POST /api/admin/users/{id}/two-factor/reset': "Reset a user's two-factor sign-in",
  'PATCH /api/admin/doctors/{id}': 'Update a doctor',
  'DELETE /api/admin/users/{id}/sessions': 'Sign a person out everywhere (end all their sessions)',
  'GET /api/admin/nurses': 'Nurses',
  'POST /api/admin/nurses': 'Add a nurse',
  'PUT /api/admin/nurses/{id}': 'Replace a nurse',
  'PATCH /api/admin/nurses/{id}': 'Update some of a nurse',
  'GET /api/admin/staff': 'Staff accounts of the roles Manage Staff keeps (laboratory)',
  'POST /api/admin/staff': 'Add a staff account (mails a link to set the password)',
  'PATCH /api/admin/staff/{id}': "Update a staff account's names, phone or account status",
  // Nurse.
  'GET /api/nurse/me': "The signed-in nurse's department and duty status",
  'GET /api/nurse/wards': "The signed-in nurse's wards, each with its beds counted",
  'GET /api/nurse/emergency-room': 'The emergency room list, to read',
  'GET /api/wards': 'Every ward with its beds counted (the ward board picker)',
  'GET /api/wards/free-beds': 'Free beds with their wards, for an admission or a transfer',
  'GET /api/wards/{wardId}/board': "A ward's board: every bed with its patient, NEWS2 and doses due",
  'POST /api/beds/{id}/ready': 'Make a cleaned bed ready (Cleaning to Free)',
  'POST /api/stays': 'Admit a patient into a free bed',
  'POST /api/stays/planned': 'Book a planned admission, reserving a bed if one is chosen',
  'GET /api/stays/{stayId}': 'An inpatient stay: patient, ward and bed, doctor in charge, history',
  'POST /api/stays/{stayId}/admit':
    'A planned patient arrives: admit them to the reserved or another free bed',
  'POST /api/stays/{stayId}/cancel': 'Cancel a planned admission (its reserved bed is free again)',
  'POST /api/stays/{stayId}/transfer': 'Transfer an admitted patient to another free bed',
  'POST /api/stays/{stayId}/discharge': 'Complete the discharge; the bed goes to Cleaning',
  // Inpatient: notes on a stay and a ward's shift handover.
  'POST /api/stays/{stayId}/nursing-notes': 'Write a nursing note on an admitted stay (or correct my own)',
  'POST /api/stays/{stayId}/ward-round-notes':
    'Write a ward round note (SOAP) on an admitted stay (or correct my own)',
  'GET /api/stays/{stayId}/notes': "A stay's nursing and ward round notes, newest first",
  'GET /api/wards/{wardId}/handover':
    "A ward's shift handover: who is on the ward, what changed, what is due",
  // Inpatient care: ward observations and NEWS2.
  'POST /api/stays/{stayId}/observations':
    'Record a set of observations (and its NEWS2) for an admitted stay',
  'GET /api/stays/{stayId}/observations': "A stay's observation sets, newest first",
  'GET /api/doctor/alerts':
    'My open NEWS2 alerts: patients in my charge who scored 5 or more, or 3 in one parameter',
  'POST /api/doctor/alerts/{id}/acknowledge': 'Acknowledge a NEWS2 alert',
  // Laboratory results.
  'GET /api/lab/orders/{id}/results':
    "An order's result sheet: each test's unit, range for the patient and values",
  'PUT /api/lab/orders/{id}/results': "Enter values for an order's tests (preliminary)",
  'POST /api/lab/orders/{id}/verify': "Verify an order's values and release them to the ordering doctor",
  'POST /api/lab/results/{id}/correct': 'Correct a verified result with a new version and a reason',
  'GET /api/doctor/patients/{id}/lab-results':
    "A patient's lab orders with their results, and a year's trends",
  'PUT /api/doctor/lab-orders/{id}/share':
    "Share (or stop sharing) a verified order's results with the patient",
  'GET /api/doctor/lab-alerts': 'My critical lab results waiting for acknowledgement',
  'POST /api/doctor/lab-alerts/{id}/acknowledge': 'Acknowledge a critical lab result',
  'GET /api/admin/lab-alerts': 'Critical lab results escalated for want of acknowledgement',
  'GET /api/patient/lab-results': 'My lab results my doctors shared with me',
  'GET /api/patient/lab-results/{id}': 'One of my shared lab results',
  'GET /api/lab-notices': 'Corrections of lab results I read',
  'POST /api/lab-notices/{id}/seen': 'Mark a correction notice seen',
  'GET /api/admin/facility/lab': "The laboratory's settings: who verifies, when critical results escalate",
  'PUT /api/admin/facility/lab': "Change the laboratory's settings",
  'GET /api/admin/facility/pharmacy':
    "The pharmacy's settings: the days before expiry the stock screen warns",
  'PUT /api/admin/facility/pharmacy': "Change the pharmacy's settings",
  // The pharmacy: its stores, stock and goods movements.
  'GET /api/pharmacy/stores': 'The main store and every ward, with its store once stock went there',
  'GET /api/pharmacy/stock': 'Medicines with on hand per store, their batches and alerts',
  'GET /api/pharmacy/stock/{medicineId}': 'One medicine with on hand per store, its batches and alerts',
  'GET /api/pharmacy/stock/batches/{batchId}/ledger': "A batch's stock ledger, newest first",
  'POST /api/pharmacy/stock/receipts': 'Receive goods from a supplier into the main store',
  'POST /api/pharmacy/stock/transfers': "Transfer stock from the main store to a ward's store",
  'POST /api/pharmacy/stock/returns':
    "Return a ward's stock to the main store, or the main store's to the supplier",
  'POST /api/pharmacy/stock/adjustments':
    "Adjust a store's stock of a batch (damaged, expired, count correction)",
  'GET /api/pharmacy/stock/counts/sheet': "A store's batches to count, by medicine (blind: no quantities)",
  'POST /api/pharmacy/stock/counts/preview':
    "A stock count's variance per batch against the record, and its value, before posting",
  'POST /api/pharmacy/stock/counts': "Post a stock count: the variances as the ledger's count rows",
  // Laboratory: the analysers' HL7 messages CarePoint could not file.
  'GET /api/lab/hl7/messages': 'The analyser inbox: HL7 messages waiting to be matched or discarded',
  'GET /api/lab/hl7/messages/{id}': 'An HL7 message as received, with its segments',
  'POST /api/lab/hl7/messages/{id}/match':
    "File an HL7 message's results on a specimen chosen by accession number",
  'POST /api/lab/hl7/messages/{id}/discard': 'Discard an HL7 message from the inbox, with the reason',
  'GET /api/admin/ambulances': 'Ambulances',
  'POST /api/admin/ambulances': 'Add an ambulance',
  'PUT /api/admin/ambulances/{id}': 'Replace an ambulance',
  'PATCH /api/admin/ambulances/{id}': 'Update some of an ambulance',
  'GET /api/admin/patients': 'Patients',
  'POST /api/admin/patients': 'Register a patient',
  'GET /api/admin/patients/{id}': 'A patient',
  'PUT /api/admin/patients/{id}': "Update a patient's record",
  'POST /api/stays/{stayId}/medication-orders': 'Order a medicine on an admitted stay',
  'POST /api/medication-orders/{id}/stop': 'Stop a medication order (its future doses)',
  'GET /api/stays/{stayId}/mar': "A stay's medication administration record for a day",
  'POST /api/medication-orders/{id}/administrations': 'Record a dose: given, held, refused or not available',
  'GET /api/admin/beds': 'Beds',
  'POST /api/admin/beds': 'Add a bed',
  'PUT /api/admin/beds/{id}': 'Update a bed',
  'DELETE /api/admin/beds/{id}': 'Remove a bed',
  'GET /api/admin/wards': 'Wards',
  'POST /api/admin/wards': 'Add a ward',
  'PUT /api/admin/wards/{id}': 'Update a ward',
  'DELETE /api/admin/wards/{id}': 'Remove an empty ward',
  'GET /api/admin/lab-tests':
    'The laboratory test catalogue: tests and panels, searched by name, code or LOINC',
  'GET /api/admin/lab-tests/{id}': 'A catalogue test or panel with its ranges and members',
  'POST /api/admin/lab-tests': 'Add a test or panel to the catalogue',
  'PUT /api/admin/lab-tests/{id}': 'Update a test or panel (ranges and members included)',
  'PUT /api/admin/lab-tests/{id}/status': 'Deactivate or reactivate a test or panel',
  'GET /api/lab-tests': 'The active laboratory catalogue, to order from',
  'GET /api/lab-tests/{id}': 'An active catalogue test or panel',
  'GET /api/admin/medicines': 'The formulary: medicines, searched by generic name, brand or ATC code',
  'GET /api/admin/medicines/{id}': 'A formulary medicine',
  'POST /api/admin/medicines': 'Add a medicine to the formulary',
  'PUT /api/admin/medicines/{id}': 'Update a formulary medicine',
  'PUT /api/admin/medicines/{id}/status': 'Deactivate or reactivate a formulary medicine',
  'GET /api/medicines': 'The active formulary, to prescribe and dispense from',
  'GET /api/medicines/{id}': 'An active formulary medicine',
  // The pharmacy's reports: a page as JSON, or the whole report as CSV (format=csv).
  'GET /api/pharmacy/reports/valuation':
    'Stock valuation: on hand x unit cost per store and medicine, with totals (format=csv: the CSV file)',
  'GET /api/pharmacy/reports/consumption':
    'Units dispensed and given on the ward per medicine and month (format=csv: the CSV file)',
  'GET /api/pharmacy/reports/expiry':
    'Batches on a shelf expired or expiring within N days, first expiry first (format=csv: the CSV file)',
  'GET /api/payers': 'The payers: self-pay, NHIA and the HMOs, with their markup rules',
  'GET /api/payers/{id}': 'A payer',
  'GET /api/payers/{id}/prices':
    "A payer's price list: the active services with the price in force on a day and the next one set",
  'GET /api/payers/{id}/prices/{serviceId}': "Every price a service has had on a payer's list",
  'POST /api/admin/payers': 'Add a payer (NHIA or an HMO)',
  'PUT /api/admin/payers/{id}': "Update a payer's details and markup rule",
  'PUT /api/admin/payers/{id}/status': 'Deactivate or reactivate a payer (never self-pay)',
  'POST /api/admin/payers/{id}/prices': "Set a service's price on a payer's list from a date (append-only)",
  'POST /api/admin/billable-services': 'Add a billable service: a consultation kind, a procedure or a report',
  'GET /api/pharmacy/dispensing/queue': 'The dispensing queue: prescriptions still owed, oldest first',
  'GET /api/pharmacy/dispensing/prescriptions/{id}':
    'A prescription to dispense: its lines, items, owed and batches',
  'POST /api/pharmacy/dispensing/prescriptions/{id}':
    'Dispense (all or part of) lines of a prescription from the main store, first expiry first',
  'GET /api/pharmacy/dispensing/medicines/{id}/batches':
    "A medicine's in-date batches in the main store, first expiry first",
  'GET /api/pharmacy/dispensing/items/{id}/label.pdf': "A dispensed item's label (70 × 38 mm PDF)",
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
  'POST /api/admin/queues/{id}/seen': 'Mark a called patient as seen',
  'GET /api/admin/summary': 'Dashboard figures',
  'GET /api/admin/analytics': 'Analytics',
  'GET /api/admin/analytics/inpatient':
    'Inpatient figures: beds by ward, admissions, discharges, stay lengths',
  'GET /api/admin/analytics/lab':
    'Laboratory figures: turnaround by test and priority, rejected specimens, critical alerts',
  'PUT /api/admin/settings/target-wait': 'Set the target waiting time',
  'PUT /api/admin/facility': "Change the facility's name and contact details",
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
  // Inpatient stays: the discharge summary.
  'GET /api/stays/{stayId}/discharge-summary': 'A stay and its discharge summary',
  'PUT /api/stays/{stayId}/discharge-summary': 'Save the discharge summary as a draft',
  'POST /api/stays/{stayId}/discharge-summary/sign': 'Sign the discharge summary (final)',
  'POST /api/stays/{stayId}/discharge-summary/follow-up': 'Book the follow-up appointment of a discharge',
  'GET /api/stays/{stayId}/discharge-summary.pdf': 'The discharge summary as a PDF',
  'GET /api/patient/discharge-summaries': 'My hospital stays’ signed discharge summaries',
  'GET /api/patient/discharge-summaries/{id}/pdf': 'One of my discharge summaries as a PDF',
  // The laboratory: ordering, the worklist, specimens.
  'POST /api/lab/orders': 'Order lab tests for a patient (one order per specimen container)',
  'GET /api/lab/worklist': 'The lab worklist: orders by priority and age',
  'GET /api/lab/patients/{patientId}/orders': "A patient's lab orders, with states and rejection reasons",
  'GET /api/lab/recollections': 'My lab orders whose specimen was rejected and waits for a new one',
  'POST /api/lab/orders/{id}/collect': 'Collect the specimen of a lab order (gives its accession number)',
  'POST /api/lab/orders/{id}/receive': 'Receive a collected specimen in the laboratory',
  'POST /api/lab/orders/{id}/reject': 'Reject a specimen with a reason (the order waits for a new one)',
  'POST /api/lab/orders/{id}/cancel': 'Cancel a lab order before it has a result',
  'GET /api/lab/orders/{id}/label.pdf': 'The specimen tube label (50 × 25 mm PDF, Code 128 accession)',
};

/** Every tag, in the order the document lists them, with what it covers. */
export const TAGS: ReadonlyArray<{ name: string; description: string }> = [
  { name: 'public', description: 'No sign-in needed: health and readiness checks, demo requests.' },
  {
    name: 'auth',
    description:
      'Registration, sign-in, passwords and where one is signed in (sessions). Sign-in answers a `token`: send it as `Authorization: Bearer <token>` (or use the `token` cookie it also sets).',
  },
  { name: 'profile', description: 'The signed-in user’s own profile and picture (every role).' },
  { name: 'security', description: 'How the signed-in user signs in: their passkeys (every role).' },
  {
    name: 'SMART authorization',
    description:
      'The consent page of SMART on FHIR apps: what an app asks for, approving or denying it, and a patient to launch with (staff).',
  },
  {
    name: 'two-factor',
    description:
      'The signed-in user’s own second factor: an authenticator app (TOTP) and recovery codes (every role).',
  },
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
    name: 'patient: discharge summaries',
    description: 'A patient’s own hospital stays’ signed discharge summaries and their PDFs.',
  },
  {
    name: 'patient: record access',
    description: 'Who opened or changed a patient’s own record, from the audit trail.',
  },
  { name: 'patient: bill', description: 'A patient’s own charges and their totals.' },
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
  {
    name: 'discharge summaries',
    description:
      'A stay’s discharge summary: the doctor’s draft and signature, the follow-up booking, its PDF.',
  },
  { name: 'doctor: reports', description: 'Medical reports and their attachments.' },
  { name: 'doctor: diagnosis', description: 'Diagnosis tests and their categories.' },
  {
    name: 'diagnosis codes',
    description: 'The ICD-10-CM classification diagnoses are coded in, for the roles that record diagnoses.',
  },
  { name: 'admin: doctors', description: 'Doctor accounts.' },
  { name: 'admin: users', description: 'Any person’s account: signing them out everywhere.' },
  { name: 'admin: two-factor', description: 'Resetting a user’s two-factor sign-in (a lost phone).' },
  {
    name: 'admin: SMART apps',
    description: 'Apps registered to use the FHIR API through SMART on FHIR: register, disable, enable.',
  },
  { name: 'admin: nurses', description: 'Nurse accounts: adding one mails them a link to set a password.' },
  {
    name: 'admin: staff',
    description:
      'Accounts of the staff roles with no staff record of their own (laboratory): adding one mails them a link to set a password.',
  },
  {
    name: 'nurse',
    description:
      'The nurse’s own area: their staff record, their wards, the emergency room list and live changes.',
  },
  {
    name: 'inpatient: notes and handover',
    description:
      'Nursing notes, ward round notes (SOAP) and the shift handover of a ward; notes are append-only.',
  },
  {
    name: 'inpatient: medication round',
    description: 'Inpatient medication orders and the medication administration record (MAR).',
  },
  {
    name: 'observations',
    description:
      'Ward observations of an admitted stay, with their NEWS2 score (nurses and doctors record them).',
  },
  {
    name: 'lab: analyser inbox',
    description:
      'The ORU^R01 messages analysers sent over MLLP that could not be filed, for lab scientists to match to a specimen or discard.',
  },
  {
    name: 'doctor: observations',
    description: "The NEWS2 alerts of the doctor in charge's patients, open until acknowledged.",
  },
  {
    name: 'lab: orders',
    description:
      'Lab orders from doctors, the laboratory worklist, specimen collection (lab, nurses of the ward), receipt, rejection, labels and live changes.',
  },
  {
    name: 'lab: results',
    description:
      'Laboratory results: entry, verification, corrections, critical alerts, the chart and the patient’s shared results.',
  },
  {
    name: 'doctor: lab results',
    description:
      "My patients' lab results with trends, sharing them with the patient, and my critical results to acknowledge.",
  },
  { name: 'admin: lab results', description: 'Critical lab results escalated for want of acknowledgement.' },
  { name: 'patient: lab results', description: 'The verified lab results my doctors shared with me.' },
  { name: 'admin: ambulances', description: 'Ambulances.' },
  { name: 'admin: patients', description: 'The front desk: patient records.' },
  { name: 'admin: appointments', description: 'The front desk: every appointment, booking and reassigning.' },
  { name: 'admin: beds', description: 'Beds and who lies in them.' },
  { name: 'admin: wards', description: 'Wards, their kind and sex rule, and the beds they hold.' },
  {
    name: 'admin: lab tests',
    description:
      'The laboratory test catalogue: tests and panels, LOINC codes, ranges, turnaround and price.',
  },
  { name: 'lab: catalogue', description: 'The active laboratory catalogue, read by every member of staff.' },
  {
    name: 'admin: formulary',
    description:
      'The formulary: medicines with strength, form, route, dispensing unit, reorder level, ATC code and price.',
  },
  {
    name: 'admin: payers',
    description: 'Payers (NHIA, HMOs; self-pay is the default), their price lists and the billable services.',
  },
  {
    name: 'billing: payments',
    description:
      "The cashier's payments, receipts, deposits, refund requests and the day's close (the administrator reads them).",
  },
  {
    name: 'admin: refunds',
    description: 'Refunds the cashiers ask for, approved or rejected by an administrator.',
  },
  {
    name: 'billing: price lists',
    description: 'The payers and their prices, read by the administrator and the cashier.',
  },
  {
    name: 'billing: charges',
    description:
      'A patient’s bill: the charges the care made and those added by hand, split between payer and patient; Add Charge and Void, each with a reason.',
  },
  {
    name: 'billing: coverage',
    description:
      'Patients’ coverage by NHIA or an HMO (member number, validity, the patient’s share), the expired warning, pre-authorisation codes and rules.',
  },
  {
    name: 'billing: claims',
    description:
      'Claims to NHIA and the HMOs per period: generation, review, submission, CSV and PDF, remittance per line, resubmission and ageing.',
  },
  {
    name: 'pharmacy: formulary',
    description: 'The active formulary, read by the staff who prescribe, give or dispense.',
  },
  {
    name: 'pharmacy: stock',
    description:
      "The pharmacy's stores and stock: on hand per store and batch, alerts, receipts, transfers to wards, returns, adjustments, stock counts and a batch's ledger.",
  },
  {
    name: 'pharmacy: reports',
    description:
      "The pharmacy's reports: stock valuation, consumption per month and the expiry list, each as JSON pages or a CSV download.",
  },
  {
    name: 'pharmacy: dispensing',
    description:
      'The dispensing queue, dispensing prescriptions from the main store (first expiry first, part or whole), item labels and live changes.',
  },
  {
    name: 'wards: stays',
    description:
      'Inpatient stays from admission to discharge, and the ward boards (admins, doctors, nurses).',
  },
  { name: 'admin: emergency room', description: 'Emergency room arrivals: triage, admission, linking.' },
  { name: 'admin: queues', description: 'Department queues.' },
  { name: 'admin: live', description: 'Server-Sent Events of emergency room and queue changes.' },
  { name: 'admin: analytics', description: 'Dashboard figures, analytics and settings.' },
  { name: 'admin: facility', description: "The facility's name and contact details." },
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
  'POST /api/auth/passkey/verify': { 401: ['PASSKEY_SIGN_IN_FAILED', 'ACCOUNT_INACTIVE'], 429: true },
  'POST /api/user/passkeys': { 409: ['PASSKEY_TAKEN'] },
  'POST /api/billing/patients/{id}/payments': { 409: ['AMOUNT_REFUSED', 'DAY_CLOSED'] },
  'POST /api/billing/patients/{id}/deposits': { 409: ['DAY_CLOSED'] },
  'POST /api/billing/patients/{id}/drawdowns': { 409: ['AMOUNT_REFUSED'] },
  'POST /api/billing/receipts/{id}/refunds': { 409: ['AMOUNT_REFUSED'] },
  'POST /api/billing/day/close': { 409: ['DAY_CLOSED'] },
  'POST /api/admin/refunds/{id}/approve': { 409: ['REFUND_DECIDED'] },
  'POST /api/admin/refunds/{id}/reject': { 409: ['REFUND_DECIDED'] },
  'POST /api/pharmacy/dispensing/prescriptions/{id}': {
    409: [
      'NOT_ENOUGH_STOCK',
      'BATCH_EXPIRED',
      'DISPENSE_MORE_THAN_OWED',
      'DISPENSE_PRESCRIBED_CHANGED',
      'DISPENSE_MEDICINE_CHANGED',
      'PRESCRIPTION_INACTIVE',
    ],
  },
  'POST /api/pharmacy/stock/counts': { 409: ['COUNT_STALE'] },
  'DELETE /api/doctor/prescriptions/{id}': { 409: ['PRESCRIPTION_DISPENSED'] },
  'PUT /api/doctor/prescriptions/{id}': { 409: ['PRESCRIPTION_DISPENSED'] },
  'POST /api/auth/login/second-factor': { 401: ['CHALLENGE_EXPIRED', 'ACCOUNT_INACTIVE'], 429: true },
  'POST /api/two-factor/setup': { 409: ['TWO_FACTOR_ENABLED'] },
  'POST /api/two-factor/confirm': { 409: ['TWO_FACTOR_ENABLED'], 429: true },
  'POST /api/two-factor/recovery-codes': { 409: ['TWO_FACTOR_NOT_ENABLED'], 429: true },
  'POST /api/two-factor/disable': { 409: ['TWO_FACTOR_NOT_ENABLED'], 429: true },
  'POST /api/admin/users/{id}/two-factor/reset': { 409: ['TWO_FACTOR_NOT_ENABLED'] },
  'POST /api/admin/patients': { 409: ['EMAIL_TAKEN'] },
  'PUT /api/admin/patients/{id}': { 409: ['EMAIL_TAKEN'] },
  'POST /api/admin/create/doctor': { 409: ['EMAIL_TAKEN'] },
  'PATCH /api/admin/doctors/{id}': { 409: ['EMAIL_TAKEN'] },
  'POST /api/admin/nurses': { 409: ['NURSE_EMAIL_TAKEN'] },
  'POST /api/admin/staff': { 409: ['EMAIL_TAKEN'] },
  'PUT /api/stays/{stayId}/discharge-summary': { 409: ['ALREADY_SIGNED', 'STAY_NOT_OPEN'] },
  'POST /api/stays/{stayId}/discharge-summary/sign': { 409: ['ALREADY_SIGNED', 'NO_DRAFT', 'STAY_NOT_OPEN'] },
  'POST /api/stays/{stayId}/discharge-summary/follow-up': {
    409: ['ALREADY_SIGNED', 'FOLLOW_UP_BOOKED', 'SLOT_TAKEN', 'PATIENT_BUSY', 'STAY_NOT_OPEN'],
  },
  'PUT /api/admin/nurses/{id}': { 409: ['NURSE_EMAIL_TAKEN'] },
  'PATCH /api/admin/nurses/{id}': { 409: ['NURSE_EMAIL_TAKEN'] },
  'POST /api/stays/{stayId}/nursing-notes': { 409: ['STAY_NOT_ADMITTED', 'NOTE_ALREADY_CORRECTED'] },
  'POST /api/stays/{stayId}/ward-round-notes': { 409: ['STAY_NOT_ADMITTED', 'NOTE_ALREADY_CORRECTED'] },
  'POST /api/admin/ambulances': { 409: ['AMBULANCE_CODE_TAKEN'] },
  'PUT /api/admin/ambulances/{id}': { 409: ['AMBULANCE_CODE_TAKEN'] },
  'PATCH /api/admin/ambulances/{id}': { 409: ['AMBULANCE_CODE_TAKEN'] },
  'POST /api/admin/beds': { 409: ['BED_LABEL_TAKEN', 'BED_PATIENT_TAKEN'] },
  'PUT /api/admin/beds/{id}': {
    409: [
      'BED_LABEL_TAKEN',
      'BED_PATIENT_TAKEN',
      'BED_TAKEN',
      'BED_CLEANING',
      'WARD_SEX_RULE',
      'BED_HELD_BY_STAY',
    ],
  },
  'POST /api/admin/wards': { 409: ['WARD_NAME_TAKEN'] },
  'POST /api/stays/{stayId}/observations': { 409: ['STAY_NOT_ADMITTED'] },
  'POST /api/doctor/alerts/{id}/acknowledge': { 409: ['ALERT_ACKNOWLEDGED'] },
  'PUT /api/lab/orders/{id}/results': {
    409: [
      'RESULT_EXISTS',
      'ORDER_VERIFIED',
      'ORDER_CANCELLED',
      'SPECIMEN_REJECTED',
      'SPECIMEN_NOT_COLLECTED',
    ],
  },
  'POST /api/lab/orders/{id}/verify': { 409: ['ORDER_VERIFIED', 'RESULTS_MISSING'] },
  'POST /api/lab/results/{id}/correct': { 409: ['RESULT_SUPERSEDED', 'RESULT_NOT_VERIFIED'] },
  'PUT /api/doctor/lab-orders/{id}/share': { 409: ['ORDER_NOT_VERIFIED'] },
  'POST /api/doctor/lab-alerts/{id}/acknowledge': { 409: ['ALERT_ACKNOWLEDGED'] },
  'POST /api/lab/hl7/messages/{id}/match': { 409: ['HL7_NOT_IN_INBOX'] },
  'POST /api/lab/hl7/messages/{id}/discard': { 409: ['HL7_NOT_IN_INBOX'] },
  'PUT /api/admin/wards/{id}': { 409: ['WARD_NAME_TAKEN', 'WARD_SEX_RULE'] },
  'DELETE /api/admin/wards/{id}': { 409: ['WARD_DEFAULT', 'WARD_NOT_EMPTY'] },
  'DELETE /api/admin/beds/{id}': { 409: ['BED_OCCUPIED'] },
  'POST /api/stays/{stayId}/medication-orders': { 409: ['STAY_NOT_ADMITTED'] },
  'POST /api/medication-orders/{id}/stop': { 409: ['ORDER_STOPPED'] },
  'POST /api/medication-orders/{id}/administrations': {
    409: [
      'DOSE_RECORDED',
      'PRN_LIMIT',
      'ORDER_STOPPED',
      'ORDER_ENDED',
      'ORDER_NOT_STARTED',
      'DOSE_NOT_DUE',
      'STAY_NOT_ADMITTED',
    ],
    429: true,
  },
  'POST /api/lab/orders': { 409: ['LAB_DUPLICATE_CONFIRM', 'STAY_NOT_ADMITTED'] },
  'POST /api/lab/orders/{id}/collect': { 409: ['SPECIMEN_COLLECTED', 'ORDER_STATE'] },
  'POST /api/lab/orders/{id}/receive': { 409: ['ORDER_STATE'] },
  'POST /api/lab/orders/{id}/reject': { 409: ['ORDER_STATE'] },
  'POST /api/lab/orders/{id}/cancel': { 409: ['ORDER_STATE'] },
  'PATCH /api/admin/emergency-room/{id}': { 409: ['INVALID_TRANSITION'] },
  'POST /api/admin/emergency-room/{id}/admit': {
    409: ['INVALID_TRANSITION', 'BED_TAKEN', 'BED_PATIENT_TAKEN', 'STAY_OPEN', 'WARD_SEX_RULE'],
  },
  'POST /api/beds/{id}/ready': { 409: ['BED_NOT_CLEANING'] },
  'POST /api/stays': { 409: ['BED_TAKEN', 'BED_PATIENT_TAKEN', 'STAY_OPEN', 'WARD_SEX_RULE'] },
  'POST /api/stays/planned': { 409: ['BED_TAKEN', 'BED_PATIENT_TAKEN', 'STAY_OPEN', 'WARD_SEX_RULE'] },
  'POST /api/stays/{stayId}/admit': {
    409: ['STAY_NOT_PLANNED', 'BED_TAKEN', 'BED_PATIENT_TAKEN', 'WARD_SEX_RULE'],
  },
  'POST /api/stays/{stayId}/cancel': { 409: ['STAY_NOT_PLANNED'] },
  'POST /api/stays/{stayId}/transfer': { 409: ['STAY_NOT_ADMITTED', 'BED_TAKEN', 'WARD_SEX_RULE'] },
  'POST /api/stays/{stayId}/discharge': {
    409: ['STAY_NOT_ADMITTED', 'DISCHARGE_NOT_READY', 'DISCHARGE_CONFIRM', 'DEATH_REPORT_REQUIRED'],
  },
  'POST /api/admin/emergency-room/{id}/link': { 409: ['ALREADY_LINKED', 'INVALID_TRANSITION'] },
  'POST /api/admin/queues': { 409: ['ALREADY_WAITING'] },
  'POST /api/admin/backups': { 409: ['BACKUP_RUNNING', 'BACKUPS_BY_OPERATOR'] },
  'PATCH /api/admin/queues/{id}': { 409: ['NOT_WAITING'] },
  'POST /api/admin/queues/{id}/seen': { 409: ['NOT_CALLED'] },
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

/** Routes that answer JSON, or with `format=csv` the same report as a CSV file: both media types. */
export const CSV_ALTERNATIVES: readonly string[] = [
  'GET /api/pharmacy/reports/valuation',
  'GET /api/pharmacy/reports/consumption',
  'GET /api/pharmacy/reports/expiry',
];

/** What every live board's stream answers. */
const EVENT_STREAM = {
  types: ['text/event-stream'],
  description: 'A Server-Sent Events stream that lasts until the client leaves',
} as const;

/** Routes that answer a file or a stream rather than JSON: its media types, and what it is. */
export const FILE_ANSWERS: Readonly<Record<string, { types: readonly string[]; description: string }>> = {
  'GET /api/users/{id}/image': {
    types: ['image/png', 'image/jpeg', 'image/webp'],
    description: 'The picture, in the type it was uploaded as',
  },
  'GET /api/admin/events': EVENT_STREAM,
  'GET /api/doctor/events': EVENT_STREAM,
  'GET /api/nurse/events': EVENT_STREAM,
  'GET /api/lab/events': EVENT_STREAM,
  'GET /api/pharmacy/events': EVENT_STREAM,
  'GET /api/lab/orders/{id}/label.pdf': { types: ['application/pdf'], description: 'The PDF' },
  'GET /api/pharmacy/dispensing/items/{id}/label.pdf': { types: ['application/pdf'], description: 'The PDF' },
  'GET /api/billing/receipts/{id}/pdf': { types: ['application/pdf'], description: 'The PDF' },
  'GET /api/billing/claims/{id}/export.pdf': { types: ['application/pdf'], description: 'The PDF' },
  'GET /api/billing/claims/{id}/export.csv': { types: ['text/csv'], description: 'The CSV file' },
  'GET /api/doctor/patients/export': { types: ['text/csv'], description: 'The CSV file' },
  'GET /api/admin/audit/export': { types: ['text/csv'], description: 'The CSV file' },
  'GET /api/doctor/invoices/{id}/pdf': { types: ['application/pdf'], description: 'The PDF' },
  'GET /api/patient/invoices/{id}/pdf': { types: ['application/pdf'], description: 'The PDF' },
  'GET /api/doctor/prescriptions/{id}/pdf': { types: ['application/pdf'], description: 'The PDF' },
  'GET /api/patient/prescriptions/{id}/pdf': { types: ['application/pdf'], description: 'The PDF' },
  'GET /api/stays/{stayId}/discharge-summary.pdf': { types: ['application/pdf'], description: 'The PDF' },
  'GET /api/patient/discharge-summaries/{id}/pdf': { types: ['application/pdf'], description: 'The PDF' },
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
