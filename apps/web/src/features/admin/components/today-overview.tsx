import type { Summary } from '@carepoint/contract';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** Today Overview: the day's figures as the server computed them, in its order. */
export function TodayOverview({ summary, loading }: { summary: Summary | undefined; loading: boolean }) {
  return (
    <Card title="Today Overview">
      <dl className="divide-y divide-border" data-testid="today-overview">
        {loading
          ? Array.from({ length: 6 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
              <div key={i} className="flex justify-between py-2">
                <Skeleton className="h-4 w-32" />
                <Skeleton className="h-4 w-8" />
              </div>
            ))
          : summary?.todayOverview.map((row) => (
              <div key={row.key} className="flex items-center justify-between py-2 text-sm">
                <dt className="text-ink-soft">{row.label}</dt>
                <dd className="font-semibold tabular-nums text-ink">{row.value}</dd>
              </div>
            ))}
      </dl>
    </Card>
  );
}
