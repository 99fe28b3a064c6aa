/** The reports module's public surface: other modules, the app, the seed and tests outside it import only this. */
export { readAttachment } from './attachments';
export {
  medicalReportsByIds,
  patientReportMatches,
  patientReportRefs,
  patientResultsByIds,
} from './patient-record';
export { createReport, shareReport } from './service';
