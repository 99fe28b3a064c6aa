import type { FastifyInstance } from 'fastify';
import { ambulanceRoutes } from './ambulances/routes';
import { analyticsRoutes } from './analytics/routes';
import { adminAppointmentRoutes } from './appointments/admin-routes';
import { doctorAppointmentRoutes } from './appointments/doctor-routes';
import { appointmentRoutes } from './appointments/routes';
import { auditRoutes } from './audit/routes';
import { authRoutes } from './auth/routes';
import { backupRoutes } from './backups/routes';
import { bedRoutes } from './beds/routes';
import { chargeRoutes } from './billing/charges/routes';
import { coverageRoutes } from './billing/coverage-routes';
import { billingRoutes } from './billing/routes';
import { billingClaimRoutes } from './billing-claims/routes';
import { billingPaymentRoutes } from './billing-payments/routes';
import { chartRoutes } from './charts/routes';
import { diagnosisRoutes } from './diagnosis/routes';
import { diagnosisCodeRoutes } from './diagnosis-codes/routes';
import { dischargeSummaryRoutes } from './discharge-summaries/routes';
import { doctorRoutes } from './doctors/routes';
import { emergencyRoutes } from './emergency/routes';
import { facilityRoutes } from './facility/routes';
import { labCatalogueRoutes } from './lab-catalogue/routes';
import { labHl7Routes } from './lab-hl7/routes';
import { labOrderRoutes } from './lab-orders/routes';
import { labResultRoutes } from './lab-results/routes';
import { medicationRoundRoutes } from './medication-round/routes';
import { notificationRoutes } from './notifications/routes';
import { nurseRoutes } from './nurses/routes';
import { observationRoutes } from './observations/routes';
import { passkeyRoutes } from './passkeys/routes';
import { patientAdminRoutes } from './patients/routes';
import { dispensingRoutes } from './pharmacy-dispensing/routes';
import { formularyRoutes } from './pharmacy-formulary/routes';
import { pharmacyReportRoutes } from './pharmacy-reports/routes';
import { pharmacyStockRoutes } from './pharmacy-stock/routes';
import { prescriptionRoutes } from './prescriptions/routes';
import { profileRoutes } from './profile/routes';
import { demoRequestAdminRoutes } from './public';
import { publicRoutes } from './public/routes';
import { reportRoutes } from './reports/routes';
import { resultRoutes } from './results/routes';
import { scheduleRoutes } from './schedules/routes';
import { sessionRoutes } from './sessions/routes';
import { smartRoutes } from './smart/routes';
import { staffAccountRoutes } from './staff-accounts/routes';
import { stayRoutes } from './stays/routes';
import { transactionRoutes } from './transactions/routes';
import { triageRoutes } from './triage/routes';
import { twoFactorRoutes } from './two-factor/routes';
import { wardNoteRoutes } from './ward-notes/routes';

/**
 * Every area's routes, registered in this order (the OpenAPI document lists their paths in it);
 * a new area adds its plugin to its group here.
 */
export const routeModules: Array<(app: FastifyInstance) => Promise<void>> = [
  // Public: health, demo requests, the facility's details (changed by an admin); signing in, registering and passwords; passkeys (signing in
  // with one, and every user's own); where one is signed in.
  publicRoutes,
  facilityRoutes,
  authRoutes,
  passkeyRoutes,
  sessionRoutes,
  twoFactorRoutes,
  // Across the areas: doctors' schedules and slots, the patient's and the doctor's appointments
  // (and status changes by doctors and admins), every user's profile.
  scheduleRoutes,
  appointmentRoutes,
  doctorAppointmentRoutes,
  profileRoutes,
  // Doctor area: triage.
  triageRoutes,
  // Admin area: doctors, nurses, other staff accounts (lab), ambulances, patients, beds, emergency room and queues,
  // analytics, audit trail and outbox, appointment e-mails and reminders, demo requests, backups.
  doctorRoutes,
  nurseRoutes,
  staffAccountRoutes,
  // Wards: boards, admissions, transfers and discharges (admins, doctors, nurses).
  stayRoutes,
  ambulanceRoutes,
  patientAdminRoutes,
  bedRoutes,
  emergencyRoutes,
  analyticsRoutes,
  auditRoutes,
  notificationRoutes,
  demoRequestAdminRoutes,
  backupRoutes,
  // Doctor area: patient charts; invoices (and the patient's own).
  chartRoutes,
  transactionRoutes,
  // Admin area: the front desk's appointments.
  adminAppointmentRoutes,
  // Doctor area: prescriptions (and the patient's own), reports, diagnosis tests and categories
  // (and sharing them with the patient).
  prescriptionRoutes,
  reportRoutes,
  diagnosisRoutes,
  // Doctors and admins: the ICD-10-CM codes diagnoses are coded in.
  diagnosisCodeRoutes,
  // Inpatient stays: the discharge summary (and the patient's own).
  dischargeSummaryRoutes,
  // Inpatient: nursing and ward round notes on a stay, a ward's shift handover.
  wardNoteRoutes,
  // Inpatient care: the medication round (doctors' orders, the nurses' record of each dose).
  medicationRoundRoutes,
  // Patient area: the results their doctors shared with them.
  resultRoutes,
  // Inpatient care: ward observations and NEWS2, the doctor's alerts.
  observationRoutes,
  // The laboratory: its test catalogue (admin; every member of staff reads it).
  labCatalogueRoutes,
  // The laboratory: ordering (doctors), the worklist, specimens and their labels (lab, nurses).
  labOrderRoutes,
  // Laboratory: results, verification, critical alerts, corrections, the patient's shared results.
  labResultRoutes,
  // Laboratory: the analyser inbox (HL7 messages that could not be filed).
  labHl7Routes,
  // The pharmacy: the dispensing queue, dispensing from stock, the items' labels.
  dispensingRoutes,
  // The pharmacy: its formulary (admin; the staff who prescribe, give or dispense read it).
  formularyRoutes,
  // The pharmacy: its stores, stock and the goods movements (pharmacist; admins read).
  pharmacyStockRoutes,
  // The pharmacy: stock valuation, consumption per month, the expiry list, as JSON or CSV.
  pharmacyReportRoutes,
  // Billing: payers and their price lists (admin manages; the cashier reads).
  billingRoutes,
  billingPaymentRoutes,
  // Billing: patients' coverage by NHIA or an HMO, pre-authorisation (the desk and the cashier).
  coverageRoutes,
  // Billing: claims to NHIA and the HMOs, remittance and ageing (cashier; admin reads).
  billingClaimRoutes,
  // Billing: a patient's bill, charges added and voided by hand (cashier, admin).
  chargeRoutes,
  // SMART on FHIR: registered apps (admin), consent, connected apps (every user).
  smartRoutes,
];
