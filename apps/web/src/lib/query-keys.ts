import type { CalendarQuery, ReportKind } from '@carepoint/contract';

/*
 * Every TanStack Query key of the app, declared here once. A key is [area, resource, ...what
 * narrows it]: the area is the API's (admin, doctor, patient, nurse, inpatient, booking, smart) or 'user' for the
 * signed-in user's own things on every area (profile, sessions, passkeys, two-factor, connected
 * apps). Invalidating a prefix refreshes everything under it, so a change names the resource
 * and all its pages, details and counts follow.
 */

/** The admin area's resources: the paged lists, and the boards and figures computed from them. */
export type AdminListResource =
  | 'doctors'
  | 'nurses'
  | 'staff'
  | 'ambulances'
  | 'patients'
  | 'beds'
  | 'wards'
  | 'emergency-room'
  | 'demo-requests'
  | 'audit'
  | 'outbox'
  | 'messages'
  | 'appointments'
  | 'lab-tests'
  | 'medicines';
export type AdminResource = AdminListResource | 'queues' | 'summary' | 'analytics' | 'stats';

export const queryKeys = {
  user: {
    profile: ['user', 'profile'] as const,
    sessions: ['user', 'sessions'] as const,
    passkeys: ['user', 'passkeys'] as const,
    twoFactor: ['user', 'two-factor'] as const,
    connectedApps: ['user', 'connected-apps'] as const,
  },
  booking: {
    all: ['booking'] as const,
    doctors: ['booking', 'doctors'] as const,
    freeTimes: (doctorId: string, date: string) => ['booking', 'free-times', doctorId, date] as const,
  },
  smart: {
    authorization: (query: Record<string, unknown>) => ['smart', 'authorization', query] as const,
    patients: (term: string) => ['smart', 'patients', term] as const,
  },
  admin: {
    resource: (resource: AdminResource) => ['admin', resource] as const,
    list: (resource: AdminListResource, queryString: string) =>
      ['admin', resource, 'list', queryString] as const,
    summary: ['admin', 'summary'] as const,
    analytics: ['admin', 'analytics'] as const,
    inpatientAnalytics: (days: number) => ['admin', 'analytics', 'inpatient', days] as const,
    labAnalytics: (days: number) => ['admin', 'analytics', 'lab', days] as const,
    stats: ['admin', 'stats'] as const,
    queueBoard: ['admin', 'queues', 'board'] as const,
    patient: (id: string) => ['admin', 'patients', 'detail', id] as const,
    auditActions: ['admin', 'audit', 'actions'] as const,
    patientSearch: (term: string, limit: number) => ['admin', 'patients', 'search', term, limit] as const,
    wardChoices: ['admin', 'wards', 'choices'] as const,
    labTestChoices: ['admin', 'lab-tests', 'choices'] as const,
    calendar: (range: CalendarQuery) => ['admin', 'appointments', 'calendar', range.from, range.to] as const,
    backups: ['admin', 'backups'] as const,
    smartApps: ['admin', 'smart-apps'] as const,
  },
  doctor: {
    appointments: {
      all: ['doctor', 'appointments'] as const,
      dashboard: ['doctor', 'appointments', 'dashboard'] as const,
      list: (queryString: string) => ['doctor', 'appointments', 'list', queryString] as const,
      detail: (id: string) => ['doctor', 'appointments', 'detail', id] as const,
      slots: (doctorId: string, date: string) => ['doctor', 'appointments', 'slots', doctorId, date] as const,
      calendar: (range: CalendarQuery) =>
        ['doctor', 'appointments', 'calendar', range.from, range.to] as const,
      /** The add dialog's patient picker (term and limit follow). */
      patients: ['doctor', 'appointments', 'patients'] as const,
    },
    diagnosis: {
      all: ['doctor', 'diagnosis'] as const,
      tests: (queryString: string) => ['doctor', 'diagnosis', 'tests', queryString] as const,
      test: (id: string) => ['doctor', 'diagnosis', 'test', id] as const,
      categories: (queryString: string) => ['doctor', 'diagnosis', 'categories', queryString] as const,
      categoryOptions: ['doctor', 'diagnosis', 'category-options'] as const,
    },
    patients: {
      all: ['doctor', 'patients'] as const,
      list: (queryString: string) => ['doctor', 'patients', 'list', queryString] as const,
      chart: (id: string) => ['doctor', 'patients', 'chart', id] as const,
      reports: (id: string, page: number) => ['doctor', 'patients', 'chart', id, 'reports', page] as const,
      vitals: (id: string) => ['doctor', 'patients', 'chart', id, 'vitals'] as const,
    },
    /** ICD-10-CM searches (the diagnosis picker), by term and limit. */
    diagnosisCodes: ['doctor', 'diagnosis-codes'] as const,
    /** Formulary searches (the prescription's medicine picker), by term. */
    medicines: ['doctor', 'medicines'] as const,
    prescriptions: {
      all: ['doctor', 'prescriptions'] as const,
      list: (queryString: string) => ['doctor', 'prescriptions', 'list', queryString] as const,
      detail: (id: string) => ['doctor', 'prescriptions', 'detail', id] as const,
      patient: (id: string) => ['doctor', 'prescriptions', 'patient', id] as const,
    },
    reports: {
      all: ['doctor', 'reports'] as const,
      list: (kind: ReportKind, queryString: string) =>
        ['doctor', 'reports', 'list', kind, queryString] as const,
      detail: (id: string) => ['doctor', 'reports', 'detail', id] as const,
      doctors: ['doctor', 'reports', 'doctors'] as const,
    },
    invoices: {
      all: ['doctor', 'invoices'] as const,
      list: (queryString: string) => ['doctor', 'invoices', 'list', queryString] as const,
      summary: ['doctor', 'invoices', 'summary'] as const,
      detail: (id: string) => ['doctor', 'invoices', 'detail', id] as const,
      billable: (term: string) => ['doctor', 'invoices', 'billable', term] as const,
    },
    schedule: ['doctor', 'schedule'] as const,
    activity: ['doctor', 'activity'] as const,
    triage: {
      all: ['doctor', 'triage'] as const,
      today: ['doctor', 'triage', 'today'] as const,
      /** The intake form's patient picker (term and limit follow). */
      patients: ['doctor', 'triage', 'patients'] as const,
    },
  },
  /** The lab's analyser inbox (HL7 messages that could not be filed). */
  labInbox: {
    all: ['lab', 'hl7'] as const,
    list: (queryString: string) => ['lab', 'hl7', 'list', queryString] as const,
    detail: (id: string) => ['lab', 'hl7', 'detail', id] as const,
  },
  patient: {
    all: ['patient'] as const,
    summary: ['patient', 'summary'] as const,
    appointments: (queryString: string) => ['patient', 'appointments', queryString] as const,
    reminders: ['patient', 'reminders'] as const,
    invoices: (queryString: string) => ['patient', 'invoices', 'list', queryString] as const,
    invoice: (id: string) => ['patient', 'invoices', 'detail', id] as const,
    prescriptions: (queryString: string) => ['patient', 'prescriptions', queryString] as const,
    recordAccess: (queryString: string) => ['patient', 'record-access', queryString] as const,
    results: (page: number) => ['patient', 'results', page] as const,
    dischargeSummaries: ['patient', 'discharge-summaries'] as const,
  },
  /** A stay's discharge summary (doctors write it, nurses and admins read it). */
  discharge: {
    summary: (stayId: string) => ['discharge', 'summary', stayId] as const,
    /** The summary's diagnosis pickers (term and limit follow). */
    diagnosisCodes: ['discharge', 'diagnosis-codes'] as const,
  },
  /** The wards, shared by the nurse, doctor and admin areas (the same /api/wards and /api/stays). */
  inpatient: {
    all: ['inpatient'] as const,
    wards: ['inpatient', 'wards'] as const,
    freeBeds: ['inpatient', 'free-beds'] as const,
    patients: ['inpatient', 'patients'] as const,
    board: (wardId: string) => ['inpatient', 'board', wardId] as const,
    stay: (stayId: string) => ['inpatient', 'stay', stayId] as const,
    diagnosisCodes: ['inpatient', 'diagnosis-codes'] as const,
    /** Formulary searches (a ward order's medicine picker), by term. */
    medicines: ['inpatient', 'medicines'] as const,
    /** A stay's notes (then the kind shown), and every ward's handover (then the ward and the period). */
    notes: (stayId: string) => ['inpatient', 'notes', stayId] as const,
    handovers: ['inpatient', 'handover'] as const,
    handover: (wardId: string, hours: number) => ['inpatient', 'handover', wardId, hours] as const,
    observations: (stayId: string) => ['inpatient', 'observations', stayId] as const,
    observationPage: (stayId: string, page: number) => ['inpatient', 'observations', stayId, page] as const,
    alerts: ['inpatient', 'alerts'] as const,
  },
  /** Laboratory results, shared by the lab, doctor, admin and patient areas (docs/areas/lab-results.md). */
  labResults: {
    all: ['lab-results'] as const,
    sheet: (orderId: string) => ['lab-results', 'sheet', orderId] as const,
    chart: (patientId: string) => ['lab-results', 'chart', patientId] as const,
    alerts: ['lab-results', 'alerts'] as const,
    escalated: ['lab-results', 'escalated'] as const,
    own: ['lab-results', 'own'] as const,
    notices: ['lab-results', 'notices'] as const,
    settings: ['lab-results', 'settings'] as const,
  },
  nurse: {
    me: ['nurse', 'me'] as const,
    wards: ['nurse', 'wards'] as const,
    emergencyRoom: (queryString: string) => ['nurse', 'emergency-room', queryString] as const,
  },
  /** Lab orders: the worklist, a patient's orders (chart, stay page), the catalogue to order from. */
  lab: {
    all: ['lab'] as const,
    worklist: (queryString: string) => ['lab', 'worklist', queryString] as const,
    patientOrders: (patientId: string, open: boolean) => ['lab', 'patient-orders', patientId, open] as const,
    tests: (term: string) => ['lab', 'tests', term] as const,
    recollections: ['lab', 'recollections'] as const,
  },
  /**
   * The pharmacy: dispensing (the queue, a prescription to dispense, a medicine's batches, the
   * formulary search) and stock (the stock screen's pages, one medicine's batches, the stores, a
   * batch's ledger, a store's count sheet). A dispense changes both: it invalidates `all`.
   */
  /** Payers and their price lists (GET /api/payers…), read by the admin and the cashier alike. */
  billing: {
    all: ['billing'] as const,
    payers: ['billing', 'payers'] as const,
    payer: (id: string) => ['billing', 'payers', id] as const,
    prices: (payerId: string, queryString: string) =>
      ['billing', 'payers', payerId, 'prices', queryString] as const,
    history: (payerId: string, serviceId: string) =>
      ['billing', 'payers', payerId, 'history', serviceId] as const,
    /** A patient's bill: its pages (queryString) under the patient's key, refreshed by Add and Void. */
    bill: (patientId: string) => ['billing', 'bill', patientId] as const,
    /** A visit's charges beside its invoice, by the path the doctor or the patient reads them at. */
    visitCharges: (path: string) => ['billing', 'visit-charges', path] as const,
    billPage: (patientId: string, queryString: string) =>
      ['billing', 'bill', patientId, queryString] as const,
  },
  coverage: {
    all: ['coverage'] as const,
    patient: (patientId: string) => ['coverage', 'patient', patientId] as const,
    status: (patientId: string) => ['coverage', 'status', patientId] as const,
    preauthServices: (payerId: string) => ['coverage', 'preauth-services', payerId] as const,
  },
  pharmacy: {
    all: ['pharmacy'] as const,
    queue: ['pharmacy', 'queue'] as const,
    prescription: (id: string) => ['pharmacy', 'prescription', id] as const,
    batches: (medicineId: string) => ['pharmacy', 'batches', medicineId] as const,
    medicines: (term: string) => ['pharmacy', 'medicines', term] as const,
    stock: ['pharmacy', 'stock'] as const,
    stockPage: (queryString: string) => ['pharmacy', 'stock', 'page', queryString] as const,
    medicine: (medicineId: string) => ['pharmacy', 'stock', 'medicine', medicineId] as const,
    ledger: (batchId: string) => ['pharmacy', 'stock', 'ledger', batchId] as const,
    countSheet: (queryString: string) => ['pharmacy', 'stock', 'count-sheet', queryString] as const,
    stores: ['pharmacy', 'stores'] as const,
    /** The facility's pharmacy settings (the admin's Facility page). */
    settings: ['pharmacy', 'settings'] as const,
    /** A report's page: under `stock`, so every stock movement reads the reports again. */
    report: (report: string, queryString: string) =>
      ['pharmacy', 'stock', 'report', report, queryString] as const,
  },
  /** A stay's records, read by nurses and doctors alike. */
  stay: {
    mar: (stayId: string) => ['stay', stayId, 'mar'] as const,
    marDay: (stayId: string, date: string) => ['stay', stayId, 'mar', date] as const,
  },
};
