/**
 * The pharmacy stock module's public surface: `move` is the one way stock changes (receipts,
 * transfers, dispensing, ward doses, counts all write the ledger through it), `publishStock`
 * tells the live stock screens once the caller's transaction committed, and `receive` and
 * `transfer` are the goods movements the demo data records as the pharmacist would.
 */
export { batchesInDate, firstExpiryFirst, type InDateBatch } from './fefo';
export { receive, transfer } from './goods';
export { type Movement, move } from './ledger';
export { publishStock } from './live';
export { mainStoreCached } from './stores';
export { storeOfWard, wardStock } from './ward-stock';
