import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useQueueBoard } from '@/features/admin/api/queues';
import { LOAD_FAILED } from '@/features/admin/api/shared';
import { LiveIndicator } from '@/features/admin/components/live-indicator';
import { QueueCard } from '@/features/admin/components/queue-card';
import { AddToQueueButton } from '@/features/admin/components/queue-entry-dialog';
import { useLiveEvents } from '@/features/admin/use-live-events';
import { errorMessage } from '@/lib/api-client';

/** Department Queues: every department's waiting patients in order, live across screens. */
export default function DepartmentQueuesPage() {
  const live = useLiveEvents(['queues']);
  const board = useQueueBoard();

  let content: ReactNode;
  if (board.isPending)
    content = Array.from({ length: 4 }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
      <Card key={i}>
        <Skeleton className="mb-3 h-5 w-32" />
        <Skeleton className="mb-2 h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </Card>
    ));
  else if (board.isError && !board.data)
    content = (
      <Card className="lg:col-span-2">
        <ErrorState
          message={errorMessage(board.error, LOAD_FAILED.queues)}
          onRetry={() => void board.refetch()}
        />
      </Card>
    );
  else content = board.data.departments.map((queue) => <QueueCard key={queue.department} queue={queue} />);

  return (
    <>
      <PageHeader
        title="Department Queues"
        description="Highest triage first, then by arrival. ETA: minutes until called, falling by one each minute and never before the patient ahead. A called patient stays shown until marked seen."
        actions={
          <>
            <LiveIndicator status={live} />
            <AddToQueueButton />
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">{content}</div>
    </>
  );
}
