/** The reports module's public surface: other modules, the app, the seed and tests outside it import only this. */
export {
  createReport,
  medicalReportsByIds,
  patientReportMatches,
  patientReportRefs,
  patientResultsByIds,
  readAttachment,
  shareReport,
} from './service';
