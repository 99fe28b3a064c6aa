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
import { chartRoutes } from './charts/routes';
import { diagnosisRoutes } from './diagnosis/routes';
import { doctorRoutes } from './doctors/routes';
import { emergencyRoutes } from './emergency/routes';
import { nurseRoutes } from './nurses/routes';
import { patientAdminRoutes } from './patients/routes';
import { prescriptionRoutes } from './prescriptions/routes';
import { profileRoutes } from './profile/routes';
import { demoRequestAdminRoutes } from './public/demo-requests';
import { publicRoutes } from './public/routes';
import { reportRoutes } from './reports/routes';
import { scheduleRoutes } from './schedules/routes';
import { transactionRoutes } from './transactions/routes';
import { triageRoutes } from './triage/routes';

/** Every area's routes; a new area adds its plugin here. */
export const routeModules: Array<(app: FastifyInstance) => Promise<void>> = [publicRoutes, authRoutes];
routeModules.push(scheduleRoutes, appointmentRoutes, doctorAppointmentRoutes, profileRoutes);
// Doctor area.
routeModules.push(triageRoutes);
// Admin area.
routeModules.push(
  doctorRoutes,
  nurseRoutes,
  ambulanceRoutes,
  patientAdminRoutes,
  bedRoutes,
  emergencyRoutes,
  analyticsRoutes,
  auditRoutes,
  demoRequestAdminRoutes,
  backupRoutes,
);
// Doctor area.
routeModules.push(chartRoutes);
routeModules.push(transactionRoutes);
// The front desk's appointments.
routeModules.push(adminAppointmentRoutes);
routeModules.push(prescriptionRoutes);
routeModules.push(reportRoutes);
routeModules.push(diagnosisRoutes);
