import { PRESCRIPTION_MESSAGES } from '@carepoint/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, isApiRequestError } from '@/lib/api-client';

export const backToList = (
  <Link to="/doctor/prescription" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
    <ArrowLeft aria-hidden size={16} /> Prescriptions
  </Link>
);

/**
 * A prescription page before its data: skeleton while loading, the spec's "Prescription not
 * found" for an unknown (or malformed) id, the error with Retry otherwise. Null once loaded.
 */
export function PrescriptionLoadState({
  title,
  query,
}: {
  title: string;
  query: UseQueryResult<unknown>;
}): ReactNode {
  if (query.data) return null;
  const missing =
    isApiRequestError(query.error) && (query.error.status === 404 || query.error.status === 400);
  return (
    <>
      <PageHeader title={title} actions={backToList} />
      <Card>
        {query.isPending ? (
          <div aria-busy="true" className="flex flex-col gap-3">
            <p className="sr-only">Loading the prescription</p>
            <Skeleton className="h-6 w-1/3" />
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ) : missing ? (
          <ErrorState message={PRESCRIPTION_MESSAGES.notFound} />
        ) : (
          <ErrorState
            message={errorMessage(query.error, PRESCRIPTION_MESSAGES.detailFailed)}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        )}
      </Card>
    </>
  );
}
