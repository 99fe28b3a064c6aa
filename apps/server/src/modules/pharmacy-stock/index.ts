/**
 * The pharmacy stock module's public surface: `move` is the one way stock changes (receipts,
 * transfers, dispensing, ward doses, counts all write the ledger through it), and `publishStock`
 * tells the live stock screens once the caller's transaction committed.
 */
export { batchesInDate, firstExpiryFirst } from './fefo';
export { type Movement, move } from './ledger';
export { publishStock } from './live';
export { storeOfWard, wardStock } from './ward-stock';
