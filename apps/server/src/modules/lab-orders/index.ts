/**
 * The lab orders module's public surface: the demo data orders tests and walks their specimens
 * through the same steps the API takes (db/seed/lab.ts).
 */
export { placeOrder } from './ordering';
export { cancelOrder, collectSpecimen, receiveSpecimen, rejectSpecimen } from './specimens';
