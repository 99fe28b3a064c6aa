import type { Store } from '@carepoint/contract';

/** A store's name from the stores list (the stock answers name stores by id). */
export const storeNameOf = (stores: readonly Store[] | undefined, storeId: string) =>
  stores?.find((s) => s.id === storeId)?.name ?? 'Store';
