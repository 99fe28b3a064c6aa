/**
 * The billing module's public surface: what a service costs a payer on a day (the charges'
 * slices call it), the payers and services the demo data makes, and the demo coverage.
 */

export { addPreauth } from './coverage-preauths';
export { createCoverage } from './coverages';
export { createPayer, updatePayer } from './payers';
export { setPreauthRequired } from './preauths';
export { priceOf } from './price-of';
export { createService } from './services';
