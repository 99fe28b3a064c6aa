/**
 * The lab results module's public surface: labhl7 files analysers' values through fileResult (the
 * one way a value is filed); the app runs the escalation of unacknowledged critical results; the
 * demo data files, verifies and shares its results as the lab and the doctor do (db/seed/lab.ts).
 */
export { shareLabOrder } from './chart';
export { createEscalationWorker, type EscalationWorker } from './escalation';
export { fileResult } from './file-result';
export { verifyOrder } from './verify';
