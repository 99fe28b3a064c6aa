import { type Charge, formatNaira } from '@carepoint/contract';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/*
 * The charges the visit's care made (its consultation, the lab tests ordered at it), beside the
 * invoice of that visit: what the payer owes and what the patient owes of each, as the cashier's
 * bill has them (docs/areas/billing-charges.md). They are paid at the cashier, not on the invoice,
 * so the doctor invoices only what the price list lacks.
 */

export function VisitCharges({ path }: { path: string }) {
  const query = useQuery({
    queryKey: queryKeys.billing.visitCharges(path),
    queryFn: ({ signal }) => api.get<Charge[]>(path, { signal }),
    meta: { errorMessage: false },
  });
  const active = (query.data ?? []).filter((charge) => charge.status === 'active');
  return (
    <section aria-label="Charges of this visit" className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold text-ink">Charges of this visit</h3>
      {query.isPending ? <Skeleton className="h-12 w-full" /> : null}
      {query.isError ? (
        <p className="text-sm text-ink-muted">The visit’s charges could not be loaded.</p>
      ) : null}
      {query.data && active.length === 0 ? (
        <p className="text-sm text-ink-muted">The care of this visit made no charge.</p>
      ) : null}
      {active.length > 0 ? (
        <>
          <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
            {active.map((charge) => (
              <li key={charge.id} className="flex flex-col gap-1 px-3 py-2 text-sm">
                <span className="flex justify-between gap-3">
                  <span className="font-medium text-ink">{charge.service}</span>
                  <span className="whitespace-nowrap tabular-nums text-ink">
                    {formatNaira(charge.amount)}
                  </span>
                </span>
                <span className="text-xs text-ink-muted">
                  {charge.payerAmount > 0
                    ? `${charge.payer.name} pays ${formatNaira(charge.payerAmount)} · `
                    : ''}
                  the patient pays {formatNaira(charge.patientAmount)}
                </span>
              </li>
            ))}
          </ul>
          <p className="text-xs text-ink-muted">
            Charged with the care at the payer’s price and paid at the cashier: this invoice lists only what
            the price list lacks.
          </p>
        </>
      ) : null}
    </section>
  );
}
