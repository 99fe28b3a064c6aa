/** The billing module's public surface: what a service costs a payer on a day (the charges' slices call it). */
export { type Price, priceOf, type ServiceRef } from './price-of';
