/**
 * The pharmacy stock module's public surface: `move` is the one way stock changes (receipts,
 * transfers, dispensing, ward doses, counts all write the ledger through it).
 */
export { batchesInDate, firstExpiryFirst } from './fefo';
export { type Movement, move } from './ledger';
export { storeOfWard, wardStock } from './ward-stock';
