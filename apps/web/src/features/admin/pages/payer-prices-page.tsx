import { BILLING_MESSAGES, markupText, PAYER_KIND_LABELS, type PriceListRow } from '@carepoint/contract';
import { useParams } from 'react-router';
import { PriceListTable } from '@/components/price-list/price-list-table';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton } from '@/components/ui/skeleton';
import { usePreauthSwitches } from '@/features/admin/components/preauth-switch';
import { PriceHistoryDialog, SetPriceDialog } from '@/features/admin/components/price-dialogs';
import { AddServiceButton } from '@/features/admin/components/service-dialog';
import { usePayer } from '@/lib/api/price-lists';
import { useRowDialog } from '@/lib/use-row-dialog';

/**
 * A payer's prices (/admin/payers/:id/prices): every active service, searched and paged on the
 * server, with Set Price (a new price from a date) and the service's price history; for NHIA and
 * an HMO, whether the payer requires pre-authorisation for each service.
 */
export default function PayerPricesPage() {
  const { id = '' } = useParams();
  const payer = usePayer(id);
  const setting = useRowDialog<PriceListRow>();
  const viewing = useRowDialog<PriceListRow>();
  // Self-pay requires no pre-authorisation: an insurer's rule.
  const insurer = payer.data !== undefined && payer.data.kind !== 'self-pay';
  const preauthSwitch = usePreauthSwitches(id, insurer);
  if (payer.isPending) return <PageSkeleton />;
  if (payer.isError)
    return <ErrorState message={BILLING_MESSAGES.payersLoadFailed} onRetry={() => void payer.refetch()} />;
  const { name } = payer.data;
  return (
    <>
      <PageHeader
        title={`${name}: prices`}
        description={`${PAYER_KIND_LABELS[payer.data.kind]}. Medicines without a price: ${markupText(payer.data)}. A price change applies from its date and never rewrites past prices.`}
        actions={<AddServiceButton />}
      />
      <PriceListTable
        payerId={id}
        label={`${name} prices`}
        actions={(row) => (
          <>
            {insurer ? preauthSwitch(row) : null}
            <Button variant="secondary" size="sm" onClick={() => setting.edit(row)}>
              Set Price<span className="sr-only"> of {row.name}</span>
            </Button>
            <Button variant="ghost" size="sm" onClick={() => viewing.edit(row)}>
              History<span className="sr-only"> of {row.name}</span>
            </Button>
          </>
        )}
      />
      {setting.row ? (
        <SetPriceDialog
          key={setting.row.id}
          payerId={id}
          payerName={name}
          service={setting.row}
          {...setting.dialogProps}
        />
      ) : null}
      {viewing.row ? (
        <PriceHistoryDialog
          key={viewing.row.id}
          payerId={id}
          payerName={name}
          service={viewing.row}
          {...viewing.dialogProps}
        />
      ) : null}
    </>
  );
}
