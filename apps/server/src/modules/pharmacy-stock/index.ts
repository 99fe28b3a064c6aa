/**
 * The pharmacy stock module's public surface: `move` is the one way stock changes (receipts,
 * transfers, dispensing, ward doses, counts all write the ledger through it); `receive` and
 * `transfer` are the goods movements the demo data records as the pharmacist would.
 */
export { receive, transfer } from './goods';
export { type Movement, move } from './ledger';
