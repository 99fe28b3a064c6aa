import { BILLING_MESSAGES, markupText, PAYER_KIND_LABELS } from '@carepoint/contract';
import { PriceListTable } from '@/components/price-list/price-list-table';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { PageSkeleton } from '@/components/ui/skeleton';
import { usePayers } from '@/lib/api/price-lists';
import { useUrlFilter } from '@/lib/use-url-filters';

/**
 * Price Lists (the cashier, read only): each payer's prices in force today and the next change,
 * self-pay first. The administrator changes them on Payers (docs/areas/billing.md).
 */
export default function PriceListsPage() {
  const payers = usePayers();
  const [chosen, setChosen] = useUrlFilter('payer');
  if (payers.isPending) return <PageSkeleton />;
  if (payers.isError)
    return <ErrorState message={BILLING_MESSAGES.payersLoadFailed} onRetry={() => void payers.refetch()} />;
  const payer = payers.data.find((p) => p.id === chosen) ?? payers.data[0];
  return (
    <>
      <PageHeader
        title="Price Lists"
        description="What each payer is charged for every service, and the changes set from a later date."
        actions={
          <Select
            label="Payer"
            className="w-64 max-w-full"
            value={payer?.id ?? ''}
            onChange={(event) => setChosen(event.target.value)}
            options={payers.data.map((p) => ({
              value: p.id,
              label: `${p.name}${p.active ? '' : ' (inactive)'}`,
            }))}
          />
        }
      />
      {payer ? (
        <>
          <p className="mb-4 text-sm text-ink-muted">
            {[PAYER_KIND_LABELS[payer.kind], payer.code, payer.contact].filter(Boolean).join(' · ')} ·
            Medicines without a price: {markupText(payer)}
            {payer.kind === 'self-pay' ? '' : '; services missing here are charged at the self-pay price'}
          </p>
          <PriceListTable key={payer.id} payerId={payer.id} label={`${payer.name} prices`} />
        </>
      ) : null}
    </>
  );
}
