import type { PriceListRow } from '@carepoint/contract';
import { Switch } from '@/components/ui/switch';
import { usePreauthServiceIds, useSetPreauthRequired } from '@/lib/api/coverage';

/**
 * The services a payer requires pre-authorisation for (docs/areas/billing-coverage.md), read once
 * for the whole price list; each row's switch sets or clears one.
 */
export function usePreauthSwitches(payerId: string, enabled: boolean) {
  const required = usePreauthServiceIds(payerId, enabled);
  const set = useSetPreauthRequired(payerId);
  const ids = new Set(required.data ?? []);
  return (row: PriceListRow) => {
    const on = ids.has(row.id);
    return (
      <Switch
        on={on}
        label={`Pre-authorisation required for ${row.name}`}
        disabled={!required.data || (set.isPending && set.variables?.serviceId === row.id)}
        onChange={(next) => set.mutate({ serviceId: row.id, required: next })}
      >
        {on ? 'Pre-auth' : 'No pre-auth'}
      </Switch>
    );
  };
}
