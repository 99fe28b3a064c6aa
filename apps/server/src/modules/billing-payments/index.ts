/**
 * The cashier's money (docs/areas/billing-payments.md): what the demo data calls to take
 * payments and deposits, draw deposits down, refund and close a day, as the cashier would.
 */
export { closeDay } from './day';
export { drawDown } from './drawdowns';
export { scheduleKeyPurge } from './idempotency';
export { takeReceipt } from './receipts';
export { decideRefund, requestRefund } from './refunds';
