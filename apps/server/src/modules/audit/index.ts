/** The audit module's public surface: other modules, the app, the seed and tests outside it import only this. */

export { describeChainReport, purgeAuditTrail, scheduleAuditPurge } from './chain';
export { verifyAuditChain } from './service';
