/**
 * The claims module's public surface: what the demo data does as a cashier would, and the guard
 * the charges' Void runs its update through (a claimed charge cannot be voided: 409).
 */
export { correctLine, recordRemittance, submitClaim } from './changes';
export { generateClaim } from './generate';
/** A claim's lines, grouped by encounter: FHIR's Claim and ClaimResponse render them. */
export { type ClaimLineRow, encountersOf, linesOf, readClaim } from './read';
