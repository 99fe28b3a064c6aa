import { DEFAULT_INPATIENT_PERIOD, INPATIENT_PERIODS, type InpatientPeriod } from '@carepoint/contract';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { useUrlFilter } from '@/lib/use-url-filters';

/* A section of Operational Analytics over a period: its heading, the period, and its figures or why they failed. */

const PERIOD_OPTIONS = INPATIENT_PERIODS.map((days) => ({
  value: String(days),
  label: `Last ${days} days`,
}));

/**
 * The period in the URL (?days=7); 14 days when absent or not one of the choices. Every section
 * reads the same one: the page has one period, whichever section's choice set it.
 */
export function useAnalyticsPeriod(): [InpatientPeriod, (value: string) => void] {
  const [value, setValue] = useUrlFilter('days');
  const days = INPATIENT_PERIODS.find((p) => String(p) === value) ?? DEFAULT_INPATIENT_PERIOD;
  return [days, setValue];
}

interface Figures {
  data: unknown;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export function AnalyticsSection({
  id,
  title,
  description,
  figures,
  loadFailed,
  children,
}: {
  /** Names the heading (`<id>-heading`) and the section's test id (`<id>-analytics`). */
  id: string;
  title: string;
  description: string;
  figures: Figures;
  loadFailed: string;
  children: ReactNode;
}) {
  const [days, setDays] = useAnalyticsPeriod();
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="flex flex-col gap-4"
      data-testid={`${id}-analytics`}
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${id}-heading`} className="text-lg font-semibold text-ink">
            {title}
          </h2>
          <p className="text-sm text-ink-muted">{description}</p>
        </div>
        <Select
          label="Period"
          className="w-44"
          options={PERIOD_OPTIONS}
          value={String(days)}
          onChange={(event) => setDays(event.target.value)}
        />
      </div>
      {/* Figures already shown stay on screen when a refresh fails. */}
      {figures.isError && !figures.data ? (
        <Card>
          <ErrorState
            message={errorMessage(figures.error, loadFailed)}
            onRetry={() => void figures.refetch()}
          />
        </Card>
      ) : (
        children
      )}
    </section>
  );
}
