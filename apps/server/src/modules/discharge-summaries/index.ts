/** The discharge summaries module's public surface: other modules, the seed and tests import only this. */
export { bookFollowUp, saveDischargeSummary, signDischargeSummary, summaryOf } from './service';
