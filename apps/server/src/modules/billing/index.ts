/**
 * The billing module's public surface: what a service costs a payer on a day (the charges'
 * slices call it), and the payers and services the demo data makes.
 */
export { createPayer, updatePayer } from './payers';
export { priceOf } from './price-of';
export { createService } from './services';
