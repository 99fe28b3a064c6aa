import type { ServiceContext } from '../../lib/context';

/**
 * Announces that stock changed (topic `stock`): the stock screen, a medicine's sheet and its
 * ledger read themselves again. `move()` never publishes, because it may run inside a caller's
 * transaction that can still roll back; whoever commits the movement (goods, dispensing, counts,
 * ward doses) calls this once after the commit. It never throws (ctx.publish logs a failure).
 */
export const publishStock = (ctx: Pick<ServiceContext, 'publish'>) => ctx.publish('stock');
