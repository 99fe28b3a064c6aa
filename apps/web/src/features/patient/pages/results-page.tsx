import { type PatientResult, RESULTS_MESSAGES } from '@carepoint/contract';
import { Download, Eye, FlaskConical } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { PaginationBar } from '@/components/data-table/pagination-bar';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useOwnLabResults } from '@/features/lab-results/api';
import { PatientLabResults } from '@/features/lab-results/patient-lab-results';
import { useMyResults } from '@/features/patient/api/results';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';

/** One shared result: what it is, when, who, its values and its files. */
function ResultCard({ result }: { result: PatientResult }) {
  const headingId = `result-${result.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-border bg-surface p-4 shadow-sm">
      <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={headingId} className="text-base font-semibold text-ink">
          {result.title}
        </h2>
        <p className="text-sm text-ink-muted">
          <time dateTime={result.date}>{formatDate(result.date)}</time>
        </p>
      </header>
      <p className="mt-1 text-sm text-ink-soft">
        {result.category} · <span className="font-mono">{result.reference}</span> · {result.doctor}
      </p>
      {result.lines.length > 0 ? (
        <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
          {result.lines.map((line) => (
            <div key={line.label} className="flex justify-between gap-3 border-b border-border pb-1 text-sm">
              <dt className="text-ink-muted">{line.label}</dt>
              <dd className="text-right font-medium text-ink">{line.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {result.files.length > 0 ? (
        <ul className="mt-3 flex flex-col gap-2" aria-label={`Files of ${result.title}`}>
          {result.files.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="min-w-0 flex-1 truncate text-ink" title={file.name}>
                {file.name}
              </span>
              <a
                href={`${file.url}/view`}
                target="_blank"
                rel="noopener"
                className={buttonClass({ variant: 'ghost', size: 'sm' })}
                aria-label={`View ${file.name}`}
              >
                <Eye aria-hidden size={16} /> View
              </a>
              <a
                href={file.url}
                download
                className={buttonClass({ variant: 'secondary', size: 'sm' })}
                aria-label={`Download ${file.name}`}
              >
                <Download aria-hidden size={16} /> Download
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

/**
 * My Results (/patient/results): the diagnosis tests and reports the patient's doctors chose to
 * share with them, newest first, each with its values and files.
 */
export default function MyResultsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const results = useMyResults(page);
  const lab = useOwnLabResults();
  const data = results.data;
  const labShown = (lab.data?.length ?? 0) > 0;

  return (
    <>
      <PageHeader
        title="My Results"
        description="Test results and reports your doctors have shared with you, newest first."
      />
      <PatientLabResults />
      {data ? (
        data.data.length === 0 ? (
          labShown ? null : (
            <Card>
              <EmptyState
                icon={FlaskConical}
                title={RESULTS_MESSAGES.empty}
                description="Your doctor shares a result once they have reviewed it."
              />
            </Card>
          )
        ) : (
          <div className="flex flex-col gap-4">
            {data.data.map((result) => (
              <ResultCard key={result.id} result={result} />
            ))}
            <PaginationBar
              pagination={data.pagination}
              rowsShown={data.data.length}
              onPageChange={(next) => setParams({ page: String(next) })}
            />
          </div>
        )
      ) : results.isError ? (
        <Card>
          <ErrorState
            message={errorMessage(results.error, RESULTS_MESSAGES.listFailed)}
            onRetry={() => void results.refetch()}
            retrying={results.isFetching}
          />
        </Card>
      ) : (
        <div aria-busy="true" className="flex flex-col gap-4">
          <p className="sr-only">Loading your results</p>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-32" />
          ))}
        </div>
      )}
    </>
  );
}
