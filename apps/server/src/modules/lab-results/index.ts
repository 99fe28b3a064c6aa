/**
 * The lab results module's public surface: labhl7 files analysers' values through fileResult (the
 * one way a value is filed); the app runs the escalation of unacknowledged critical results.
 */
export { createEscalationWorker, type EscalationWorker } from './escalation';
export { fileResult } from './file-result';
